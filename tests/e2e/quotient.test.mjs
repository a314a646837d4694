// End-to-end tests of the quotient filter's view: the table the page draws, decoded here from its
// three bits per slot by a decoder of our own (not the app's code), holds exactly the fingerprints
// the history put in; a full table refuses an insert and loses nothing; the load run's rates sit
// on the formula 1 − e^(−α/2^r).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

/** The (quotient, remainder) pairs a table holds, read from its bits as Bender et al. describe:
 *  each cluster starts at an unshifted slot; its runs belong, in order, to the occupied slots from
 *  the cluster's start on. `hook` is the `qf-slots` hook's `data-slots`. */
function decode(hook) {
  const slots = hook.split(';').map((s) => (s === '-' ? null : s.split(' ').map(Number)));
  const n = slots.length;
  const held = [];
  for (let start = 0; start < n; start++) {
    const s = slots[start];
    if (!s || s[2] === 1) continue; // not a cluster's start
    // The cluster: from `start` while slots are in use.
    const quotients = [];
    let i = start;
    let run = -1;
    for (let k = 0; k < n && slots[i]; k++, i = (i + 1) % n) {
      if (slots[i][0] === 1) quotients.push(i);
      if (slots[i][1] === 0) run++;
      held.push([quotients[run], slots[i][3]]);
      const next = slots[(i + 1) % n];
      if (!next || next[2] === 0) break;
    }
  }
  return held.map((p) => p.join(':')).sort();
}

test('every step of the history: the table decoded from its bits holds the fingerprints put in and not taken out', async () => {
  const ops = ['i:peach', 'i:kiwi', 'i:grape', 'i:lime', 'i:apricot', 'l:banana', 'd:lime'];
  await withPage(`?view=quotient&q=4&r=4&ops=${ops.join(',')}&step=0`, async (page) => {
    const { steps } = await dataAttrs(page, '[data-testid=step]');
    const fingerprints = {};
    let shifted = 0;
    for (let step = 1; step <= Number(steps); step++) {
      await page.keyboard.press('ArrowRight');
      await waitAttr(page, '[data-testid=step]', 'data-step', String(step));
      const item = await page.$eval('[data-testid=qf-item]', (e) => ({ ...e.dataset })).catch(() => null);
      if (item) {
        assert.equal(Number(item.fingerprint), Number(item.quotient) * 16 + Number(item.remainder), item.item);
        fingerprints[item.item] = `${item.quotient}:${item.remainder}`;
      }
      const slots = await dataAttrs(page, '[data-testid=qf-slots]');
      shifted = Math.max(shifted, slots.slots.split(';').filter((x) => x !== '-' && x.split(' ')[2] === '1').length);
    }
    const kept = ['peach', 'kiwi', 'grape', 'apricot'];
    assert.ok(kept.every((k) => fingerprints[k]), JSON.stringify(fingerprints));
    const last = await dataAttrs(page, '[data-testid=qf-slots]');
    assert.deepEqual(decode(last.slots), kept.map((k) => fingerprints[k]).sort(), 'the table holds what was put in and not taken out');
    assert.ok(shifted > 0, 'some remainder was shifted from its canonical slot on the way');
  });
});

test('a full table refuses an insert with a notice naming ops, and keeps what it had', async () => {
  await withPage('?view=quotient&q=1&r=4&ops=i:a,i:b,i:c', async (page) => {
    const notices = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => ({ param: e.dataset.param, text: e.textContent })));
    assert.ok(notices.some((n) => n.param === 'ops' && /full/.test(n.text)), JSON.stringify(notices));
    const { steps } = await dataAttrs(page, '[data-testid=step]');
    for (let i = 0; i < Number(steps); i++) await page.keyboard.press('ArrowRight');
    await waitAttr(page, '[data-testid=step]', 'data-step', steps);
    const slots = await dataAttrs(page, '[data-testid=qf-slots]');
    assert.equal(slots.used, '2');
    assert.equal(decode(slots.slots).length, 2);
  });
});

test('the load run: each rate measured near 1 − e^(−α/2^r), and clusters longer as the table fills', async () => {
  await withPage('?view=quotient&mq=12&r=3', async (page) => {
    await waitAttr(page, '[data-testid=qf-load-progress]', 'data-status', 'done', 60_000);
    const rows = await page.$$eval('[data-testid=qf-load-row]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.equal(rows.length, 19);
    for (const r of rows) {
      const theory = 1 - Math.exp(-Number(r.load) / 2 ** 3);
      assert.ok(Math.abs(Number(r.theory) - theory) < 1e-12, r.load);
      const sigma = Math.sqrt(theory * (1 - theory) / 20000);
      assert.ok(Math.abs(Number(r.fpr) - theory) < 5 * sigma, `${r.load}: ${r.fpr} against ${theory}`);
    }
    assert.ok(Number(rows[18].avgCluster) > 3 * Number(rows[0].avgCluster), `${rows[0].avgCluster} → ${rows[18].avgCluster}`);
  });
});
