#!/bin/bash
# The plugin sandbox under the shipped unit's restrictions (docs/decisions.md D117), without
# systemd: the directives are read from packaging/finimport.service and applied the way systemd
# applies them: a private mount namespace (ProtectSystem=strict + ReadWritePaths, PrivateTmp,
# ProtectHome, PrivateDevices, ProtectKernelTunables/ControlGroups, ProtectProc/ProcSubset),
# an unprivileged user with no capabilities (User=, NoNewPrivileges, CapabilityBoundingSet=,
# AmbientCapabilities=), UMask, and the seccomp filter of SystemCallFilter +
# SystemCallErrorNumber + RestrictAddressFamilies (unit_seccomp.py). Under them a real server
# with plugins.isolation = process takes a CSV upload: the runner child must start and read it.
#   sandbox_under_unit.sh REPO_ROOT FINIMPORT_BINARY PLUGIN_DIR
set -uo pipefail
src=${1:?usage: sandbox_under_unit.sh REPO_ROOT FINIMPORT_BINARY PLUGIN_DIR}
bin=${2:?}
plugins=${3:?}
here=$(cd "$(dirname "$0")" && pwd)
unit="$src/packaging/finimport.service"
fail() {
  echo "sandbox_under_unit: FAIL: $*"
  exit 1
}
[ "$(id -u)" = 0 ] || fail "needs root (a mount namespace and a user switch, as systemd does)"
for tool in unshare setpriv curl systemd-analyze /usr/bin/python3; do
  command -v "$tool" >/dev/null || fail "$tool is missing (make deps installs it)"
done
/usr/bin/python3 -c 'import seccomp' 2>/dev/null || fail "python3-seccomp is missing (make deps installs it)"

# One directive's value (the last one wins, as in systemd); "" when absent.
directive() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }
expect() { [ "$(directive "$1")" = "$2" ] || fail "the unit's $1 is '$(directive "$1")': this test applies only '$2'"; }
expect ProtectSystem strict
expect ProtectHome true
expect PrivateTmp true
expect PrivateDevices true
expect NoNewPrivileges true
expect CapabilityBoundingSet ""
expect AmbientCapabilities ""
expect ProtectKernelTunables true
expect ProtectControlGroups true
expect ProtectProc invisible
expect ProcSubset pid
rw_paths=$(directive ReadWritePaths)
umask_value=$(directive UMask)
syscall_filter=$(directive SystemCallFilter)
syscall_errno=$(directive SystemCallErrorNumber)
families=$(directive RestrictAddressFamilies)
[ -n "$rw_paths" ] && [ -n "$umask_value" ] && [ -n "$syscall_filter" ] && [ -n "$syscall_errno" ] &&
  [ -n "$families" ] || fail "the unit lacks ReadWritePaths, UMask, SystemCallFilter, SystemCallErrorNumber or RestrictAddressFamilies"
[ "$(directive User)" = finimport ] || fail "the unit's User= is not finimport"

work=$(mktemp -d "${TMPDIR:-/tmp}/finimport-unit-sandbox.XXXXXX")
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
systemd-analyze syscall-filter >"$work/syscalls.txt" 2>/dev/null || fail "systemd-analyze syscall-filter failed"
cp "$bin" "$(dirname "$bin")/finimport-plugin-run" "$here/unit_seccomp.py" "$work/"
cp -r "$plugins" "$work/plugins"
# The unit's user: an unprivileged uid/gid no file on the machine belongs to.
uid=61427
state=${rw_paths%% *} # the first ReadWritePaths entry is the state folder (--database)

# Inside the private mount namespace (unshare -m): the mounts, then the user switch and the
# filter, then exec. The build tree may sit under /root or /home (ProtectHome hides them): the
# binaries, the plugins and the launcher are copied first into a tmpfs over /usr/local.
cat >"$work/inner.sh" <<INNER
set -eu
mount --make-rprivate /
mount -t tmpfs -o mode=0755 tmpfs /usr/local
mkdir -p /usr/local/bin /usr/local/lib/finimport
cp "$work/finimport" "$work/finimport-plugin-run" /usr/local/bin/
cp "$work/unit_seccomp.py" "$work/syscalls.txt" /usr/local/lib/finimport/
cp -r "$work/plugins" /usr/local/lib/finimport/plugins
chmod -R a+rX /usr/local
# PrivateDevices: a /dev with the pseudo-devices only.
devs=\$(mktemp -d)
mount -t tmpfs -o mode=0755,nosuid,noexec tmpfs "\$devs"
for n in null zero full random urandom tty; do touch "\$devs/\$n"; mount --bind "/dev/\$n" "\$devs/\$n"; done
mkdir "\$devs/shm" "\$devs/pts"; chmod 1777 "\$devs/shm"
ln -s /proc/self/fd "\$devs/fd"
mount --move "\$devs" /dev
# ProtectProc=invisible, ProcSubset=pid.
mount -t proc -o nosuid,nodev,noexec,hidepid=invisible,subset=pid proc /proc
# ProtectSystem=strict (and ProtectKernelTunables, ProtectControlGroups): every mount read-only
# but /dev and /proc (handled above).
for m in \$(awk '{print \$5}' /proc/self/mountinfo | sort -u); do
  case "\$m" in /dev|/dev/*|/proc|/proc/*) continue ;; esac
  mount -o remount,bind,ro "\$m" 2>/dev/null || true
done
# The state folder (ReadWritePaths) on a tmpfs of its own, read-write; its parent stays
# read-only. Nothing of the machine's /var/lib is written.
parent=\$(dirname "$state")
mount -t tmpfs -o mode=0755 tmpfs "\$parent"
for p in $rw_paths; do mkdir -p "\$p"; chown $uid:$uid "\$p"; chmod 0750 "\$p"; mount --bind "\$p" "\$p"; done
mount -o remount,bind,ro "\$parent"
# PrivateTmp, ProtectHome=true.
for t in /tmp /var/tmp; do mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "\$t"; done
for h in /home /root /run/user; do [ -d "\$h" ] && mount -t tmpfs -o ro,mode=0000 tmpfs "\$h"; done
umask $umask_value
as_unit() {
  exec setpriv --reuid=$uid --regid=$uid --clear-groups --no-new-privs --bounding-set=-all \
    --inh-caps=-all --ambient-caps=-all -- /usr/bin/python3 /usr/local/lib/finimport/unit_seccomp.py \
    "$syscall_filter" "$syscall_errno" "$families" /usr/local/lib/finimport/syscalls.txt -- "\$@"
}
db="sqlite:$state/finimport.db"
(as_unit /usr/local/bin/finimport migrate --database "\$db" >/dev/null)
(as_unit /usr/local/bin/finimport keys create --database "\$db" --family Unit --name tester) | tail -n 1 | sed 's/^/key: /'
# In the background, exec'd down to the server: \$! is its pid.
(as_unit /usr/local/bin/finimport serve --database "\$db" --listen 127.0.0.1:0 --workers 1 \
  --plugins /usr/local/lib/finimport/plugins --plugins.isolation process) &
echo "server: \$!"
wait
INNER

unshare --mount --propagation private -- bash "$work/inner.sh" >"$work/server.log" 2>&1 &
ns_pid=$!
port=""
for _ in $(seq 1 300); do
  port=$(sed -n 's/^finimport: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$work/server.log")
  [ -n "$port" ] && break
  kill -0 "$ns_pid" 2>/dev/null || break
  sleep 0.1
done
server_pid=$(sed -n 's/^server: \([0-9]*\)$/\1/p' "$work/server.log")
[ -n "$port" ] && [ -n "$server_pid" ] || {
  cat "$work/server.log"
  fail "the server did not start under the unit's restrictions"
}
key=$(sed -n 's/^key: //p' "$work/server.log")
# The restrictions are in force on the running server.
status=$(cat "/proc/$server_pid/status")
for want in "NoNewPrivs:	1" "Seccomp:	2" "CapBnd:	0000000000000000" "CapEff:	0000000000000000" "Uid:	$uid	$uid	$uid	$uid"; do
  grep -qF "$want" <<<"$status" || { echo "$status"; fail "the server runs without '$want'"; }
done
# A sandboxed upload: the CSV plugin runs in finimport-plugin-run (plugins.isolation = process).
csv='date,amount,name\n01/02/2024,10.00,Coffee\n01/03/2024,-4.50,Bakery\n'
answer=$(curl -s -w '\n%{http_code}' -H "X-Api-Key: $key" -H 'Content-Type: application/json' \
  -d "{\"raw_file_content\":\"$csv\"}" \
  "http://127.0.0.1:$port/api/v1/imports")
code=$(tail -n 1 <<<"$answer")
[ "$code" = 201 ] || { cat "$work/server.log"; fail "the upload answered $code: $answer"; }
grep -q '"rows_count":2' <<<"$answer" || { cat "$work/server.log"; fail "the sandboxed run did not read 2 rows: $answer"; }
grep -q 'plugin_failed\|sandbox' "$work/server.log" && { cat "$work/server.log"; fail "the sandbox reported a failure"; }
echo "sandbox_under_unit: upload 201 with 2 rows through finimport-plugin-run; server uid $uid, NoNewPrivs 1, Seccomp 2 (SystemCallFilter=$syscall_filter, RestrictAddressFamilies=$families), no capabilities, ProtectSystem=strict, ReadWritePaths=$rw_paths, PrivateTmp, ProtectHome, PrivateDevices, ProtectProc=invisible"
