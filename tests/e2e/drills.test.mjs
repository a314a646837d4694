// End-to-end tests of the drills of the filters built once and of the practice page's two builds:
// a scripted student solves xor-peel and quotient-insert right, computing every answer here from the
// problem's JSON with its own peeling and its own quotient filter (independently of the app), and
// one catalogued mistake of each is named; a streams exercise's link opens on the page's second
// build and the exercise list moves between the builds; the exercise sheets' chapter 5 topics agree
// with the same solvers, and the quotient key's link shows the table the key ends with.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage, gotoQuery } from './harness.mjs';
import { answer, problem } from './solve.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

/** xor-peel by hand: peel the lowest slot of degree 1 each time, then fill in reverse peel order. */
function xorPeel(p) {
  const n = p.keys.length;
  const left = new Array(n).fill(true);
  const order = [];
  const degrees = [];
  for (let s = 0; s < n; s++) {
    const deg = new Array(p.slots).fill(0);
    p.keys.forEach((k, i) => { if (left[i]) for (const x of k.slots) deg[x]++; });
    degrees.push(deg);
    const slot = deg.indexOf(1);
    const key = p.keys.findIndex((k, i) => left[i] && k.slots.includes(slot));
    left[key] = false;
    order.push([key, slot]);
  }
  const v = new Array(p.slots).fill(0);
  const fills = [...order].reverse().map(([key, slot]) => {
    const k = p.keys[key];
    v[slot] = k.slots.filter((x) => x !== slot).reduce((a, x) => a ^ v[x], k.fingerprint);
    return v[slot];
  });
  return { order, fills, v, degrees };
}

/** A quotient filter of 2^q slots read from `qf-slots`' format ("o c s rem" or "-" per slot). */
function table(q, text) {
  const slots = text.split(';').map((s) => (s === '-' ? null : s.split(' ').map(Number)));
  const t = { n: 1 << q, occ: [], cont: [], shift: [], rem: [] };
  slots.forEach((s, i) => {
    t.occ[i] = s ? s[0] : 0;
    t.cont[i] = s ? s[1] : 0;
    t.shift[i] = s ? s[2] : 0;
    t.rem[i] = s ? s[3] : null;
  });
  return t;
}

/** Inserts (fq, fr) as Bender et al. describe it; returns the slot the remainder lands in. */
function qfInsert(t, fq, fr) {
  if (t.rem[fq] === null) {
    t.rem[fq] = fr; t.occ[fq] = 1; t.cont[fq] = 0; t.shift[fq] = 0;
    return fq;
  }
  const had = t.occ[fq] === 1;
  t.occ[fq] = 1;
  // The cluster's start, then the run of fq: one run for each occupied slot from there.
  let b = fq;
  while (t.shift[b]) b--;
  let s = b;
  while (b !== fq) {
    do s++; while (t.cont[s]);
    do b++; while (!t.occ[b]);
  }
  let pos = s;
  let head = true;
  if (had) {
    while (t.rem[pos] < fr) {
      pos++;
      head = false;
      if (!t.cont[pos]) break;
    }
  }
  let e = pos;
  while (t.rem[e] !== null) e++;
  for (let j = e; j > pos; j--) {
    t.rem[j] = t.rem[j - 1]; t.cont[j] = t.cont[j - 1]; t.shift[j] = 1;
  }
  t.rem[pos] = fr;
  t.cont[pos] = head ? 0 : 1;
  t.shift[pos] = pos === fq ? 0 : 1;
  if (had && head) t.cont[pos + 1] = 1;
  return pos;
}

/** quotient-insert by hand: for each insert, its slot, then that slot's three bits. */
function quotientInsert(p) {
  const t = table(p.q, p.slots);
  const steps = [];
  for (const [fq, fr] of p.inserts) {
    const at = qfInsert(t, fq, fr);
    steps.push({ text: String(at) }, { counts: [t.occ[at], t.cont[at], t.shift[at]] });
  }
  return { steps, t };
}

const slotsText = (t) => t.rem.map((r, i) => (r === null ? '-' : `${t.occ[i]} ${t.cont[i]} ${t.shift[i]} ${r}`)).join(';');

/** Answers steps `from` to `to` − 1 of `steps`, each right (in learn mode, checked). */
async function run(page, steps, from, to, exercise) {
  for (let i = from; i < to; i++) {
    await waitAttr(page, '[data-testid=practice]', 'data-step', String(i));
    await answer(page, steps[i]);
    if (i + 1 < steps.length) {
      await waitAttr(page, '[data-testid=practice-feedback]', 'data-step', String(i));
      assert.equal((await dataAttrs(page, '[data-testid=practice-feedback]')).verdict, 'right', `${exercise} step ${i}`);
    }
  }
}

/** Solves the page's problem: right up to step `at`, there `wrong` (whose mistake must be
 * `mistake`), undone, then right to the end; the score is every step but that one. */
async function solveWithSlip(page, steps, at, wrong, mistake, exercise) {
  await run(page, steps, 0, at, exercise);
  await waitAttr(page, '[data-testid=practice]', 'data-step', String(at));
  await answer(page, wrong);
  await waitAttr(page, '[data-testid=practice-feedback]', 'data-step', String(at));
  const f = await dataAttrs(page, '[data-testid=practice-feedback]');
  assert.deepEqual([f.verdict, f.mistake], ['wrong', mistake], exercise);
  await page.click('[data-testid=practice-undo]');
  await run(page, steps, at, steps.length, exercise);
  await waitAttr(page, '[data-testid=practice]', 'data-done', 'true');
  const p = await dataAttrs(page, '[data-testid=practice]');
  assert.equal(Number(p.score), Number(p.max) - 1, `${exercise}: the step first answered wrongly scores nothing`);
}

const wasms = (page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('_bg.wasm')));

test('xor-peel: solved by its own peeling, the filter it fills is valid, a slot of degree 2 is named', async () => {
  for (const level of [1, 2, 3]) {
    await withPage(`?view=practice&exercise=xor-peel&seed=4&level=${level}`, async (page) => {
      const p = await problem(page);
      const { order, fills, v, degrees } = xorPeel(p);
      for (const k of p.keys) assert.equal(k.slots.reduce((a, x) => a ^ v[x], 0), k.fingerprint, `key ${k.key}`);
      const steps = [...order.map(([, s]) => ({ text: String(s) })), ...fills.map((x) => ({ text: String(x) }))];
      assert.equal((await dataAttrs(page, '[data-testid=practice]')).steps, String(steps.length));
      // The keys' table: a row per key with its slots and fingerprint, none peeled yet.
      const rows = await page.$$eval('[data-testid=practice-xor-keys] tbody tr', (els) => els.map((e) => ({ ...e.dataset })));
      assert.deepEqual(rows.map((r) => [r.key, r.slots, Number(r.fingerprint), r.peeled]),
        p.keys.map((k) => [k.key, k.slots.join(','), k.fingerprint, undefined]));
      const at = degrees.findIndex((d) => d.includes(2));
      assert.ok(at >= 0, 'every problem has a slot of degree 2 to peel wrongly');
      await solveWithSlip(page, steps, at, { text: String(degrees[at].indexOf(2)) }, 'degree-two', 'xor-peel');
      assert.deepEqual(await wasms(page), ['bloomlab-practice_bg.wasm'], 'the filter chapters\' build');
    });
  }
});

test('quotient-insert: solved by its own quotient filter, a forgotten is_shifted is named', async () => {
  for (const level of [1, 3]) {
    await withPage(`?view=practice&exercise=quotient-insert&seed=6&level=${level}`, async (page) => {
      const p = await problem(page);
      const { steps } = quotientInsert(p);
      assert.equal((await dataAttrs(page, '[data-testid=practice]')).steps, String(steps.length));
      // The table drawn before the first insert is the problem's.
      assert.equal((await dataAttrs(page, '[data-testid=practice-qf-table]')).slots, p.slots);
      assert.equal(await page.$$eval('[data-testid=practice-qf-table] tr:first-of-type td', (els) => els.length), 1 << p.q, 'a column per slot');
      // The bits of the first remainder that lands away from its canonical slot, is_shifted left 0.
      const at = steps.findIndex((s, i) => s.counts && s.counts[2] === 1 && i % 2 === 1);
      const wrong = { counts: [steps[at].counts[0], steps[at].counts[1], 0] };
      await solveWithSlip(page, steps, at, wrong, 'shifted-forgotten', 'quotient-insert');
    });
  }
});

test('a streams exercise opens on the practice page\'s second build, and the list moves between them', async () => {
  await withPage('?view=practice&exercise=fm&seed=2', async (page) => {
    await waitAttr(page, '[data-testid=practice]', 'data-exercise', 'fm');
    assert.ok((await dataAttrs(page, '[data-testid=practice]')).steps > 0);
    assert.deepEqual(await wasms(page), ['bloomlab-practice-streams_bg.wasm']);
    // Picking a filter chapter's exercise opens it on the other build, its link kept.
    await page.selectOption('[data-testid=practice-exercise]', 'quotient-insert');
    await page.waitForURL(/exercise=quotient-insert/);
    await waitFor(page, '[data-testid=practice][data-exercise=quotient-insert][data-steps]');
    assert.deepEqual(await wasms(page), ['bloomlab-practice_bg.wasm']);
    await page.selectOption('[data-testid=practice-exercise]', 'dgim');
    await page.waitForURL(/exercise=dgim/);
    await waitFor(page, '[data-testid=practice][data-exercise=dgim][data-steps]');
    assert.deepEqual(await wasms(page), ['bloomlab-practice-streams_bg.wasm']);
  });
});

test('a streams assignment opens on the streams build and stays there; a mixed one keeps its first kind', async () => {
  await withPage('?view=practice&tasks=fm:1,hll:1&mode=exam', async (page) => {
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
    await waitFor(page, '[data-testid=practice][data-exercise=fm][data-steps]');
    // A page that left for another build would navigate at once: none does.
    await page.waitForTimeout(500);
    assert.equal(navigations, 0);
    assert.deepEqual((await wasms(page)).sort(), ['bloomlab-practice-lms_bg.wasm', 'bloomlab-practice-streams_bg.wasm']);
  });
  await withPage('?view=practice&tasks=bloom-insert:1,fm:1', async (page) => {
    await waitFor(page, '[data-testid=practice][data-exercise=bloom-insert][data-steps]');
    assert.match(await page.textContent('[data-testid=notice][data-param=tasks]'), /fm left out/);
  });
});

test('the sheets of chapter 5: answers as the solvers give them, and the quotient key\'s link shows its table', async () => {
  await withPage('?view=exercises&topics=xor-peel,quotient-insert&count=2&seed=3&answers=1&difficulty=2', async (page) => {
    const ex = await page.$$eval('[data-testid=exercise]', (els) => els.map((e) => ({ ...e.dataset })));
    const ans = await page.$$eval('[data-testid=answer]', (els) => els.map((e) => e.dataset.value));
    const links = await page.$$eval('[data-testid=answer-link]', (els) => els.map((a) => a.getAttribute('href')));
    assert.deepEqual(ex.map((e) => e.topic), ['xor-peel', 'quotient-insert']);
    const x = xorPeel(JSON.parse(ex[0].problem));
    const order = x.order.map(([, s]) => s);
    const filled = [...order].reverse().map((s, i) => `${s}=${x.fills[i]}`);
    assert.equal(ans[0], `peel ${order.join(', ')}; fill ${filled.join(', ')}`);
    const qp = JSON.parse(ex[1].problem);
    const q = quotientInsert(qp);
    assert.equal(ans[1], q.steps.map((s) => s.text ?? s.counts.join(',')).join('; '));
    assert.equal(ex[1].table, slotsText(q.t));
    await gotoQuery(page, links[1]);
    await waitAttr(page, '[data-testid=qf-slots]', 'data-slots', ex[1].table);
    // The walkthrough's "Try it yourself" opens the drill.
    const href = await page.getAttribute('[data-testid=try-it][data-exercise=quotient-insert]', 'href');
    await gotoQuery(page, href);
    await waitFor(page, '[data-testid=practice][data-exercise=quotient-insert][data-steps]');
  });
});
