#!/usr/bin/env bash
# Development server: installs what is missing, then serves the app with live reload
# at http://127.0.0.1:8080/ . Extra arguments are passed on to `trunk serve`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/setup.sh
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
exec trunk serve --offline --address 127.0.0.1 --port 8080 "$@"
