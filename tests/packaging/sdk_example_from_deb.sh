#!/bin/bash
# The SDK as a third party gets it: build the .debs as `make package` does, extract
# finimport-sdk-dev with dpkg-deb -x, build the plain-C example it ships
# (/usr/share/doc/finimport-sdk-dev/examples/example_bank) out of tree against it, run its
# golden tests, check the CMake version rules, then load the plugin in a real server
# (--plugins) and import a file of its type over HTTP: its own option (skip_pending) and the
# cents of the rows, and its own fatal error as a 422 with its code and message.
#
#   sdk_example_from_deb.sh REPO_ROOT FINIMPORT_BINARY
set -uo pipefail
src=${1:?usage: sdk_example_from_deb.sh REPO_ROOT FINIMPORT_BINARY}
finimport=${2:?usage: sdk_example_from_deb.sh REPO_ROOT FINIMPORT_BINARY}
work=$(mktemp -d "${TMPDIR:-/tmp}/finimport-sdk-deb.XXXXXX")
# shellcheck source=sdk_deb_lib.sh
. "$(dirname "$0")/sdk_deb_lib.sh"
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "sdk_example_from_deb: $*"
  exit 1
}

# 1. The package, exactly as `make package` builds it, extracted with dpkg-deb -x.
build_sdk_deb "$src"
example="$root/usr/share/doc/finimport-sdk-dev/examples/example_bank"
for f in "$example/CMakeLists.txt" "$example/manifest.json" "$example/README.md" \
  "$root/usr/share/doc/finimport-sdk-dev/writing-a-plugin.md" \
  "$root/usr/share/doc/finimport-sdk-dev/versioning.md" \
  "$root/usr/share/doc/finimport-sdk-dev/records.md" \
  "$root/usr/share/cmake/finimport-sdk/finimport-sdk-config-version.cmake" \
  "$root/usr/include/finimport/plugin.h"; do
  [ -f "$f" ] || fail "the -dev package lacks ${f#"$root"}"
done

# 2. Out of tree, against the extracted package only (a copy: the doc directory stays pristine).
cp -r "$example" "$work/example_bank"
cmake -S "$work/example_bank" -B "$work/build" -DCMAKE_PREFIX_PATH="$root/usr" \
  -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" 2>&1 || {
  cat "$work/configure.log"
  fail "configuring the example against the extracted -dev package failed"
}
cmake --build "$work/build" >"$work/build.log" 2>&1 || {
  cat "$work/build.log"
  fail "building the example failed"
}
plugin="$work/build/finimport_example_bank.so"
[ -f "$plugin" ] || fail "no finimport_example_bank.so was built"
exported=$(nm -D --defined-only "$plugin" | awk '{print $3}' | grep -v '^_' | tr '\n' ' ')
[ "$exported" = "finimport_plugin_entry_v1 " ] || fail "the plugin exports '$exported'"
ctest --test-dir "$work/build" --output-on-failure >"$work/ctest.log" 2>&1 || {
  cat "$work/ctest.log"
  fail "the example's golden tests failed"
}
grep -q "100% tests passed, 0 tests failed out of 4" "$work/ctest.log" ||
  fail "expected the example's 4 golden tests: $(tail -3 "$work/ctest.log")"

# 3. find_package(finimport-sdk X): 1.0, 1.1 and 1.2 are satisfied by the 1.2 SDK, 2.0 is refused.
for version in 1.0 1.1 1.2 2.0; do
  dir="$work/version-$version"
  mkdir -p "$dir"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(v LANGUAGES C)\nfind_package(finimport-sdk %s REQUIRED)\nmessage(STATUS "sdk ${finimport-sdk_VERSION}")\n' \
    "$version" >"$dir/CMakeLists.txt"
  if cmake -S "$dir" -B "$dir/build" -DCMAKE_PREFIX_PATH="$root/usr" >"$dir/log" 2>&1; then
    [ "$version" != 2.0 ] || fail "find_package(finimport-sdk 2.0) accepted the 1.2 SDK"
    grep -q -- "-- sdk 1.2" "$dir/log" || fail "find_package($version) did not report 1.2"
  else
    [ "$version" = 2.0 ] || {
      cat "$dir/log"
      fail "find_package(finimport-sdk $version) refused the 1.2 SDK"
    }
  fi
done

# 4. A real server with the plugin directory option; the example is the only plugin.
mkdir -p "$work/plugins"
cp "$plugin" "$work/plugins/"
start_server "$finimport" "$work/plugins" Example
post() { # post JSON -> "STATUS BODY"
  curl -s -o "$work/body" -w '%{http_code}' -H "X-Api-Key: $key" \
    -H 'Content-Type: application/json' -d "$1" "$base/imports"
}
get() {
  curl -s -o "$work/body" -w '%{http_code}' -H "X-Api-Key: $key" "$base/$1"
}
json() { # json EXPR: evaluates a Python expression over the last body (d); Decimal, never float
  python3 -c "import json; from decimal import Decimal; d=json.load(open('$work/body')); print($1)"
}

content='Date;Description;Debit;Credit;Currency;Status\n05.01.2024;Coffee shop;3,50;;EUR;booked\n06.01.2024;Salary;;2.500,00;EUR;booked\n07.01.2024;Card payment;12,99;;EUR;pending\n'
status=$(post "{\"type\":\"ExampleBankImport\",\"skip_pending\":\"true\",\"raw_file_content\":\"$content\"}")
[ "$status" = 201 ] || fail "import with skip_pending: HTTP $status $(cat "$work/body")"
id=$(json 'd["data"]["id"]')
[ "$(json 'd["data"]["type"]')" = ExampleBankImport ] || fail "type: $(cat "$work/body")"
[ "$(json 'd["data"]["stats"]["rows_count"]')" = 2 ] ||
  fail "skip_pending left $(json 'd["data"]["stats"]["rows_count"]') rows (want 2)"
status=$(get "imports/$id/rows")
[ "$status" = 200 ] || fail "rows: HTTP $status $(cat "$work/body")"
[ "$(json 'all(r["valid"] for r in d["data"])')" = True ] || fail "invalid rows: $(cat "$work/body")"
rows=$(json '";".join(r["fields"]["date"]+" "+r["fields"]["amount"]+" "+r["fields"]["currency"]+" "+r["fields"]["name"] for r in d["data"])')
[ "$rows" = "2024-01-05 -3.50 EUR Coffee shop;2024-01-06 2500.00 EUR Salary" ] ||
  fail "rows are '$rows'"
cents=$(json 'sum(int(Decimal(r["fields"]["amount"]) * 100) for r in d["data"])')
[ "$cents" = 249650 ] || fail "the rows sum to $cents cents (want 249650)"

# Without the option the pending row is imported too.
status=$(post "{\"type\":\"ExampleBankImport\",\"raw_file_content\":\"$content\"}")
[ "$status" = 201 ] || fail "import without skip_pending: HTTP $status $(cat "$work/body")"
[ "$(json 'd["data"]["stats"]["rows_count"]')" = 3 ] || fail "without skip_pending: $(cat "$work/body")"

# Its own fatal error: 422 with its code and sentence, nothing stored.
status=$(post '{"type":"ExampleBankImport","raw_file_content":"Datum;Text;Betrag\n05.01.2024;Coffee;-3,50\n"}')
[ "$status" = 422 ] || fail "a file without the header: HTTP $status $(cat "$work/body")"
[ "$(json 'd["error"]')" = invalid_examplebank ] || fail "error code: $(cat "$work/body")"
[ "$(json 'd["message"]')" = "The ExampleBank file could not be parsed: the header must name the columns Date, Description, Debit and Credit (line 1)" ] ||
  fail "error message: $(cat "$work/body")"
status=$(get "imports")
[ "$(json 'len(d["data"])')" = 2 ] || fail "the refused import was stored: $(cat "$work/body")"
echo "sdk_example_from_deb: built from $(basename "$deb"), golden tests passed, imported over HTTP"
