#!/bin/bash
# Uniqueness proofs (`--limit 2 --count --stats`) of the Star Battles in DIR
# (files named star<K>-…, as bench/sbn.py writes them) by each binary on one
# thread and two, alternately, RUNS times; one line a run:
#   name k binary threads wall_s user_s nodes count
# Summed up per bucket by bench/region_table.py.
#   bash bench/region_threads.sh RUNS DIR BIN...
runs=${1:?runs}; dir=${2:?directory of star*.txt}; shift 2
for f in "$dir"/star*.txt; do
  k=$(basename "$f" | sed 's/star\([0-9]\).*/\1/')
  for _ in $(seq "$runs"); do for b in "$@"; do for j in 1 2; do
    o=$( { /usr/bin/time -f 'T %e %U' "$b" solve star-battle --set "k=$k" --regions "$f" \
          --limit 2 --count --stats -j "$j"; } 2>&1 )
    echo "$(basename "$f" .txt) $k $(basename "$b") $j $(grep ^T <<<"$o" | cut -d' ' -f2,3)" \
         "$(grep -o 'nodes: [0-9]*' <<<"$o" | cut -d' ' -f2) $(grep -E '^[0-9]+$' <<<"$o" | head -1)"
  done; done; done
done
