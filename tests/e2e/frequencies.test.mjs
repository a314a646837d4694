// End-to-end tests of the frequencies view: a typed stream's grids and estimates checked against
// count-min and the count sketch computed here, in JavaScript, from the contract's xxh3 family
// (section 2: row j hashes with seed j·G; the count sketch's sign with seed j·G + 1); a bad shape
// gets its notice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, withCleanPage, dataAttrs, waitFor, waitAttr } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const T = { timeout: 60_000 };

// --- xxh3_64 with a seed, for inputs of at most 16 bytes (the reference's short-input paths) ---
const M64 = (1n << 64n) - 1n;
const SECRET = [
  0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
  0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
  0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
  0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
  0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb,
];
const le = (bytes, at, n) => {
  let v = 0n;
  for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[at + i]);
  return v;
};
const rotl = (v, r) => ((v << BigInt(r)) | (v >> BigInt(64 - r))) & M64;
const swap = (v, n) => le([...Array(n)].map((_, i) => Number((v >> BigInt(8 * (n - 1 - i))) & 0xffn)), 0, n);
function xxh64Avalanche(h) {
  h ^= h >> 33n; h = (h * 0xC2B2AE3D27D4EB4Fn) & M64;
  h ^= h >> 29n; h = (h * 0x165667B19E3779F9n) & M64;
  return h ^ (h >> 32n);
}
function xxh3Avalanche(h) {
  h ^= h >> 37n; h = (h * 0x165667919E3779F9n) & M64;
  return h ^ (h >> 32n);
}
function rrmxmx(h, len) {
  h ^= rotl(h, 49) ^ rotl(h, 24); h = (h * 0x9FB21C651E98DF25n) & M64;
  h ^= (h >> 35n) + BigInt(len); h = (h * 0x9FB21C651E98DF25n) & M64;
  return h ^ (h >> 28n);
}
export function xxh3(text, seed) {
  const b = [...new TextEncoder().encode(text)];
  const n = b.length;
  seed &= M64;
  if (n > 16) throw new Error(`this test's xxh3 takes at most 16 bytes: ${text}`);
  if (n > 8) {
    const lo = le(b, 0, 8) ^ ((le(SECRET, 24, 8) ^ le(SECRET, 32, 8)) + seed & M64);
    const hi = le(b, n - 8, 8) ^ ((le(SECRET, 40, 8) ^ le(SECRET, 48, 8)) - seed & M64);
    const p = lo * hi;
    return xxh3Avalanche((BigInt(n) + swap(lo, 8) + hi + ((p & M64) ^ (p >> 64n))) & M64);
  }
  if (n >= 4) {
    const s = seed ^ (swap(seed & 0xffffffffn, 4) << 32n);
    const flip = ((le(SECRET, 8, 8) ^ le(SECRET, 16, 8)) - s) & M64;
    return rrmxmx(((le(b, n - 4, 4) + (le(b, 0, 4) << 32n)) & M64) ^ flip, n);
  }
  if (n > 0) {
    const combo = (BigInt(b[0]) << 16n) | (BigInt(b[n >> 1]) << 24n) | BigInt(b[n - 1]) | (BigInt(n) << 8n);
    return xxh64Avalanche(combo ^ ((le(SECRET, 0, 4) ^ le(SECRET, 4, 4)) + seed & M64));
  }
  return xxh64Avalanche(seed ^ le(SECRET, 56, 8) ^ le(SECRET, 64, 8));
}
const G = 0x9E3779B97F4A7C15n;
const rowSeed = (j) => (BigInt(j) * G) & M64;

/** Count-min (standard and conservative) and the count sketch of `items`, by hand. */
function sketches(items, w, d) {
  const cm = Array.from({ length: d }, () => Array(w).fill(0));
  const cu = cm.map((r) => [...r]);
  const cs = cm.map((r) => [...r]);
  const place = (x) => [...Array(d)].map((_, j) => ({
    col: Number(xxh3(x, rowSeed(j)) % BigInt(w)),
    sign: xxh3(x, (rowSeed(j) + 1n) & M64) % 2n === 0n ? 1 : -1,
  }));
  for (const x of items) {
    const p = place(x);
    const least = Math.min(...p.map(({ col }, j) => cu[j][col]));
    p.forEach(({ col, sign }, j) => {
      cm[j][col] += 1;
      cu[j][col] = Math.max(cu[j][col], least + 1);
      cs[j][col] += sign;
    });
  }
  const median = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const estimate = {
    cm: (x) => Math.min(...place(x).map(({ col }, j) => cm[j][col])),
    'cm-cu': (x) => Math.min(...place(x).map(({ col }, j) => cu[j][col])),
    cs: (x) => median(place(x).map(({ col, sign }, j) => sign * cs[j][col])),
  };
  const hook = (g) => g.map((r) => r.join(',')).join('/');
  return { cm: hook(cm), cu: hook(cu), cs: hook(cs), estimate };
}

test('this test\'s xxh3 gives the contract\'s vectors', () => {
  assert.deepEqual([0, 1, 2].map((j) => xxh3('apple', rowSeed(j)).toString()),
    ['5871078790819449344', '2580920187954555229', '12534684347424140139']);
  assert.deepEqual([0, 1, 2].map((j) => Number(xxh3('cat', rowSeed(j)) % 1000n)), [238, 693, 259]);
});

test('a typed stream: every grid and estimate as computed by hand', T, async () => {
  const items = ['apple', 'banana', 'apple', 'kiwi', 'a', 'apple', 'banana', 'grapefruit juice', 'kiwi', 'a'];
  const [w, d] = [5, 4];
  const q = `?view=frequencies&items=${items.map(encodeURIComponent).join(',')}&w=${w}&d=${d}&update=conservative`;
  const want = sketches(items, w, d);
  await withPage(q, async (page) => {
    await waitFor(page, '[data-testid=cm-grid][data-update=standard]');
    assert.equal((await dataAttrs(page, '[data-testid=cm-grid][data-update=standard]')).counters, want.cm);
    assert.equal((await dataAttrs(page, '[data-testid=cm-grid][data-update=conservative]')).counters, want.cu);
    assert.equal((await dataAttrs(page, '[data-testid=cs-grid]')).counters, want.cs);
    const rows = await page.$$eval('[data-testid=estimate]', (els) => els.map((e) => ({
      item: e.dataset.item, sketch: e.dataset.sketch, value: Number(e.dataset.value), truth: Number(e.dataset.true) })));
    assert.equal(rows.length, 5 * 3);
    for (const r of rows) {
      assert.equal(r.truth, items.filter((x) => x === r.item).length, r.item);
      assert.equal(r.value, want.estimate[r.sketch](r.item), `${r.sketch} of ${r.item}`);
    }
    const bound = await dataAttrs(page, '[data-testid=cm-bound]');
    assert.ok(Math.abs(Number(bound.epsilon) - Math.E / w) < 1e-12 && Math.abs(Number(bound.delta) - Math.exp(-d)) < 1e-12);
    assert.ok(Math.abs(Number(bound.bound) - Math.E / w * items.length) < 1e-9);
  });
});

test('a bad w and d give notices; a new shape from the form', T, async () => {
  await withPage('?view=frequencies&w=0&d=abc', async (page) => {
    const params = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.getAttribute('data-param')));
    assert.ok(params.includes('w') && params.includes('d'), String(params));
    await page.fill('[data-testid=w-input]', '3');
    await page.fill('[data-testid=d-input]', '2');
    await page.click('[data-testid=apply]');
    await waitAttr(page, '[data-testid=cs-grid]', 'data-cols', '3');
    const want = sketches(['apple', 'banana', 'apple', 'cherry', 'apple', 'date', 'banana', 'apple', 'elder', 'fig',
      'apple', 'banana', 'grape', 'apple', 'cherry', 'kiwi', 'apple', 'banana', 'lime', 'apple'], 3, 2);
    assert.equal((await dataAttrs(page, '[data-testid=cm-grid][data-update=standard]')).counters, want.cm);
    assert.match(page.url(), /w=3/);
  });
});

test('the grid drawn large and the lookups follow the form over the same stream', T, async () => {
  await withPage('?view=frequencies', async (page) => {
    // Neither changes the stream or the shape: the feed stands, and what is drawn from it follows.
    await page.selectOption('[data-testid=update-select]', 'conservative');
    await waitFor(page, '[data-testid=cm-grid].large[data-update=conservative]');
    await page.fill('[data-testid=query-input]', 'banana');
    await page.click('[data-testid=apply]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=estimate-item]')].map((e) => e.textContent).join() === 'banana');
  });
});

test('the calculator sizes a sketch for a guarantee and uses it', T, async () => {
  await withPage('?view=frequencies', async (page) => {
    await page.fill('[data-testid=calc-epsilon]', '1%');
    await page.fill('[data-testid=calc-delta]', '0.05');
    await page.click('[data-testid=calc-apply]');
    const shape = await waitAttr(page, '[data-testid=calc-shape]', 'data-w', String(Math.ceil(Math.E / 0.01)));
    assert.equal(shape.d, String(Math.ceil(Math.log(1 / 0.05))));
    await page.click('[data-testid=calc-use]');
    await waitAttr(page, '[data-testid=cs-grid]', 'data-cols', '272');
    assert.equal((await dataAttrs(page, '[data-testid=cs-grid]')).rows, '3');
    const mg = (await dataAttrs(page, '[data-testid=hh-counters][data-algorithm=mg]')).counters;
    assert.ok(mg.startsWith('apple:'), mg);
  });
});

// --- The run at scale, computed again here: the Zipf draws (fastrand's WyRand, as
// crates/bloomlab-base/src/data/generate.rs draws them), the generated words
// (crates/bloomlab-kernels/src/generate.rs) and the three sketches (`sketches` above). ---

/** `len` draws of Zipf(10,000 words, exponent `s`) seeded by `seed`: word ids 0 .. 9,999. */
function zipfIds(seed, len, s) {
  const cum = [];
  let total = 0;
  for (let r = 1; r <= 10000; r++) { total += 1 / Math.pow(r, s); cum.push(total); }
  let state = BigInt(seed);
  const u64 = () => {
    state = (state + 0x2d358dccaa6c78a5n) & M64;
    const t = state * (state ^ 0x8bb84b93962eacc9n);
    return (t & M64) ^ (t >> 64n);
  };
  const f64 = () => { for (;;) { const x = Number(u64() >> 1n) / 2 ** 63; if (x < 1) return x; } };
  const ids = [];
  for (let i = 0; i < len; i++) {
    const x = f64() * total;
    let [lo, hi] = [0, cum.length];
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cum[mid] <= x) lo = mid + 1; else hi = mid; }
    ids.push(Math.min(lo, 9999));
  }
  return ids;
}

/** Word `i` of the generated batch with seed `seed`. */
function word(seed, i) {
  const x = ((BigInt(seed) ^ 0x5851F42D4C957F2Dn) * 0x9E3779B97F4A7C15n) & M64;
  const mask = Number((x >> 32n) ^ (x & 0xFFFFFFFFn));
  let v = (i ^ mask) >>> 0;
  v ^= v >>> 16; v = Math.imul(v, 0x7feb352d) >>> 0;
  v ^= v >>> 16; v = Math.imul(v, 0x846ca68b) >>> 0;
  v = (v ^ (v >>> 16)) >>> 0;
  const digits = [];
  while (v > 0 || digits.length < 3) { digits.push(v % 100); v = Math.floor(v / 100); }
  return digits.reverse().map((d) => 'bcdfghjklmnprstvwxyz'[Math.floor(d / 5)] + 'aeiou'[d % 5]).join('');
}

/** Per sketch: items, beyond εN, mean, most above and below; and Misra–Gries's largest undercount. */
function atScale(ids, seed, w, d, k) {
  const names = new Map();
  const name = (id) => { if (!names.has(id)) names.set(id, word(seed, id)); return names.get(id); };
  const want = sketches(ids.map(name), w, d);
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const order = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a) || a - b);
  const bound = Math.E * ids.length / w;
  const out = {};
  for (const sk of ['cm', 'cm-cu', 'cs']) {
    const errors = order.map((id) => want.estimate[sk](name(id)) - counts.get(id));
    out[sk] = {
      items: errors.length,
      beyond: errors.filter((e) => Math.abs(e) > bound).length,
      mean: errors.reduce((a, b) => a + b, 0) / errors.length,
      over: Math.max(0, ...errors),
      under: Math.max(0, ...errors.map((e) => -e)),
    };
  }
  const mg = new Map();
  for (const id of ids) {
    if (mg.has(id)) mg.set(id, mg.get(id) + 1);
    else if (mg.size < k) mg.set(id, 1);
    else for (const [key, c] of [...mg]) { if (c === 1) mg.delete(key); else mg.set(key, c - 1); }
  }
  out.mgWorst = Math.max(...order.map((id) => counts.get(id) - (mg.get(id) ?? 0)));
  out.heavy = order.filter((id) => counts.get(id) > ids.length / k).length;
  return out;
}

test('the run at scale: every number as computed here', { timeout: 120_000 }, async () => {
  const [s, len, seed, w, d, k] = [1, 1500, 4, 40, 3, 6];
  await withPage(`?view=frequencies&s=${s}&length=${len}&seed=${seed}&w=${w}&d=${d}&k=${k}&focus=scale`, async (page) => {
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 60_000);
    const rows = await page.$$eval('[data-testid=scale-result]', (els) => els.map((e) => ({ ...e.dataset })));
    const hitters = await page.$$eval('[data-testid=scale-hitters]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.equal(rows.length, 6, 'two streams × three sketches');
    for (const [stream, exponent] of [['zipf', s], ['uniform', 0]]) {
      const want = atScale(zipfIds(seed, len, exponent), seed, w, d, k);
      for (const sk of ['cm', 'cm-cu', 'cs']) {
        const r = rows.find((x) => x.stream === stream && x.sketch === sk);
        const m = want[sk];
        assert.equal(Number(r.items), m.items, `${stream} ${sk} items`);
        assert.equal(Number(r.beyond), m.beyond, `${stream} ${sk} beyond εN`);
        assert.ok(Math.abs(Number(r.mean) - m.mean) < 1e-9, `${stream} ${sk} mean ${r.mean} vs ${m.mean}`);
        assert.equal(Number(r.mostOver), m.over, `${stream} ${sk} most over`);
        assert.equal(Number(r.mostUnder), m.under, `${stream} ${sk} most under`);
        assert.ok(Math.abs(Number(r.bound) - Math.E * len / w) < 1e-9);
      }
      const mg = hitters.find((h) => h.stream === stream && h.algorithm === 'mg');
      assert.equal(Number(mg.worst), want.mgWorst, `${stream} Misra–Gries undercount`);
      assert.equal(Number(mg.truth), want.heavy, `${stream} heavy hitters`);
      assert.equal(mg.recall, '1');
    }
    assert.equal(await page.locator('[data-testid=scale-chart]').count(), 2, 'one chart per stream');
    assert.ok((await page.locator('section[aria-labelledby="scale-title"][data-focus]').count()) === 1);
  });
});

test('a long stream fills in with a progress bar; the run at scale starts from its button', { timeout: 120_000 }, async () => {
  await withPage('?view=frequencies&stream=zipf&length=300000&w=272&d=5', async (page) => {
    const fetched = [];
    page.on('request', (r) => { if (r.url().includes('-scale')) fetched.push(r.url()); });
    await waitFor(page, '[data-testid=apply]');
    const first = await dataAttrs(page, '[data-testid=feed-progress]').catch(() => null);
    if (first) assert.equal(first.total, '300000');
    await waitFor(page, '[data-testid=cm-grid][data-update=standard]', 60_000);
    assert.equal((await dataAttrs(page, '[data-testid=feed-progress]')).status, 'done', 'the whole stream is in');
    assert.deepEqual(fetched, [], 'the run at scale is its own bundle, fetched only when asked for');
    await page.click('[data-testid=scale-run]');
    const p = await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 90_000);
    assert.equal(p.done, p.total);
    assert.ok(fetched.some((u) => u.endsWith('bloomlab-frequencies-scale_bg.wasm')), fetched.join(' '));
    const notes = await page.$$eval('[data-testid=scale-note]', (els) => els.map((e) => ({ ...e.dataset, text: e.textContent })));
    assert.equal(notes.length, 2);
    const rows = await page.$$eval('[data-testid=scale-result][data-sketch=cm]', (els) => els.map((e) => ({ ...e.dataset })));
    for (const n of notes) {
      const r = rows.find((x) => x.stream === n.stream);
      assert.equal(n.loose === 'true', Number(r.share) < Number(r.delta) / 10, `${n.stream}: ${n.text}`);
      if (n.loose === 'true') assert.match(n.text, /Markov/);
    }
    // A new shape drops the results, as the view's own panels are redrawn; Run again measures it.
    await page.fill('[data-testid=w-input]', '300');
    await page.click('[data-testid=apply]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=scale-result]'));
    assert.equal(await page.textContent('[data-testid=scale-run]'), 'Run the experiment');
    await page.click('[data-testid=scale-run]');
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 90_000);
    const bound = Number(await page.getAttribute('[data-testid=scale-result]', 'data-bound'));
    assert.ok(Math.abs(bound - Math.E * 300000 / 300) < 1e-9, `εN = e·N/w for the new w: ${bound}`);
  });
});

test('BENCH: the frequencies view fed 1,000,000 Zipf arrivals, then the run at scale', { timeout: 300_000 }, async () => {
  const feeds = [];
  const scales = [];
  let [gapsMax, feedGapsMax] = [0, 0];
  for (let round = 0; round < 3; round++) {
    await withPage('?view=frequencies&stream=zipf&length=1000000&w=272&d=5&k=10', async (page) => {
      await page.evaluate(() => {
        window.__gaps = [];
        let last = performance.now();
        const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      });
      const f = await waitAttr(page, '[data-testid=feed-progress]', 'data-status', 'done', 90_000);
      await waitFor(page, '[data-testid=cm-grid]', 10_000);
      feeds.push(Number(f['elapsed-ms']));
      const feedGaps = await page.evaluate(() => { const g = window.__gaps; window.__gaps = []; return g; });
      feedGapsMax = Math.max(feedGapsMax, ...feedGaps);
      await page.click('[data-testid=scale-run]');
      const p = await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 120_000);
      scales.push(Number(p['elapsed-ms']));
      const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
      gapsMax = Math.max(gapsMax, ...gaps);
    });
  }
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(`BENCH frequencies feed 1,000,000 Zipf arrivals: runs ${feeds.join(', ')} ms, median ${median(feeds)}; run at scale (2 × 1,000,000 arrivals + lookups): runs ${scales.join(', ')} ms, median ${median(scales)}; longest frame gap while feeding ${feedGapsMax.toFixed(0)} ms, during the run at scale (from the click) ${gapsMax.toFixed(0)} ms`);
});

/** Misra–Gries with k counters on `items`, by hand: `item:count` sorted by item. */
function misraGries(items, k) {
  let c = [];
  for (const x of items) {
    const held = c.find((e) => e[0] === x);
    if (held) held[1] += 1;
    else if (c.length < k) c.push([x, 1]);
    else c = c.map(([y, n]) => [y, n - 1]).filter(([, n]) => n > 0);
  }
  return c.map(([x, n]) => `${x}:${n}`).sort();
}

test('the walkthrough stepped: each arrival\'s grids and counters as computed here, then the lookup', T, async () => {
  const items = ['ant', 'bee', 'ant', 'cat', 'dog', 'ant', 'bee', 'elk'];
  const [w, d, k] = [4, 3, 2];
  const q = `?view=frequencies&items=${items.join(',')}&w=${w}&d=${d}&k=${k}&query=bee`;
  await withPage(q, async (page) => {
    await waitFor(page, '[data-testid=walk-stream]');
    for (let t = 0; t <= items.length; t++) {
      const stream = await waitAttr(page, '[data-testid=walk-stream]', 'data-t', String(t));
      assert.equal(stream.current, String(t));
      const want = sketches(items.slice(0, t), w, d);
      assert.equal((await dataAttrs(page, '[data-testid=walk-cm-grid][data-update=standard]')).counters, want.cm, `t = ${t}`);
      assert.equal((await dataAttrs(page, '[data-testid=walk-cm-grid][data-update=conservative]')).counters, want.cu, `t = ${t}`);
      assert.equal((await dataAttrs(page, '[data-testid=walk-cs-grid]')).counters, want.cs, `t = ${t}`);
      const mg = (await dataAttrs(page, '[data-testid=walk-hh-counters][data-algorithm=mg]')).counters;
      assert.deepEqual(mg ? mg.split(',').sort() : [], misraGries(items.slice(0, t), k), `t = ${t}`);
      const item = t === 0 ? 'bee' : items[t - 1];
      for (const e of await page.$$eval('[data-testid=walk-estimate]', (els) => els.map((x) => ({ ...x.dataset })))) {
        assert.equal(e.item, item);
        assert.equal(Number(e.value), want.estimate[e.sketch](item), `${e.sketch} of ${item} at t = ${t}`);
        assert.equal(Number(e.true), items.slice(0, t).filter((x) => x === item).length);
      }
      if (t > 0) assert.ok((await page.textContent('[data-testid=narration]')).includes(`\u201c${item}\u201d arrives (arrival ${t} of`));
      await page.click('[data-testid=step-next]');
    }
    await waitAttr(page, '[data-testid=walk-stream]', 'data-current', '0');
    assert.match(page.url(), new RegExp(`step=${items.length + 1}`));
    const want = sketches(items, w, d);
    const cm = await dataAttrs(page, '[data-testid=walk-estimate][data-sketch=cm]');
    assert.equal(cm.item, 'bee');
    assert.equal(Number(cm.value), want.estimate.cm('bee'));
    assert.ok((await page.textContent('[data-testid=narration]')).includes(`the estimate is the smallest, ${cm.value}`));
    // The whole stream's hooks are still one of each.
    assert.equal((await page.$$('[data-testid=cm-grid]')).length, 2);
  });
});

test('the try-it links open practice on the walkthrough\'s own numbers', T, async () => {
  const items = ['ant', 'bee', 'ant', 'cat', 'ant', 'dog', 'bee'];
  await withPage(`?view=frequencies&items=${items.join(',')}&w=4&d=2&k=2&query=cat`, async (page) => {
    await page.click('[data-testid=try-it][data-exercise=cm-update]');
    await waitFor(page, '[data-testid=practice-problem]');
    const p = JSON.parse((await dataAttrs(page, '[data-testid=practice-problem]')).problem);
    assert.deepEqual([p.w, p.d, p.update, p.query], [4, 2, 'standard', 'cat']);
    assert.deepEqual(p.arrivals, items.slice(0, 6));
    for (const [x, cols] of Object.entries(p.columns)) {
      assert.deepEqual(cols, [0, 1].map((j) => Number(xxh3(x, rowSeed(j)) % 4n)), x);
    }
  });
  await withPage(`?view=frequencies&items=${items.join(',')}&k=2`, async (page) => {
    await page.click('[data-testid=try-it][data-exercise=misra-gries]');
    await waitFor(page, '[data-testid=practice-problem]');
    const p = JSON.parse((await dataAttrs(page, '[data-testid=practice-problem]')).problem);
    assert.deepEqual([p.k, p.items, p.stream], [2, 4, [0, 1, 0, 2, 0, 3, 1]]);
  });
});
