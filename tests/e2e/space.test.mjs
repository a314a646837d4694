// End-to-end tests of the space view: the split-block filter's words recomputed here from Parquet's
// published algorithm (XXH64 written out below, not the app's code), the measured points against
// their formulas and the bound, the ribbon walkthrough's rows step by step, a bad link's notices.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => Object.fromEntries(
  [...e.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name.slice(5), a.value]))));

// XXH64 with seed 0, for keys shorter than 32 bytes (Collet's specification, xxhash.h).
const P1 = 11400714785074694791n, P2 = 14029467366897019727n, P3 = 1609587929392839161n;
const P4 = 9650029242287828579n, P5 = 2870177450012600261n, M = (1n << 64n) - 1n;
const rotl = (x, r) => ((x << BigInt(r)) | (x >> BigInt(64 - r))) & M;
const lane = (b, i, n) => { let v = 0n; for (let j = n - 1; j >= 0; j--) v = (v << 8n) | BigInt(b[i + j]); return v; };
function xxh64(text) {
  const b = new TextEncoder().encode(text);
  assert.ok(b.length < 32, 'short keys only');
  let h = (P5 + BigInt(b.length)) & M;
  let i = 0;
  for (; i + 8 <= b.length; i += 8) h = (rotl(h ^ ((rotl((lane(b, i, 8) * P2) & M, 31) * P1) & M), 27) * P1 + P4) & M;
  if (i + 4 <= b.length) { h = (rotl(h ^ ((lane(b, i, 4) * P1) & M), 23) * P2 + P3) & M; i += 4; }
  for (; i < b.length; i++) h = (rotl(h ^ ((BigInt(b[i]) * P5) & M), 11) * P1) & M;
  h ^= h >> 33n; h = (h * P2) & M; h ^= h >> 29n; h = (h * P3) & M;
  return h ^ (h >> 32n);
}
assert.equal(xxh64('abc').toString(16), '44bc2cf5ad770999');

// Parquet's BloomFilter.md: the block from the hash's top 32 bits, one bit a word from the salts.
const SALT = [0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31];
function probe(key, blocks) {
  const h = xxh64(key);
  const x = Number(h & 0xffffffffn);
  return { block: Number(((h >> 32n) * BigInt(blocks)) >> 32n), bits: SALT.map((s) => Math.imul(x, s) >>> 27) };
}
function sbbf(keys, blocks) {
  const words = new Array(blocks * 8).fill(0);
  for (const k of keys) {
    const p = probe(k, blocks);
    p.bits.forEach((b, i) => { words[p.block * 8 + i] = (words[p.block * 8 + i] | (1 << b)) >>> 0; });
  }
  return words;
}
const hook = (words) => Array.from({ length: words.length / 8 }, (_, b) =>
  words.slice(b * 8, b * 8 + 8).map((w) => w.toString(16).padStart(8, '0')).join(' ')).join(';');

test('the split-block words are Parquet\'s, and lookups read them', async () => {
  const keys = ['ant', 'bee', 'cat', 'é-clair'];
  await withPage(`?view=space&n=1000&items=${keys.map(encodeURIComponent).join(',')}&blocks=4&query=cow`, async (page) => {
    const words = sbbf(keys, 4);
    const s = await dataAttrs(page, '[data-testid=sbbf]');
    assert.equal(s.blocks, '4');
    assert.equal(s.words, hook(words));
    // Each key sets one bit in each of the eight words of its block.
    for (const k of keys) {
      const p = probe(k, 4);
      p.bits.forEach((b, i) => assert.ok(words[p.block * 8 + i] >>> b & 1, k));
    }
    const cow = probe('cow', 4);
    const passes = cow.bits.every((b, i) => words[cow.block * 8 + i] >>> b & 1);
    const v = await dataAttrs(page, '[data-testid=verdict]');
    assert.deepEqual([v.item, v.verdict, v.truth, v.block], ['cow', passes ? 'maybe' : 'absent', 'non-member', String(cow.block)]);
    await page.fill('[data-testid=query-input]', 'bee');
    await page.click('[data-testid=split-apply]');
    const bee = await waitAttr(page, '[data-testid=verdict]', 'data-item', 'bee');
    assert.deepEqual([bee.verdict, bee.truth, bee.bits], ['maybe', 'member', probe('bee', 4).bits.join(',')]);
    // The form gave the same keys back (the accented one too): the same words.
    assert.equal((await dataAttrs(page, '[data-testid=sbbf]')).words, hook(words));
  });
});

test('the measured points: never below the bound, xor and fuse at 2^−fp, Bloom 44 % over it', async () => {
  await withPage('?view=space&n=20000', async (page) => {
    await waitAttr(page, '[data-testid=space-progress]', 'data-status', 'done', 120_000);
    const points = await all(page, '[data-testid=space-point]');
    const names = [...new Set(points.map((p) => p.filter))];
    assert.deepEqual(names, ['bloom', 'split-block', 'cuckoo', 'xor', 'fuse3', 'fuse4', 'ribbon', 'quotient']);
    for (const p of points) {
      const [bits, fpr, theory] = [+p['bits-per-key'], +p.fpr, +p.theory];
      assert.ok(bits >= Math.log2(1 / theory) - 1e-9, `${p.filter} ${p.size}: ${bits} bits for ε = ${theory}`);
      assert.equal(+p.hits / +p.probes, fpr);
      assert.ok(Number.isFinite(+p['lookup-ns']), `${p.filter} ${p.size}: timed`);
      if (['xor', 'fuse3', 'fuse4'].includes(p.filter)) {
        assert.equal(p.built, 'true');
        const fp = Math.round(Math.log2(1 / theory));
        assert.equal(theory, 2 ** -fp);
        if (fp === 8) assert.ok(Math.abs(fpr / theory - 1) < 0.3, `${p.filter}: ${fpr} against 2^−8`);
        else assert.ok(fpr <= 16 * theory, `${p.filter}: ${fpr} against 2^−${fp}`);
      }
    }
    const bloom = points.filter((p) => p.filter === 'bloom');
    assert.equal(bloom.length, 5);
    for (const p of bloom) {
      const over = (eps) => +p['bits-per-key'] / Math.log2(1 / eps) - 1;
      assert.ok(Math.abs(over(+p.theory) - 0.44) < 0.03, `${p.size}: ${over(+p.theory)}`);
      if (+p['bits-per-key'] <= 8) assert.ok(Math.abs(over(+p.fpr) - 0.44) < 0.07, `${p.size} measured: ${over(+p.fpr)}`);
    }
    assert.deepEqual(await page.$$eval('[data-testid=gives-up] tbody tr', (rows) => rows.map((r) => r.dataset.filter)), names);
    await waitFor(page, '[data-testid=space-chart]');
  });
});

test('the ribbon walkthrough: one key\'s row changes a step, each row from its first 1, until every key is in', async () => {
  await withPage('?view=space&n=1000&w=8', async (page) => {
    const rows = (a) => a.rows.split(';').map((r) => { const [start, bits] = r.split(':'); return { start: +start, bits }; });
    let before = await dataAttrs(page, '[data-testid=ribbon-rows]');
    assert.equal(before.step, '0');
    const { slots } = await dataAttrs(page, '[data-testid=ribbon-built]');
    for (const r of rows(before)) assert.ok(r.bits.length === 8 && r.bits[0] === '1' && r.start + 8 <= +slots, JSON.stringify(r));
    for (let step = 1; await page.isEnabled('[data-testid=ribbon-next]'); step++) {
      await page.click('[data-testid=ribbon-next]');
      const now = await waitAttr(page, '[data-testid=ribbon-rows]', 'data-step', String(step));
      const changed = rows(now).filter((r, i) => JSON.stringify(r) !== JSON.stringify(rows(before)[i]));
      assert.ok(changed.length <= 1, `step ${step}: ${now.rows}`);
      for (const r of changed) assert.ok(r.bits[0] === '1' || !r.bits.includes('1'), `step ${step}: ${JSON.stringify(r)}`);
      before = now;
    }
    assert.equal((await dataAttrs(page, '[data-testid=ribbon-built]')).built, 'true');
    await waitFor(page, '[data-testid=ribbon-solution]');
    await page.click('[data-testid=ribbon-prev]');
    await waitAttr(page, '[data-testid=ribbon-rows]', 'data-step', String(+before.step - 1));
  });
});

test('a bad link gets notices naming blocks, rate and the repeated key, and a working page', async () => {
  await withPage('?view=space&n=1000&blocks=abc&rate=2&items=a,a', async (page) => {
    const params = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.dataset.param));
    for (const p of ['blocks', 'rate', 'items']) assert.ok(params.includes(p), `${p} in ${params}`);
    const notices = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.textContent).join(' | '));
    assert.match(notices, /more than once/);
    const s = await dataAttrs(page, '[data-testid=sbbf]');
    assert.equal(s.words, hook(sbbf(['a'], +s.blocks)));
  });
});
