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
# Trunk builds with cargo --offline: fetch the wasm-only dependencies (the allocator) that the
# native build above did not need.
cargo fetch --locked
trunk build --release --offline

# Size of what a page downloads as the README tells hosts to serve it (brotli), one bundle per
# view or chapter (src/bundles.rs): its wasm and js, index.html, offline.js and its largest first
# screen. Fails when a page is over the budget (200,000 bytes brotli; gzip at most 260,000), except
# pages listed in scripts/sizes-over.txt, which may not grow.
BUDGET_BR=${BLOOMLAB_BUDGET_BR:-200000}
BUDGET_GZ=${BLOOMLAB_BUDGET_GZ:-260000}
./scripts/sizes.sh dist "$BUDGET_BR" "$BUDGET_GZ"

echo "== end-to-end tests (node --test)"
# One test file at a time, so the benchmark is not disturbed by other browser tests.
# (Files listed by the shell: newer node versions read --test arguments as globs, not dirs.)
node --test --test-concurrency=1 tests/e2e/*.test.mjs
