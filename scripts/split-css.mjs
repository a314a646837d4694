// Gives each page only the style rules its bundle can use (run by postbuild.sh once the bundles'
// wasm is final, before the service worker is written and the files precompressed).
//
// The style sheets are inlined in index.html, one for every view. A rule naming a class that no
// string of a bundle's wasm, of index.html (the loader and the shell), of offline.js, of the
// lecturer's tools' wasm or of the bundle's first screens contains can match nothing on that
// bundle's pages: the rule is dead there. So:
//  - index.html keeps the rules every bundle can use (the frame: navigation, forms, cards, tour
//    bar), as <style data-css="K"> elements, K = 0, 1, …: one per run of such rules in the
//    sheets' order;
//  - each view's first screen (prerender/VIEW.html, which the loader fetches anyway) starts with
//    the other rules its bundle can use, as <style data-css-at="K"> elements: the rules that came
//    between run K − 1 and run K. The loader puts each one just before <style data-css="K"> (or
//    after the last run), so every rule a page has stands in the sheets' own order and the cascade
//    is the same as with the whole sheet.
// A class is looked for as a substring, so a rule is only dropped when its class appears nowhere
// in what the bundle's pages are made of; the e2e harness checks (`unstyled`, tests/e2e/styled.mjs,
// in assertClean and the monkey's every view) that every class on the page that the sheets style
// is named by the page's rules. Rules inside @media are judged one by one; other at-rules (@page)
// and rules naming no class are kept everywhere.
//   node scripts/split-css.mjs DIST
import fs from 'node:fs';
import path from 'node:path';

const dist = process.argv[2];
if (!dist) {
  console.error('usage: node scripts/split-css.mjs DIST');
  process.exit(2);
}
const indexPath = path.join(dist, 'index.html');
const html = fs.readFileSync(indexPath, 'utf8');
const styleTag = /<style>([\s\S]*?)<\/style>/g;
const sheets = [...html.matchAll(styleTag)].map((m) => m[1]);
if (sheets.length === 0) {
  if (/data-css="0"/.test(html)) process.exit(0); // already split
  console.error('split-css: no inline <style> in index.html');
  process.exit(1);
}

/** The rules of CSS text as units { media, text }: a rule inside @media carries its condition. */
function units(css, media = '') {
  const out = [];
  const src = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{', i);
    if (open < 0) break;
    const head = src.slice(i, open).trim();
    let depth = 1;
    let j = open + 1;
    while (depth > 0 && j < src.length) {
      if (src[j] === '{') depth++;
      else if (src[j] === '}') depth--;
      j++;
    }
    const body = src.slice(open + 1, j - 1);
    if (head.startsWith('@media')) out.push(...units(body, head));
    else out.push({ media, head, text: `${head}{${body.trim()}}` });
    i = j;
  }
  return out;
}

/** A selector without its functional pseudo-classes (`:not(…)`, `:is(…)`, `:has(…)`, …). */
function outer(sel) {
  let out = '';
  for (let i = 0; i < sel.length; i++) {
    const call = /^:[\w-]+\(/.exec(sel.slice(i));
    if (!call) {
      out += sel[i];
      continue;
    }
    let depth = 0;
    for (i += call[0].length - 1; i < sel.length; i++) {
      if (sel[i] === '(') depth++;
      else if (sel[i] === ')' && --depth === 0) break;
    }
  }
  return out;
}

/**
 * The classes an element must have somewhere for the selector to match: those outside its
 * functional pseudo-classes (a class in `:not(…)` must be absent, one in `:is(…)` is one choice
 * of several: neither is required, so such a rule is kept whenever the rest can match).
 */
const classesOf = (sel) => [...outer(sel).matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]);

/** A selector list's selectors (split at the commas outside parentheses). */
function selectors(list) {
  const out = [''];
  let depth = 0;
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out;
}

/**
 * Whether the rule can match on a page made of `hay`: one of its selectors names only classes found
 * there. A view's name is a class only on its own page (its root section's, src/views/NAME/view.rs;
 * index.html and offline.js set none), so it counts as found only for the bundle's own views
 * (`own`), however often the word is in the bundle's code ("search" in a sentence, "mlbf" in the
 * table of views, every name in the navigation's links).
 */
function live(unit, hay, own) {
  if (unit.head.startsWith('@')) return true;
  const found = (c) => (viewNames.has(c) ? own.has(c) : hay.includes(c));
  return selectors(unit.head).some((sel) => classesOf(sel).every(found));
}

/** CSS text of consecutive units, each run of one @media condition wrapped once. */
function write(list) {
  let out = '';
  for (let i = 0; i < list.length; ) {
    const media = list[i].media;
    let j = i;
    while (j < list.length && list[j].media === media) j++;
    const text = list.slice(i, j).map((u) => u.text).join('');
    out += media ? `${media}{${text}}` : text;
    i = j;
  }
  return out;
}

const all = sheets.flatMap((s) => units(s));
const views = JSON.parse(fs.readFileSync(path.join(dist, 'views.json'), 'utf8'));
const bundles = [...new Set(views.map((v) => v.bundle))];
const screen = (v) => path.join(dist, 'prerender', `${v}.html`);
// The lecturer's tools (their own bundle, src/app/tools.rs) can be drawn in any page with the
// navigation: their classes count for every bundle.
const shared = html.replace(styleTag, '') + fs.readFileSync(path.join(dist, 'offline.js'), 'utf8') +
  fs.readFileSync(path.join(dist, 'bloomlab-tools_bg.wasm')).toString('latin1');
const viewNames = new Set(views.map((v) => v.name));
const used = new Map();
// A view's experiment fetched on first use (bloomlab-frequencies-scale, src/web/parts.rs) draws in
// its view's pages: its classes count for the bundle its name extends (the longest such name).
const parts = fs.readdirSync(dist).filter((f) => f.endsWith('_bg.wasm')).map((f) => f.slice(0, -'_bg.wasm'.length))
  .filter((p) => !bundles.includes(p) && p !== 'bloomlab-tools');
const ownerOf = (p) => bundles.filter((b) => p.startsWith(`${b}-`)).sort((a, b) => b.length - a.length)[0];
for (const b of bundles) {
  let hay = fs.readFileSync(path.join(dist, `${b}_bg.wasm`)).toString('latin1') + shared;
  for (const p of parts) if (ownerOf(p) === b) hay += fs.readFileSync(path.join(dist, `${p}_bg.wasm`)).toString('latin1');
  for (const v of views) if (v.bundle === b && fs.existsSync(screen(v.name))) hay += fs.readFileSync(screen(v.name), 'utf8');
  const own = new Set(views.filter((v) => v.bundle === b).map((v) => v.name));
  used.set(b, all.map((u) => live(u, hay, own)));
}
const common = all.map((_, i) => bundles.every((b) => used.get(b)[i]));

// Runs of common rules, and for each unit the run it comes before (its gap).
const runs = [];
const gap = [];
for (let i = 0; i < all.length; i++) {
  if (common[i]) {
    if (i === 0 || !common[i - 1]) runs.push([]);
    runs[runs.length - 1].push(all[i]);
  }
  gap.push(common[i] ? -1 : runs.length);
}
const slots = runs.map((r, k) => `<style data-css="${k}">${write(r)}</style>`).join('');
let first = true;
fs.writeFileSync(indexPath, html.replace(styleTag, () => (first ? ((first = false), slots) : '')));

// Each view's first screen: its bundle's other rules, gap by gap.
for (const v of views) {
  const file = screen(v.name);
  if (!fs.existsSync(file)) continue;
  const mine = used.get(v.bundle);
  const byGap = new Map();
  all.forEach((u, i) => {
    if (!common[i] && mine[i]) byGap.set(gap[i], [...(byGap.get(gap[i]) ?? []), u]);
  });
  const styles = [...byGap].map(([k, list]) => `<style data-css-at="${k}">${write(list)}</style>`).join('');
  fs.writeFileSync(file, styles + fs.readFileSync(file, 'utf8'));
}
const kept = all.filter((_, i) => common[i]).length;
console.log(`split-css: ${all.length} rules, ${kept} on every page (${runs.length} runs in index.html), the rest with each view's first screen`);
