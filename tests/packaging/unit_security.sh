#!/bin/bash
# The shipped unit is hardened (systemd-analyze security --offline=true scores it 2.0 or
# less, "OK") and lets a drain finish (TimeoutStopSec above jobs.drain_seconds' default,
# docs/operations.md "Graceful stop").
set -uo pipefail
src=${1:?usage: unit_security.sh REPO_ROOT}
unit="$src/packaging/finimport.service"
fail=0
command -v systemd-analyze >/dev/null ||
  { echo "FAIL: systemd-analyze is not installed (make deps installs systemd)"; exit 1; }
report=$(systemd-analyze security --offline=true "$unit" 2>&1)
score=$(echo "$report" | sed -n 's/.*Overall exposure level for finimport.service: \([0-9.]*\).*/\1/p')
[ -n "$score" ] || { echo "$report"; echo "FAIL: no exposure level"; exit 1; }
if ! awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }'; then
  echo "$report" | grep '✗'
  echo "FAIL: exposure level $score > 2.0"
  fail=1
fi
stop=$(sed -n 's/^TimeoutStopSec=\([0-9]*\)$/\1/p' "$unit")
drain=$(grep -F '`jobs.drain_seconds`' "$src/docs/configuration.md" | sed -n 's/.*| `\([0-9]*\)` |.*/\1/p' | head -1)
[ -n "$stop" ] && [ -n "$drain" ] && [ "$stop" -gt "$drain" ] ||
  { echo "FAIL: TimeoutStopSec=$stop is not above jobs.drain_seconds=$drain"; fail=1; }
echo "unit_security: exposure $score, TimeoutStopSec $stop s > drain $drain s"
exit "$fail"
