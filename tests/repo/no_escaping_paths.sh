#!/bin/bash
# Fails when a build file, script or test names a path outside the repository (`../shared`,
# `/work/...`, a home directory) on a line that is not a comment. Cheap complement of
# clone_builds.sh, which proves the same by building a clone.
set -uo pipefail
root=${1:?usage: no_escaping_paths.sh REPO_ROOT}
cd "$root" || exit 1

if [ -e .git ] && command -v git >/dev/null; then
  mapfile -t files < <(git ls-files -co --exclude-standard)
else
  mapfile -t files < <(find . -type f -not -path './build*' -not -path './.git/*' | sed 's|^\./||')
fi

checked=0
bad=0
for f in "${files[@]}"; do
  case "$f" in
    tests/repo/no_escaping_paths.sh) continue ;; # names the patterns it looks for
    tests/fixtures/*) continue ;;               # data, byte for byte as their sources have them
    CMakeLists.txt | */CMakeLists.txt | *.cmake | Makefile | CMakePresets.json) ;;
    scripts/* | tests/* | packaging/* | bench/*.sh) ;;
    *) continue ;;
  esac
  [ -f "$f" ] || continue
  checked=$((checked + 1))
  # Lines that are comments (#, //, /*, *) may cite outside documents; code lines may not.
  hits=$(grep -nE '\.\./shared|(^|[^A-Za-z0-9_.])/work/|/home/|/root/' "$f" |
    grep -vE '^[0-9]+:[[:space:]]*(#|//|/\*|\*)' || true)
  if [ -n "$hits" ]; then
    echo "$f: path outside the repository:"
    echo "$hits" | sed 's/^/  /'
    bad=1
  fi
done

if [ "$checked" -eq 0 ]; then
  echo "no build files found under $root"
  exit 1
fi
[ "$bad" -eq 0 ] && echo "checked $checked files: no path escapes the repository"
exit "$bad"
