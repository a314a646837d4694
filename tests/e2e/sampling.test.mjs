// End-to-end tests of the sampling view: the computed fractions (d / (10s + 19d) at 1 in 10),
// the measured samples by position and by key, the bounded sample, every step by link, your own
// numbers and bad parameters.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));
const close = (a, b, tol) => Math.abs(a - b) <= tol;

test('the theory and the measurements, at every step', async () => {
  for (let step = 0; step <= 7; step++) {
    await withPage(`?view=sampling&step=${step}`, async (page) => {
      assert.equal((await dataAttrs(page, '[data-testid=step]')).step, String(step));
      const theory = Object.fromEntries((await all(page, '[data-testid=sample-theory]')).map((t) => [t.what, Number(t.value)]));
      assert.ok(close(theory.repeated, 500 / (10 * 1000 + 19 * 500), 1e-15), `d/(10s+19d): ${theory.repeated}`);
      assert.ok(close(theory.unique, (1000 + 2 * 500 * 0.9) / (1000 + 500 * 1.9), 1e-12));
      const m = Object.fromEntries((await all(page, '[data-testid=sample-fraction][data-what=repeated]')).map((f) => [f.method, Number(f.value)]));
      assert.ok(close(m.stream, 1 / 3, 1e-12));
      assert.ok(close(m.position, theory.repeated, 0.03), `by position ${m.position}`);
      assert.ok(close(m.key, 1 / 3, 0.12), `by key ${m.key}`);
      const size = await dataAttrs(page, '[data-testid=sample-size]');
      assert.equal(size.limit, '150');
      assert.ok(Number(size.value) <= 150);
    });
  }
  await withPage('?view=sampling&step=2', async (page) => {
    assert.match(await page.textContent('[data-testid=narration]'), /1\.00 %.*18\.00 %.*81\.00 %/);
  });
  await withPage('?view=sampling&step=6', async (page) => {
    assert.ok(await page.$('[data-testid=sample-size-chart]'));
    assert.ok(Number((await dataAttrs(page, '[data-testid=sample-size]')).drops) > 0);
  });
  await withPage('?view=sampling&step=7', async (page) => {
    const s = Object.fromEntries((await all(page, '[data-testid=salary-estimate]')).map((x) => [x.method, Number(x.value)]));
    assert.ok(s.position < s.stream, `tuple sampling shrinks the ranges: ${JSON.stringify(s)}`);
  });
  await withPage('?view=sampling&step=5', async (page) => {
    // The sample by key against what a sample of its size is expected to show.
    assert.match(await page.textContent('main'), /standard error of [\d.]+ percentage points: about 95 % of such samples land within ±[\d.]+ percentage points; this one is (within|outside) it/);
  });
  // A tiny rate: no sample holds a tuple, said in words; no NaN in the text or the hooks.
  await withPage('?view=sampling&rate=1e-300&step=7', async (page) => {
    const b = await dataAttrs(page, '[data-testid=salary-bias]');
    assert.equal(b['tuple-mean'], '');
    assert.match(await page.textContent('[data-testid=salary-bias]'), /none of the 200 samples held a tuple/);
    assert.ok(!(await page.content()).includes('NaN'));
  });
});

test('your own numbers and bad parameters', async () => {
  await withPage('?view=sampling&step=3', async (page) => {
    await page.fill('[data-testid=sampling-s]', '200');
    await page.fill('[data-testid=sampling-d]', '100');
    await page.fill('[data-testid=sampling-rate]', '1/2');
    await page.click('[data-testid=sampling-apply]');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('rate') === '0.5');
    const t = await dataAttrs(page, '[data-testid=sample-theory][data-what=repeated]');
    assert.ok(close(Number(t.value), (100 * 0.5) / (200 + 100 * 1.5), 1e-12));
    assert.equal((await dataAttrs(page, '[data-testid=step]')).step, '3');
  });
  await withPage('?view=sampling&s=-1&d=x&rate=0&buckets=1&limit=0&seed=y&step=99', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['s', 'd', 'rate', 'buckets', 'limit', 'seed', 'step']) assert.ok(params.includes(p), `${p} in ${params}`);
    await waitAttr(page, '[data-testid=step]', 'data-step', '7');
  });
});
