#!/usr/bin/env bash
# `make run`: migrate, create the demo family and key once (var/demo-api-key, mode 600),
# print the key, then serve in the foreground (docs/decisions.md D34).
set -euo pipefail
bin="$1"; db="$2"; listen="$3"
mkdir -p var
"$bin" migrate --database "$db" >/dev/null
if [ ! -s var/demo-api-key ]; then
  umask 077
  "$bin" keys create --database "$db" --family Demo --name demo --scope read_write | tail -n 1 > var/demo-api-key
  chmod 600 var/demo-api-key
fi
echo "finimport: demo API key (X-Api-Key): $(cat var/demo-api-key)"
echo "finimport: once it says 'listening', open the console at http://$listen/ (sign in with the key above) or try: curl -H \"X-Api-Key: \$(cat var/demo-api-key)\" http://$listen/api/v1/balances"
# serve prints `finimport: listening on HOST:PORT` only once the port is bound; a busy port is
# an error (exit 1), never a second server sharing it.
exec "$bin" serve --listen "$listen" --database "$db"
