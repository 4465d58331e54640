#!/usr/bin/env bash
# Builds the browser page into web/dist/ from a fresh clone: the library and
# its bindings (web/wasm) for wasm32, the JavaScript glue with wasm-bindgen,
# then the page with Vite. Serve the folder with any static file server:
#   python3 -m http.server -d web/dist 8000
# Honours CARGO_TARGET_DIR (default: web/wasm/target).
set -euo pipefail
cd "$(dirname "$0")"

if command -v rustup >/dev/null 2>&1; then
    rustup target add wasm32-unknown-unknown >/dev/null
fi

# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in the lock file.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' wasm/Cargo.lock)
if [ -z "$version" ]; then
    echo "web/build.sh: no wasm-bindgen in web/wasm/Cargo.lock" >&2
    exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]; then
    echo "== cargo install wasm-bindgen-cli $version"
    cargo install --locked wasm-bindgen-cli --version "$version"
fi

echo "== cargo build (wasm32)"
target_dir="${CARGO_TARGET_DIR:-$PWD/wasm/target}"
(cd wasm && cargo build --release --locked --target wasm32-unknown-unknown)
rm -rf src/pkg
wasm-bindgen --target web --out-dir src/pkg \
    "$target_dir/wasm32-unknown-unknown/release/placer_web.wasm"

echo "== npm ci && vite build"
npm ci --no-audit --no-fund
npm run build
echo "web/dist: $(du -sh dist | cut -f1)"
