#!/usr/bin/env bash
# The per-bucket table of docs/PERFORMANCE.md ("Explanations of published
# Star Battles"): runs `placer solve star-battle --set k=K --regions FILE
# --explain --format json -j1` with BIN (default target/release/placer) on
# each FILE (k from the file name: `star4-…` has 4 stars; bench/sbn.py
# decodes a published collection into such files), at most 60 s each, and
# prints per bucket (`star5-sbn10-00003.txt` is in bucket `star5-sbn10`) the
# puzzles, those explained without a guess, the guesses in all, and the
# mean and max wall-clock seconds.
#   BIN=... bash bench/explain_table.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/placer}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%-26s %8s %8s\n' puzzle guesses seconds >&2
for f in "$@"; do
    name=$(basename "$f" .txt)
    k=$(sed 's/star\([0-9]\).*/\1/' <<< "$name")
    start=$(date +%s.%N)
    timeout 60 "$bin" solve star-battle --set "k=$k" --regions "$f" --explain \
        --format json -j1 2>/dev/null | tail -1 > "$out" || true
    end=$(date +%s.%N)
    g=$(grep -o '"guesses":[0-9]*' "$out" | cut -d: -f2 || true)
    printf '%-26s %8s %8.2f\n' "$name" "${g:-timeout}" "$(bc <<< "$end - $start")"
done | tee /dev/stderr | awk '
    {
        b = $1; sub(/-[0-9]+$/, "", b)
        n[b]++; t[b] += $3; if ($3 > mx[b]) mx[b] = $3
        if ($2 == "0") ok[b]++
        if ($2 != "timeout") g[b] += $2; else to[b]++
    }
    END {
        for (b in n) printf "| %s | %d | %d | %d | %d | %.2f | %.2f |\n", b, n[b], ok[b], g[b], to[b], t[b] / n[b], mx[b]
    }' | sort | { echo '| bucket | puzzles | without a guess | guesses | timeouts | mean s | max s |'
                 echo '|---|---|---|---|---|---|---|'; cat; }
