// End-to-end tests of the toolbox: the default A and B through the hooks, the union's bits equal
// to A ∪ B's filter, the AND against a fresh filter, a wrong n, the variants, and bad links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

test('two filters: estimates, the exact union, the lossy intersection', { timeout: 60_000 }, async () => {
  await withPage('?view=toolbox&n=2000', async (page) => {
    const bits = Object.fromEntries((await all(page, '[data-testid=bit-array]')).map((b) => [b.layer, b.bits]));
    assert.deepEqual(Object.keys(bits).sort(), ['a', 'b', 'intersection', 'union']);
    const or = [...bits.a].map((c, i) => (c === '1' || bits.b[i] === '1' ? '1' : '0')).join('');
    const and = [...bits.a].map((c, i) => (c === '1' && bits.b[i] === '1' ? '1' : '0')).join('');
    assert.equal(bits.union, or);
    assert.equal(bits.intersection, and);
    const est = Object.fromEntries((await all(page, '[data-testid=set-estimate]')).map((e) => [e.set, e]));
    assert.deepEqual(['a', 'b', 'union', 'intersection'].map((s) => est[s].true), ['4', '4', '6', '2']);
    // n̂ = −(m/k) ln(1 − X/m) for A, recomputed here.
    const x = [...bits.a].filter((c) => c === '1').length;
    assert.ok(Math.abs(Number(est.a.value) - -(256 / 3) * Math.log(1 - x / 256)) < 1e-9);
    assert.equal((await dataAttrs(page, '[data-testid=union-exact]')).value, 'true');
    const fp = Object.fromEntries((await all(page, '[data-testid=fp-empirical]')).map((f) => [f.filter, Number(f.value)]));
    assert.ok(fp.intersection >= fp.fresh);
    await page.fill('[data-testid=toolbox-item]', 'emu');
    await page.click('[data-testid=toolbox-add-a]');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('a') === 'cat,dog,owl,fox,emu');
    assert.equal((await dataAttrs(page, '[data-testid=set-estimate][data-set=a]')).true, '5');
  });
});

test('a wrong n and the variants', { timeout: 90_000 }, async () => {
  await withPage('?view=toolbox&n=5000', async (page) => {
    const cost = Object.fromEntries((await all(page, '[data-testid=wrong-n-cost]')).map((c) => [c.error, Number(c.value)]));
    assert.ok(cost['0.01'] > 0 && cost['1'] > 1, JSON.stringify(cost));
    await waitAttr(page, '[data-testid=variants-progress]', 'data-status', 'done', 60_000);
    const v = Object.fromEntries((await all(page, '[data-testid=variant-result]')).map((r) => [r.variant, r]));
    assert.deepEqual(Object.keys(v).sort(), ['blocked', 'classic', 'counting', 'cuckoo', 'partitioned', 'scalable']);
    for (const r of Object.values(v)) {
      assert.equal(r.n, '5000');
      assert.equal(r.failedInserts, '0');
      const measured = Number(r.value), theory = Number(r.theory);
      assert.ok(Math.abs(measured - theory) < 4 * Math.sqrt(theory / 20000) + 0.003, `${r.variant}: ${measured} vs ${theory}`);
    }
    assert.ok(Number(v.counting.bits) <= Number(v.classic.bits));
  });
  await withPage('?view=toolbox&n=5000&f=12&variants=cuckoo', async (page) => {
    await waitAttr(page, '[data-testid=variants-progress]', 'data-status', 'done', 60_000);
    assert.ok(Number((await dataAttrs(page, '[data-testid=variant-result]'))['failed-inserts']) > 0, 'too few slots at 12-bit fingerprints');
  });
});

test('bad links give notices', async () => {
  await withPage('?view=toolbox&m=1&k=99&hash=md5&bulk-a=x&n=0&p=2&f=99&variants=bloom&a=%zz', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['m', 'k', 'hash', 'bulk-a', 'n', 'p', 'f', 'variants', 'a']) assert.ok(params.includes(p), `${p} in ${params}`);
  });
});

test('the small cuckoo filter: inserts fill the buckets, kicks can be stepped through', { timeout: 60_000 }, async () => {
  await withPage('?view=toolbox&n=1000', async (page) => {
    let sawKick = false;
    for (let i = 0; i < 32; i++) {
      await page.click('[data-testid=cuckoo-insert]');
      const last = await dataAttrs(page, '[data-testid=cuckoo-last]');
      const [i1, i2] = last.buckets.split(',');
      if (last.kicks === '0' && last.placed === 'true') {
        const b = await all(page, '[data-testid=cuckoo-bucket]');
        assert.ok([i1, i2].some((x) => b[Number(x)].fingerprints.split(',').includes(last.fingerprint)), `word ${i + 1} sits in bucket ${i1} or ${i2}`);
      }
      if (Number(last.kicks) > 0 && !sawKick) {
        sawKick = true;
        await page.click('[data-testid=cuckoo-kick-next]');
        const k = await dataAttrs(page, '[data-testid=cuckoo-kick]');
        assert.equal(k.step, '1');
        assert.ok([i1, i2].includes(k.bucket), 'the first kick lands in one of the word\'s buckets');
      }
    }
    assert.ok(sawKick, 'filling 32 slots needs kicks');
    const fps = (await all(page, '[data-testid=cuckoo-bucket]')).flatMap((b) => b.fingerprints.split(',')).filter((f) => f !== '-');
    assert.ok(fps.length >= 28);
  });
});
