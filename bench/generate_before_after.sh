#!/usr/bin/env bash
# The generator before and after: builds `placer` at git revision REV
# (default main) as bench/region_before_after.sh does, then runs
# `placer generate star-battle --size N --set k=K --seed S` with both
# binaries, one after the other, for each size in SIZES and seeds 1..SEEDS,
# each under `timeout 30`. Prints the seconds of every run, "F" before the
# seconds where generate gave up (exit 2, suggesting another seed) and ">30"
# where it ran out of time. Every puzzle printed is checked unique by a
# fresh `placer solve --limit 2 --count`. Both run with their default
# threads: since 5171039 that is all cores (attempts in parallel), before
# it one thread.
#   [K=2] [SIZES="16 18 20"] [SEEDS=6] bash bench/generate_before_after.sh [REV]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-main}
k=${K:-2}
sizes=${SIZES:-16 18 20}
seeds=${SEEDS:-6}
source bench/before.sh
old=$(before_binary "$rev")
new=target/release/placer
puzzle=$(mktemp)
trap 'rm -f "$puzzle"' EXIT

# Prints the seconds of one run of binary $1 at size $2 with seed $3.
run() {
    local start end code=0
    start=$(date +%s.%N)
    timeout 30 "$1" generate star-battle --size "$2" --set "k=$k" --seed "$3" \
        > "$puzzle" 2> /dev/null || code=$?
    end=$(date +%s.%N)
    case $code in
        0)
            local count
            count=$("$new" solve star-battle --set "k=$k" --regions "$puzzle" --limit 2 --count)
            [ "$count" = 1 ] || { echo "not unique: size $2 seed $3" >&2; exit 1; }
            printf ' %5.1f' "$(echo "$end - $start" | bc)" ;;
        124) printf '   >30' ;;
        *) printf '  F%.0f' "$(echo "$end - $start" | bc)" ;;
    esac
}

for n in $sizes; do
    for bin in "$old" "$new"; do
        label=$([ "$bin" = "$new" ] && echo after || echo before)
        printf 'k=%s %2s×%-2s %-6s' "$k" "$n" "$n" "$label"
        for s in $(seq 1 "$seeds"); do run "$bin" "$n" "$s"; done
        echo
    done
done
