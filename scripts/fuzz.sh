#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/) and runs each for SECONDS (default 60).
# A crash leaves crash-* files in build-fuzz/: minimise it and commit it to tests/fuzz/corpus/<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"; shift || true
targets=("$@")
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DFINIMPORT_FUZZ=ON -DFINIMPORT_BUILD_BENCH=OFF >/dev/null
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(ls tests/fuzz/fuzz_*.cpp | sed 's|.*/fuzz_||; s|\.cpp$||')
fi
for t in "${targets[@]}"; do
  cmake --build build-fuzz --target "fuzz_$t" >/dev/null
  mkdir -p "build-fuzz/corpus/$t"
  echo "== fuzz_$t for ${seconds}s"
  (cd build-fuzz && "./bin/fuzz_$t" -max_total_time="$seconds" -max_len=65536 \
     "corpus/$t" "../tests/fuzz/corpus/$t")
done
