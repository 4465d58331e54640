# Sourced by the before/after benches: `before_binary REV` builds `placer` at
# git revision REV once into /tmp/placer-before-REV-target (kept between
# runs) and this tree's `placer`, then prints the old binary's path.
before_binary() {
    local before
    before=/tmp/placer-before-$(git rev-parse --short "$1")
    if [ ! -x "$before-target/release/placer" ]; then
        rm -rf "$before" "$before-target"
        mkdir -p "$before"
        git archive "$1" | tar -x -C "$before"
        # The archive's files carry the commit's time, older than the copied
        # build: touch them so that cargo rebuilds placer from them.
        find "$before/src" -type f -exec touch {} +
        # Seeded with this tree's build, so that only placer itself compiles.
        cp -a target "$before-target"
        (cd "$before" && cargo build --release --quiet -j1 --target-dir "$before-target") >&2
    fi
    cargo build --release --quiet -j1 >&2
    echo "$before-target/release/placer"
}
