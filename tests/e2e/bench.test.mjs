// Browser benchmark: opens ?view=bench, waits for the app's own measurements and reports them.
// Timings are information, not pass/fail: the tests check that they are finite and positive, and
// that the work timed was done and correct (counts, bits set, which bundle loaded), never a time.
// Writes test-artifacts/bench.json. (Cold loads are timed in load.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  launch, shutdown, openPage, preparePage, closePage, problems, assertClean, dataAttrs, getServer, ARTIFACTS, DIST, VIEWS,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

// data-* attribute of bench-result -> label in the printed line.
const METRICS = {
  'redraw-median-ms': 'redraw-1M-bits median',
  'bulk-insert-ms': 'bulk-insert-1M-urls',
  'bulk-ui-ms': 'bulk-ui',
};

test('bench view reports timings', { timeout: 180_000 }, async () => {
  const page = await openPage(browser, '?view=bench');
  try {
    const result = page.locator('[data-testid=bench-result][data-status=done], [data-testid=bench-result][data-status=error]');
    await result.first().waitFor({ state: 'attached', timeout: 120_000 });
    const attrs = await dataAttrs(page, '[data-testid=bench-result]');
    assert.equal(attrs.status, 'done', `bench-result status (attributes: ${JSON.stringify(attrs)})`);

    const metrics = {};
    for (const name of Object.keys(METRICS)) metrics[name] = Number(attrs[name]);
    // Any further *-ms timings the app reports are printed too.
    for (const [name, value] of Object.entries(attrs)) {
      if (name.endsWith('-ms') && !(name in metrics)) metrics[name] = Number(value);
    }
    const line = Object.entries(metrics)
      .map(([name, v]) => `${METRICS[name] ?? name.replace(/-ms$/, '')}=${v} ms`)
      .join('; ');
    console.log(`BENCH ${line}`);

    const report = {
      date: new Date().toISOString(),
      browser: `chromium ${browser.version()}`,
      metrics_ms: metrics,
      attributes: attrs,
    };
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'bench.json'), JSON.stringify(report, null, 2) + '\n');

    // Reported, not failed on: this test is about the numbers.
    for (const [kind, list] of Object.entries(problems(page))) {
      for (const p of list) console.log(`BENCH warning (${kind}): ${p}`);
    }

    for (const name of Object.keys(METRICS)) {
      assert.ok(Number.isFinite(metrics[name]) && metrics[name] > 0,
        `data-${name} is a finite positive number (got ${JSON.stringify(attrs[name])})`);
    }
    // Each figure is a median over the timed rounds, inside its own range (an order, not a time).
    assert.equal(attrs.rounds, '5');
    for (const what of ['redraw', 'bulk-insert', 'bulk-insert-double', 'bulk-ui']) {
      const median = Number(attrs[what === 'redraw' ? 'redraw-median-ms' : `${what}-ms`]);
      const [lo, hi] = [Number(attrs[`${what}-min-ms`]), Number(attrs[`${what}-max-ms`])];
      assert.ok(lo <= median && median <= hi, `${what}: ${lo} <= ${median} <= ${hi}`);
    }
    assert.ok(Number(attrs['resolution-ms']) > 0 && Math.abs(Number(attrs['block-ms']) - 100 * Number(attrs['resolution-ms'])) < 1e-9 * Number(attrs['block-ms']),
      `the clock's resolution (${attrs['resolution-ms']} ms) and the block (${attrs['block-ms']} ms)`);
    // The timed work was done, and done right (never a time): every URL went in, the one-go and
    // the sliced inserts set the very same bits, and as many as theory says for m, k and n.
    const [m, k, n] = [Number(attrs['bulk-m']), Number(attrs['bulk-k']), 1_000_000];
    assert.deepEqual([m, k], [9_585_059, 7], 'the filter sized for 1 % at n = 1,000,000');
    assert.equal(Number(attrs['bulk-items']), n);
    assert.equal(Number(attrs['sliced-items']), n);
    assert.equal(attrs['sliced-ones'], attrs['bulk-ones'], 'slicing changes nothing');
    const fill = 1 - Math.exp((k * n) * Math.log1p(-1 / m));
    const ones = Number(attrs['bulk-ones']);
    assert.ok(Math.abs(ones - m * fill) < 6 * Math.sqrt(m * fill * (1 - fill)), `${ones} bits set, theory ${(m * fill).toFixed(0)}`);
    const bits = Number(attrs['redraw-bits']);
    const redrawn = Number(attrs['redraw-ones']);
    assert.ok(bits === 1 << 20 && redrawn > 0.35 * bits && redrawn <= bits / 2, `redraw of ${redrawn} of ${bits} bits set`);
  } finally {
    await closePage(page);
  }
});

// The whole path a person takes: click "+1M URLs" in the classic view and wait until every item
// is hashed, with the page drawing the filter between slices. Reported, not judged.
test('classic view: bulk insert of 1,000,000 URLs through the UI', { timeout: 180_000 }, async () => {
  const page = await openPage(browser, '?view=classic&m=9585059&k=7');
  try {
    const button = '[data-testid=bulk-button][data-kind=urls][data-count="1000000"]';
    await page.waitForSelector(button);
    // Warm up the code paths once with a small batch.
    await page.click('[data-testid=bulk-button][data-kind=urls][data-count="1000"]');
    await page.waitForFunction(() => document.querySelector('[data-testid=bulk-progress]')?.dataset.done === '1000');
    const ms = await page.evaluate(async (sel) => {
      const start = performance.now();
      document.querySelector(sel).click();
      await new Promise((resolve) => {
        const check = () => {
          const p = document.querySelector('[data-testid=bulk-progress]');
          if (p && p.dataset.done === p.dataset.total && p.dataset.total === '1001000') resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - start;
    }, button);
    console.log(`BENCH classic-ui-bulk-1M-urls=${ms} ms (m = 9,585,059, k = 7, xxh3, drawn between slices)`);
    const report = path.join(ARTIFACTS, 'bench.json');
    if (fs.existsSync(report)) {
      const data = JSON.parse(fs.readFileSync(report, 'utf8'));
      data.metrics_ms['classic-ui-bulk-1M-urls'] = ms;
      fs.writeFileSync(report, JSON.stringify(data, null, 2) + '\n');
    }
    assert.ok(Number.isFinite(ms) && ms > 0);
    assert.equal((await page.$eval('[data-testid=stats]', (e) => e.dataset.n)), '1001000');
  } finally {
    await closePage(page);
  }
});
