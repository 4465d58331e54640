#!/usr/bin/env bash
# The row-frontier DP against the hand-written transfer matrix in
# bench/transfer.c, in alternating runs, each with every piece count:
#   bash bench/compare.sh [RUNS]
# Prints the best wall time of each and their ratio, and checks that both
# print the same counts.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
cc -O2 -o target/transfer bench/transfer.c
placer=target/release/placer

best() { sort -n | head -1; }
seconds() { local s e; s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }

for case in "knights 8" "kings 12" "kings 14" "hertzsprung 14" "hertzsprung 16" "hertzsprung 18"; do
    set -- $case
    piece=$1 n=$2
    top=$((n * n))
    if [ "$piece" = hertzsprung ]; then
        ours=("$placer" solve hertzsprung --set "n=$n")
        theirs=(target/transfer hertzsprung "$n")
        diff <("${ours[@]}") <("${theirs[@]}" | cut -d' ' -f2) > /dev/null || { echo "counts differ: $case"; exit 1; }
    else
        ours=("$placer" table "$piece" --param count --from 0 --to "$top" --set "n=$n")
        theirs=(target/transfer "$piece" "$n" "$n")
        # `placer table` prints a header line first; compare the rows.
        diff <("${ours[@]}" | grep '^[0-9]') <("${theirs[@]}") > /dev/null || { echo "counts differ: $case"; exit 1; }
    fi
    a=() b=()
    for _ in $(seq "$runs"); do
        a+=("$(seconds "${ours[@]}")")
        b+=("$(seconds "${theirs[@]}")")
    done
    ta=$(printf '%s\n' "${a[@]}" | best)
    tb=$(printf '%s\n' "${b[@]}" | best)
    printf '%-10s n=%-3s placer %.3f s   transfer.c %.3f s   ratio %.2f\n' \
        "$piece" "$n" "$ta" "$tb" "$(echo "$ta / $tb" | bc -l)"
done
