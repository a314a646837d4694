#!/usr/bin/env node
// Saves one PNG per panel of a view, for looking at long pages on a phone (not a test).
//   node tests/e2e/panels.mjs '?view=moments&step=33' [phone|desktop] [light|dark|projector] [outdir]
import fs from 'node:fs';
import path from 'node:path';
import { launch, shutdown, openPage, closePage, problems, ARTIFACTS } from './harness.mjs';

const [query = '?view=home', device = 'phone', theme = 'light', out = path.join(ARTIFACTS, 'panels')] = process.argv.slice(2);
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
};
fs.mkdirSync(out, { recursive: true });
const browser = await launch();
try {
  const page = await openPage(browser, `${query}&theme=${theme}`, { ...DEVICES[device], colorScheme: theme === 'dark' ? 'dark' : 'light' });
  await page.waitForTimeout(1500);
  const panels = await page.$$('main .panel, main .view-head');
  for (const [i, el] of panels.entries()) {
    // A panel inside a closed <details> (or hidden until a run) has nothing to show.
    if (!(await el.isVisible())) continue;
    const file = path.join(out, `${device}-${theme}-${i}.png`);
    try {
      await el.screenshot({ path: file, timeout: 10_000 });
      console.log(file);
    } catch (err) {
      const what = await el.evaluate((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().height}px`).catch(() => 'a detached node');
      console.log(`panel ${i} (${what}) not saved: ${err.message.split('\n')[0]}`);
    }
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(`horizontal scroll: ${wide}`);
  for (const [k, list] of Object.entries(problems(page))) for (const x of list) console.log(`${k}: ${x}`);
  await closePage(page);
} finally {
  await shutdown(browser);
}
