#!/bin/bash
# layer_includes.sh fails on what it guards: on a copy of host/src it passes, then each planted
# violation (an upward include between app/ features, a feature included by app/rows/, the
# bottom, a feature included by app/'s top-level header, an SDK header outside plugin/, sandbox/
# and domain/, a folder including a layer above it) makes it fail with the line naming the file
# and the rule.
set -uo pipefail
root=${1:?usage: layer_includes_catches.sh REPO_ROOT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

fresh() { rm -rf "$tmp/host" && mkdir -p "$tmp/host" && cp -r "$root/host/src" "$tmp/host/src"; }
expect() { # expect FILE LINE MESSAGE: planting LINE at the top of FILE fails with MESSAGE
  fresh
  sed -i "1i $2" "$tmp/host/src/$1"
  out=$("$root/tests/repo/layer_includes.sh" "$tmp" 2>&1) && { echo "FAIL: passed with '$2' in $1"; fail=1; return; }
  grep -qxF -- "$3" <<<"$out" || { echo "FAIL: '$2' in $1 did not report '$3' but:"; echo "$out"; fail=1; }
}

fresh
out=$("$root/tests/repo/layer_includes.sh" "$tmp" 2>&1) || { echo "FAIL: the unplanted copy fails:"; echo "$out"; fail=1; }

expect app/imports/ImportTypes.h '#include "app/publish/Publisher.h"' \
  'app/imports/ImportTypes.h: includes app/publish/ (allowed for app/imports/: imports rows)'
expect app/publish/Publisher.cpp '#include "app/backup/Restorer.h"' \
  'app/publish/Publisher.cpp: includes app/backup/ (allowed for app/publish/: publish imports rules rows)'
expect app/rows/Fields.h '#include "app/imports/RowCollector.h"' \
  'app/rows/Fields.h: includes app/imports/ (allowed for app/rows/: rows)'
expect app/ErrorKind.h '#include "app/imports/ImportTypes.h"' \
  "app/ErrorKind.h: app/'s top-level header includes the feature imports/ (it must include none)"
expect app/rules/RuleSet.cpp '#include <finimport/csv.hpp>' \
  'app/rules/RuleSet.cpp: includes an SDK header (<finimport/...>) outside plugin sandbox domain (wrap it in domain/)'
expect store/Database.h '#include "app/ErrorKind.h"' \
  'store/Database.h: includes app/ (allowed for store/: store domain)'
[ "$fail" = 0 ] && echo "layer_includes_catches: 6 planted violations caught, the clean copy passes"
exit "$fail"
