#!/usr/bin/env bash
# Times the README's `make run` on a fresh Debian 12: a debootstrap'd root (made when missing),
# a `git clone` of REPO's committed HEAD, no compiler cache, then `make deps-run` (the package
# installation) and `make run` until `finimport: listening`, each with the load average. The
# server it started is stopped at the end. Root only; the root folder stays for a re-run
# (delete it for a cold one). Nothing is written to REPO.
#   scripts/time-make-run-fresh.sh ROOT_DIR [REPO] [PORT]
set -u
R=${1:?usage: time-make-run-fresh.sh ROOT_DIR [REPO] [PORT]}
REPO=${2:-$(cd "$(dirname "$0")/.." && pwd)}
PORT=${3:-39127}
[ "$(id -u)" = 0 ] || { echo "needs root (debootstrap, chroot)"; exit 1; }
if [ ! -x "$R/bin/bash" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
  debootstrap bookworm "$R" http://deb.debian.org/debian >"$R.debootstrap.log" 2>&1 ||
    { tail "$R.debootstrap.log"; exit 1; }
fi
# Private mounts: nothing stays mounted when this script ends.
if [ -z "${TIME_MAKE_RUN_INNER:-}" ]; then
  TIME_MAKE_RUN_INNER=1 exec unshare -m --propagation private "$0" "$R" "$REPO" "$PORT"
fi
cp /etc/resolv.conf "$R/etc/resolv.conf"
mount -t proc proc "$R/proc"
mount --rbind /sys "$R/sys"
mount --rbind /dev "$R/dev"
mount -t tmpfs tmpfs "$R/tmp"
CH="chroot $R /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb LANG=C.UTF-8"
home=$R/root # the chroot's HOME
log=$home/time-make-run
mkdir -p "$log"
echo "== prerequisites, not timed (a fresh Debian 12 has neither): git make"
$CH bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git make ca-certificates >/dev/null' || exit 1
rm -rf "$home/finimport" "$home/.ccache" "$home/.cache/ccache"
git clone -q "$REPO" "$home/finimport" || exit 1
(cd "$home/finimport" && git log --oneline -1)
echo "== load before: $(cat /proc/loadavg)"
t0=$(date +%s.%N)
$CH bash -c 'cd ~/finimport && make deps-run' >"$log/deps-run.log" 2>&1
rc=$?
t1=$(date +%s.%N)
echo "== make deps-run (packages) rc=$rc: $(echo "$t1 - $t0" | bc) s; load $(cat /proc/loadavg)"
$CH bash -c "cd ~/finimport && exec make run LISTEN=127.0.0.1:$PORT" >"$log/make-run.log" 2>&1 &
mk=$!
while ! grep -q "listening on" "$log/make-run.log"; do
  kill -0 $mk 2>/dev/null || { echo "make run ended early"; tail -20 "$log/make-run.log"; break; }
  sleep 1
done
t2=$(date +%s.%N)
echo "== make run after the packages, until listening: $(echo "$t2 - $t1" | bc) s; from a fresh machine: $(echo "$t2 - $t0" | bc) s; load $(cat /proc/loadavg)"
grep "listening" "$log/make-run.log"
desc() { for c in $(pgrep -P "$1"); do echo "$c"; desc "$c"; done; }
for p in $(desc $mk | tac); do kill -TERM "$p" 2>/dev/null; done
wait $mk
