#!/usr/bin/env bash
# Fuzzes each target for a while on the stable toolchain, then keeps any new
# crash as a regression input in tests/fixtures/fuzz/TARGET/ (which
# `cargo test` replays through tests/fuzz_regressions.rs).
#
#   cargo install cargo-fuzz        # once
#   fuzz/run-all.sh                 # about a minute per target
#   fuzz/run-all.sh 300 matrix      # five minutes, one target
#
# Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(rules pictures matrix)
# cargo-fuzz passes nightly flags (-Zsanitizer=...); this lets stable accept them.
export RUSTC_BOOTSTRAP=1
if ! command -v cargo-fuzz > /dev/null; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 2
fi
status=0
for target in "${targets[@]}"; do
    seeds=../tests/fixtures/fuzz/$target
    mkdir -p "corpus/$target" "artifacts/$target"
    cp -n "$seeds"/* "corpus/$target/" 2> /dev/null || true
    case $target in
        rules) options=(-dict=rules.dict) ;;
        matrix) options=(-max_len=512) ;;
        *) options=() ;;
    esac
    echo "== $target: $seconds s"
    if ! cargo fuzz run "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 "${options[@]}"; then
        status=1
    fi
    for found in "artifacts/$target"/*; do
        [ -e "$found" ] || continue
        if [ ! -e "$seeds/$(basename "$found")" ]; then
            cp "$found" "$seeds/"
            echo "kept $found as $seeds/$(basename "$found"): fix it, then commit it" >&2
            status=1
        fi
    done
done
exit $status
