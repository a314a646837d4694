// End-to-end tests of the window view (DGIM): the typed example's buckets and estimate at every t
// against a DGIM written here from the rules (not the app's code), the walkthrough stepped by
// keys and by link, a bad `bits` value's notice, and the errors at scale.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

// DGIM from the rules: at each arrival the oldest bucket leaves when its timestamp is ≤ t − N;
// a 1 makes a bucket 1@t; while r + 1 buckets share a size, the two oldest of them merge, keeping the
// newer timestamp. Buckets newest first; the estimate is all sizes but the oldest's plus half of it.
function dgim(bits, N, r, upTo) {
  let buckets = [];
  for (let t = 1; t <= upTo; t++) {
    buckets = buckets.filter((b) => b.ts > t - N);
    if (bits[t - 1] !== '1') continue;
    buckets.unshift({ size: 1, ts: t });
    for (let size = 1; ; size *= 2) {
      const same = buckets.map((b, i) => [b, i]).filter(([b]) => b.size === size);
      if (same.length <= r) break;
      const [[newer, ni], [, oi]] = same.slice(-2);
      buckets[ni] = { size: size * 2, ts: newer.ts };
      buckets.splice(oi, 1);
    }
  }
  const text = buckets.map((b) => `${b.size}@${b.ts}`).join(',');
  const sizes = buckets.map((b) => b.size);
  const estimate = sizes.length ? sizes.slice(0, -1).reduce((a, b) => a + b, 0) + sizes[sizes.length - 1] / 2 : 0;
  const truth = [...bits.slice(Math.max(0, upTo - N), upTo)].filter((c) => c === '1').length;
  return { text, estimate, truth };
}

const EXAMPLE = '1011011000101110110010110';

test('the issue\'s example at every t matches an independent DGIM', async () => {
  const [N, r] = [16, 2];
  await withPage('?view=window&t=0', async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=dgim-buckets]')).buckets, '');
    for (let t = 1; t <= EXAMPLE.length; t++) {
      await page.keyboard.press('ArrowRight');
      await waitAttr(page, '[data-testid=dgim-buckets]', 'data-t', String(t));
      const want = dgim(EXAMPLE, N, r, t);
      assert.equal((await dataAttrs(page, '[data-testid=dgim-buckets]')).buckets, want.text, `t = ${t}`);
      const est = await dataAttrs(page, '[data-testid=dgim-estimate]');
      assert.equal(Number(est.value), want.estimate, `estimate at t = ${t}`);
      assert.equal(Number(est.true), want.truth, `true count at t = ${t}`);
    }
    await page.waitForFunction(() => new URLSearchParams(location.search).get('t') === null);
  });
  await withPage('?view=window', async (page) => {
    const b = await dataAttrs(page, '[data-testid=dgim-buckets]');
    assert.deepEqual([b.t, b.buckets], ['25', '1@24,1@23,2@21,2@17,4@14']);
    const est = await dataAttrs(page, '[data-testid=dgim-estimate]');
    assert.deepEqual([est.value, est.true], ['8', '9']);
    const mem = await dataAttrs(page, '[data-testid=dgim-memory]');
    assert.deepEqual([mem.bits, mem.most, mem.exact], ['35', '70', '16']);
  });
});

test('other N and r, by link and by the form, and the walkthrough stepped back', async () => {
  const bits = '110101110011101111010110011101';
  await withPage(`?view=window&bits=${bits}&N=10&r=3&t=20`, async (page) => {
    const want = dgim(bits, 10, 3, 20);
    assert.equal((await dataAttrs(page, '[data-testid=dgim-buckets]')).buckets, want.text);
    await page.keyboard.press('ArrowLeft');
    await waitAttr(page, '[data-testid=dgim-buckets]', 'data-t', '19');
    assert.equal((await dataAttrs(page, '[data-testid=dgim-buckets]')).buckets, dgim(bits, 10, 3, 19).text);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('t') === '19');
    const narration = await page.textContent('[data-testid=narration]');
    assert.match(narration, /Bit 19 is a [01]/);
  });
  await withPage('?view=window', async (page) => {
    await page.fill('[data-testid=bits-input]', '1111111');
    await page.fill('[data-testid=n-input]', '5');
    await page.click('[data-testid=lecture-apply]');
    await waitAttr(page, '[data-testid=dgim-buckets]', 'data-t', '7');
    assert.equal((await dataAttrs(page, '[data-testid=dgim-buckets]')).buckets, dgim('1111111', 5, 2, 7).text);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('bits') === '1111111');
  });
});

test('a bad bits value gives a notice, and the rest of the stream is used', async () => {
  await withPage('?view=window&bits=10x1', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=bits]');
    const b = await dataAttrs(page, '[data-testid=dgim-buckets]');
    assert.deepEqual([b.t, b.buckets], ['3', dgim('101', 16, 2, 3).text]);
  });
});

test('the errors at scale stay within 50 %, and within the bound past size one', async () => {
  await withPage('?view=window&p=0.3&length=20000&N=200&r=3&seed=4', async (page) => {
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 60_000);
    const e = await dataAttrs(page, '[data-testid=window-errors]');
    const bound = await dataAttrs(page, '[data-testid=dgim-bound]');
    assert.ok(Number(e.max) <= 0.5 && Number(e.max) > 0, e.max);
    assert.ok(Number(e['past-size-one']) <= Number(bound.past), `${e['past-size-one']} ≤ ${bound.past}`);
    assert.equal(Number(bound.past), 0.25, 'max(1/4, 1/4) for r = 3');
    const mem = await dataAttrs(page, '[data-testid=dgim-memory]');
    assert.ok(Number(e['most-memory']) <= Number(mem.most), `${e['most-memory']} ≤ ${mem.most}`);
    await waitFor(page, '[data-testid=window-chart]');
  });
});

test('the try-it link opens the dgim exercise on the walkthrough\'s bits and N', async () => {
  await withPage('?view=window&bits=1011001110&N=6&t=4', async (page) => {
    await page.click('[data-testid=try-it][data-exercise=dgim]');
    await waitFor(page, '[data-testid=practice-problem]');
    const p = JSON.parse((await dataAttrs(page, '[data-testid=practice-problem]')).problem);
    assert.deepEqual([p.bits, p.N, p.r], ['1011001110', 6, 2]);
    assert.match(page.url(), /exercise=dgim&bits=1011001110&N=6/);
  });
});
