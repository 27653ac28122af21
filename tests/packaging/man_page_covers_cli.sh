#!/bin/bash
# The man page documents every command (`finimport --help`) and every setting (`finimport serve
# --help`: key, flag, environment variable), and renders without groff warnings.
set -uo pipefail
bin=${1:?usage: man_page_covers_cli.sh FINIMPORT MAN_PAGE}
page=${2:?usage: man_page_covers_cli.sh FINIMPORT MAN_PAGE}
[ -s "$page" ] || { echo "no man page at $page"; exit 1; }

# The roff source without font changes and with plain dashes: what a reader sees.
text=$(sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\(lq/"/g' -e 's/\\(rq/"/g' "$page")
fail=0
has() {
  grep -qF -- "$1" <<<"$text" || {
    echo "man page lacks: $1"
    fail=1
  }
}

commands=$("$bin" --help | sed -n 's/^  \(finimport .*\)$/\1/p')
[ -n "$commands" ] || { echo "finimport --help lists no command"; exit 1; }
while IFS= read -r usage; do has "$usage"; done <<<"$commands"

flags=$("$bin" serve --help | sed -n 's/^  \(--[a-z._-]*\) .*/\1/p' | grep -vx -- '--help')
envs=$("$bin" serve --help | tr -s ' \n' '\n\n' | sed -n 's/^\[\(FINIMPORT_[A-Z_]*\);$/\1/p; s/^\[\(FINIMPORT_[A-Z_]*\)\]$/\1/p')
keys=$("$bin" config | sed -n 's/^\([a-z._]*\) = .*/\1/p')
[ "$(wc -l <<<"$keys")" -ge 10 ] || { echo "finimport config lists too few settings"; exit 1; }
for f in $flags $envs; do has "$f"; done
for k in $keys; do has "$k"; done

warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
[ -z "$warnings" ] || { echo "groff warnings:"; echo "$warnings"; fail=1; }
[ "$fail" -eq 0 ] && echo "man page covers $(wc -l <<<"$commands") commands and $(wc -l <<<"$keys") settings"
exit "$fail"
