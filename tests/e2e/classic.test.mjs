// End-to-end tests of the classic Bloom filter view, driven through the DOM test hooks
// (data-testid attributes, see shared contract section 4). Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, shutdown, openPage, closePage, reloadPage, assertClean,
  dataAttrs, waitAttr, waitFor, cssString, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

/** Opens `query`, runs `fn(page)` and checks the page stayed clean. */
const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const INPUT = '[data-testid=item-input]';
const BIT_ARRAY = '[data-testid=bit-array]';
const VERDICT = '[data-testid=verdict]';
const ULLMAN = '?view=classic&m=11&k=2&hash=ullman';

const itemLi = (item) => `[data-testid=item-list] li[data-item=${cssString(item)}]`;
const trace = (item) => `[data-testid=hash-trace][data-item=${cssString(item)}]`;

/** Types `item` and clicks insert; waits until the item list shows it. */
async function insert(page, item) {
  await page.fill(INPUT, item);
  await page.click('[data-testid=insert-button]');
  await waitFor(page, itemLi(item));
}

/** Types `item` and clicks lookup; resolves to the verdict's data attributes once it names `item`. */
async function lookup(page, item) {
  await page.fill(INPUT, item);
  await page.click('[data-testid=lookup-button]');
  return waitAttr(page, VERDICT, 'data-item', item);
}

/** data-param of every notice shown. */
async function noticeParams(page) {
  return page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.getAttribute('data-param')));
}

/** Waits for a notice naming each parameter in `params`. */
async function expectNotices(page, params) {
  for (const p of params) {
    await page.waitForSelector(`[data-testid=notice][data-param=${cssString(p)}]`, { state: 'attached', timeout: 10_000 })
      .catch(async () => assert.fail(`no notice for "${p}" at ${page.url()}; notices name: ${JSON.stringify(await noticeParams(page))}`));
  }
}

/** Waits until the address's `items` parameter (raw text split on ',', each part percent-decoded) equals `want`. */
async function expectUrlItems(page, want) {
  const read = () => page.evaluate(() => {
    const m = /[?&]items=([^&]*)/.exec(location.search);
    try {
      return m ? m[1].split(',').map(decodeURIComponent) : [];
    } catch {
      return null;
    }
  });
  const deadline = Date.now() + 5_000;
  let have = await read();
  while (JSON.stringify(have) !== JSON.stringify(want) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    have = await read();
  }
  const search = await page.evaluate(() => location.search);
  assert.deepEqual(have, want, `items in the address (location.search = ${search})`);
}

const T = { timeout: 60_000 };

test('a. Ullman link reproduces the lecture example', T, async () => {
  await withPage(`${ULLMAN}&items=25,159,585&query=118`, async (page) => {
    const bits = await waitAttr(page, BIT_ARRAY, 'data-bits', '10100101010');
    assert.equal(bits.ones, '5');
    assert.equal(bits.m, '11');
    const v = await waitAttr(page, VERDICT, 'data-item', '118');
    assert.equal(v.verdict, 'absent');
    assert.equal(v.truth, 'non-member');
    await waitFor(page, trace('118'));
    assert.equal((await dataAttrs(page, trace('118'))).positions, '3,5');
  });
});

test('b. lookups typed into the input', T, async () => {
  await withPage(`${ULLMAN}&items=25,159,585`, async (page) => {
    await waitAttr(page, BIT_ARRAY, 'data-bits', '10100101010');
    let v = await lookup(page, '118');
    assert.equal(v.verdict, 'absent');
    assert.equal(v.truth, 'non-member');
    v = await lookup(page, '25');
    assert.equal(v.verdict, 'maybe');
    assert.equal(v.truth, 'member');
  });
});

test('c. Enter inserts an item and the address follows', T, async () => {
  await withPage(ULLMAN, async (page) => {
    await page.fill(INPUT, '25');
    await page.press(INPUT, 'Enter');
    await waitFor(page, itemLi('25'));
    const bits = await waitAttr(page, BIT_ARRAY, 'data-bits', '00100100000');
    assert.equal(bits.ones, '2');
    await waitFor(page, trace('25'));
    assert.equal((await dataAttrs(page, trace('25'))).positions, '5,2');
    await expectUrlItems(page, ['25']);
  });
});

test('d. xxh3 positions match the bits; odd items survive a reload', T, async () => {
  await withPage('?view=classic&m=64&k=3', async (page) => {
    await insert(page, 'apple');
    await waitFor(page, trace('apple'));
    const positions = (await dataAttrs(page, trace('apple'))).positions.split(',');
    assert.equal(positions.length, 3, `three positions: ${positions}`);
    for (const p of positions) {
      assert.match(p, /^\d+$/);
      assert.ok(Number(p) < 64, `position ${p} < 64`);
    }
    const bits = (await dataAttrs(page, BIT_ARRAY)).bits;
    assert.equal(bits.length, 64);
    const ones = [...bits].flatMap((b, i) => (b === '1' ? [i] : []));
    assert.deepEqual(ones, [...new Set(positions.map(Number))].sort((a, b) => a - b));

    const v = await lookup(page, 'apple');
    assert.equal(v.verdict, 'maybe');
    assert.equal(v.truth, 'member');

    await insert(page, 'a,b');
    await insert(page, '🙂');
    const want = ['apple', 'a,b', '🙂'];
    // Contract: each item percent-encoded, a comma inside an item is %2C.
    await expectUrlItems(page, want);

    await reloadPage(page);
    for (const item of want) await waitFor(page, itemLi(item));
  });
});

test('e. a false positive is named as one', T, async () => {
  await withPage('?view=classic&m=8&k=1&items=a,b,c,d,e,f,g,h,i,j', async (page) => {
    let found = null;
    for (let i = 0; i <= 40 && !found; i++) {
      const v = await lookup(page, `x${i}`);
      if (v.verdict === 'maybe') found = v;
      else assert.equal(v.verdict, 'absent');
    }
    assert.ok(found, 'one of x0..x40 is reported as maybe');
    assert.equal(found.truth, 'non-member');
    const text = await page.textContent(VERDICT);
    assert.match(text, /false positive/i);
  });
});

test('f. bad parameters give notices, not a broken page', T, async () => {
  await withPage('?view=classic&m=-5&k=0&hash=md5&items=a,%zz', async (page) => {
    await expectNotices(page, ['m', 'k', 'hash', 'items']);
    assert.equal((await dataAttrs(page, BIT_ARRAY)).m, '64');
    await insert(page, 'hello');
  });
  await withPage('?view=classic&m=1000000000000&k=99999', async (page) => {
    await expectNotices(page, ['m', 'k']);
  });
  await withPage('?view=classic&hash=ullman&items=25,apple', async (page) => {
    await expectNotices(page, ['items']);
  });
  await withPage('?view=nope', async (page) => {
    await expectNotices(page, ['view']);
    await waitFor(page, '[data-testid=view-link]');
  });
});

test('g. bulk insert of 100 000 URLs into 1M bits', { timeout: 90_000 }, async () => {
  await withPage('?view=classic&m=1048576&k=7', async (page) => {
    await page.click('[data-testid=bulk-button][data-kind=urls][data-count="100000"]');
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid=bulk-progress]');
      return el && el.getAttribute('data-done') === '100000' && el.getAttribute('data-total') === '100000';
    }, null, { timeout: 30_000, polling: 100 }).catch(async (err) => {
      const now = await dataAttrs(page, '[data-testid=bulk-progress]');
      throw new Error(`bulk did not finish in 30 s (progress ${JSON.stringify(now)}): ${err.message}`);
    });
    await waitAttr(page, '[data-testid=stats]', 'data-n', '100000');
    const arr = await dataAttrs(page, BIT_ARRAY);
    assert.equal(arr.m, '1048576');
    assert.ok(Number(arr.ones) > 0, `ones = ${arr.ones}`);
    assert.equal(arr.bits, undefined, 'no data-bits when m > 65536');
  });
});

test('h. hovering a bit cell explains it', T, async () => {
  await withPage(`${ULLMAN}&items=25`, async (page) => {
    const canvas = page.locator(`${BIT_ARRAY} canvas`);
    await canvas.waitFor({ state: 'visible' });
    const box = await canvas.boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0, 'canvas has a size');
    const x = box.x + (5.5 / 11) * box.width;
    const y = box.y + box.height / 2;
    await page.mouse.move(x - 3, y);
    await page.mouse.move(x, y, { steps: 2 });
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid=bit-info]')?.textContent ?? '';
      return /\b5\b/.test(t) && /\b25\b/.test(t);
    }, null, { timeout: 5_000 }).catch(async () => {
      const t = await page.textContent('[data-testid=bit-info]').catch(() => '(no bit-info)');
      assert.fail(`bit-info should mention bit 5 and item 25, has: ${JSON.stringify(t)}`);
    });
  });
});

test('i. embed, site navigation and themes', T, async () => {
  await withPage('?view=classic&embed=1', async (page) => {
    await waitFor(page, BIT_ARRAY);
    assert.equal(await page.locator('[data-testid=site-nav]').count(), 0, 'no site-nav when embedded');
  });
  await withPage('?view=home', async (page) => {
    await waitFor(page, '[data-testid=site-nav]');
  });
  await withPage('?theme=dark', async (page) => {
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark', null, { timeout: 5_000 })
      .catch(async () => assert.fail(`<html data-theme> is ${JSON.stringify(
        await page.evaluate(() => document.documentElement.getAttribute('data-theme')))}`));
  });
});

test('ullman with generated items: the progress bar ends and the notice counts what it cannot hash', async () => {
  await withPage('?view=classic&hash=ullman&bulk=words:1000', async (page) => {
    const bar = await waitAttr(page, '[data-testid=bulk-progress]', 'data-done', '1000');
    assert.equal(bar.total, '1000');
    const text = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.textContent).join(' | '));
    assert.match(text, /cannot hash 1,000 generated/);
    assert.doesNotMatch(text, /\b0 item/);
  });
});

test('double hashing at a power-of-two m says why positions may repeat and links to the hash lab', async () => {
  await withPage('?view=classic&hash=double&m=1024', async (page) => {
    const c = await dataAttrs(page, '[data-testid=hash-caveat]');
    assert.equal(c.family, 'double');
    const href = await page.$eval('[data-testid=hash-caveat] a', (a) => a.getAttribute('href'));
    assert.match(href, /view=hashes/);
  });
  await withPage('?view=classic&hash=double&m=1000', async (page) => {
    await waitFor(page, '[data-testid=hash-select]');
    assert.equal(await page.$('[data-testid=hash-caveat]'), null, 'no caveat when m is not a power of two');
  });
});
