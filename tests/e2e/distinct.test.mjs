// End-to-end tests of the distinct-count view: the exercise's tail lengths and estimates by step
// link, the reason 2x + 1 fails, the slides' neighbourhoods, combining at scale, the random
// graph, your own example and bad parameters.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

test('the exercise: hash values, tails and estimates by step', async () => {
  await withPage('?view=distinct&step=9', async (page) => {
    const rows = await all(page, '[data-testid=tail-length]');
    const values = (j) => rows.filter((r) => r.hash === String(j)).map((r) => Number(r.value));
    assert.ok(values(0).every((v) => v % 2 === 1));
    assert.deepEqual(values(1), [16, 10, 19, 10, 22, 2, 13, 25, 22]);
    assert.deepEqual(values(2), [12, 4, 16, 4, 20, 4, 8, 24, 20]);
    assert.deepEqual(rows.filter((r) => r.hash === '1').map((r) => r.tail), ['4', '1', '0', '1', '1', '1', '0', '0', '1']);
    const est = await all(page, '[data-testid=fm-estimate]');
    assert.deepEqual(est.map((e) => [e.hash, e.r, e.value]), [['0', '0', '1'], ['1', '4', '16'], ['2', '4', '16']]);
  });
  await withPage('?view=distinct&step=3', async (page) => {
    assert.equal((await all(page, '[data-testid=tail-length][data-hash="1"]')).length, 3);
    assert.deepEqual((await all(page, '[data-testid=fm-estimate]')).map((e) => e.value), ['1', '16', '16']);
  });
  // A tail of 64 estimates 2^64, exactly.
  await withPage('?view=distinct&stream=0&hashes=1:0&w=64&step=2', async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=fm-estimate]')).value, '18446744073709551616');
  });
  await withPage('?view=distinct&step=10', async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=distinct-true]')).value, '7');
    const why = await all(page, '[data-testid=fm-weakness]');
    assert.deepEqual(why.map((w) => w.hash), ['0', '2']);
    assert.match(await page.textContent('[data-testid=fm-weakness][data-hash="0"]'), /odd for every x/);
  });
});

test('the slides\' graph: n(E, d) for d = 0..3', async () => {
  const want = ['E', 'D,E,F', 'B,D,E,F,G', 'A,B,C,D,E,F,G'];
  for (let d = 0; d <= 3; d++) {
    await withPage(`?view=distinct&step=${12 + d}`, async (page) => {
      const n = await dataAttrs(page, '[data-testid=neighbourhood][data-node="E"]');
      assert.equal(n.d, String(d));
      assert.equal(n.members, want[d]);
      assert.equal(n.size, String(want[d].split(',').length));
      assert.ok(Math.log2(Number(n.estimate)) % 1 === 0, 'a power of two');
    });
  }
});

test('combining at scale, and the random graph', { timeout: 60_000 }, async () => {
  await withPage('?view=distinct&length=10000&runs=20&functions=32&group-size=4', async (page) => {
    await waitAttr(page, '[data-testid=fm-progress]', 'data-status', 'done', 30_000);
    const c = await all(page, '[data-testid=fm-combined]');
    assert.deepEqual(c.map((x) => x.method), ['mean', 'median', 'median-of-means']);
    const truth = Number(c[0].true);
    assert.ok(truth > 4000 && truth < 4600, `about 86% of 5,000: ${truth}`);
    for (const x of c) assert.ok(Number(x.beyond10) >= Number(x.beyond50));
    assert.ok(await page.$('[data-testid=fm-histogram]'));
    // The slides' recipe runs high, the sketches fix it, each near its c/√m; the union is exact.
    await waitAttr(page, '[data-testid=sketch-progress]', 'data-status', 'done', 30_000);
    const e = await all(page, '[data-testid=distinct-estimator]');
    assert.deepEqual(e.map((x) => x.method), ['mean', 'median', 'median-of-means', 'pcsa', 'loglog', 'hll']);
    for (const x of e) assert.equal(x.true, c[0].true);
    const hll = e.find((x) => x.method === 'hll');
    assert.equal(hll.registers, '64');
    assert.ok(Math.abs(Number(hll.theoryRse) - 1.04 / 8) < 1e-12);
    assert.ok(Number(hll.rse) < 2 * Number(hll.theoryRse), `HLL ${hll.rse}`);
    assert.ok(Number(e[2].rse) > Number(hll.rse), 'median of means worse than HyperLogLog');
    assert.ok(Number((await dataAttrs(page, '[data-testid=fm-bias-facts]'))['per-bit']) > 0.49);
    assert.equal((await dataAttrs(page, '[data-testid=hll-union]')).equal, 'true');
    assert.ok(await page.$('[data-testid=sketch-error-chart]'));
    assert.ok(await page.$('[data-testid=fm-bias-chart]'));
    // Where the recipe settles (never at n), the slides' log of the universe, what practice uses.
    const limit = await page.textContent('[data-testid=fm-bias-limit]');
    assert.match(limit, /log₂ 5,000 ≈ 12\.3/);
    assert.match(limit, /No limit gives n: .* 1\.4\d·n for groups of 2, 2\.\d\d·n for groups of 8, \d\.\d\d·n for groups of 32/);
    assert.match(limit, /PCSA, LogLog or HyperLogLog/);
    assert.doesNotMatch(limit, /sound in the limit/);
    // The exact count's memory is not called a lower bound; the sketches break down below the count.
    assert.match(await page.textContent('[data-testid=fm-exact-memory]'), /5,000 bits \(625 bytes\), [\d.]+× less here/);
    const breakdown = await page.textContent('[data-testid=fm-breakdown]');
    assert.match(breakdown, /PCSA from m = [\d,]+ registers \([\d.]+ % off, theory [\d.]+ %; below the count\)/);
    assert.doesNotMatch(breakdown, /not below|far above/i);
    await page.selectOption('[data-testid=fm-registers]', '1024');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('registers') === '1024');
    assert.equal((await dataAttrs(page, '[data-testid=distinct-estimator][data-method=hll]')).registers, '1024');
    await waitAttr(page, '[data-testid=graph-status]', 'data-status', 'done', 20_000);
    const rows = await all(page, '[data-testid=neighbourhood][data-node="0"]');
    assert.equal(rows.length, 3);
    assert.equal(rows[0].size, '1');
    assert.ok(Number(rows[1].size) >= 3);
    for (const r of rows.slice(1)) {
      const ratio = Number(r.estimate) / Number(r.size);
      assert.ok(ratio > 0.2 && ratio < 5, `estimate within a factor of 5: ${JSON.stringify(r)}`);
    }
  });
});

test('your own example, and bad parameters', async () => {
  await withPage('?view=distinct', async (page) => {
    await page.fill('[data-testid=stream-input]', '8, 8, 16');
    await page.fill('[data-testid=hashes-input]', '1:0');
    await page.fill('[data-testid=w-input]', '6');
    await page.click('[data-testid=lecture-apply]');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('hashes') === '1:0');
    await waitAttr(page, '[data-testid=step]', 'data-step', '1');
    await page.click('[data-testid=step-next]');
    await page.click('[data-testid=step-next]');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
    const est = await dataAttrs(page, '[data-testid=fm-estimate]');
    assert.deepEqual([est.r, est.value], ['4', '16']);
  });
  await withPage('?view=distinct&stream=1.5,-3&hashes=0:1,x&w=65&node=Z&d=99&estimators=bogus&registers=100&step=-1', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['stream', 'hashes', 'w', 'node', 'd', 'estimators', 'registers', 'step']) assert.ok(params.includes(p), `${p} in ${params}`);
    assert.equal((await dataAttrs(page, '[data-testid=step]')).step, '0');
  });
});

test('BENCH: 1,000,000 elements × 64 hash functions', { timeout: 120_000 }, async () => {
  await withPage('?view=distinct&length=1000000&runs=1&functions=64', async (page) => {
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    await waitAttr(page, '[data-testid=fm-progress]', 'data-status', 'done', 90_000);
    const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
    const p = await dataAttrs(page, '[data-testid=fm-progress]');
    const c = await all(page, '[data-testid=fm-combined]');
    console.log(`BENCH distinct 1,000,000 elements x 64 hash functions (one run): ${p['elapsed-ms']} ms; longest frame gap ${Math.max(...gaps).toFixed(0)} ms; truth ${c[0].true}, ${c.map((x) => `${x.method} ${Number(x.value).toFixed(0)}`).join(', ')}`);
  });
});

test('BENCH: the random graph of 100,000 nodes, d up to 10', { timeout: 120_000 }, async () => {
  await withPage('?view=distinct&length=1000&runs=1&graph=100000&d=10&node=5', async (page) => {
    await waitAttr(page, '[data-testid=fm-progress]', 'data-status', 'done', 30_000);
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    const p = await waitAttr(page, '[data-testid=graph-progress]', 'data-status', 'done', 90_000);
    const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
    const rows = await all(page, '[data-testid=neighbourhood][data-node="5"]');
    assert.equal(rows.length, 11, 'one row per d = 0 .. 10');
    assert.equal(rows[10].size, '100000', 'd = 10 reaches the whole graph');
    assert.equal(p.done, p.total);
    console.log(`BENCH distinct random graph 100,000 nodes, 16 hashes, d = 0..10: ${p['elapsed-ms']} ms; longest frame gap ${Math.max(...gaps).toFixed(0)} ms; estimate at d = 10: ${Number(rows[10].estimate).toFixed(0)}`);
  });
});
