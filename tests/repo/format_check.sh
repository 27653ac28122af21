#!/bin/bash
# Every C and C++ file of the repository is as clang-format writes it (.clang-format; `make
# format` rewrites them all): `clang-format --dry-run -Werror` names each file and line that
# differs. Fixtures and fuzz corpora are data, not code.
set -uo pipefail
root=${1:?usage: format_check.sh REPO_ROOT [CLANG_FORMAT]}
clang_format=${2:-clang-format}
cd "$root" || exit 1
command -v "$clang_format" >/dev/null || {
  echo "$clang_format is not installed (make deps installs clang)"
  exit 1
}
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files -co --exclude-standard '*.c' '*.h' '*.cpp' '*.hpp')
else
  files=$(find host plugins sdk tests bench -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp')
fi
files=$(grep -vE '^(tests/fixtures/|tests/fuzz/corpus/|build|.*/node_modules/)' <<<"$files")
# shellcheck disable=SC2086 # one path per line, no spaces in the tree's paths
"$clang_format" --dry-run -Werror $files
