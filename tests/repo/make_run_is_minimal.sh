#!/bin/bash
# `make run` is a newcomer's first minute (README): it installs only what serving needs and
# builds only the server, the sandbox runner, the plugins and the man page; `make test` still
# installs and builds everything. Checks the Makefile's recipes (make -n) and what a build tree
# configured the `make run` way would compile (ninja's plan, nothing is built).
set -uo pipefail
src=${1:?usage: make_run_is_minimal.sh REPO_ROOT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

run=$(make -n -C "$src" --no-print-directory run BUILD_DIR="$tmp/run" 2>&1)
test_=$(make -n -C "$src" --no-print-directory test BUILD_DIR="$tmp/full" 2>&1)
deps_run=$(echo "$run" | grep -m1 'for p in')
deps_full=$(echo "$test_" | grep -m1 'for p in')
for p in postgresql-15 clang lintian libcppunit-dev curl python3-jsonschema; do
  if grep -qw -- "$p" <<<"$deps_run"; then echo "FAIL: make run installs $p"; fail=1; fi
  if ! grep -qw -- "$p" <<<"$deps_full"; then echo "FAIL: make test does not install $p"; fail=1; fi
done
grep -q -- '-DFINIMPORT_BUILD_TESTS=OFF -DFINIMPORT_BUILD_BENCH=OFF' <<<"$run" ||
  { echo "FAIL: make run configures the tests or benchmarks"; fail=1; }
grep -q -- '-DFINIMPORT_BUILD_TESTS=ON -DFINIMPORT_BUILD_BENCH=ON' <<<"$test_" ||
  { echo "FAIL: make test does not configure the tests and benchmarks"; fail=1; }

# The URL is printed by serve once the port is bound, never by the script before it.
if grep -q 'listening on' <<<"$(grep -v '^ *#' "$src/scripts/run-demo.sh")"; then
  echo "FAIL: scripts/run-demo.sh announces the URL before serve has bound it"; fail=1
fi

# What each tree would compile.
cmake -S "$src" -B "$tmp/run" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DFINIMPORT_BUILD_TESTS=OFF -DFINIMPORT_BUILD_BENCH=OFF >/dev/null || { echo "FAIL: configure"; exit 1; }
cmake -S "$src" -B "$tmp/full" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DFINIMPORT_BUILD_TESTS=ON -DFINIMPORT_BUILD_BENCH=ON >/dev/null || { echo "FAIL: configure"; exit 1; }
targets=$(ninja -C "$tmp/run" -t targets all)
for want in bin/finimport bin/finimport-plugin-run lib/finimport/plugins/finimport_csv.so; do
  grep -q "^$want:" <<<"$targets" || { echo "FAIL: make run does not build $want"; fail=1; }
done
if grep -qE '^(bin/(http_|unit_|store_|cli|plugin_)|tests/|bench/)[^:]*:' <<<"$targets"; then
  echo "FAIL: make run builds test or benchmark targets:"
  echo "$targets" | grep -E '^(bin/(http_|unit_|store_|cli|plugin_)|tests/|bench/)[^:]*:' | head
  fail=1
fi
compiles() { ninja -C "$1" -t commands all | grep -c -- ' -c '; }
echo "make_run_is_minimal: make run compiles $(compiles "$tmp/run") files, make test $(compiles "$tmp/full")"
exit "$fail"
