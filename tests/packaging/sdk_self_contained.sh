#!/bin/bash
# The -dev package alone is enough to write, build and run a plugin: build the .debs as
# `make package` does, extract finimport-sdk-dev into an empty folder, check that no shipped
# file points at a file the package does not ship (a decision number, a page of the finimport
# sources), build the C++ example it ships (examples/hello) with nothing but the extracted
# headers and CMake files, then load it in a real server and import a file of its type.
#
#   sdk_self_contained.sh REPO_ROOT FINIMPORT_BINARY
set -uo pipefail
src=${1:?usage: sdk_self_contained.sh REPO_ROOT FINIMPORT_BINARY}
finimport=${2:?usage: sdk_self_contained.sh REPO_ROOT FINIMPORT_BINARY}
work=$(mktemp -d "${TMPDIR:-/tmp}/finimport-sdk-alone.XXXXXX")
# shellcheck source=sdk_deb_lib.sh
. "$(dirname "$0")/sdk_deb_lib.sh"
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "sdk_self_contained: $*"
  exit 1
}

# 1. The package, exactly as `make package` builds it, extracted into an empty folder.
build_sdk_deb "$src"
doc="$root/usr/share/doc/finimport-sdk-dev"
for f in "$doc/sdk.md" "$doc/records.md" "$doc/writing-a-plugin.md" "$doc/plugin-manifest.md" \
  "$doc/plugin-manifest.schema.json" "$doc/examples/hello/hello.cpp" \
  "$doc/examples/hello/manifest.json" "$doc/examples/hello/CMakeLists.txt" \
  "$root/usr/include/finimport/plugin.hpp" "$root/usr/include/finimport/fields.hpp" \
  "$root/usr/share/cmake/finimport-sdk/finimport-sdk-config.cmake"; do
  [ -f "$f" ] || fail "the -dev package lacks ${f#"$root"}"
done

# 2. Every rule is stated in the shipped files: no decision numbers or section citations of the
#    finimport docs, no path into the finimport sources, and every page or schema a shipped
#    file names is shipped too.
texts=$(find "$root" -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.cpp' \
  -o -name '*.md' -o -name '*.json' -o -name '*.cmake' -o -name 'CMakeLists.txt' \))
[ -n "$texts" ] || fail "no text file in the package"
shipped=$(find "$root" -type f -printf '%f\n' | sort -u)
problems=""
while IFS= read -r file; do
  rel=${file#"$root"}
  hits=$(grep -nE '(^|[^A-Za-z0-9_%$/.-])D[0-9]{1,3}([^0-9A-Za-z]|$)|decisions\.md|§ ?[0-9]' "$file" |
    grep -vE '^[0-9]+:\s*(0x|"\$schema")')
  [ -z "$hits" ] || problems+="$rel cites the finimport docs: $hits"$'\n'
  hits=$(grep -noE '(^|[^A-Za-z0-9_./-])(docs|schemas|host|tests|plugins|scripts|bench|sdk)/[A-Za-z0-9_./-]+' "$file")
  [ -z "$hits" ] || problems+="$rel names a path of the finimport sources: $hits"$'\n'
  for name in $(grep -oE '[A-Za-z0-9_-]+\.(md|schema\.json)' "$file" | sort -u); do
    grep -qxF "$name" <<<"$shipped" || problems+="$rel names $name, which the package does not ship"$'\n'
  done
done <<<"$texts"
[ -z "$problems" ] || fail "the shipped files point outside the package:"$'\n'"$problems"

# 3. The C++ example, copied out of the package and built against the extracted prefix only.
cp -r "$doc/examples/hello" "$work/hello"
cmake -S "$work/hello" -B "$work/build" -DCMAKE_PREFIX_PATH="$root/usr" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wshadow -Werror" >"$work/configure.log" 2>&1 || {
  cat "$work/configure.log"
  fail "configuring examples/hello against the extracted -dev package failed"
}
cmake --build "$work/build" --verbose >"$work/build.log" 2>&1 || {
  cat "$work/build.log"
  fail "building examples/hello failed"
}
grep -F -- "$src" "$work/build.log" && fail "the build used the finimport sources ($src)"
plugin="$work/build/finimport_hello.so"
[ -f "$plugin" ] || fail "no finimport_hello.so was built"
exported=$(nm -D --defined-only "$plugin" | awk '{print $3}' | grep -v '^_' | tr '\n' ' ')
[ "$exported" = "finimport_plugin_entry_v1 " ] || fail "the plugin exports '$exported'"

# 4. A real server loads it and imports a file of its type.
mkdir -p "$work/plugins"
cp "$plugin" "$work/plugins/"
listed=$("$finimport" plugins --plugins "$work/plugins" 2>&1)
grep -q "^HelloImport" <<<"$listed" || fail "the host does not serve HelloImport: $listed"
start_server "$finimport" "$work/plugins" Hello
status=$(curl -s -o "$work/body" -w '%{http_code}' -H "X-Api-Key: $key" \
  -H 'Content-Type: application/json' \
  -d '{"type":"HelloImport","raw_file_content":"Coffee;-3.50\nSalary;2500.00\n"}' "$base/imports")
[ "$status" = 201 ] || fail "import: HTTP $status $(cat "$work/body")"
id=$(python3 -c "import json; print(json.load(open('$work/body'))['data']['id'])")
status=$(curl -s -o "$work/body" -w '%{http_code}' -H "X-Api-Key: $key" "$base/imports/$id/rows")
[ "$status" = 200 ] || fail "rows: HTTP $status $(cat "$work/body")"
rows=$(python3 -c "import json; d=json.load(open('$work/body'))
print(';'.join(r['fields']['name']+' '+r['fields']['amount'] for r in d['data']))")
[ "$rows" = "Coffee -3.50;Salary 2500.00" ] || fail "rows are '$rows'"
echo "sdk_self_contained: $(basename "$deb") alone built examples/hello; the server imported its rows"
