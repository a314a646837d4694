#!/usr/bin/env bash
# Full check: native Rust tests, release build of the web app, end-to-end browser tests.
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup.sh
# wasm-opt (npm binaryen) and cargo-installed tools (trunk, wasm-bindgen).
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "== format and lints (cargo fmt --check, cargo clippy -D warnings)"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== native tests (cargo test)"
if [ -f Cargo.lock ]; then
  cargo test --locked
else
  cargo test
fi

echo "== release build (trunk build --release)"
trunk build --release --offline

# Size of what a browser downloads, gzipped (information only, not a check): one bundle per
# chapter (src/bundles.rs), so a page downloads its bundle's wasm and js, the css and index.html.
gz() { gzip -9 -c "$1" | wc -c; }
shared=$(( $(gz dist/index.html) + $(find dist -maxdepth 1 -name '*.css' -exec cat {} + | gzip -9 -c | wc -c) ))
total=$shared
for js in dist/bloomlab*.js; do
  name=$(basename "$js" .js)
  bundle=$(( $(gz "$js") + $(gz "dist/${name}_bg.wasm") ))
  total=$((total + bundle))
  echo "bundle $name: wasm+js+css+html gzipped $((bundle + shared)) bytes ($(( (bundle + shared + 512) / 1024 )) KiB)"
done
echo "dist gzipped size (every bundle, wasm+js+css+html): $total bytes ($(( (total + 512) / 1024 )) KiB)"

echo "== end-to-end tests (node --test)"
# One test file at a time, so the benchmark is not disturbed by other browser tests.
# (Files listed by the shell: newer node versions read --test arguments as globs, not dirs.)
node --test --test-concurrency=1 tests/e2e/*.test.mjs
