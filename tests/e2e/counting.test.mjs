// End-to-end tests of the counting (spectral) filter view: ops links replayed at load, the
// contract's hooks, typed operations, refused and forced deletes, and the experiment.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, shutdown, openPage, closePage, reloadPage, assertClean,
  dataAttrs, waitAttr, waitFor, cssString, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

/** Opens `query`, runs `fn(page)` and checks the page stayed clean. */
const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const INPUT = '[data-testid=item-input]';
const PRIMARY = '[data-testid=counter-array][data-layer=primary]';
const VERDICT = '[data-testid=verdict]';
const ESTIMATE = '[data-testid=estimate]';
const FRUIT = 'i:apple,i:banana,i:cherry,i:date,i:elderberry,i:fig,i:grape';
const T = { timeout: 60_000 };

const counters = async (page) => (await dataAttrs(page, PRIMARY)).counters.split(',').map(Number);
const trace = (item) => `[data-testid=hash-trace][data-item=${cssString(item)}]`;

async function act(page, button, item) {
  await page.fill(INPUT, item);
  await page.click(`[data-testid=${button}-button]`);
}

async function opsInUrl(page) {
  return page.evaluate(() => {
    const m = /[?&]ops=([^&]*)/.exec(location.search);
    return m ? m[1].split(',').map((p) => p.slice(0, 2) + decodeURIComponent(p.slice(2))) : [];
  });
}

async function waitOps(page, want) {
  const deadline = Date.now() + 5_000;
  let have = await opsInUrl(page);
  while (JSON.stringify(have) !== JSON.stringify(want) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    have = await opsInUrl(page);
  }
  assert.deepEqual(have, want, 'ops in the address');
}

test('a. an ops link is replayed: counters, estimate, verdict, trace', T, async () => {
  await withPage('?view=counting&m=32&k=3&w=4&ops=i:apple,i:apple,i:banana,d:apple&query=apple', async (page) => {
    await waitFor(page, PRIMARY);
    const arr = await dataAttrs(page, PRIMARY);
    assert.equal(arr.m, '32');
    const c = arr.counters.split(',').map(Number);
    assert.equal(c.length, 32);
    assert.equal(c.reduce((a, b) => a + b, 0), 6, 'three inserts and one delete of 3 hashes each leave 6');
    const e = await waitAttr(page, ESTIMATE, 'data-item', 'apple');
    assert.equal(e.value, '1');
    assert.equal(e.true, '1');
    const v = await dataAttrs(page, VERDICT);
    assert.equal(v.verdict, 'maybe');
    assert.equal(v.truth, 'member');
    const positions = (await dataAttrs(page, trace('apple'))).positions.split(',').map(Number);
    assert.equal(positions.length, 3);
    assert.equal(Math.min(...positions.map((p) => c[p])), 1, 'the estimate is the smallest counter');
    const theory = await page.$$eval('[data-testid=fp-theory]', (els) => els.map((e) => [e.dataset.formula, e.dataset.n]));
    assert.deepEqual(theory, [['approx', '2'], ['exact', '2']]);
  });
});

test('b. typed insert, delete and lookup keep the address in step', T, async () => {
  await withPage('?view=counting&m=64&k=3', async (page) => {
    await act(page, 'insert', 'a,b');
    await waitAttr(page, ESTIMATE, 'data-item', 'a,b');
    await act(page, 'insert', 'a,b');
    await waitAttr(page, ESTIMATE, 'data-value', '2');
    await act(page, 'insert', '🙂');
    await waitAttr(page, ESTIMATE, 'data-item', '🙂');
    await act(page, 'delete', 'a,b');
    await waitAttr(page, ESTIMATE, 'data-item', 'a,b');
    assert.equal((await dataAttrs(page, ESTIMATE)).true, '1');
    await waitOps(page, ['i:a,b', 'i:a,b', 'i:🙂', 'd:a,b']);
    const before = await counters(page);
    await reloadPage(page);
    await waitFor(page, PRIMARY);
    assert.deepEqual(await counters(page), before, 'the reload replays the same history');
    await act(page, 'lookup', 'never');
    const v = await waitAttr(page, VERDICT, 'data-item', 'never');
    assert.equal(v.truth, 'non-member');
  });
});

test('c. deleting an absent item is refused, unless forced; the damage is named', T, async () => {
  await withPage(`?view=counting&m=32&k=3&ops=${FRUIT}`, async (page) => {
    await waitFor(page, PRIMARY);
    await act(page, 'delete', 'quince');
    await page.waitForSelector('[data-testid=notice]', { state: 'attached', timeout: 5_000 });
    assert.match(await page.textContent('[data-testid=notice]'), /absent/);
    await waitOps(page, FRUIT.split(','));
    await page.check('[data-testid=force-toggle]');
    await act(page, 'delete', 'quince');
    await waitAttr(page, '[data-testid=op-damage]', 'data-items', 'banana');
    await act(page, 'lookup', 'banana');
    const v = await waitAttr(page, VERDICT, 'data-item', 'banana');
    assert.equal(v.verdict, 'absent');
    assert.equal(v.truth, 'member');
    assert.match(await page.textContent(VERDICT), /false negative/i);
    const url = await page.evaluate(() => location.search);
    assert.match(url, /force=1/);
    assert.match(url, /d:quince/);
  });
});

test('d. preset links demonstrate each failure mode', T, async () => {
  await withPage(`?view=counting&m=32&k=3&w=4&ops=${FRUIT},d:lemon&query=cherry`, async (page) => {
    const v = await waitAttr(page, VERDICT, 'data-item', 'cherry');
    assert.deepEqual([v.verdict, v.truth], ['absent', 'member']);
    assert.notEqual((await dataAttrs(page, '[data-testid=damage]'))['false-negatives'], '0');
  });
  await withPage('?view=counting&m=32&k=3&w=4&mode=mi&ops=i:apple,i:fig,i:fig,d:apple&query=fig', async (page) => {
    const e = await waitAttr(page, ESTIMATE, 'data-item', 'fig');
    assert.deepEqual([e.value, e.true], ['1', '2']);
  });
  await withPage('?view=counting&m=32&k=3&w=2&ops=i:apple,i:apple,i:apple,i:apple,d:apple,d:apple,d:apple,d:apple&query=apple', async (page) => {
    const e = await waitAttr(page, ESTIMATE, 'data-item', 'apple');
    assert.deepEqual([e.value, e.true], ['3', '0']);
    assert.equal((await dataAttrs(page, PRIMARY)).saturated, '3');
  });
  await withPage('?view=counting&mode=rm&ops=i:apple,i:fig,i:fig', async (page) => {
    const layers = await page.$$eval('[data-testid=counter-array]', (els) => els.map((e) => [e.dataset.layer, e.dataset.m]));
    assert.deepEqual(layers, [['primary', '32'], ['secondary', '16']]);
  });
  await withPage('?view=counting', async (page) => {
    const ids = await page.$$eval('[data-testid=preset-link]', (els) => els.map((e) => e.dataset.preset));
    assert.ok(ids.includes('phantom-delete') && ids.includes('overflow') && ids.includes('mi-delete'), ids.join());
    await page.click('[data-testid=preset-link][data-preset=overflow]');
    await waitAttr(page, ESTIMATE, 'data-value', '3');
  });
});

test('e. bad parameters give notices, not a broken page', T, async () => {
  await withPage('?view=counting&m=-1&k=0&w=99&mode=avg&hash=md5&ops=i:a,x:b,d:zz,i:%zz&exp=no', async (page) => {
    for (const p of ['m', 'k', 'w', 'mode', 'hash', 'ops', 'exp']) {
      await page.waitForSelector(`[data-testid=notice][data-param=${cssString(p)}]`, { state: 'attached', timeout: 10_000 });
    }
    assert.equal((await dataAttrs(page, PRIMARY)).m, '32');
    await act(page, 'insert', 'hello');
    await waitAttr(page, ESTIMATE, 'data-item', 'hello');
  });
});

test('f. a million counters draw, and data-counters is left out', T, async () => {
  await withPage('?view=counting&m=1048576&k=7&w=8&ops=i:x,i:y&query=x', async (page) => {
    const arr = await dataAttrs(page, PRIMARY);
    assert.equal(arr.m, '1048576');
    assert.equal(arr.counters, undefined);
    assert.equal(arr.nonzero, '14');
    const box = await page.locator(`${PRIMARY} canvas`).boundingBox();
    assert.ok(box && box.width > 100 && box.height > 50);
  });
});

test('g. the Zipf experiment runs in slices and plots every estimator', { timeout: 120_000 }, async () => {
  await withPage('?view=counting', async (page) => {
    await page.fill('[data-testid=experiment-seed]', '3');
    await page.click('[data-testid=experiment-button]');
    await waitFor(page, '[data-testid=experiment-progress]');
    await page.waitForFunction(() => document.querySelector('[data-testid=experiment]')?.dataset.status === 'done',
      null, { timeout: 90_000, polling: 200 });
    const prog = await dataAttrs(page, '[data-testid=experiment-progress]');
    assert.equal(prog.done, prog.total);
    const pts = await page.$$eval('[data-testid=experiment-point]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.equal(pts.length, 21);
    for (const p of pts) {
      assert.ok(Number.isFinite(Number(p.mean)));
      if (p.mode !== 'rm') assert.equal(p.under, '0');
    }
    await waitFor(page, '[data-testid=experiment-plot][data-plot-height]');
    assert.match(await page.evaluate(() => location.search), /exp=3/);
  });
});

test('h. pointing at a counter explains it', T, async () => {
  await withPage('?view=counting&m=32&k=3&ops=i:apple,i:apple&query=apple', async (page) => {
    await waitFor(page, trace('apple'));
    const p = Number((await dataAttrs(page, trace('apple'))).positions.split(',')[0]);
    const canvas = page.locator(`${PRIMARY} canvas`);
    await canvas.waitFor({ state: 'visible' });
    const box = await canvas.boundingBox();
    // Find the cell of counter p from the grid: cells are square, laid out row by row.
    const cols = await page.evaluate(({ sel }) => {
      const c = document.querySelector(sel);
      return c.width;
    }, { sel: `${PRIMARY} canvas` });
    assert.ok(cols > 0);
    // Sweep the first rows until the readout names counter p.
    let found = false;
    for (let y = 5; y < box.height && !found; y += 8) {
      for (let x = 5; x < box.width && !found; x += 12) {
        await page.mouse.move(box.x + x, box.y + y);
        const t = await page.textContent('[data-testid=counter-info]');
        if (t.startsWith(`counter ${p} = 2`)) {
          found = true;
          assert.match(t, /apple/);
        }
      }
    }
    assert.ok(found, `the readout named counter ${p}`);
  });
});

test('after a bad delete the class predicts a lookup, and the filter answers it the same way', async () => {
  // Deleting x0, never inserted, takes a count from plum (m = 8, k = 2): a false negative.
  await withPage('?view=counting&m=8&k=2&force=1&ops=i:apple,i:pear,i:plum,d:x0&quiz=class', async (page) => {
    const q = await dataAttrs(page, '[data-testid=question]');
    assert.equal(q.id, 'counting-delete');
    assert.equal(q.answer, undefined, 'no answer before reveal');
    assert.match(await page.textContent('.question-prompt'), /will “plum” be reported present/);
    // The damage note and the multiset would answer it: they wait for the reveal.
    assert.equal(await page.isVisible('[data-testid=op-damage]'), false, 'the damage note waits for the reveal');
    assert.equal(await page.isVisible('[data-testid=damage]'), false, 'the multiset waits for the reveal');
    await page.click('[data-testid=reveal]');
    await waitFor(page, '[data-testid=question][data-answer]');
    assert.match(await page.textContent('[data-testid=op-damage]'), /“plum” is now a false negative/);
    assert.equal(await page.isVisible('[data-testid=damage]'), true, 'the multiset is back after the reveal');
    const answer = (await dataAttrs(page, '[data-testid=question]')).answer;
    assert.match(await page.textContent(`[data-testid=question] [data-testid=choice][data-index="${answer}"]`), /^No/);
    await page.fill(INPUT, 'plum');
    await page.click('[data-testid=lookup-button]');
    await waitAttr(page, VERDICT, 'data-item', 'plum');
    assert.equal((await dataAttrs(page, VERDICT)).verdict, 'absent');
    assert.equal(await page.$('[data-testid=question]'), null, 'a lookup is no delete: no question');
  });
});
