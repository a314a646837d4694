// End-to-end tests of the search comparison: every method at every size through the hooks, no
// false negatives, exact methods without false positives, a file through the file picker (lines,
// a CSV with a year column, an empty and a binary file), a data=file link without its file, bad
// parameters, and the benchmark at a million URLs.
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
const PROGRESS = '[data-testid=search-progress]';
const METHODS = ['linear', 'binary', 'hash', 'bloom', 'mlbf'];

function tmpFile(name, content) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloomlab-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

test('every method at every size, exact where it must be', { timeout: 60_000 }, async () => {
  await withPage('?view=search&n=3000&queries=1000', async (page) => {
    await waitAttr(page, PROGRESS, 'data-status', 'done', 30_000);
    const p = await dataAttrs(page, PROGRESS);
    assert.equal(p.done, p.total);
    const rows = await all(page, '[data-testid=method-result]');
    assert.deepEqual([...new Set(rows.map((r) => r.n))].sort((a, b) => a - b), ['1000', '3000']);
    for (const n of ['1000', '3000']) {
      assert.deepEqual(rows.filter((r) => r.n === n).map((r) => r.method).sort(), [...METHODS].sort());
    }
    for (const r of rows) {
      assert.equal(r.missed, '0', `${r.method} at ${r.n} finds every member`);
      // Times may read 0 when a whole phase is shorter than the browser clock's resolution (0.1 ms).
      for (const k of ['insertNs', 'queryNs', 'nonmemberNs']) assert.ok(Number(r[k]) >= 0 && Number.isFinite(Number(r[k])), `${r.method} ${k}`);
      assert.ok(Number(r.bytes) > 0);
      if (['linear', 'binary', 'hash'].includes(r.method)) assert.equal(r.fp, '0');
    }
    const bloom = rows.find((r) => r.method === 'bloom' && r.n === '3000');
    assert.ok(Number(bloom.fp) < 0.03, `sized for 1%: ${bloom.fp}`);
    // Memory: the filters hold bits, the others the URLs themselves.
    const bytes = Object.fromEntries(rows.filter((r) => r.n === '3000').map((r) => [r.method, Number(r.bytes)]));
    assert.ok(bytes.bloom < bytes.mlbf && bytes.mlbf < bytes.linear && bytes.linear < bytes.hash, JSON.stringify(bytes));
    assert.ok(await page.$('[data-testid=search-chart-insert]'));
    assert.ok(await page.$('[data-testid=bits-per-item]'));
  });
});

test('your own URLs: a text file, a CSV with a year column, and files that cannot be used', { timeout: 60_000 }, async () => {
  const lines = Array.from({ length: 400 }, (_, i) => `https://site${i % 37}.example.org/page/${i}`).join('\n') + '\nhttps://site0.example.org/page/0\n';
  const csv = 'url,year\n' + Array.from({ length: 60 }, (_, i) => `http://www.host${i}.com/a/${i},${2000 + (i % 20)}`).join('\n');
  await withPage('?view=search&n=10000&queries=1000', async (page) => {
    await page.click('.dataset-picker summary');
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('urls.txt', lines));
    await page.waitForFunction(() => document.querySelector('[data-testid=dataset]')?.dataset.source === 'file');
    const d = await dataAttrs(page, '[data-testid=dataset]');
    assert.deepEqual([d.lines, d.items, d.distinct], ['401', '401', '400']);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('data') === 'file');
    await waitAttr(page, PROGRESS, 'data-status', 'done', 30_000);
    const rows = await all(page, '[data-testid=method-result]');
    assert.ok(rows.every((r) => Number(r.n) <= 200), 'half of 400 distinct URLs are inserted');
    assert.ok(rows.some((r) => r.n === '200'));

    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('crawl.csv', csv));
    await page.waitForFunction(() => document.querySelector('[data-testid=dataset]')?.dataset.distinct === '60');
    const c = await dataAttrs(page, '[data-testid=dataset]');
    assert.equal(c.skipped, String(2 + 60), 'the header and the year cells are left out');

    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('empty.txt', ''));
    await waitFor(page, '[data-testid=notice]');
    assert.match(await page.textContent('[data-testid=notice]'), /empty/);
    await page.setInputFiles('[data-testid=dataset-file]', tmpFile('blob.bin', Buffer.from([0, 159, 146, 150, 0, 1, 2, 3])));
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')].some((n) => /binary/.test(n.textContent)));
    assert.equal((await dataAttrs(page, '[data-testid=dataset]')).distinct, '60', 'the last good file stays in use');
  });
});

test('a pasted list, a data=file link without its file, and bad parameters', { timeout: 60_000 }, async () => {
  await withPage('?view=search&data=file&n=5000&queries=500', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=data]');
    await waitAttr(page, PROGRESS, 'data-status', 'done', 30_000);
    assert.equal((await dataAttrs(page, '[data-testid=dataset]')).source, 'generated');
    await page.click('.dataset-picker summary');
    await page.fill('[data-testid=dataset-paste]', 'a.org/1\nb.org/2\nc.org/3\nd.org/4\ne.org/5\nf.org/6');
    await page.click('[data-testid=dataset-use]');
    await page.waitForFunction(() => document.querySelector('[data-testid=dataset]')?.dataset.distinct === '6');
    await waitAttr(page, PROGRESS, 'data-status', 'done', 30_000);
    assert.ok((await all(page, '[data-testid=method-result]')).every((r) => r.n === '3'));
  });
  await withPage('?view=search&n=5&queries=x&p=2&data=ftp&seed=-1', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    const params = (await all(page, '[data-testid=notice]')).map((n) => n.param);
    for (const p of ['n', 'queries', 'p', 'data', 'seed']) assert.ok(params.includes(p), `${p} in ${params}`);
  });
});

test('BENCH: the comparison up to 1,000,000 URLs', { timeout: 120_000 }, async () => {
  await withPage('?view=search&n=1000000', async (page) => {
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    await waitAttr(page, PROGRESS, 'data-status', 'done', 90_000);
    const gaps = await page.evaluate(() => { window.__stop = true; return window.__gaps; });
    const p = await dataAttrs(page, PROGRESS);
    const rows = await all(page, '[data-testid=method-result][data-n="1000000"]');
    assert.equal(rows.length, 5);
    const fmt = (r) => `${r.method} insert ${Number(r.insertNs).toFixed(0)} ns, member ${Number(r.queryNs).toFixed(0)} ns, non-member ${Number(r.nonmemberNs).toFixed(0)} ns, ${r.bytes} B, fp ${r.fp} of ${r.queries}`;
    console.log(`BENCH search 1,000,000 URLs, 10,000 queries: ${p['elapsed-ms']} ms; longest frame gap ${Math.max(...gaps).toFixed(0)} ms (slowest step ${p['slowest-ms']} ms, ${p.slowest}); ${rows.map(fmt).join('; ')}`);
  });
});

test('BENCH: a 1,000,000-line file read and split', { timeout: 120_000 }, async () => {
  const lines = Array.from({ length: 1_000_000 }, (_, i) => `https://host${i % 5000}.example.org/p/${i}`).join('\n');
  const file = tmpFile('million.txt', lines);
  await withPage('?view=search&n=1000&queries=100', async (page) => {
    await waitAttr(page, PROGRESS, 'data-status', 'done', 30_000);
    await page.click('.dataset-picker summary');
    const t0 = Date.now();
    await page.setInputFiles('[data-testid=dataset-file]', file);
    await page.waitForFunction(() => document.querySelector('[data-testid=dataset]')?.dataset.distinct === '1000000', null, { timeout: 60_000 });
    const ms = Date.now() - t0;
    const d = await dataAttrs(page, '[data-testid=dataset]');
    assert.equal(d.lines, '1000000');
    console.log(`BENCH dataset: ${(lines.length / 1e6).toFixed(1)} MB file of 1,000,000 URL lines chosen, read, normalised and split in ${ms} ms (from setInputFiles to the summary)`);
  });
});
