#!/usr/bin/env bash
# Region games before and after: builds `placer` at git revision REV (default
# main) into /tmp/placer-before-REV and this tree's `placer`, then proves
# each hard Star Battle in $PLACER_PUZZLES (default ../shared/puzzles; k from
# the file name, `star4-…` has 4 stars) unique with both binaries, RUNS times
# alternately (`--limit 2 --count --stats`). Prints nodes and the best wall
# time of each and the ratio before/after; both must print the same count.
# One thread unless THREADS says otherwise.
#   [THREADS=N] bash bench/region_before_after.sh [REV] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-main}
runs=${2:-5}
threads=${THREADS:-1}
puzzles=${PLACER_PUZZLES:-../shared/puzzles}
source bench/before.sh
old=$(before_binary "$rev")
new=target/release/placer

# Prints "seconds nodes count" for one run of binary $1 on puzzle $2 with k=$3.
run() {
    local out
    out=$("$1" solve star-battle --set "k=$3" --regions "$2" --limit 2 --count --stats -j "$threads" 2>&1)
    echo "$(grep -o 'seconds: [0-9.]*' <<< "$out" | cut -d' ' -f2)" \
        "$(grep -o 'nodes: [0-9]*' <<< "$out" | cut -d' ' -f2)" \
        "$(head -1 <<< "$out")"
}

printf '%-26s %10s %10s %10s %10s %7s\n' puzzle "nodes old" "old s" "nodes new" "new s" ratio
for f in "$puzzles"/star*.txt; do
    k=$(basename "$f" | sed 's/star\([0-9]\).*/\1/')
    a=() b=()
    for _ in $(seq "$runs"); do
        read -r ta na ca < <(run "$old" "$f" "$k")
        read -r tb nb cb < <(run "$new" "$f" "$k")
        [ "$ca" = "$cb" ] || { echo "counts differ on $f: $ca vs $cb"; exit 1; }
        a+=("$ta") b+=("$tb")
    done
    ta=$(printf '%s\n' "${a[@]}" | sort -g | head -1)
    tb=$(printf '%s\n' "${b[@]}" | sort -g | head -1)
    printf '%-26s %10s %10.4f %10s %10.4f %7.2f\n' "$(basename "$f")" "$na" "$ta" "$nb" "$tb" \
        "$(echo "$ta / $tb" | bc -l)"
done
