#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml), run on its staging folder before it becomes dist/:
#  - each view's first screen rendered at build time into prerender/, and the navigation shell put
#    into index.html (examples/prerender.rs; src/app/prerender.rs);
#  - in release builds, the bundles' JS glue minified with terser (npm, installed by setup.sh):
#    Trunk's own JS minifier cannot read wasm-bindgen's `export { … as default }` and leaves it
#    whole (its "Failed to minify JS" warnings); terser takes about a quarter off each;
#  - in release builds, the names the wasm and its glue share shortened (scripts/shorten-names.mjs:
#    wasm-bindgen's hashed import names and long closure exports, written in both files);
#  - in release builds, the inline loader in index.html minified with terser too
#    (scripts/minify-loader.mjs: Trunk's HTML minifier keeps inline scripts as written);
#  - the style rules that not every bundle can use moved from index.html to the first screens of
#    the views whose bundle can (scripts/split-css.mjs; the loader puts them back in their place);
#  - in release builds, static/offline.js minified with terser, and the service worker written
#    (scripts/make-sw.mjs: sw.js, and the build's version stamped into index.html), once every
#    other file is final;
#  - in release builds, FILE.gz and FILE.br written beside every text and wasm file
#    (scripts/precompress.mjs), for hosts that send precompressed files.
set -euo pipefail
dist=${TRUNK_STAGING_DIR:?run by trunk build}
cargo run --quiet --locked --example prerender -- "$dist"
if [ "${TRUNK_PROFILE:-}" = release ]; then
  for js in "$dist"/bloomlab*.js; do
    node_modules/.bin/terser "$js" --module --compress --mangle -o "$js"
  done
  node scripts/shorten-names.mjs "$dist"
  node scripts/minify-loader.mjs "$dist/index.html"
  node_modules/.bin/terser "$dist/offline.js" --module --compress --mangle -o "$dist/offline.js"
  node_modules/.bin/terser "$dist/activity.js" --compress --mangle -o "$dist/activity.js"
  node_modules/.bin/terser "$dist/package.js" --compress --mangle -o "$dist/package.js"
  node scripts/split-css.mjs "$dist"
  node scripts/make-sw.mjs "$dist"
  node scripts/precompress.mjs "$dist"
else
  node scripts/split-css.mjs "$dist"
fi
