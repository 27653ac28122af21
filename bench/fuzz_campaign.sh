#!/usr/bin/env bash
# The fuzzing campaign (bench/FUZZING.md): each named libFuzzer target runs for
# SECONDS of wall time, PARALLEL at a time under `nice -n 19`, starting from the committed corpus
# (tests/fuzz/corpus/<name>, read only) plus what earlier runs found (build-fuzz/corpus/<name>).
# Prints one Markdown table row per target: executions, covered edges, corpus units, crashes.
#
#   scripts/fuzz.sh 1 <names...>       (builds build-fuzz/ with clang; or cmake --build it)
#   SECONDS_EACH=630 PARALLEL=2 bench/fuzz_campaign.sh sdk_csv sdk_date ...
#
# A crash leaves build-fuzz/artifacts/<name>/crash-*: fix it, then copy the file into
# tests/fuzz/corpus/<name>/ so the fuzz_replay_<name> suite replays it for ever.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${SECONDS_EACH:-630}
PARALLEL=${PARALLEL:-2}
OUT=${OUT:-build-fuzz/campaign}
mkdir -p "$OUT"

run_one() { # NAME
    local name=$1 log="$OUT/$1.log"
    mkdir -p "build-fuzz/corpus/$name" "build-fuzz/artifacts/$name"
    local start=$SECONDS
    (cd build-fuzz && nice -n 19 "./bin/fuzz_$name" -max_total_time="$SECONDS_EACH" \
        -max_len=65536 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="artifacts/$name/" "corpus/$name" "../tests/fuzz/corpus/$name") \
        >"$log" 2>&1
    local rc=$? wall=$((SECONDS - start))
    local execs units edges crashes
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    edges=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
    units=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
    crashes=$(find "build-fuzz/artifacts/$name" -type f | wc -l)
    echo "| $name | ${wall} s | ${execs:-?} | ${edges:-?} | ${units:-?} | $crashes | exit $rc |" | tee -a "$OUT/rows.md"
}

echo "| target | wall | executions | edges | corpus units | crash files | libFuzzer |"
echo "|---|---|---|---|---|---|---|"
running=0
for name in "$@"; do
    run_one "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$PARALLEL" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
