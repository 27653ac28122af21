#!/bin/bash
# The host knows no format. Every fact about an import type (options, mappings,
# fixed columns, row caps, record kinds, file types, errors) comes from the serving plugin's
# manifest, so the code under host/src must not name a built-in type or a CSV option.
# Comments may name them (they explain); code may only where the allow-list says why.
set -uo pipefail
root=${1:?usage: host_knows_no_format.sh REPO_ROOT}
cd "$root/host/src" || exit 1

types='TransactionImport|TradeImport|AccountImport|MintImport|ActualImport|YnabImport'
types+='|CategoryImport|RuleImport|MerchantImport|PdfImport|QifImport|ServiceImport|SureImport'
types+='|OfxImport|CamtImport|Mt940Import'
options='[a-z_]+_col_label|col_sep|date_format|number_format|signage_convention'
options+='|amount_type_strategy|amount_type_inflow_value|rows_to_skip|has_header'
options+='|footer_rows_to_skip|amount_multiplier|amount_divisor'
pattern="\\b($types|$options)\\b"

# file:text that may stay, each with its reason.
allowed=(
  # docs/api.md §7: a blank `type` means TransactionImport; docs/api.md §10 change 2: SureImport is the
  # old name of ServiceImport. Both are API rules about type names, not format knowledge.
  'app/imports/TypeDetection.cpp:if (domain::isBlank(requested)) return "TransactionImport";'
  'app/imports/TypeDetection.cpp:if (*requested == "SureImport") return "ServiceImport";'
  # The served OpenAPI document lists that old name beside the type it stands for
  # (docs/decisions.md D89).
  'http/handlers/OpenApiDocument.cpp:for (const std::string old : {"SureImport"})'
  # The help text of two settings names the types they bound (docs/configuration.md is this
  # table, row for row); the code reads the cap class from the manifest's row_cap.
  'server/Config.cpp:{"limits.account_rows", "N", "`50`", "AccountImport row cap",'
  'server/Config.cpp:{"limits.service_rows", "N", "`100000`", "ServiceImport row cap",'
  # docs/decisions.md D91: the host's own warnings (a currency taken from the family, every row
  # named "Imported item") tell the user which option to send; the text is the API's.
  'app/imports/NameFallback.cpp:"\" looks like a name column: send name_col_label";'
  'app/imports/NameFallback.cpp:return std::string("Every row is named \"Imported item\": send name_col_label");'
  'app/imports/UploadRows.cpp:", the family'"'"'s currency; send currency_col_label or currency");'
  # The SDK header's file name (the number format deciders the host shares with the plugins).
  'domain/TextFormats.h:#include <finimport/number_format.hpp>'
)

bad=0
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  text=${rest#*:}
  text=$(sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' <<<"$text")
  ok=0
  for entry in "${allowed[@]}"; do
    [ "$entry" = "$file:$text" ] && ok=1 && break
  done
  if [ "$ok" = 0 ]; then
    echo "host/src/$file:${rest%%:*}: names a format: $text"
    bad=$((bad + 1))
  fi
# Code only: `//` comments are cut before matching (a line that is all comment drops out).
done < <(grep -rnE --include='*.cpp' --include='*.h' '' . | sed -E 's|^\./||; s|//.*$||' |
  grep -E "^[^:]+:[0-9]+:.*$pattern")

if [ "$bad" -gt 0 ]; then
  echo "$bad line(s) in host/src name a built-in type or CSV option: move the fact into the"
  echo "plugin's manifest.json (sdk/docs/plugin-manifest.md) or justify it in this allow-list."
  exit 1
fi
echo "host/src names no format outside the allow-list (${#allowed[@]} entries)"
