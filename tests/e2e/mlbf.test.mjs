// End-to-end tests of the multi-layer Bloom filter view (view=mlbf), driven through the DOM hooks
// (contract section 4: bit-array[data-layer], layer-verdict, verdict, hash-trace, notice).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, shutdown, openPage, closePage, reloadPage, assertClean, dataAttrs, problems, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

/** Opens `query`, runs `fn(page)` and checks the page stayed clean. */
const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const T = { timeout: 120_000 };
const INPUT = '[data-testid=item-input]';
const VERDICT = '[data-testid=verdict]';
const MIXING = '?view=mlbf&m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3';
const CANCEL = '?view=mlbf&m=64&k=3&layers=4&items=example.com/docs/docs,example.com/blog/intro,example.com/news/blog&query=example.com/blog/blog';

const all = (page, sel, names) => page.$$eval(sel, (els, ns) => els.map((e) => Object.fromEntries(ns.map((n) => [n, e.getAttribute(`data-${n}`)]))), names);

async function insert(page, url) {
  const before = Number((await dataAttrs(page, '[data-testid=stats]')).n);
  await page.fill(INPUT, url);
  await page.press(INPUT, 'Enter');
  await waitAttr(page, '[data-testid=stats]', 'data-n', String(before + 1));
}

async function lookup(page, url, normalized = url) {
  await page.fill(INPUT, url);
  await page.click('[data-testid=lookup-button]');
  return waitAttr(page, VERDICT, 'data-item', normalized);
}

test('a. the mixing preset: every layer says maybe, the XOR layer says no', T, async () => {
  await withPage(MIXING, async (page) => {
    const v = await waitAttr(page, VERDICT, 'data-item', 'example.com/a1/b2/a3');
    assert.equal(v.verdict, 'absent');
    assert.equal(v.truth, 'non-member');
    const lv = await all(page, '[data-testid=layer-verdict]', ['layer', 'verdict']);
    assert.deepEqual(lv, [
      { layer: '1', verdict: 'maybe' }, { layer: '2', verdict: 'maybe' }, { layer: '3', verdict: 'maybe' },
      { layer: '4', verdict: 'maybe' }, { layer: 'xor', verdict: 'absent' },
    ]);
    const arrays = await all(page, '[data-testid=bit-array]', ['layer', 'm', 'bits']);
    assert.deepEqual(arrays.map((a) => a.layer), ['1', '2', '3', '4', 'xor']);
    // The XOR rule, recomputed from the hooks: bit for hash j = (p1j ^ p2j ^ p3j ^ p4j) mod m.
    const traces = await all(page, '[data-testid=hash-trace]', ['layer', 'positions']);
    const pos = Object.fromEntries(traces.map((t) => [t.layer, t.positions.split(',').map(Number)]));
    const xor = [0, 1, 2].map((j) => ['1', '2', '3', '4'].reduce((a, l) => a ^ pos[l][j], 0) % 64);
    assert.deepEqual(pos.xor, xor);
    const xorBits = arrays.find((a) => a.layer === 'xor').bits;
    assert.ok(xor.some((p) => xorBits[p] === '0'), 'one XOR position is 0');
    // every layer's positions are set in that layer
    for (const l of ['1', '2', '3', '4']) {
      const bits = arrays.find((a) => a.layer === l).bits;
      for (const p of pos[l]) assert.equal(bits[p], '1', `layer ${l} bit ${p}`);
    }
    await waitAttr(page, '[data-testid=mlbf-explain]', 'data-case', 'mixing');
  });
});

test('b. repeated segments cancel: a false positive the XOR layer cannot catch', T, async () => {
  await withPage(CANCEL, async (page) => {
    const v = await waitAttr(page, VERDICT, 'data-item', 'example.com/blog/blog');
    assert.equal(v.verdict, 'maybe');
    assert.equal(v.truth, 'non-member');
    await waitAttr(page, '[data-testid=mlbf-explain]', 'data-case', 'cancel');
    // docs/docs and blog/blog share their XOR positions: both are the host's ^ the marker's.
    const ins = await lookup(page, 'example.com/docs/docs');
    assert.equal(ins.truth, 'member');
    const a = (await dataAttrs(page, '[data-testid=hash-trace][data-layer=xor]')).positions;
    await lookup(page, 'example.com/blog/blog');
    const b = (await dataAttrs(page, '[data-testid=hash-trace][data-layer=xor]')).positions;
    assert.equal(a, b);
  });
});

test('c. typed URLs are normalised, the tree grows, no false negatives, the link keeps it', T, async () => {
  await withPage('?view=mlbf&m=256&k=3&layers=3', async (page) => {
    await insert(page, 'HTTPS://News.Example.org:443/world//2024/summit#top');
    await waitAttr(page, '[data-testid=url-normalized]', 'data-value', 'news.example.org/world/2024/summit');
    const keys = await all(page, '[data-testid=layer-key]', ['layer', 'key']);
    assert.deepEqual(keys.map((k) => k.key), ['news.example.org', 'world', '2024/summit']);
    await insert(page, 'news.example.org/sport');
    await insert(page, 'blog.example.net');
    const tree = await waitAttr(page, '[data-testid=url-tree]', 'data-nodes', '6');
    assert.equal(tree.drawn, '6');
    const keys2 = await all(page, '[data-testid=layer-key]', ['key']);
    assert.deepEqual(keys2.map((k) => k.key), ['blog.example.net', '', ''], 'missing layers hash the empty marker');
    for (const u of ['news.example.org/world/2024/summit', 'news.example.org/sport', 'blog.example.net']) {
      const v = await lookup(page, u);
      assert.equal(v.verdict, 'maybe');
      assert.equal(v.truth, 'member');
    }
    const current = await all(page, '[data-testid=tree-node][data-current="1"]', ['depth']);
    assert.deepEqual(current.map((c) => c.depth), ['0']);
    await page.waitForFunction(() => location.search.includes('items=news.example.org/world/2024/summit,news.example.org/sport,blog.example.net'));
    await reloadPage(page);
    await waitAttr(page, '[data-testid=stats]', 'data-n', '3');
    await waitAttr(page, VERDICT, 'data-item', 'blog.example.net');
  });
});

test('d. bad input gives notices and a working page', T, async () => {
  const long = 'a'.repeat(100_000);
  await withPage(`?view=mlbf&m=0&k=x&layers=99&hash=ullman&items=ftp://x.org/a,%zz,b%C3%BCcher.example/x&query=mailto:a@b.c`, async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=items]');
    const params = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.getAttribute('data-param')));
    for (const p of ['m', 'k', 'layers', 'hash', 'items', 'query']) assert.ok(params.includes(p), `${p} in ${params}`);
    assert.equal((await all(page, '[data-testid=bit-array]', ['layer'])).length, 9);
    await waitAttr(page, '[data-testid=stats]', 'data-n', '1');
    for (const bad of ['javascript:alert(1)', '/just/a/path', `example.com/${long}`, '   ']) {
      await page.fill(INPUT, bad);
      await page.press(INPUT, 'Enter');
      await waitFor(page, '[data-testid=notice]:not([data-param])');
      await waitAttr(page, '[data-testid=stats]', 'data-n', '1');
    }
    await insert(page, 'http://ÄÖ.example/ü');
    await waitAttr(page, '[data-testid=url-normalized]', 'data-value', 'xn--4ca0b.example/%C3%BC');
  });
});

test('e. the comparison runs in slices and its measured rates sit near the formulas', T, async () => {
  await withPage('?view=mlbf', async (page) => {
    const fetched = [];
    page.on('request', (r) => { if (r.url().includes('-compare')) fetched.push(r.url()); });
    await insert(page, 'example.com/a/b');
    assert.deepEqual(fetched, [], 'the comparison is its own bundle, fetched only when asked for');
    await page.click('[data-testid=compare-run]');
    // progress moves before the end (the page stays responsive between slices)
    await page.waitForFunction(() => {
      const p = document.querySelector('[data-testid=compare-progress]');
      return p && Number(p.getAttribute('data-done')) > 0;
    }, null, { timeout: 30_000, polling: 'raf' });
    await page.waitForSelector('[data-testid=compare-conclusion]', { timeout: 90_000 });
    const prog = await dataAttrs(page, '[data-testid=compare-progress]');
    assert.equal(prog.done, prog.total);
    const emp = Object.fromEntries((await all(page, '[data-testid=fp-empirical]', ['filter', 'value', 'trials', 'n'])).map((e) => [e.filter, e]));
    const th = Object.fromEntries((await all(page, '[data-testid=fp-theory][data-filter]', ['filter', 'value', 'formula'])).map((e) => [e.filter, e]));
    assert.equal(emp.mlbf.n, '50000');
    for (const f of ['classic', 'classic-total']) {
      const p = Number(th[f].value);
      const got = Number(emp[f].value);
      const sigma = Math.sqrt(p * (1 - p) / Number(emp[f].trials));
      assert.ok(Math.abs(got - p) < 4 * sigma + 2e-4, `${f}: measured ${got}, approx ${p}`);
    }
    const c = await dataAttrs(page, '[data-testid=compare-conclusion]');
    assert.equal(c['beats-same-m'], 'true');
    assert.equal(c['beats-same-memory'], 'false');
    await page.waitForFunction(() => location.search.includes('compare=1'));
    assert.ok(fetched.some((u) => u.endsWith('bloomlab-apps-compare_bg.wasm')), fetched.join(' '));
    // The page's stand-ins are gone; the focus is on the button that replaced the one pressed.
    assert.equal(await page.locator('[data-testid=compare-run]').count(), 1);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'compare-run');
    // The page's own actions keep the link's compare=1; the comparison stands.
    await insert(page, 'example.org/c');
    await page.waitForFunction(() => /[?&]items=[^&]*example.org/.test(location.search));
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('compare')), '1');
    await waitFor(page, '[data-testid=compare-conclusion]');
  });
});

test('f. phone layout: no horizontal overflow', T, async () => {
  await withPage(MIXING, async (page) => {
    await waitFor(page, VERDICT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  }, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
});

test('g. pointing at a bit names the URLs that set it', T, async () => {
  await withPage(MIXING, async (page) => {
    await waitFor(page, VERDICT);
    const xor = page.locator('[data-testid=bit-array][data-layer=xor]');
    const bits = await xor.getAttribute('data-bits');
    const canvas = xor.locator('canvas');
    await canvas.hover({ position: { x: 4, y: 4 } });
    const info = xor.locator('[data-testid=bit-info]');
    await page.waitForFunction((el) => el.textContent.startsWith('bit 0 '), await info.elementHandle(), { timeout: 10_000 });
    const text = await info.textContent();
    if (bits[0] === '1') assert.match(text, /bit 0 is 1, set by “example\.com\/(a1\/a2\/a3|b1\/b2\/b3)”/);
    else assert.match(text, /bit 0 is 0/);
  });
});

test("the XOR question: the student's pick is judged against the XOR layer's own position", async () => {
  await withPage(`${MIXING}&quiz=study`, async (page) => {
    assert.equal((await dataAttrs(page, '[data-testid=question]')).id, 'mlbf-xor');
    const xor = (await dataAttrs(page, '[data-testid=hash-trace][data-layer=xor]')).positions.split(',')[0];
    const choices = await page.$$eval('[data-testid=question] [data-testid=choice]', (els) => els.map((e) => e.textContent));
    const right = choices.indexOf(`bit ${xor}`);
    assert.ok(right >= 0, `bit ${xor} among ${choices}`);
    assert.equal(await page.isVisible('[data-testid=hash-trace][data-layer=xor]'), false, 'the XOR trace waits for the answer');
    await page.click(`[data-testid=question] [data-testid=choice][data-index="${right}"]`);
    await waitAttr(page, '[data-testid=question] [data-testid=verdict]', 'data-right', 'true');
    assert.equal(await page.isVisible('[data-testid=hash-trace][data-layer=xor]'), true, 'the XOR trace is back once answered');
  });
});

test('h. a link to the comparison in presenter mode: the panel alone, run at once', T, async () => {
  await withPage('?view=mlbf&compare=1&focus=compare&present=1', async (page) => {
    await waitFor(page, '[data-testid=compare-conclusion]', 60_000);
    assert.equal(await page.locator('section[aria-labelledby=compare-title][data-focus]').count(), 1);
    assert.ok(await page.locator('[data-testid=compare-chart]').isVisible(), 'the chart is on the screen');
    assert.equal(await page.locator('[data-testid=item-input]').isVisible(), false, 'the form is left out');
  }, { viewport: { width: 1024, height: 768 } });
});

test('i. a comparison that could not be fetched says so, and the next press fetches it', T, async () => {
  const page = await openPage(browser, '?view=mlbf');
  try {
    let cut = true;
    await page.route(/bloomlab-apps-compare(_bg\.wasm|\.js)$/, (route) => (cut ? route.abort() : route.continue()));
    await page.click('[data-testid=compare-run]');
    await waitFor(page, '.mlbf-compare .part-failed');
    assert.match(await page.textContent('.mlbf-compare .progress-line'), /could not be fetched/);
    cut = false;
    await page.click('[data-testid=compare-run]');
    await waitFor(page, '[data-testid=compare-conclusion]', 60_000);
    assert.equal(await page.locator('.mlbf-compare .part-failed').count(), 0, 'the stand-ins and their line are gone');
    // The browser reports the cut request itself; nothing else went wrong.
    const p = problems(page);
    assert.deepEqual([p.pageErrors, p.foreignRequests, p.badResponses], [[], [], []]);
    assert.ok(p.consoleProblems.every((m) => /ERR_FAILED|bloomlab-apps-compare/.test(m)), p.consoleProblems.join('\n'));
  } finally {
    await closePage(page);
  }
});
