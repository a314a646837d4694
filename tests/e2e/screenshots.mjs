#!/usr/bin/env node
// Saves PNG screenshots of Bloom Lab for a person to look at (not a test; builds nothing).
//   node tests/e2e/screenshots.mjs [outdir]     (default: test-artifacts/screens/)
// Needs a release build in dist/ (trunk build --release --offline).
import fs from 'node:fs';
import path from 'node:path';
import { launch, shutdown, openPage, closePage, problems, ARTIFACTS } from './harness.mjs';

const outDir = path.resolve(process.argv[2] ?? path.join(ARTIFACTS, 'screens'));

// name, query, optional action run before the screenshot.
const PAGES = [
  { name: 'home', query: '?view=home' },
  { name: 'classic-ullman', query: '?view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=118' },
  {
    name: 'classic-1M-bulk',
    query: '?view=classic&m=1048576&k=7',
    action: async (page) => {
      await page.click('[data-testid=bulk-button][data-kind=urls][data-count="100000"]');
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid=bulk-progress]');
        return el && el.getAttribute('data-done') === '100000' && el.getAttribute('data-total') === '100000';
      }, null, { timeout: 60_000, polling: 200 });
    },
  },
  { name: 'classic-bad-params', query: '?view=classic&m=-5&k=0&hash=md5&items=a,%zz' },
  { name: 'ullman', query: '?view=ullman' },
  { name: 'counting', query: '?view=counting' },
  { name: 'mlbf', query: '?view=mlbf' },
  { name: 'fp', query: '?view=fp' },
  { name: 'skiena', query: '?view=skiena' },
  { name: 'hashes', query: '?view=hashes' },
  { name: 'toolbox', query: '?view=toolbox' },
  { name: 'exercises', query: '?view=exercises' },
  { name: 'sampling', query: '?view=sampling' },
  { name: 'distinct', query: '?view=distinct' },
  { name: 'search', query: '?view=search&n=100000' },
  { name: 'crawler', query: '?view=crawler' },
  { name: 'chunks', query: '?view=chunks' },
  { name: 'moments-estimate', query: '?view=moments&step=16' },
  { name: 'moments-reservoir', query: '?view=moments&step=33' },
  { name: 'frequencies', query: '?view=frequencies' },
  {
    name: 'frequencies-scale',
    query: '?view=frequencies&stream=zipf&s=1.1&length=200000&w=272&d=5&k=10&focus=scale',
    action: async (page) => {
      await page.waitForSelector('[data-testid=scale-progress][data-status=done]', { timeout: 90_000 });
    },
  },
  { name: 'frequencies-walk', query: '?view=frequencies&step=10&focus=step' },
  { name: 'frequencies-walk-present', query: '?view=frequencies&step=10&focus=step&present=1' },
  { name: 'window', query: '?view=window&p=0.3&length=20000&N=200&r=3&seed=4&t=40' },
];
// SCREENS=moments,sampling keeps only the pages whose name starts with one of those words.
const only = (process.env.SCREENS ?? '').split(',').filter(Boolean);
const pages = only.length ? PAGES.filter((p) => only.some((o) => p.name.startsWith(o))) : PAGES;

const DEVICES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

// THEMES=light,projector picks the themes (light, dark, projector); light and dark by default.
const THEMES = (process.env.THEMES ?? 'light,dark').split(',').filter(Boolean);

fs.mkdirSync(outDir, { recursive: true });
const browser = await launch();
let failures = 0;
try {
  for (const p of pages) {
    for (const { name: device, ...contextOptions } of DEVICES) {
      for (const theme of THEMES) {
        const file = path.join(outDir, `${p.name}-${device}-${theme}.png`);
        const page = await openPage(browser, `${p.query}&theme=${theme}`, { ...contextOptions, colorScheme: theme === 'dark' ? 'dark' : 'light', waitReady: false });
        try {
          await page.waitForSelector('[data-testid=app-ready]', { state: 'attached', timeout: 30_000 });
          if (p.action) await p.action(page);
          await page.waitForTimeout(300); // let canvases and transitions settle
        } catch (err) {
          failures++;
          console.log(`! ${p.name} ${device} ${theme}: ${err.message.split('\n')[0]}`);
        }
        await page.screenshot({ path: file, fullPage: true });
        const issues = Object.entries(problems(page)).flatMap(([k, list]) => list.map((x) => `${k}: ${x}`));
        console.log(`${path.relative(process.cwd(), file)}${issues.length ? `  (${issues.length} problem(s))` : ''}`);
        for (const i of issues) console.log(`    ${i}`);
        await closePage(page);
      }
    }
  }
} finally {
  await shutdown(browser);
}
process.exitCode = failures ? 1 : 0;
