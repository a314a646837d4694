// Writes the service worker that makes Bloom Lab work offline after the first page (run by
// postbuild.sh in release builds, after every file is final and before precompression):
//  - the build's version, a hash of the revisions of every file the worker keeps but index.html,
//    stamped into index.html as <meta name="bloomlab-build" content=VERSION data-files=N>
//    (static/offline.js reads it: the page says which build it is and how many files make the
//    whole course);
//  - DIST/sw.js from Workbox's generateSW (npm workbox-build): the shell, every view's first
//    screen, offline.js and every bundle's JS and wasm precached with a revision each (file names
//    carry no hash), served cache-first. A new deploy's worker fetches only the files whose
//    revision changed, waits until no page of the old build is open, then takes over: a page is
//    never served a mix of two builds. An install that meets a missing file (a 404) fails whole,
//    so no error page is ever kept.
// Precached in teaching order (the table of views, DIST/views.json): Workbox fetches entries one at
// a time, so the first chapters' bundles are ready first.
//   node scripts/make-sw.mjs DIST
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { generateSW, getManifest } from 'workbox-build';

const dist = process.argv[2];
if (!dist) {
  console.error('usage: node scripts/make-sw.mjs DIST');
  process.exit(2);
}

// The bundles in the order the course first needs them.
const views = JSON.parse(fs.readFileSync(path.join(dist, 'views.json'), 'utf8'));
const bundles = [...new Set(views.map((v) => v.bundle))];
const rank = (url) => {
  if (url === 'index.html') return [0, 0];
  if (url === 'offline.js') return [1, 0];
  if (url === 'tours.txt') return [1, 1];
  if (url === 'activity.js' || url === 'package.js') return [1, 2];
  if (url.startsWith('prerender/')) return [2, 0];
  const b = bundles.indexOf(url.replace(/(_bg\.wasm|\.js)$/, ''));
  return [3 + (b < 0 ? bundles.length : b), url.endsWith('.js') ? 0 : 1];
};
const byCourse = (a, b) => {
  const [x, y] = [rank(a.url), rank(b.url)];
  return x[0] - y[0] || x[1] - y[1] || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
};

const options = {
  globDirectory: dist,
  globPatterns: ['index.html', 'offline.js', 'activity.js', 'package.js', 'tours.txt', 'prerender/*.html', 'bloomlab*.js', 'bloomlab*_bg.wasm'],
  // Every bundle is over Workbox's default limit of 2 MB uncompressed in a debug build.
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  manifestTransforms: [async (entries) => ({ manifest: [...entries].sort(byCourse), warnings: [] })],
};

// The version: every kept file's revision but index.html's, which will hold the version itself.
const { manifestEntries, count, warnings } = await getManifest(options);
for (const w of warnings) console.error(`make-sw: ${w}`);
if (warnings.length) process.exit(1);
const version = crypto
  .createHash('sha256')
  .update(manifestEntries.filter((e) => e.url !== 'index.html').map((e) => `${e.url} ${e.revision}\n`).join(''))
  .digest('hex')
  .slice(0, 12);

const indexFile = path.join(dist, 'index.html');
const meta = `<meta name="bloomlab-build" content="${version}" data-files="${count}">`;
// Right after the charset (the minified page has no <head> tag): the loader, an inline script
// further down, reads it before the first paint.
const html = fs.readFileSync(indexFile, 'utf8').replace(/<meta name="?bloomlab-build"?[^>]*>/, '');
const charset = html.match(/<meta charset[^>]*>/i);
if (!charset) {
  console.error('make-sw: index.html has no <meta charset>');
  process.exit(1);
}
fs.writeFileSync(indexFile, html.replace(charset[0], `${charset[0]}${meta}`));

const result = await generateSW({
  ...options,
  swDest: path.join(dist, 'sw.js'),
  cacheId: 'bloomlab',
  // One file: no Workbox runtime beside it to keep in step.
  inlineWorkboxRuntime: true,
  mode: 'production',
  sourcemap: false,
  // A page's address is index.html with the view and its state as parameters: every parameter is
  // ignored when a request is matched with a kept file (the bundles are fetched without any).
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: 'index.html',
  // The new build waits for the old one's pages to close: never a page of two builds.
  skipWaiting: false,
  clientsClaim: false,
  cleanupOutdatedCaches: true,
});
for (const w of result.warnings) console.error(`make-sw: ${w}`);

// On a tour, the next stop's bundle first: static/offline.js registers the worker as
// `sw.js?first=BUNDLE` (the bundle the tour bar's Next link opens, found with the loader's map;
// the list may name several, comma-separated, and they keep that order). The worker
// reads its own address and moves those bundles' files right after the shell and the first
// screens; the rest keep the course's order. The list Workbox is handed is the generated one,
// wrapped in place (found exactly once, or the build fails).
const swFile = path.join(dist, 'sw.js');
const sw = fs.readFileSync(swFile, 'utf8');
const start = sw.indexOf('[{url:"index.html",');
const end = start < 0 ? -1 : sw.indexOf('}]', start) + 2;
if (start < 0 || sw.indexOf('[{url:"index.html",', start + 1) >= 0 || end < 2 || sw[end] !== ')') {
  console.error('make-sw: the precache list was not found once in sw.js');
  process.exit(1);
}
const first = `(l=>{const f=(new URL(self.location.href).searchParams.get("first")||"").split(",").filter(b=>/^bloomlab(-[a-z]+)?$/.test(b)),` +
  `r=e=>{const i=f.indexOf(e.url.replace(/(_bg\.wasm|\.js)$/,""));return /^bloomlab/.test(e.url)?(i<0?f.length+1:i+1):0};` +
  `return l.map((e,i)=>[r(e),i,e]).sort((a,b)=>a[0]-b[0]||a[1]-b[1]).map(x=>x[2])})`;
fs.writeFileSync(swFile, `${sw.slice(0, start)}${first}(${sw.slice(start, end)})${sw.slice(end)}`);

if (result.count !== count) {
  console.error(`make-sw: ${result.count} files kept, ${count} counted`);
  process.exit(1);
}
console.log(`make-sw: build ${version}, ${result.count} files (${(result.size / 1024).toFixed(0)} KiB before compression) in sw.js`);
