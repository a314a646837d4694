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

# Size of what a browser downloads, gzipped: one bundle per chapter (src/bundles.rs), so a page
# downloads its bundle's wasm and js, the css and index.html. Fails when a page is over the budget.
BUDGET_BYTES=${BLOOMLAB_BUDGET_BYTES:-$((320 * 1024))}
./scripts/sizes.sh dist "$BUDGET_BYTES"

echo "== end-to-end tests (node --test)"
# One test file at a time, so the benchmark is not disturbed by other browser tests.
# (Files listed by the shell: newer node versions read --test arguments as globs, not dirs.)
node --test --test-concurrency=1 tests/e2e/*.test.mjs
