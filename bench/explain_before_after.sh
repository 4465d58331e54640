#!/usr/bin/env bash
# Logical paths before and after: builds `placer` at git revision REV
# (default main) as bench/region_before_after.sh does, then runs
# `placer solve star-battle --set k=K --regions FILE --explain --format json`
# with both binaries on each FILE (k from the file name: `star4-…` has 4
# stars), one after the other. Prints the guesses and CPU seconds of each,
# then per bucket (`star5-sbn10-00003.txt` is in bucket `star5-sbn10`) the
# puzzles solved by logic alone and the guesses in all. `bench/sbn.py`
# decodes a published collection into such files.
#   bash bench/explain_before_after.sh REV FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-main}
shift
source bench/before.sh
old=$(before_binary "$rev")
new=target/release/placer
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Prints "guesses seconds" for binary $1 on puzzle $2 with k=$3.
run() {
    local t
    t=$( { /usr/bin/time -f '%U %S' "$1" solve star-battle --set "k=$3" --regions "$2" \
        --explain --format json | tail -1 > "$out"; } 2>&1 | tail -1)
    echo "$(grep -o '"guesses":[0-9]*' "$out" | cut -d: -f2)" \
        "$(awk '{print $1 + $2}' <<< "$t")"
}

printf '%-26s %8s %8s %8s %8s\n' puzzle "guesses" "s" "guesses" "s"
declare -A solved_a solved_b guesses_a guesses_b count
for f in "$@"; do
    name=$(basename "$f" .txt)
    k=$(sed 's/star\([0-9]\).*/\1/' <<< "$name")
    bucket=${name%-*}
    read -r ga ta < <(run "$old" "$f" "$k")
    read -r gb tb < <(run "$new" "$f" "$k")
    printf '%-26s %8s %8s %8s %8s\n' "$name" "$ga" "$ta" "$gb" "$tb"
    count[$bucket]=$(( ${count[$bucket]:-0} + 1 ))
    solved_a[$bucket]=$(( ${solved_a[$bucket]:-0} + (ga == 0) ))
    solved_b[$bucket]=$(( ${solved_b[$bucket]:-0} + (gb == 0) ))
    guesses_a[$bucket]=$(( ${guesses_a[$bucket]:-0} + ga ))
    guesses_b[$bucket]=$(( ${guesses_b[$bucket]:-0} + gb ))
done
echo
echo "| bucket | puzzles | solved by logic before | after | guesses before | after |"
echo "|---|---|---|---|---|---|"
for b in $(printf '%s\n' "${!count[@]}" | sort); do
    echo "| $b | ${count[$b]} | ${solved_a[$b]} | ${solved_b[$b]} | ${guesses_a[$b]} | ${guesses_b[$b]} |"
done
