// End-to-end tests of the crawler and chunk views through their hooks, and their bad links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

test('the crawler: never restarting loses pages, restarts trade them for refetches', { timeout: 60_000 }, async () => {
  await withPage('?view=crawler&pages=5000&m=8192&policy=rotate', async (page) => {
    await waitAttr(page, '[data-testid=crawl-progress]', 'data-status', 'done', 40_000);
    const stats = Object.fromEntries((await all(page, '[data-testid=crawl-stats]')).map((s) => [s.policy, s]));
    assert.deepEqual(Object.keys(stats).sort(), ['every', 'fill', 'never', 'rotate']);
    assert.equal((await all(page, '[data-testid=crawl-stats]'))[0].policy, 'rotate', 'the chosen policy first');
    assert.equal(stats.never.refetched, '0');
    assert.equal(stats.never.restarts, '0');
    assert.ok(Number(stats.never.lost) > 0);
    for (const p of ['every', 'fill', 'rotate']) {
      assert.ok(Number(stats[p].restarts) > 0, p);
      assert.ok(Number(stats[p].lost) < Number(stats.never.lost), `${p} loses fewer`);
      assert.ok(Number(stats[p].refetched) > 0, `${p} fetches again`);
    }
    for (const id of ['fill', 'fp', 'lost', 'refetched']) assert.ok(await page.$(`[data-testid=crawl-chart-${id}]`));
  });
});

test('the chunks: every holding chunk is read, waste against expectation', { timeout: 60_000 }, async () => {
  await withPage('?view=chunks', async (page) => {
    const r = await dataAttrs(page, '[data-testid=chunks-read]');
    const chunks = await all(page, '[data-testid=chunk]');
    assert.equal(chunks.length, Number(r.chunks));
    for (const c of chunks) if (c.holds === 'true') assert.equal(c.verdict, 'maybe');
    assert.equal(Number(r.holding), chunks.filter((c) => c.holds === 'true').length);
    assert.equal(Number(r.read), chunks.filter((c) => c.verdict === 'maybe').length);
    assert.equal(Number(r.wasted), Number(r.read) - Number(r.holding));
    assert.ok(Number(r.holding) < Number(r.chunks), 'the default value is in a few chunks only');
    assert.ok(Number(r['expected-wasted']) >= 0);
    await waitAttr(page, '[data-testid=chunks-sweep]', 'data-status', 'done', 30_000);
    const rows = await all(page, '[data-testid=chunks-sweep-row]');
    assert.ok(rows.length >= 5);
    for (const row of rows) assert.ok(Math.abs(Number(row.measured) - Number(row.expected)) < 5 * Math.sqrt(Number(row.expected) / 1000) + 0.02, JSON.stringify(row));
    await page.fill('[data-testid=chunks-m]', '64');
    await page.click('[data-testid=chunks-apply]');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('m') === '64');
    assert.ok(Number((await dataAttrs(page, '[data-testid=chunks-read]')).wasted) > Number(r.wasted));
  });
});

test('bad links give notices', async () => {
  await withPage('?view=crawler&m=1&k=0&policy=sometimes&threshold=2&pages=5', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['m', 'k', 'policy', 'threshold', 'pages']) assert.ok(params.includes(p), `${p} in ${params}`);
  });
  await withPage('?view=chunks&rows=0&chunks=x&domain=0&m=1&k=99&value=-1', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['rows', 'chunks', 'domain', 'm', 'k', 'value']) assert.ok(params.includes(p), `${p} in ${params}`);
  });
});
