// End-to-end checks that exports, embeds and handouts mean what they say: a downloaded chart CSV
// parses and matches the chart's own numbers, the FP lab's plot has the shared export buttons and
// every download is named bloomlab-…, the embed dialog states the height its code sets, and the
// tour handout's links and QR codes fit the printed page.
import { test, before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { launch, shutdown, waitAttr, waitFor, withCleanPage, ARTIFACTS } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

/** A CSV line's fields (quoted fields may hold commas and doubled quotes). */
function fields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' && quoted && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}

async function downloadText(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: download.suggestedFilename(), body: fs.readFileSync(await download.path(), 'utf8') };
}

test('a downloaded chart CSV parses: named series, numbers in data units, the same as the chart table', async () => {
  await withPage('?view=skiena&load=10%25', async (page) => {
    await waitFor(page, '[data-testid=chart-export][data-chart=skiena-chart]');
    const { name, body } = await downloadText(page, '[data-testid=chart-export][data-chart=skiena-chart] [data-testid=chart-export-csv]');
    assert.equal(name, 'bloomlab-skiena-chart-load0.1.csv');
    const [header, ...lines] = body.trim().split('\n').map(fields);
    assert.deepEqual(header, ['series', 'load n/m', 'false-positive probability', '95 % from', '95 % to']);
    const rows = lines.map((f) => ({ series: f[0], x: Number(f[1]), y: Number(f[2]) }));
    for (const r of rows) {
      assert.ok(r.series.length > 0 && Number.isFinite(r.x) && Number.isFinite(r.y), JSON.stringify(r));
    }
    // Every series named, those the legend leaves out too: a curve, a dashed formula and a dot per k.
    const names = new Set(rows.map((r) => r.series));
    assert.equal(names.size, 15, [...names].join(' | '));
    // The dot at the chosen load, in data units (a load, not a percentage or a pixel).
    assert.deepEqual(rows.filter((r) => r.series === 'k = 1, union bound at the load').map((r) => r.x), [0.1]);
    // The same numbers as the table under the chart (which rounds them to 4 digits).
    await page.click('.chart-box [data-testid=chart-data] summary');
    const table = await page.$$eval('[data-testid=chart-data] table', (ts) => ts.map((t) => ({
      caption: t.querySelector('caption').textContent,
      rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))),
    })));
    const k1 = table.find((t) => t.caption === 'k = 1');
    const csv = rows.filter((r) => r.series === 'k = 1');
    assert.equal(k1.rows.length, csv.length);
    // The table writes 4 decimals, or 4 significant digits below 0.001.
    const near = (shown, v) => Math.abs(shown - v) <= (Math.abs(v) < 0.001 ? 1e-3 * Math.abs(v) : 5.01e-5);
    k1.rows.forEach(([x, y], i) => {
      assert.ok(near(x, csv[i].x) && near(y, csv[i].y), `${[x, y]} against ${JSON.stringify(csv[i])}`);
    });
  });
});

test('every FP download is named bloomlab-… like the shared exports', async () => {
  await withPage('?view=fp&m=1000&n=100&k=4&trials=5000', async (page) => {
    await waitAttr(page, '[data-testid=fp-progress]', 'data-status', 'done', 20_000);
    // The lab's own buttons, not a second bar of the same buttons under the plot.
    assert.equal(await page.$('[data-testid=chart-export][data-chart=fp-plot]'), null);
    const png = await downloadText(page, '[data-testid=export-png]');
    assert.match(png.name, /^bloomlab-fp-plot-m1000-n100-k4-[a-z0-9.-]*\.png$/);
    const svg = await downloadText(page, '[data-testid=export-svg]');
    assert.equal(svg.name, png.name.replace(/png$/, 'svg'));
    const table = await downloadText(page, '[data-testid=export-csv]');
    assert.equal(table.name, png.name.replace('-fp-plot-', '-fp-table-').replace(/png$/, 'csv'));
    assert.ok(table.body.startsWith('m,n,k,bits_per_item,'), table.body.slice(0, 60));
  });
});

test('the embed dialog states the height its code sets', async () => {
  await withPage('?view=classic&m=64&k=3&items=cat,dog', async (page) => {
    await page.click('[data-testid=embed-button]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=embed-code]')?.dataset.frameHeight) > 0, null, { timeout: 15_000 });
    // Read together: the hidden frame's height may still be changing while the view settles.
    const { code, frame, note } = await page.$eval('[data-testid=embed-code]', (e) => ({
      code: e.value,
      frame: Number(e.dataset.frameHeight),
      note: document.querySelector('[data-testid=embed-height-note]').textContent,
    }));
    assert.match(code, new RegExp(`height="${frame}"`));
    const stated = Number(note.match(/^The frame is ([\d,]+) px high/)[1].replace(/,/g, ''));
    assert.equal(stated, frame, note);
  });
});

test('the tour handout: each stop with its link wrapped on the page and a QR code, on screen and in print', { timeout: 60_000 }, async () => {
  const dir = path.join(ARTIFACTS, 'screens');
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await withPage('?tour=bloom-filters&handout=1', async (page) => {
      await waitFor(page, '[data-testid=tour-handout]');
      for (const media of ['screen', 'print']) {
        await page.emulateMedia({ media });
        const stops = await page.$$eval('.handout-stop', (els) => els.map((li) => {
          const link = li.querySelector('[data-testid=handout-link]').getBoundingClientRect();
          const qr = li.querySelector('[data-testid=handout-qr]');
          const box = qr?.getBoundingClientRect();
          return { right: Math.max(link.right, box?.right ?? 0), qr: Boolean(qr && qr.querySelector('path').getAttribute('d').length > 100), side: box?.width ?? 0 };
        }));
        assert.ok(stops.length >= 8, `${stops.length} stops`);
        const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
        const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
        assert.ok(!scrolls, `${width} px, ${media}: the handout scrolls sideways`);
        for (const s of stops) {
          assert.ok(s.qr && s.side >= 80, `${width} px, ${media}: a QR code per stop (${s.side} px)`);
          assert.ok(s.right <= pageWidth + 0.5, `${width} px, ${media}: a link or code runs off the page (${s.right} > ${pageWidth})`);
        }
        await page.screenshot({ path: path.join(dir, `handout-${width}-${media}.png`), fullPage: true });
      }
    }, { viewport: { width, height: 900 } });
  }
});
