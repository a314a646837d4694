// End-to-end tests of people's own data outside the search view: a file through the picker in
// the classic view (inserted in slices, members found, the link says data=file), the multi-layer
// comparison on a file's two halves, and the moments estimator on a text file and a URL list —
// plus links that name a file they cannot carry, and files that cannot be used.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);
const all = (page, sel) => page.$$eval(sel, (els) => els.map((e) => ({ ...e.dataset })));

function tmpFile(name, content) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloomlab-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const urls = (count) => Array.from({ length: count }, (_, i) => `https://Site${i % 37}.example.org/page/${i}`);

test('classic view: a file of URLs is inserted in slices, its members are found, the link says data=file', { timeout: 60_000 }, async () => {
  const lines = urls(400).join('\n') + '\nhttps://site0.example.org/page/0\n';
  await withPage('?view=classic&m=8192&k=4&items=typed', async (page) => {
    await page.click('.dataset-picker summary');
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('urls.txt', lines));
    await page.waitForFunction(() => document.querySelector('[data-testid=dataset]')?.dataset.source === 'file');
    const d = await dataAttrs(page, '[data-testid=dataset]');
    assert.deepEqual([d.lines, d.items, d.distinct], ['401', '401', '400']);
    await page.waitForFunction(() => {
      const f = document.querySelector('[data-testid=file-items]');
      return f && f.dataset.done === f.dataset.total;
    });
    assert.equal((await dataAttrs(page, '[data-testid=file-items]')).total, '400');
    await waitAttr(page, '[data-testid=stats]', 'data-n', '401');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('data') === 'file');
    // Every file item (as normalised) is a member: no false negatives.
    for (const i of [0, 123, 399]) {
      const item = `site${i % 37}.example.org/page/${i}`;
      await page.fill('[data-testid=item-input]', item);
      await page.click('[data-testid=lookup-button]');
      await waitAttr(page, '[data-testid=verdict]', 'data-item', item);
      const v = await dataAttrs(page, '[data-testid=verdict]');
      assert.deepEqual([v.verdict, v.truth], ['maybe', 'member'], item);
    }
    // Back to generated data: the file's items leave the filter.
    await page.click('[data-testid=dataset-clear]');
    await waitAttr(page, '[data-testid=stats]', 'data-n', '1');
    assert.equal(await page.$('[data-testid=file-items]'), null);
    // A file that cannot be used gets a notice; the page stays usable.
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('empty.txt', ''));
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')].some((n) => /empty/.test(n.textContent)));
  });
  await withPage('?view=classic&data=file&items=a', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=data]');
    assert.match(await page.textContent('[data-testid=notice][data-param=data]'), /not part of the link/);
    await waitAttr(page, '[data-testid=stats]', 'data-n', '1');
  });
});

test('multi-layer view: the comparison runs on a file\'s two halves', { timeout: 90_000 }, async () => {
  await withPage('?view=mlbf', async (page) => {
    await page.click('.dataset-picker summary');
    await page.fill('[data-testid=dataset-paste]', urls(2000).join('\n'));
    await page.click('[data-testid=dataset-use]');
    await waitFor(page, '[data-testid=compare-own]');
    await page.waitForFunction(() => {
      const p = document.querySelector('[data-testid=compare-progress]');
      return p && p.dataset.total !== '0' && p.dataset.done === p.dataset.total;
    }, null, { timeout: 60_000 });
    const rows = await all(page, '[data-testid=fp-empirical]');
    assert.deepEqual(rows.map((r) => r.filter).sort(), ['classic', 'classic-total', 'mlbf']);
    for (const r of rows) assert.deepEqual([r.n, r.trials], ['1000', '1000'], 'first half inserted, second half probed');
    // The classic filter's measured rate agrees with approx(m, n, k) within four standard errors.
    const c = rows.find((r) => r.filter === 'classic');
    const [m, n, k] = [Number(c.m), Number(c.n), Number(c.k)];
    const approx = (1 - Math.exp((-k * n) / m)) ** k;
    const sigma = Math.sqrt((approx * (1 - approx)) / 1000);
    assert.ok(Math.abs(Number(c.value) - approx) < 4 * sigma, `${c.value} vs ${approx}`);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('data') === 'file');
    // Too few items for two halves: a notice, the last comparison stays.
    await page.fill('[data-testid=dataset-paste]', 'a.org\nb.org\n');
    await page.click('[data-testid=dataset-use]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')].some((n) => /at least 4/.test(n.textContent)));
    assert.equal((await dataAttrs(page, '[data-testid=dataset]')).distinct, '2000');
  });
  await withPage('?view=mlbf&data=file&compare=1', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=data]');
    await page.waitForFunction(() => document.querySelector('[data-testid=compare-progress]')?.dataset.total !== '0');
    assert.equal(await page.$('[data-testid=compare-own]'), null, 'without the file the generated crawl runs');
  });
});

test('moments view: a text file is a stream of words, a URL list a stream of URLs', { timeout: 60_000 }, async () => {
  const prose = 'The cat and the hat.\nThe BAT, the cat!\n';
  await withPage('?view=moments&length=10000&s=100&groups=5', async (page) => {
    await waitAttr(page, '[data-testid=scale-progress]', 'data-status', 'done', 30_000);
    await page.click('.dataset-picker summary');
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('story.txt', prose));
    await page.waitForFunction(() => document.querySelector('[data-testid=ams-scale]')?.dataset.source === 'text');
    // the ×4, cat ×2, and, hat, bat: F2 = 16 + 4 + 1 + 1 + 1 = 23 over 9 words, 5 distinct.
    let t = await dataAttrs(page, '[data-testid=ams-scale]');
    assert.deepEqual([t.exact, t.length, t.distinct], ['23', '9', '5']);
    const d = await dataAttrs(page, '[data-testid=dataset]');
    assert.deepEqual([d.items, d.distinct], ['9', '5']);
    // A list of URLs, one per line, with repeats: every URL stays whole.
    const list = ['https://a.org/x', 'https://b.org/y', 'https://a.org/x', 'http://A.org/x#top'].join('\n');
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('visits.log', list));
    await page.waitForFunction(() => document.querySelector('[data-testid=ams-scale]')?.dataset.length === '4');
    t = await dataAttrs(page, '[data-testid=ams-scale]');
    assert.deepEqual([t.exact, t.distinct], ['10', '2'], 'a.org/x three times, b.org/y once');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('source') === 'text');
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('blob.bin', Buffer.from([0, 159, 146, 150, 0, 1, 2, 3])));
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')].some((n) => /binary/.test(n.textContent)));
    assert.equal((await dataAttrs(page, '[data-testid=ams-scale]')).length, '4', 'the last good file stays in use');
  });
});

test('BENCH: a 1,000,000-line file into the classic filter', { timeout: 120_000 }, async () => {
  const file = tmpFile('million.txt', Array.from({ length: 1_000_000 }, (_, i) => `https://host${i % 5000}.example.org/p/${i}`).join('\n'));
  // m and k for p = 1% at n = 1,000,000.
  await withPage('?view=classic&m=9585059&k=7', async (page) => {
    await page.click('.dataset-picker summary');
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    const t0 = Date.now();
    await page.setInputFiles('[data-testid=dataset-file]', file);
    await page.waitForFunction(() => {
      const f = document.querySelector('[data-testid=file-items]');
      return f && f.dataset.total === '1000000' && f.dataset.done === f.dataset.total;
    }, null, { timeout: 90_000 });
    const ms = Date.now() - t0;
    const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
    const s = await waitAttr(page, '[data-testid=stats]', 'data-n', '1000000');
    const fill = Number(s.ones) / Number(s.m);
    const expected = 1 - Math.exp(-7 * 1_000_000 / 9_585_059);
    assert.ok(Math.abs(fill - expected) < 0.002, `fill ${fill} against 1 − e^(−kn/m) = ${expected}`);
    console.log(`BENCH classic own file: 1,000,000 URL lines read, normalised and hashed (k = 7) into 9,585,059 bits in ${ms} ms (from setInputFiles); longest frame gap ${Math.max(...gaps).toFixed(0)} ms`);
  });
});
