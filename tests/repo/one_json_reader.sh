#!/bin/bash
# One JSON reader (docs/decisions.md D180): host/ and plugins/ read JSON only with the SDK's
# finimport/json.hpp, whose numbers keep their exact text. A file that parses JSON with
# Poco::JSON::Parser (or Poco's Var::parse, or another JSON library) fails: Poco reads numbers
# into double. Poco::JSON may still write JSON. Only code counts: `//` comments may name them.
set -uo pipefail
root=${1:?usage: one_json_reader.sh REPO_ROOT}
cd "$root" || exit 1
pattern='Poco/JSON/Parser\.h|Poco/JSON/ParseHandler\.h|Poco::JSON::Parser|ParseHandler|Var::parse|'
pattern+='rapidjson|nlohmann|simdjson|boost/json|json-c/|json/json\.h|yyjson|jansson'
hits=$(find host plugins -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' \) |
  sort | xargs awk -v pattern="$pattern" '
  {
    line = $0
    sub(/\/\/.*$/, "", line)
    if (line ~ pattern) print FILENAME ":" FNR ": " $0
  }')
if [ -n "$hits" ]; then
  echo "JSON read outside finimport/json.hpp (docs/decisions.md D180: use finimport::json::parse):"
  echo "$hits"
  exit 1
fi
exit 0
