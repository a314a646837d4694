// End-to-end tests of the moments view: the surprise widget, the AMS walkthrough by link and by
// keyboard (75, 45, 45 → 55; every position → 59), higher moments, the reservoir steps, the
// estimator at scale with pasted text, and bad links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

test('the surprise number: presets, a typed count keeps the total', async () => {
  await withPage('?view=moments', async (page) => {
    let s = await dataAttrs(page, '[data-testid=surprise]');
    assert.equal(s.value, '910');
    assert.equal(s.counts, '10,9,9,9,9,9,9,9,9,9,9');
    await page.click('[data-testid=surprise-preset] >> nth=1');
    await waitAttr(page, '[data-testid=surprise]', 'data-value', '8110');
    const moments = await all(page, '[data-testid=surprise-moment]');
    assert.deepEqual(moments.map((m) => m.value), ['11', '100', '8110', String(90 ** 3 + 10)]);
    await page.fill('[data-testid=surprise-count] >> nth=0', '10');
    await page.press('[data-testid=surprise-count] >> nth=0', 'Enter');
    await waitAttr(page, '[data-testid=surprise]', 'data-value', '910');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('counts') === null);
  });
  await withPage('?view=moments&counts=50,30,20', async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=surprise]')).value, String(2500 + 900 + 400));
  });
});

test('the AMS walkthrough: 75, 45, 45 and their mean 55, then every position gives 59', async () => {
  await withPage('?view=moments&step=16', async (page) => {
    const vars = await all(page, '[data-testid=ams-variable]');
    assert.deepEqual(vars.map((v) => [v.position, v.element, v.count, v.value]),
      [['3', 'c', '3', '75'], ['8', 'd', '2', '45'], ['13', 'a', '2', '45']]);
    const est = await dataAttrs(page, '[data-testid=ams-estimate]');
    assert.equal(est.k, '2');
    assert.equal(est.value, '55');
    const truth = await page.$eval('[data-testid=moment-true][data-k="2"]', (e) => e.dataset.value).catch(() => null);
    assert.equal(truth, null, 'the moments table is on the first step');
  });
  await withPage('?view=moments&step=17', async (page) => {
    assert.equal((await all(page, '[data-testid=ams-variable]')).length, 15);
    assert.equal((await dataAttrs(page, '[data-testid=ams-estimate]')).value, '59');
  });
  await withPage('?view=moments&step=18', async (page) => {
    const sums = await all(page, '[data-testid=proof-sum]');
    assert.deepEqual(sums.map((s) => [s.element, s.m, s.value]),
      [['a', '5', '25'], ['b', '4', '16'], ['c', '3', '9'], ['d', '3', '9']]);
    assert.equal((await dataAttrs(page, '[data-testid=proof-total]')).value, '59');
  });
  await withPage('?view=moments', async (page) => {
    const m = await all(page, '[data-testid=moment-true]');
    assert.deepEqual(m.map((x) => [x.k, x.value]), [['0', '4'], ['1', '15'], ['2', '59'], ['3', '243'], ['4', '1043']]);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
    const vars = await all(page, '[data-testid=ams-variable]');
    assert.deepEqual(vars.map((v) => v.count), ['1', '0', '0']);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '3');
  });
});

test('higher moments and your own example', async () => {
  // MMDS exercise 4.5.1: second moment 21, third 51.
  await withPage('?view=moments&stream=3,1,4,1,3,4,2,1,2&positions=1,2&k=3', async (page) => {
    const m = await all(page, '[data-testid=moment-true]');
    assert.equal(m.find((x) => x.k === '3').value, '51');
    assert.equal(m.find((x) => x.k === '2').value, '21');
  });
  // Step 11 of a 9-element stream: a variable at every position; their mean is the moment.
  await withPage('?view=moments&stream=3,1,4,1,3,4,2,1,2&k=3&step=11', async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=ams-estimate]')).value, '51');
  });
  await withPage('?view=moments', async (page) => {
    await page.fill('[data-testid=stream-input]', 'x, y, x, x');
    await page.fill('[data-testid=positions-input]', '2');
    await page.fill('[data-testid=k-input]', '2');
    await page.click('[data-testid=lecture-apply]');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('stream') === 'x,y,x,x');
    await waitAttr(page, '[data-testid=step]', 'data-step', '1');
    await waitAttr(page, '[data-testid=step]', 'data-steps', String(1 + 4 + 3 + 1 + 3 + 2 - 1));
    for (const want of ['2', '3', '4', '5']) {
      await page.click('[data-testid=step-next]');
      await waitAttr(page, '[data-testid=step]', 'data-step', want);
    }
    const v = await dataAttrs(page, '[data-testid=ams-variable]');
    assert.deepEqual([v.position, v.element, v.count, v.value], ['2', 'y', '1', '4']);
  });
});

test('the reservoir: slots after each arrival, the argument, inclusion near s/n', async () => {
  await withPage('?view=moments&step=19', async (page) => {
    const slots = await all(page, '[data-testid=reservoir-slot]');
    assert.deepEqual(slots.map((s) => s.position), ['1', '2', '3']);
  });
  await withPage('?view=moments&step=20', async (page) => {
    const d = await dataAttrs(page, '[data-testid=reservoir-draw]');
    assert.equal(d.position, '4');
    assert.ok(Math.abs(Number(d.chance) - 0.75) < 1e-12);
    assert.equal(d.chosen, String(Number(d.draw) < 0.75));
  });
  await withPage('?view=moments&step=32', async (page) => {
    const rows = await all(page, '[data-testid=reservoir-argument]');
    assert.equal(rows.length, 15);
    for (const r of rows) assert.ok(Math.abs(Number(r.value) - 0.2) < 1e-12, JSON.stringify(r));
  });
  await withPage('?view=moments&step=33', async (page) => {
    const rows = await all(page, '[data-testid=reservoir-inclusion]');
    assert.equal(rows.length, 15);
    for (const r of rows) {
      assert.equal(r.theory, '0.2');
      assert.ok(Math.abs(Number(r.measured) - 0.2) < 0.02, JSON.stringify(r));
    }
    assert.ok(await page.$('[data-testid=reservoir-chart]'));
  });
});

test('the estimator at scale finishes, and runs on pasted text', { timeout: 60_000 }, async () => {
  await withPage('?view=moments&length=10000&s=100&groups=5', async (page) => {
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 30_000);
    const r = await dataAttrs(page, '[data-testid=ams-scale]');
    assert.equal(r.length, '10000');
    assert.equal(r.s, '100');
    assert.ok(Number(r.exact) >= 10000 && Number(r.exact) <= 1e8, r.exact);
    assert.ok(Number(r.beyond50) >= 0 && Number(r.beyond50) <= 1);
    assert.ok(await page.$('[data-testid=scale-histogram]'));
    // Combining: the slides' group size (slide 44) and this run's groups of 100 / 5 = 20.
    const note = await page.textContent('[data-testid=scale-combining]');
    assert.match(note, /slide 44.*groups of size O\(log n\)/);
    assert.match(note, /100 variables form 5 groups of 20/);
    assert.match(note, /equal counts give a symmetric X for k = 2/);
    await page.click('.paste summary');
    await page.fill('[data-testid=dataset-paste]', 'the cat and the hat and the bat');
    await page.click('[data-testid=dataset-use]');
    await page.waitForFunction(() => document.querySelector('[data-testid=ams-scale]')?.dataset.source === 'text');
    const t = await dataAttrs(page, '[data-testid=ams-scale]');
    assert.equal(t.exact, '16');
    assert.equal(t.length, '8');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('source') === 'text');
  });
  await withPage('?view=moments&source=text&length=5000', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=source]');
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 30_000);
    assert.equal((await dataAttrs(page, '[data-testid=ams-scale]')).source, 'uniform');
  });
  // From k = 3 on, equal counts do not make X symmetric.
  await withPage('?view=moments&length=10000&s=100&groups=5&k=3', async (page) => {
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 30_000);
    const note = await page.textContent('[data-testid=scale-combining]');
    assert.match(note, /for k = 3 even equal counts give a skewed X/);
    assert.doesNotMatch(note, /symmetric/);
  });
});

test('bad parameters give notices naming them', async () => {
  await withPage('?view=moments&stream=,,&positions=0,x&k=0&counts=1,x&s=0&length=1e9&source=pink&step=999', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['stream', 'positions', 'k', 'counts', 's', 'length', 'source', 'step']) {
      assert.ok(params.includes(p), `${p} in ${params}`);
    }
    assert.equal((await dataAttrs(page, '[data-testid=surprise]')).value, '910');
    assert.equal((await dataAttrs(page, '[data-testid=step]')).step, '33');
  });
});

test('BENCH: the estimator on 1,000,000 elements with 1,000 variables', { timeout: 120_000 }, async () => {
  await withPage('?view=moments&length=1000000&s=1000', async (page) => {
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 60_000);
    const first = Number((await dataAttrs(page, '[data-testid=scale-progress]'))['elapsed-ms']);
    // Again with another seed, now that the WebAssembly is warm.
    await page.evaluate(() => { window.__gaps = []; });
    await page.fill('[data-testid=scale-seed]', '2');
    await page.press('[data-testid=scale-seed]', 'Enter');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('seed') === '2');
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 60_000);
    const warm = Number((await dataAttrs(page, '[data-testid=scale-progress]'))['elapsed-ms']);
    const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
    const r = await dataAttrs(page, '[data-testid=ams-scale]');
    assert.equal(r.length, '1000000');
    console.log(`BENCH moments AMS at scale (Zipf 1.0, 1,000,000 elements, 1,000 variables, 200 runs): ${warm.toFixed(0)} ms (first after load ${first.toFixed(0)} ms); longest frame gap ${Math.max(...gaps).toFixed(0)} ms`);
  });
});
