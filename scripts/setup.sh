#!/usr/bin/env bash
# Idempotent installer for everything Bloom Lab needs to build, serve and test.
# Installs only what is missing or at the wrong version:
#   wasm32 target, trunk, wasm-bindgen-cli, Chromium + chromedriver (apt),
#   npm packages (binaryen's wasm-opt, playwright-core, and bloomfilter.js, which the benchmark
#   times beside the app; all devDependencies, installed by `npm ci`, never shipped).
# Works on a fresh machine that has only Rust (rustup), node and npm.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
WASM_TARGET=wasm32-unknown-unknown

log() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }

# Tools installed with `cargo install` land here; make sure they are found.
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in *":$CARGO_BIN:"*) ;; *) export PATH="$CARGO_BIN:$PATH" ;; esac

command -v cargo >/dev/null || die "cargo not found (install Rust with rustup first)"
command -v node >/dev/null || die "node not found"
command -v npm >/dev/null || die "npm not found"

# Prints the second word of `$1 --version` (e.g. "trunk 0.21.14" -> 0.21.14), or nothing.
tool_version() { "$1" --version 2>/dev/null | awk 'NR==1 {print $2}' || true; }

# --- wasm32 target ---------------------------------------------------------
if command -v rustup >/dev/null; then
  if rustup target list --installed | grep -qx "$WASM_TARGET"; then
    log "rust target $WASM_TARGET: present"
  else
    log "rust target $WASM_TARGET: installing"
    rustup target add "$WASM_TARGET"
  fi
elif [ -d "$(rustc --print sysroot)/lib/rustlib/$WASM_TARGET" ]; then
  log "rust target $WASM_TARGET: present (no rustup)"
else
  die "rust target $WASM_TARGET missing and rustup not available"
fi

# --- cargo-installed tools ---------------------------------------------------
# cargo_tool BINARY WANTED_VERSION CRATE [extra cargo install args...]
cargo_tool() {
  local bin=$1 want=$2 crate=$3; shift 3
  local have; have=$(tool_version "$bin")
  if [ "$have" = "$want" ]; then
    log "$bin $want: present"
    return
  fi
  log "$bin: ${have:-missing}, installing $crate $want (takes several minutes)"
  cargo install "$@" "$crate" --version "$want"
  hash -r
  have=$(tool_version "$bin")
  [ "$have" = "$want" ] || die "$bin is ${have:-missing} after install, wanted $want (check PATH order)"
}
cargo_tool trunk "$TRUNK_VERSION" trunk --locked
# wasm-bindgen-cli: installed without --locked (the way verified to work here).
# Its version must equal the wasm-bindgen crate pinned in Cargo.toml.
cargo_tool wasm-bindgen "$WASM_BINDGEN_VERSION" wasm-bindgen-cli

# --- Chromium (for the end-to-end tests) -------------------------------------
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  log "chromium: present"
else
  log "chromium: installing with apt"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
fi

# --- npm packages --------------------------------------------------------------
# node_modules is fresh when its stamp matches the hash of package.json + package-lock.json,
# or (no stamp yet) when `npm ls` is satisfied and npm's own record is not older than the lock file.
STAMP=node_modules/.bloomlab-deps.sha256
deps_hash() { cat package.json package-lock.json 2>/dev/null | sha256sum | cut -d' ' -f1; }
npm_fresh() {
  [ -x node_modules/.bin/wasm-opt ] && [ -f node_modules/playwright-core/package.json ] \
    && [ -f node_modules/bloomfilter/package.json ] || return 1
  [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(deps_hash)" ] && return 0
  [ -f node_modules/.package-lock.json ] && ! [ package-lock.json -nt node_modules/.package-lock.json ] \
    && ! [ package.json -nt node_modules/.package-lock.json ] \
    && npm ls --depth=0 >/dev/null 2>&1 && deps_hash > "$STAMP"
}
if npm_fresh; then
  log "node_modules: up to date"
else
  if [ -f package-lock.json ]; then
    log "node_modules: missing or stale, running npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  else
    log "node_modules: missing or stale, running npm install"
    npm install --no-audit --no-fund --loglevel=error
  fi
  deps_hash > "$STAMP"
fi

log "done"
