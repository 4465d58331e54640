#!/bin/bash
# Wall and CPU seconds of each uniqueness proof (`--limit 2 --count`) of the
# Star Battles in DIR (files named star<K>-…, as bench/sbn.py writes them):
#   bash bench/region_cpu.sh BIN THREADS DIR
# prints one line a puzzle: name, k, wall s, user s, nodes, count.
bin=${1:?placer binary}; j=${2:-1}; dir=${3:-../shared/puzzles}
for f in "$dir"/star*.txt; do
  k=$(basename "$f" | sed 's/star\([0-9]\).*/\1/')
  o=$( { /usr/bin/time -f 'T %e %U' timeout 100 "$bin" solve star-battle --set "k=$k" \
        --regions "$f" --limit 2 --count --stats -j "$j"; } 2>&1 )
  echo "$(basename "$f" .txt) $k $(grep ^T <<<"$o" | cut -d' ' -f2,3)" \
       "$(grep -o 'nodes: [0-9]*' <<<"$o" | cut -d' ' -f2) $(grep -E '^[0-9]+$' <<<"$o" | head -1)"
done
