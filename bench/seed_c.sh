#!/usr/bin/env bash
# Build bench/seed.c (our C statement of seed 004's recursive bitmask counter)
# with gcc -O2 and time it for N in FROM..=TO.
#   usage: bench/seed_c.sh [FROM [TO]]      (default 12 16)
# The binary lands in target/seed_c; benches/queens.rs uses it when present.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target
gcc -O2 -o target/seed_c bench/seed.c
from=${1:-12}
to=${2:-16}
for ((n = from; n <= to; n++)); do
    printf '%s ' "$n"
    target/seed_c "$n"
done
