#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests (ctest fixture `postgres`).
#   pg-test-cluster.sh start STATE_DIR   initdb in a fresh temp dir, start on a free loopback
#                                        port, write the base URL to STATE_DIR/url
# Password authentication only (scram-sha-256, as a production server): the superuser's password
# is random and travels in the URL. Members of the role md5_users authenticate with md5 instead
# (store_pg_auth_pg covers that method and a password with special characters).
#   pg-test-cluster.sh stop STATE_DIR    stop it and remove the temp dir
# CI runs as root and initdb refuses root, so the cluster runs as `postgres` (runuser).
# Any failure exits non-zero with the reason: the PostgreSQL suites then fail, never skip.
set -euo pipefail

action="${1:-}"; state="${2:-}"
[ -n "$action" ] && [ -n "$state" ] || { echo "usage: $0 start|stop STATE_DIR" >&2; exit 2; }

bindir=""
for d in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bindir="$d"; break; fi
done

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
  [ -f "$state/dir" ] || return 0
  local dir; dir="$(cat "$state/dir")"
  if [ -n "$bindir" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  rm -f "$state/dir" "$state/url"
}

case "$action" in
stop)
  stop_cluster
  echo "postgres test cluster stopped"
  ;;
start)
  [ -n "$bindir" ] || { echo "FAIL: PostgreSQL server binaries not found (install postgresql-15: make deps)" >&2; exit 1; }
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "FAIL: running as root but there is no 'postgres' user to run the cluster (install postgresql-15)" >&2; exit 1
  fi
  mkdir -p "$state"
  stop_cluster # a cluster a crashed earlier run left behind
  dir="$(mktemp -d /tmp/finimport-pg.XXXXXX)"
  echo "$dir" > "$state/dir"
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
  password="pw-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  ( umask 077; echo "$password" > "$dir/pwfile" )
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir/pwfile"
  if ! as_pg "$bindir/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 \
      --pwfile="$dir/pwfile" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
    echo "FAIL: initdb failed:" >&2; cat "$dir/initdb.log" >&2; stop_cluster; exit 1
  fi
  rm -f "$dir/pwfile"
  # First match wins: members of md5_users use md5, everything else stays scram-sha-256
  # (initdb's lines). The test that needs the group creates it.
  hba="$dir/data/pg_hba.conf"
  { echo "host all +md5_users 127.0.0.1/32 md5"; cat "$hba"; } > "$hba.new"
  cat "$hba.new" > "$hba"; rm -f "$hba.new"
  # Test-only durability settings: the cluster is thrown away. Many suites run in parallel,
  # each server with its own session pool: allow enough connections.
  opts="-c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off"
  opts="$opts -c full_page_writes=off -c max_connections=400 -c shared_buffers=64MB"
  started=""
  for attempt in 1 2 3 4 5 6 7 8; do
    port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi # in use
    if as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port $opts" start >/dev/null 2>&1; then
      started=1; break
    fi
  done
  if [ -z "$started" ]; then
    echo "FAIL: PostgreSQL did not start:" >&2; tail -n 30 "$dir/server.log" >&2 || true
    stop_cluster; exit 1
  fi
  url="postgresql://postgres:$password@127.0.0.1:$port/postgres"
  echo "$url" > "$state/url"
  chmod 600 "$state/url"
  echo "postgres test cluster: postgresql://postgres:***@127.0.0.1:$port/postgres (data in $dir)"
  ;;
*)
  echo "usage: $0 start|stop STATE_DIR" >&2; exit 2
  ;;
esac
