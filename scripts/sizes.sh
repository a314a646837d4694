#!/usr/bin/env bash
# Prints the gzipped size of what one page downloads for each bundle (its wasm and js, the css and
# index.html) and of the whole build, and exits 1 when a page is over the budget.
#   scripts/sizes.sh DIST BUDGET_BYTES
set -euo pipefail
dist=${1:?dist folder}
budget=${2:?budget in bytes}
gz() { gzip -9 -c "$1" | wc -c; }
shared=$(( $(gz "$dist/index.html") + $(find "$dist" -maxdepth 1 -name '*.css' -exec cat {} + | gzip -9 -c | wc -c) ))
total=$shared
over=0
count=0
for js in "$dist"/bloomlab*.js; do
  [ -e "$js" ] || continue
  name=$(basename "$js" .js)
  bundle=$(( $(gz "$js") + $(gz "$dist/${name}_bg.wasm") ))
  page=$((bundle + shared))
  total=$((total + bundle))
  count=$((count + 1))
  verdict="within"
  if [ "$page" -gt "$budget" ]; then verdict="OVER"; over=$((over + 1)); fi
  echo "bundle $name: wasm+js+css+html gzipped $page bytes ($(( (page + 512) / 1024 )) KiB), $verdict the budget of $budget bytes"
done
echo "dist gzipped size (every bundle, wasm+js+css+html): $total bytes ($(( (total + 512) / 1024 )) KiB)"
if [ "$count" -eq 0 ]; then echo "sizes: no bundle found in $dist" >&2; exit 1; fi
if [ "$over" -gt 0 ]; then echo "sizes: $over page(s) over the budget of $budget bytes" >&2; exit 1; fi
