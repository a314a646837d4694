#!/usr/bin/env bash
# Prints the gzipped size of what one page downloads for each bundle (its wasm and js, the css and
# index.html, and the largest of its views' prerendered first screens, prerender/VIEW.html) and of
# the whole build, and exits 1 when a page is over the budget. The brotli size
# (quality 11, for hosts that serve .br files) is printed beside it for information only: the
# budget is checked on the gzipped figure.
#   scripts/sizes.sh DIST BUDGET_BYTES
set -euo pipefail
dist=${1:?dist folder}
budget=${2:?budget in bytes}
gz() { gzip -9 -c "$1" | wc -c; }
# Brotli through node's zlib (node runs the e2e tests anyway); "?" when node is not on PATH.
br() {
  if command -v node >/dev/null 2>&1; then
    node -e 'const z = require("zlib"); let n = 0; for (const f of process.argv.slice(1)) n += z.brotliCompressSync(require("fs").readFileSync(f), { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length; console.log(n)' "$@"
  else
    echo "?"
  fi
}
shared=$(( $(gz "$dist/index.html") + $(find "$dist" -maxdepth 1 -name '*.css' -exec cat {} + | gzip -9 -c | wc -c) ))
css=$(find "$dist" -maxdepth 1 -name '*.css' | sort)
total=$shared
over=0
count=0
# The file of the largest prerendered first screen of a bundle's views (DIST/views.json, written
# by the build, names each view's bundle; any view's page when node is not on PATH).
views_json="$dist/views.json"
first_screen() {
  local files
  if command -v node >/dev/null 2>&1; then
    files=$(node -e 'for (const v of JSON.parse(require("fs").readFileSync(process.argv[1]))) if (v.bundle === process.argv[2]) console.log(v.name)' "$views_json" "$1" | sed "s|.*|$dist/prerender/&.html|")
  else
    files=$(ls "$dist"/prerender/*.html 2>/dev/null)
  fi
  local most=0 largest="" f n
  for f in $files; do
    [ -e "$f" ] || continue
    n=$(gz "$f")
    if [ "$n" -gt "$most" ]; then most=$n; largest=$f; fi
  done
  echo "$largest"
}
for js in "$dist"/bloomlab*.js; do
  [ -e "$js" ] || continue
  name=$(basename "$js" .js)
  screen=$(first_screen "$name")
  screen_gz=0
  [ -n "$screen" ] && screen_gz=$(gz "$screen")
  bundle=$(( $(gz "$js") + $(gz "$dist/${name}_bg.wasm") + screen_gz ))
  page=$((bundle + shared))
  total=$((total + bundle))
  count=$((count + 1))
  verdict="within"
  if [ "$page" -gt "$budget" ]; then verdict="OVER"; over=$((over + 1)); fi
  # shellcheck disable=SC2086 # no spaces in the css files' names (Trunk names them) or the screen's
  page_br=$(br "$js" "$dist/${name}_bg.wasm" "$dist/index.html" $css $screen)
  echo "bundle $name: wasm+js+css+html+first screen gzipped $page bytes ($(( (page + 512) / 1024 )) KiB), $verdict the budget of $budget bytes; brotli $page_br bytes"
done
echo "dist gzipped size (every bundle, wasm+js+css+html): $total bytes ($(( (total + 512) / 1024 )) KiB)"
if [ "$count" -eq 0 ]; then echo "sizes: no bundle found in $dist" >&2; exit 1; fi
if [ "$over" -gt 0 ]; then echo "sizes: $over page(s) over the budget of $budget bytes" >&2; exit 1; fi
