#!/bin/bash
# The SDK's detail namespaces are internal (sdk/docs/versioning.md: they may change in any
# version): nothing outside sdk/ and the SDK's own tests may use them, so the first-party plugins
# need nothing a third party does not have. Also: no plugin keeps a copy of its manifest.json in
# source (finimport_add_plugin(MANIFEST) embeds the one file).
set -uo pipefail
root=${1:?usage: no_sdk_detail.sh REPO_ROOT}
cd "$root" || exit 1
fail=0
hits=$(grep -rnE 'sdk::detail|finimport::detail|finimport/detail/' \
  --include='*.c' --include='*.h' --include='*.cpp' --include='*.hpp' \
  host plugins tests bench 2>/dev/null | grep -v '^tests/sdk/')
if [ -n "$hits" ]; then
  echo "SDK detail used outside the SDK (use the public helpers of sdk/docs/sdk.md):"
  echo "$hits"
  fail=1
fi
copies=$(grep -rlE '\\"media_types\\"' --include='*.c' --include='*.h' --include='*.cpp' \
  --include='*.hpp' plugins 2>/dev/null)
if [ -n "$copies" ]; then
  echo "manifest copied into source (use finimport_add_plugin(... MANIFEST manifest.json)):"
  echo "$copies"
  fail=1
fi
for dir in plugins/*/; do
  [ -f "$dir/CMakeLists.txt" ] || continue
  grep -q 'MANIFEST manifest.json' "$dir/CMakeLists.txt" ||
    { echo "$dir does not embed its manifest.json"; fail=1; }
done
exit "$fail"
