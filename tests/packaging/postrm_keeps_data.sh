#!/bin/bash
# The postrm keeps /var/lib/finimport on purge unless FINIMPORT_PURGE_DATA=yes, and never
# touches it on remove. Runs the real script against a scratch root (DPKG_ROOT).
set -uo pipefail
postrm=${1:?usage: postrm_keeps_data.sh POSTRM}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail=0

state() { # fresh state directory holding a database
  rm -rf "$root/var"
  mkdir -p "$root/var/lib/finimport"
  echo data >"$root/var/lib/finimport/finimport.db"
}
run() { env -u FINIMPORT_PURGE_DATA DPKG_ROOT="$root" "$@" sh "$postrm" "${POSTRM_ACTION}"; }
expect() { # expect kept|gone MESSAGE
  if [ "$1" = kept ] && [ ! -f "$root/var/lib/finimport/finimport.db" ]; then
    echo "FAIL: $2: the data was removed"
    fail=1
  elif [ "$1" = gone ] && [ -e "$root/var/lib/finimport" ]; then
    echo "FAIL: $2: the data is still there"
    fail=1
  fi
}

state
out=$(POSTRM_ACTION=purge run)
expect kept "purge"
[ "$out" = "finimport: kept /var/lib/finimport (your data); FINIMPORT_PURGE_DATA=yes dpkg --purge finimport also removes it" ] ||
  { echo "FAIL: purge says: $out"; fail=1; }

state
POSTRM_ACTION=remove run FINIMPORT_PURGE_DATA=yes >/dev/null
expect kept "remove (even with FINIMPORT_PURGE_DATA=yes)"

state
POSTRM_ACTION=purge run FINIMPORT_PURGE_DATA=no >/dev/null
expect kept "purge with FINIMPORT_PURGE_DATA=no"

state
out=$(POSTRM_ACTION=purge run FINIMPORT_PURGE_DATA=yes)
expect gone "purge with FINIMPORT_PURGE_DATA=yes"
[ "$out" = "finimport: removed /var/lib/finimport (FINIMPORT_PURGE_DATA=yes)" ] ||
  { echo "FAIL: purge with FINIMPORT_PURGE_DATA=yes says: $out"; fail=1; }

[ "$fail" -eq 0 ] && echo "postrm: purge keeps /var/lib/finimport unless FINIMPORT_PURGE_DATA=yes"
exit "$fail"
