#!/usr/bin/env node
// Compares two release builds pixel for pixel (not a test; builds nothing): every view's bare link
// at 1280 × 900, at 390 × 844 in the dark theme and in presenter mode at 1024 × 768, full-page
// screenshots from each build. A page that differs is shot from the old build a second time: if
// that differs too, the page changes by itself (timings, a run under way) and is only counted as
// such; otherwise the two builds draw it differently, and both pictures are saved for a person to
// look at. For a change that should not change how anything looks (style rules moved, a
// refactor, a dependency).
//   node tests/e2e/compare-builds.mjs OLD_DIST [NEW_DIST, default dist/] [outdir]
//   COMPARE_VIEWS=home,fp node tests/e2e/compare-builds.mjs /tmp/old-dist
import fs from 'node:fs';
import path from 'node:path';
import { launch, shutdown, openPage, closePage, startServer, VIEWS, DIST, ARTIFACTS } from './harness.mjs';

const [oldDist, newDist = DIST, outArg] = process.argv.slice(2);
if (!oldDist) {
  console.error('usage: node tests/e2e/compare-builds.mjs OLD_DIST [NEW_DIST] [outdir]');
  process.exit(2);
}
const outDir = path.resolve(outArg ?? path.join(ARTIFACTS, 'compare'));
fs.mkdirSync(outDir, { recursive: true });
const views = process.env.COMPARE_VIEWS?.split(',') ?? VIEWS.map((v) => v.name);
const VARIANTS = [
  { name: 'desktop', query: '', viewport: { width: 1280, height: 900 } },
  { name: 'phone-dark', query: '&theme=dark', viewport: { width: 390, height: 844 } },
  { name: 'presenter', query: '&present=1', viewport: { width: 1024, height: 768 } },
];

const [before, after] = [await startServer(oldDist), await startServer(newDist)];
const browser = await launch();

async function shot(server, view, variant) {
  const page = await openPage(browser, `?view=${view}${variant.query}`, { server, viewport: variant.viewport });
  try {
    await page.waitForTimeout(1200);
    return await page.screenshot({ fullPage: true, animations: 'disabled' });
  } finally {
    await closePage(page);
  }
}

const same = [];
const moving = [];
const differ = [];
for (const view of views) {
  for (const variant of VARIANTS) {
    const label = `${view}-${variant.name}`;
    const [a, b] = [await shot(before, view, variant), await shot(after, view, variant)];
    if (a.equals(b)) {
      same.push(label);
    } else if (!a.equals(await shot(before, view, variant))) {
      moving.push(label);
    } else {
      differ.push(label);
      fs.writeFileSync(path.join(outDir, `${label}-old.png`), a);
      fs.writeFileSync(path.join(outDir, `${label}-new.png`), b);
    }
  }
}
console.log(`the same: ${same.length}; changing by themselves (not compared): ${moving.join(', ') || 'none'}`);
console.log(`drawn differently by the two builds: ${differ.join(', ') || 'none'}${differ.length ? ` (pictures in ${outDir})` : ''}`);
await shutdown(browser);
for (const s of [before, after]) s.close?.();
process.exit(differ.length ? 1 : 0);
