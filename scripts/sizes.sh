#!/usr/bin/env bash
# Prints what one page downloads for each bundle — its wasm and js, index.html (with the inlined
# style sheets), offline.js, and the largest of its views' prerendered first screens
# (prerender/VIEW.html) — with brotli (quality 11, the .br files a host serves as the README says)
# and with gzip (level 9), and the whole build's; exits 1 when a page is over either budget. The
# bundles no view names (the lecturer's tools, a view's run at scale), which a page fetches only
# when they are used, are shown on their own.
# The budget is counted as the page is served: brotli; the gzip figure has a looser limit of its
# own, for hosts that can only send gzip. A page still over the budget is listed in
# scripts/sizes-over.txt ("BUNDLE BROTLI_BYTES GZIP_BYTES", what it measured when listed): it may
# not grow past those figures, and the list may only shrink (a listed page now within the budget
# fails too, until its line goes).
#   scripts/sizes.sh DIST BROTLI_BUDGET_BYTES GZIP_BUDGET_BYTES
set -euo pipefail
dist=${1:?dist folder}
budget_br=${2:?brotli budget in bytes}
budget_gz=${3:?gzip budget in bytes}
command -v node >/dev/null 2>&1 || { echo "sizes: node is needed (brotli through its zlib)" >&2; exit 1; }
# Sizes of FILES... compressed one by one: "GZIP BROTLI".
sizes() {
  node -e '
    const z = require("zlib"), fs = require("fs");
    let gz = 0, br = 0;
    for (const f of process.argv.slice(1)) {
      const b = fs.readFileSync(f);
      gz += z.gzipSync(b, { level: 9 }).length;
      br += z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11, [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length;
    }
    console.log(gz, br);' "$@"
}
shared_files=("$dist/index.html")
[ -e "$dist/offline.js" ] && shared_files+=("$dist/offline.js")
# The first screen of a bundle's views that is largest gzipped (DIST/views.json, written by the
# build, names each view's bundle).
first_screen() {
  node -e '
    const fs = require("fs"), z = require("zlib"), path = require("path");
    const [views, bundle, dist] = process.argv.slice(1);
    let best = "", most = -1;
    for (const v of JSON.parse(fs.readFileSync(views))) {
      if (v.bundle !== bundle && v.also !== bundle) continue;
      const f = path.join(dist, "prerender", `${v.name}.html`);
      if (!fs.existsSync(f)) continue;
      const n = z.gzipSync(fs.readFileSync(f), { level: 9 }).length;
      if (n > most) { most = n; best = f; }
    }
    console.log(best);' "$dist/views.json" "$1" "$dist"
}
over=0
count=0
listed="$(dirname "${BASH_SOURCE[0]}")/sizes-over.txt"
# The line of the list for BUNDLE: "BROTLI GZIP", or nothing.
listed_as() { [ -f "$listed" ] && awk -v b="$1" '$1 == b { print $2, $3 }' "$listed" || true; }
total_gz=0
total_br=0
for js in "$dist"/bloomlab*.js; do
  [ -e "$js" ] || continue
  name=$(basename "$js" .js)
  files=("$js" "$dist/${name}_bg.wasm" "${shared_files[@]}")
  screen=$(first_screen "$name")
  [ -n "$screen" ] && files+=("$screen")
  read -r gz br < <(sizes "${files[@]}")
  read -r bgz bbr < <(sizes "$js" "$dist/${name}_bg.wasm")
  total_gz=$((total_gz + bgz))
  total_br=$((total_br + bbr))
  count=$((count + 1))
  # A page: a view's bundle, or its second build (`also`: the practice page's streams build).
  if ! grep -qE "\"(bundle|also)\": \"$name\"" "$dist/views.json"; then
    # Not a page: a bundle no view names, fetched by a page the first time it is used
    # (src/web/parts.rs: the lecturer's tools, a view's experiment run only when asked).
    # It is downloaded when asked for, beside the page: held to a page's budget on its own.
    part="within"
    if [ "$bbr" -gt "$budget_br" ] || [ "$bgz" -gt "$budget_gz" ]; then part="OVER"; over=$((over + 1)); fi
    echo "fetched on first use, beside a page: $name, brotli $bbr bytes, gzip $bgz bytes: $part"
    continue
  fi
  verdict="within"
  read -r list_br list_gz < <(listed_as "$name"; echo)
  if [ -n "${list_br:-}" ]; then
    if [ "$br" -le "$budget_br" ] && [ "$gz" -le "$budget_gz" ]; then
      verdict="within the budget now: take its line out of scripts/sizes-over.txt"; over=$((over + 1))
    elif [ "$br" -gt "$list_br" ] || [ "$gz" -gt "$list_gz" ]; then
      verdict="OVER, and past its listed $list_br / $list_gz"; over=$((over + 1))
    else
      verdict="over, listed at $list_br / $list_gz (may not grow)"
    fi
  elif [ "$br" -gt "$budget_br" ] || [ "$gz" -gt "$budget_gz" ]; then
    verdict="OVER"; over=$((over + 1))
  fi
  echo "page of $name: brotli $br bytes (budget $budget_br), gzip $gz bytes (limit $budget_gz): $verdict"
done
echo "every bundle's wasm and js: brotli $total_br bytes, gzip $total_gz bytes"
if [ "$count" -eq 0 ]; then echo "sizes: no bundle found in $dist" >&2; exit 1; fi
if [ "$over" -gt 0 ]; then echo "sizes: $over page(s) over the budget (brotli $budget_br bytes, gzip $budget_gz bytes)" >&2; exit 1; fi
