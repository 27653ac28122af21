#!/bin/bash
# Clones HEAD of the repository into an empty temporary directory (no ../shared beside it),
# configures it, builds one suite and runs it. Fails when the build or the suite needs
# anything outside the clone, or when the generated build points back at the original tree.
set -uo pipefail
src=${1:?usage: clone_builds.sh REPO_ROOT SUITE}
suite=${2:?usage: clone_builds.sh REPO_ROOT SUITE}
jobs=${FINIMPORT_CLONE_JOBS:-2}

fail() {
  echo "repo_clone: $*"
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/finimport-clone.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$work"' EXIT
clone="$work/c"

head=$(git -C "$src" rev-parse HEAD) || fail "$src is not a git checkout"
git clone -q --no-checkout "$src" "$clone" || fail "git clone $src failed"
git -C "$clone" checkout -q --detach "$head" || fail "checkout of $head failed"
grep -qvx c <<<"$(ls -A "$work")" && fail "$work holds more than the clone"

# ccache rewrites absolute paths below the clone, so a warm cache serves this build too.
export CCACHE_BASEDIR="$clone"
cd "$clone" || fail "cannot enter $clone"
start=$(date +%s)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DFINIMPORT_BUILD_BENCH=OFF \
  >"$work/configure.log" 2>&1 || {
  cat "$work/configure.log"
  fail "cmake configure of the clone failed"
}
leaks=$(grep -rlF "$src/" build --include='*.cmake' --include='build.ninja' \
  --include='CMakeCache.txt' 2>/dev/null)
[ -n "$leaks" ] && fail "the clone's build refers to $src: $leaks"

cmake --build build -j "$jobs" --target "$suite" >"$work/build.log" 2>&1 || {
  tail -50 "$work/build.log"
  fail "building $suite in the clone failed"
}
(cd build && ctest -R "^${suite}\$" --output-on-failure --no-tests=error) ||
  fail "$suite failed in the clone"
echo "repo_clone: $head configured, built and passed $suite in $(($(date +%s) - start)) s"
