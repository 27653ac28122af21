# Sourced by the -dev package tests (sdk_example_from_deb.sh, sdk_self_contained.sh): build the
# .debs as `make package` does, extract finimport-sdk-dev, start a real server. The caller sets
# `work` (a scratch folder it removes), defines fail() and calls stop_server on exit.

# build_sdk_deb REPO_ROOT: the packages in REPO_ROOT/build-package (shared with the other package
# tests: they hold the same RESOURCE_LOCK); sets `deb` and `root` (the package extracted there).
# FINIMPORT_SDK_DEB names a finimport-sdk-dev .deb built already (make package is then skipped).
build_sdk_deb() {
  local src=$1
  deb=${FINIMPORT_SDK_DEB:-}
  if [ -z "$deb" ]; then
    make -C "$src" --no-print-directory package JOBS="${FINIMPORT_PACKAGE_JOBS:-2}" \
      >"$work/package.log" 2>&1 || {
      tail -40 "$work/package.log"
      fail "make package failed"
    }
    deb=$(ls "$src"/build-package/finimport-sdk-dev_*.deb 2>/dev/null | head -1)
  fi
  [ -n "$deb" ] || fail "make package produced no finimport-sdk-dev .deb in $src/build-package"
  root="$work/root"
  dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x $deb failed"
}

# start_server FINIMPORT_BINARY PLUGIN_DIR FAMILY: a fresh SQLite database with an API key of
# FAMILY and a server on a free port loading PLUGIN_DIR; sets `key`, `server_pid` and `base`.
server_pid=""
start_server() {
  local finimport=$1 plugins=$2 family=$3 db="sqlite:$work/finimport.db" port=""
  "$finimport" migrate --database "$db" >/dev/null || fail "migrate failed"
  key=$("$finimport" keys create --database "$db" --family "$family" --name tester | tail -n 1)
  [ -n "$key" ] || fail "no API key"
  "$finimport" serve --database "$db" --plugins "$plugins" --listen 127.0.0.1:0 \
    --workers 1 >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    port=$(sed -n 's/^finimport: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$work/server.log")
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$port" ] || {
    cat "$work/server.log"
    fail "the server did not start"
  }
  base="http://127.0.0.1:$port/api/v1"
}

stop_server() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  server_pid=""
}
