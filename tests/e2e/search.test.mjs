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
      // Each time is the median of the timed rounds, inside its own min–max (an order, never a time).
      assert.equal(r.rounds, '5', `${r.method} at ${r.n}: five timed rounds`);
      for (const k of ['insert', 'query', 'nonmember']) {
        const [lo, mid, hi] = [r[`${k}Min`], r[`${k}Ns`], r[`${k}Max`]].map(Number);
        assert.ok(Number.isFinite(lo) && lo > 0 && lo <= mid && mid <= hi, `${r.method} at ${r.n} ${k}: ${lo} <= ${mid} <= ${hi}`);
      }
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
    // The page says how it timed: the clock's resolution it measured, the block, the rounds.
    const timing = await dataAttrs(page, '[data-testid=search-timing]');
    assert.equal(timing.rounds, '5');
    assert.ok(Number(timing['resolution-ms']) > 0 && Math.abs(Number(timing['block-ms']) - 100 * Number(timing['resolution-ms'])) < 1e-9 * Number(timing['block-ms']), JSON.stringify(timing));
    assert.match(await page.textContent('[data-testid=search-timing]'), /steps of .* \(measured on this page/);
    // The note names each point whose rounds spread wider than 2x (one per wide timing).
    const wide = rows.reduce((sum, r) => sum + (r.wide ? r.wide.split(',').length : 0), 0);
    assert.equal((await dataAttrs(page, '[data-testid=search-spread-note]')).count, String(wide));
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
    const range = (r, k) => `${Number(r[`${k}Ns`]).toFixed(0)} ns (${Number(r[`${k}Min`]).toFixed(0)}–${Number(r[`${k}Max`]).toFixed(0)})`;
    const fmt = (r) => `${r.method} insert ${range(r, 'insert')}, member ${range(r, 'query')}, non-member ${range(r, 'nonmember')}, ${r.bytes} B, fp ${r.fp} of ${r.queries}`;
    const timing = await dataAttrs(page, '[data-testid=search-timing]');
    console.log(`BENCH search 1,000,000 URLs, 10,000 queries: ${p['elapsed-ms']} ms (clock ${timing['resolution-ms']} ms, blocks ≥ ${timing['block-ms']} ms, ${timing.rounds} rounds); longest frame gap ${Math.max(...gaps).toFixed(0)} ms (slowest step ${p['slowest-ms']} ms, ${p.slowest}); ${rows.map(fmt).join('; ')}`);
    // Every size and method, for the shapes in docs/views/applications.md: the median member lookup against n.
    const every = await all(page, '[data-testid=method-result]');
    for (const m of METHODS) {
      const line = every.filter((r) => r.method === m).sort((a, b) => a.n - b.n).map((r) => `${r.n}: ${Number(r.insertNs).toFixed(0)}/${Number(r.queryNs).toFixed(0)} ns${r.wide ? ` (wide ${r.wide})` : ''}`);
      console.log(`BENCH search shape ${m} insert/member: ${line.join(', ')}`);
    }
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
