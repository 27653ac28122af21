#!/bin/bash
# The maintainer scripts the debhelper way (docs/packaging.md): install
# starts the service, an upgrade restarts it, remove stops it first; the configuration (it may
# hold the database password) ends 0640 root:finimport and the state folder 0700. The real
# scripts run in a scratch root (DPKG_ROOT) with the system commands replaced by stubs that log.
set -uo pipefail
pkg=${1:?usage: maintainer_scripts.sh PACKAGING_DIR}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail=0
mkdir -p "$root/stubs" "$root/etc/finimport"
for cmd in adduser chown systemctl deb-systemd-invoke deb-systemd-helper; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n' "$cmd" "$root" > "$root/stubs/$cmd"
done
printf '#!/bin/sh\nexit 2\n' > "$root/stubs/getent" # no finimport user yet
chmod 755 "$root"/stubs/*
run() { # run SCRIPT ARGS...: the calls it made, one a line
  : > "$root/calls"
  env PATH="$root/stubs:$PATH" DPKG_ROOT="$root" FINIMPORT_TEST_SYSTEMD=1 sh "$pkg/$1" "${@:2}" ||
    { echo "FAIL: $1 $* exited non-zero"; fail=1; }
  cat "$root/calls"
}
expect() { # expect CALLS LINE WHAT
  grep -qxF -- "$2" <<<"$1" || { echo "FAIL: $3: no '$2' in:"; echo "$1"; fail=1; }
}
refuse() {
  if grep -qF -- "$2" <<<"$1"; then echo "FAIL: $3: '$2' in:"; echo "$1"; fail=1; fi
}

install -m 644 /dev/null "$root/etc/finimport/finimport.conf"
calls=$(run postinst configure)
expect "$calls" "adduser --system --group --home /var/lib/finimport --no-create-home finimport" "install"
expect "$calls" "chown root:finimport $root/etc/finimport/finimport.conf" "install"
expect "$calls" "deb-systemd-invoke start finimport.service" "install"
[ "$(stat -c %a "$root/etc/finimport/finimport.conf")" = 640 ] || { echo "FAIL: finimport.conf is not 0640"; fail=1; }
[ "$(stat -c %a "$root/var/lib/finimport")" = 700 ] || { echo "FAIL: /var/lib/finimport is not 0700"; fail=1; }

calls=$(run postinst configure 0.0.9)
expect "$calls" "deb-systemd-invoke restart finimport.service" "upgrade"
refuse "$calls" "invoke start" "upgrade"

calls=$(run prerm upgrade 0.2.0)
refuse "$calls" "stop" "prerm upgrade"
calls=$(run prerm remove)
expect "$calls" "deb-systemd-invoke stop finimport.service" "remove"

[ "$fail" = 0 ] && echo "maintainer scripts: start on install, restart on upgrade, stop on remove"
exit "$fail"
