// Minifies the inline loader of a built index.html with terser (run by postbuild.sh in release
// builds): Trunk's HTML minifier leaves inline scripts as written, comments and all.
//   node scripts/minify-loader.mjs dist/index.html
import fs from 'node:fs';
import { minify } from 'terser';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/minify-loader.mjs INDEX_HTML');
  process.exit(2);
}
const html = fs.readFileSync(file, 'utf8');
// Inline classic scripts only (no src, no type): the loader.
const re = /(<script(?![^>]*\b(?:src|type)=)[^>]*>)([\s\S]*?)(<\/script>)/g;
let out = '';
let last = 0;
for (const m of html.matchAll(re)) {
  const { code, error } = await minify(m[2], { compress: true, mangle: true }).catch((error) => ({ error }));
  if (error || code === undefined) {
    console.error(`minify-loader: ${error ?? 'no output'}`);
    process.exit(1);
  }
  out += html.slice(last, m.index) + m[1] + code + m[3];
  last = m.index + m[0].length;
}
fs.writeFileSync(file, out + html.slice(last));
