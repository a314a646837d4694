// End-to-end tests of the xor view: the sizes recomputed here from the reference's formulas (not
// the app's code), every key's slots XOR to its fingerprint once built, every peel takes a slot no
// key still on the table shares, a failed build's core, the sweep's points, a bad link's notices.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

// The reference's sizes (xorfilter.h, binaryfusefilter.h at c482686; 4-wise as fastfilter_cpp).
function sizes(kind, n) {
  if (kind === 'xor') {
    const cap = Math.floor(Math.floor(32 + 1.23 * n) / 3) * 3;
    return { array: cap, length: cap / 3, count: 3 };
  }
  const four = kind === 'fuse4';
  const exp = four ? Math.log(n) / Math.log(2.91) - 0.5 : Math.log(n) / Math.log(3.33) + 2.25;
  const length = Math.min(2 ** Math.max(0, Math.floor(exp)), 262144);
  const factor = four ? Math.max(1.075, 0.77 + 0.305 * Math.log(600000) / Math.log(n))
    : Math.max(1.125, 0.875 + 0.25 * Math.log(1e6) / Math.log(n));
  const cap = Math.round(n * factor);
  const extra = four ? 3 : 2;
  const count = Math.max(1, Math.ceil(cap / length) - extra);
  return { array: (count + extra) * length, length, count };
}

test('the sizes table reproduces the reference\'s sizes', async () => {
  await withPage('?view=xor&n=11504', async (page) => {
    const rows = (await all(page, '[data-testid=xor-sizes]')).filter((r) => r.rule === 'reference');
    assert.equal(rows.length, 3);
    for (const r of rows) {
      const want = sizes(r.kind, 11504);
      assert.deepEqual([+r.arrayLength, +r.segmentLength, +r.segmentCount], [want.array, want.length, want.count], r.kind);
    }
    // The reference's own issue #77 table: 12 segments of 1,024, 14,336 slots.
    const fuse = rows.find((r) => r.kind === 'fuse3');
    assert.deepEqual([fuse.segmentLength, fuse.segmentCount, fuse.arrayLength], ['1024', '12', '14336']);
  });
});

test('stepping through a build: each peel takes a slot only its key still uses, and every key XORs to its fingerprint', async () => {
  const keys = ['ant', 'bee', 'cat', 'dog', 'eel', 'fox', 'gnu', 'hen'];
  // From the degrees (step 1), where nothing has been peeled yet.
  await withPage(`?view=xor&kind=fuse3&items=${keys.join(',')}&step=1`, async (page) => {
    const rows = await all(page, '[data-testid=xor-key]');
    assert.deepEqual(rows.map((r) => r.key), keys);
    const slots = rows.map((r) => r.slots.split(',').map(Number));
    let stack = [];
    for (let step = 2; ; step++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((s) => new URLSearchParams(location.search).get('step') === String(s), step);
      const peel = await dataAttrs(page, '[data-testid=xor-peel]');
      const now = peel.stack === '' ? [] : peel.stack.split(',').map(Number);
      if (now.length === stack.length) break;
      assert.deepEqual(now.slice(0, stack.length), stack, `step ${step}`);
      const key = now[now.length - 1];
      const left = keys.map((_, i) => i).filter((i) => !stack.includes(i));
      const alone = slots[key].filter((s) => left.filter((i) => slots[i].includes(s)).length === 1);
      assert.ok(alone.length > 0, `step ${step}: ${keys[key]} shares every slot`);
      stack = now;
    }
    assert.equal(stack.length, keys.length);
    // At the first slot written; one more step per key reaches the lookup, every slot final.
    for (let i = 0; i < keys.length; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => !document.querySelector('[data-testid=xor-array]').dataset.values.includes('-'));
    const array = await dataAttrs(page, '[data-testid=xor-array]');
    assert.equal(array.built, 'true');
    const values = array.values.split(',').map(Number);
    for (const r of rows) {
      const x = r.slots.split(',').map(Number).reduce((acc, s) => acc ^ values[s], 0);
      assert.equal(x, Number(r.fingerprint), r.key);
    }
  });
});

test('too few slots per key: the build fails and names its core', async () => {
  const keys = Array.from({ length: 40 }, (_, i) => `k${i}`).join(',');
  await withPage(`?view=xor&items=${keys}&spk=0.9&step=0`, async (page) => {
    const array = await dataAttrs(page, '[data-testid=xor-array]');
    assert.deepEqual([array.built, array.attempts], ['false', '100']);
    assert.match(await page.textContent('[data-testid=narration]'), /the last of 100 attempts, none of which could peel/);
    // Step to the end: the core, every slot of it used by two keys or more.
    const rows = await all(page, '[data-testid=xor-key]');
    const { steps } = await dataAttrs(page, '[data-testid=step]');
    for (let i = 0; i < Number(steps); i++) await page.keyboard.press('ArrowRight');
    await waitAttr(page, '[data-testid=step]', 'data-step', steps);
    assert.match(await page.textContent('[data-testid=narration]'), /every slot they use .* is used by two keys or more/);
    const peel = await dataAttrs(page, '[data-testid=xor-peel]');
    const gone = peel.stack === '' ? [] : peel.stack.split(',').map(Number);
    const left = rows.map((_, i) => i).filter((i) => !gone.includes(i));
    assert.ok(left.length > 0);
    for (const i of left) {
      for (const s of rows[i].slots.split(',').map(Number)) {
        const users = left.filter((j) => rows[j].slots.split(',').map(Number).includes(s)).length;
        assert.ok(users >= 2, `slot ${s} of ${rows[i].key} has ${users} key(s) left`);
      }
    }
  });
});

test('the sweep fills in its points and a bad link gets notices naming its parameters', async () => {
  await withPage('?view=xor&n=2000&kind=xor&fp=12&items=a,a,b', async (page) => {
    const notices = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.textContent).join(' | '));
    assert.match(notices, /fp/);
    assert.match(notices, /more than once/);
    await waitAttr(page, '[data-testid=sweep-progress]', 'data-status', 'done', 60_000);
    const sweep = await dataAttrs(page, '[data-testid=build-sweep]');
    const points = sweep.points.split(';').map((p) => p.match(/^([\d.]+):(\d+)\/(\d+)$/)).map((m) => [+m[1], +m[2], +m[3]]);
    assert.equal(points.length, 21);
    assert.ok(points.filter((p) => p[0] <= 1.12).every((p) => p[1] === 0), sweep.points);
    assert.ok(points.filter((p) => p[0] >= 1.34).every((p) => p[1] === p[2]), sweep.points);
    await waitFor(page, '[data-testid=sweep-chart]');
  });
});

test('the false-positive rate measured on 100,000 keys: its interval holds 2^−8, and its bits a key are the sizes\' own', async () => {
  await withPage('?view=xor&kind=fuse3&n=100000', async (page) => {
    await waitAttr(page, '[data-testid=fpr-progress]', 'data-status', 'done', 60_000);
    const m = await dataAttrs(page, '[data-testid=xor-fpr]');
    assert.equal(+m.n, 100000);
    assert.equal(+m.hits / +m.probes, +m.fpr);
    assert.ok(+m.low <= 2 ** -8 && 2 ** -8 <= +m.high, JSON.stringify(m));
    assert.equal(+m.theory, 2 ** -8);
    // The bits a key recomputed from the reference's sizes.
    assert.ok(Math.abs(+m['bits-per-key'] - sizes('fuse3', 100000).array * 8 / 100000) < 1e-9, m['bits-per-key']);
    const text = await page.$eval('[data-testid=xor-fpr]', (e) => e.textContent);
    assert.match(text, /Theory is inside the interval/);
  });
});

test('just after the segment length doubles, first seeds fail far more often with the reference\'s sizes than with halving', async () => {
  await withPage('?view=xor&n=2000', async (page) => {
    await waitAttr(page, '[data-testid=window-progress]', 'data-status', 'done', 90_000);
    const rules = Object.fromEntries((await all(page, '[data-testid=fuse-window]')).map((w) => [w.rule,
      w.points.split(';').map((p) => p.match(/^(\d+):(\d+)\/(\d+)$/)).map((m) => ({ n: +m[1], failed: +m[2], trials: +m[3] }))]));
    assert.deepEqual(rules.reference.map((p) => p.n), Array.from({ length: 15 }, (_, i) => 11004 + 50 * i));
    // Where the reference's formula doubles the segment length, recomputed here.
    const doubled = rules.reference.filter((p) => sizes('fuse3', p.n).length === 1024);
    assert.ok(doubled.length > 0 && doubled.length < 15);
    const at = (rule) => rules[rule].find((p) => p.n === 11504);
    assert.ok(at('reference').failed >= 20, JSON.stringify(at('reference')));
    assert.ok(at('halving').failed < 10, JSON.stringify(at('halving')));
    const sum = (rule) => rules[rule].reduce((s, p) => s + p.failed, 0);
    assert.ok(sum('reference') > 2 * sum('halving'), `${sum('reference')} against ${sum('halving')}`);
    await waitFor(page, '[data-testid=window-chart]');
    const said = await page.$eval('[data-testid=window-summary]', (e) => e.textContent);
    assert.ok(said.includes(`failed for ${at('reference').failed} of 30`) && said.includes(`${at('halving').failed} of 30 with`), said);
  });
});
