#!/usr/bin/env bash
# The queens ratio table: `placer queens N` (-j1 and -j2) against seed 004's C
# counter (bench/seed.c, gcc -O2), alternating in the same run, medians of
# RUNS runs. One-thread columns are CPU seconds of the whole
# process (perf stat's task-clock), which drift less than wall time on a
# shared machine; -j2 is wall time, and its speed-up is against -j1's wall
# time of the same runs.
#   usage: bench/queens_table.sh [FROM [TO [RUNS [PLACER]]]]   (default 12 18 5)
# PLACER defaults to target/release/placer under $CARGO_TARGET_DIR (or
# ./target); build it first with `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
from=${1:-12}
to=${2:-18}
runs=${3:-5}
placer=${4:-${CARGO_TARGET_DIR:-target}/release/placer}
seed=$(mktemp -d)/seed_c
gcc -O2 -o "$seed" bench/seed.c

stat=$(mktemp)
# Runs a command; sets $cpu and $secs (CPU and wall seconds, the CPU time
# from `perf stat -e task-clock`) and $count (its first word of output).
run() {
    local t0 t1
    t0=$(date +%s%N)
    count=$(perf stat -x, -e task-clock -o "$stat" "$@" | awk '{print $1; exit}')
    t1=$(date +%s%N)
    secs=$(echo "scale=4; ($t1 - $t0) / 1000000000" | bc)
    cpu=$(awk -F, '$3 == "task-clock" {printf "%.4f", $1 / 1000}' "$stat")
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| n | runs | seed CPU s | placer -j1 CPU s | -j1 / seed | -j1 wall s | -j2 wall s | -j2 speed-up |"
echo "|---|---|---|---|---|---|---|---|"
for ((n = from; n <= to; n++)); do
    s=() a=() w1=() w2=()
    for ((i = 0; i < runs; i++)); do
        run "$seed" "$n"; s+=("$cpu"); cs=$count
        run "$placer" queens "$n" -j1; a+=("$cpu"); w1+=("$secs"); ca=$count
        run "$placer" queens "$n" -j2; w2+=("$secs"); cb=$count
        if [[ $cs != "$ca" || $cs != "$cb" ]]; then
            echo "n=$n: counts differ: seed $cs, -j1 $ca, -j2 $cb" >&2
            exit 1
        fi
    done
    ms=$(median "${s[@]}") ma=$(median "${a[@]}")
    m1=$(median "${w1[@]}") m2=$(median "${w2[@]}")
    printf '| %d | %d | %.3f | %.4f | %.3f | %.3f | %.3f | %.2f |\n' "$n" "$runs" "$ms" "$ma" \
        "$(echo "$ma / $ms" | bc -l)" "$m1" "$m2" "$(echo "$m1 / $m2" | bc -l)"
done
