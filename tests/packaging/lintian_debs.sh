#!/bin/bash
# Builds both .debs exactly as `make package` does and runs lintian on them: no error, no
# warning. Also checks what the packages must carry (man page, postrm, copyright, changelog).
set -uo pipefail
src=${1:?usage: lintian_debs.sh REPO_ROOT}
out="$src/build-package"
start=$(date +%s)

rm -f "$out"/*.deb
# As from a group-writable checkout (umask 002): the control files' modes must not leak into
# the package (lintian: control-file-has-bad-permissions). git keeps no g+w, so restore it.
control=("$src/packaging/postinst" "$src/packaging/prerm" "$src/packaging/postrm" "$src/packaging/conffiles")
modes=$(stat -c '%a %n' "${control[@]}")
trap 'echo "$modes" | while read -r m f; do chmod "$m" "$f"; done' EXIT
chmod g+w "${control[@]}"
make -C "$src" --no-print-directory package JOBS="${FINIMPORT_PACKAGE_JOBS:-2}" \
  >"${TMPDIR:-/tmp}/finimport-package.$$.log" 2>&1 || {
  tail -40 "${TMPDIR:-/tmp}/finimport-package.$$.log"
  echo "package_lintian: make package failed"
  exit 1
}
rm -f "${TMPDIR:-/tmp}/finimport-package.$$.log"
built=$(($(date +%s) - start))

server=$(ls "$out"/finimport_*.deb 2>/dev/null | head -1)
sdk=$(ls "$out"/finimport-sdk-dev_*.deb 2>/dev/null | head -1)
[ -n "$server" ] && [ -n "$sdk" ] || {
  echo "package_lintian: make package did not produce both .debs in $out"
  exit 1
}

fail=0
need() { # need DEB PATH: the package ships PATH
  grep -qx "./$2" <<<"$(dpkg-deb -c "$1" | awk '{print $6}')" || {
    echo "$(basename "$1") lacks /$2"
    fail=1
  }
}
need "$server" usr/share/man/man1/finimport.1.gz
need "$server" usr/share/doc/finimport/copyright
need "$server" usr/share/doc/finimport/changelog.gz
need "$sdk" usr/share/doc/finimport-sdk-dev/copyright
need "$sdk" usr/share/doc/finimport-sdk-dev/changelog.gz
for script in postinst prerm postrm; do
  dpkg-deb -I "$server" "$script" >/dev/null 2>&1 || {
    echo "$(basename "$server") has no $script"
    fail=1
  }
done
need "$server" usr/share/doc/finimport/README.md
need "$server" usr/share/doc/finimport/configuration.md
need "$server" usr/share/doc/finimport/operations.md

lint_start=$(date +%s)
report=$(lintian --tag-display-limit 0 "$server" "$sdk" 2>&1 | grep -v 'running with root privileges')
echo "$report"
if grep -qE '^[EW]: ' <<<"$report"; then
  echo "package_lintian: lintian reports errors or warnings (above)"
  fail=1
fi
echo "package_lintian: make package ${built} s, lintian $(($(date +%s) - lint_start)) s"
exit "$fail"
