// End-to-end tests of the practice view: a scripted student solves one problem of each of the ten
// first exercises right (full score) in learn and in exam mode, computing every answer here from the
// problem's JSON (independently of the app); three catalogued mistakes are named in the feedback,
// undone and fixed; a course page around an embedded view receives the result; and each of the
// frequencies chapter's exercises (cm-update, misra-gries, dgim) is solved with one catalogued
// mistake named on the way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';
import { positions, rate, bestK, filterAnswers, answer, problem } from './solve.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const tail = (h, w) => (h === 0 ? w : h.toString(2).split('').reverse().indexOf('1'));

/** The right answer of every step of the streams' exercises. */
function streamAnswers(exercise, p) {
  if (exercise === 'fm') {
    const tails = p.stream.map((x) => tail((p.a * x + p.b) % 2 ** p.w, p.w));
    const r = Math.max(...tails);
    return [...tails.map((t) => ({ text: String(t) })), { text: String(r) }, { text: String(2 ** r) }];
  }
  if (exercise === 'hll') {
    // Register: the low p bits; ρ: the position of the first 1 in the rest, from the right.
    const regs = new Array(2 ** p.p).fill(0);
    const steps = [];
    for (const h of p.hashes) {
      const r = h % 2 ** p.p;
      const rho = Math.floor(h / 2 ** p.p).toString(2).split('').reverse().indexOf('1') + 1;
      regs[r] = Math.max(regs[r], rho);
      steps.push({ text: String(r) }, { text: String(rho) });
    }
    return [...steps, { counts: regs }];
  }
  if (exercise === 'ams') {
    const n = p.stream.length;
    const value = (start, t) => (start > t ? 0 : p.stream.slice(start - 1, t).filter((e) => e === p.stream[start - 1]).length);
    const steps = [];
    for (let t = p.positions[0]; t <= n; t++) steps.push({ counts: p.positions.map((q) => value(q, t)) });
    const xs = p.positions.map((q) => n * (2 * value(q, n) - 1));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return [...steps, ...xs.map((x) => ({ text: String(x) })), { text: String(mean) }];
  }
  if (exercise === 'reservoir') {
    let used = 0;
    return p.draws.map((d) => ({ choice: d < p.s ? String(p.picks[used++]) : 'pass' }));
  }
  const cut = Math.round(p.rate * p.buckets);
  return p.stream.map((q) => ({ choice: p.bucket[q] < cut ? 'keep' : 'drop' }));
}

const STREAMS = ['fm', 'hll', 'ams', 'reservoir', 'sampling'];
const EXERCISES = ['bloom-insert', 'bloom-lookup', 'fm', 'fp-formula', 'counting', 'mlbf-xor', 'hll', 'ams', 'reservoir', 'sampling'];

/** The right answer of every step, in the order the page asks. */
function answers(exercise, p) {
  return STREAMS.includes(exercise) ? streamAnswers(exercise, p) : filterAnswers(exercise, p);
}


test('a student who gets every step right scores full marks, in learn and exam mode', async () => {
  for (const exercise of EXERCISES) {
    for (const mode of ['learn', 'exam']) {
      await withPage(`?view=practice&exercise=${exercise}&seed=5&mode=${mode}`, async (page) => {
        const steps = answers(exercise, await problem(page));
        assert.equal((await dataAttrs(page, '[data-testid=practice]')).steps, String(steps.length), exercise);
        for (const [i, a] of steps.entries()) {
          await waitAttr(page, '[data-testid=practice]', 'data-step', String(i));
          await answer(page, a);
          if (mode === 'learn' && i + 1 < steps.length) {
            await waitAttr(page, '[data-testid=practice-feedback]', 'data-step', String(i));
            assert.equal((await dataAttrs(page, '[data-testid=practice-feedback]')).verdict, 'right', `${exercise} step ${i}`);
          }
        }
        await waitAttr(page, '[data-testid=practice]', 'data-done', 'true');
        const p = await dataAttrs(page, '[data-testid=practice]');
        assert.equal(p.score, p.max, `${exercise} ${mode}`);
        assert.match((await dataAttrs(page, '[data-testid=practice-code]')).code, new RegExp(`^P1_${exercise}_5_1_${mode[0]}_`));
        // The progress kept in this browser (local storage) counts the finished session.
        const kept = await waitAttr(page, `[data-testid=practice-progress][data-exercise=${exercise}]`, 'data-best', p.max);
        assert.equal(kept.proficient, 'true');
      });
    }
  }
});

/** The first seed from 1 whose problem `fits`, read from the page. */
async function seedWhere(exercise, fits) {
  for (let seed = 1; seed <= 30; seed++) {
    let ok = false;
    await withPage(`?view=practice&exercise=${exercise}&seed=${seed}`, async (page) => { ok = fits(await problem(page)); });
    if (ok) return seed;
  }
  assert.fail(`no seed of ${exercise} fits`);
}

/** The first element of an fm problem whose value is odd and has leading zeros (so the leading
 * zeros' count is a wrong tail), or -1. */
function oddWithLeadingZeros(p) {
  return p.stream.findIndex((x) => {
    const h = (p.a * x + p.b) % 2 ** p.w;
    return h % 2 === 1 && h < 2 ** (p.w - 1);
  });
}

test('three catalogued mistakes are named, then undone or fixed', async () => {
  // One hash's bit only: the first item's h1 bit, not its h2 bit.
  const insertSeed = await seedWhere('bloom-insert', (p) => new Set(positions(p.items[0], p.m)).size === 2);
  await withPage(`?view=practice&exercise=bloom-insert&seed=${insertSeed}`, async (page) => {
    const p = await problem(page);
    const [h1] = positions(p.items[0], p.m);
    const bits = new Array(p.m).fill(false);
    bits[h1] = true;
    await answer(page, { bits });
    await waitFor(page, '[data-testid=practice-feedback][data-verdict=wrong]');
    const f = await dataAttrs(page, '[data-testid=practice-feedback]');
    assert.equal(f.mistake, 'one-hash');
    assert.match(await page.textContent('[data-testid=practice-feedback]'), /One hash's bit only/);
    await page.click('[data-testid=practice-undo]');
    await answer(page, answers('bloom-insert', p)[0]);
    await waitAttr(page, '[data-testid=practice-feedback]', 'data-verdict', 'right');
    assert.equal((await dataAttrs(page, '[data-testid=practice]')).score, '0', 'right only at the second try');
  });
  // Leading zeros for the tail.
  const fmSeed = await seedWhere('fm', (p) => oddWithLeadingZeros(p) >= 0);
  await withPage(`?view=practice&exercise=fm&seed=${fmSeed}`, async (page) => {
    const p = await problem(page);
    const i = oddWithLeadingZeros(p);
    const right = answers('fm', p);
    for (let j = 0; j < i; j++) await answer(page, right[j]);
    const h = (p.a * p.stream[i] + p.b) % 2 ** p.w;
    await answer(page, { text: String(h.toString(2).padStart(p.w, '0').search(/1|$/)) });
    await waitFor(page, '[data-testid=practice-feedback][data-verdict=wrong]');
    assert.equal((await dataAttrs(page, '[data-testid=practice-feedback]')).mistake, 'leading-zeros');
    await page.click('[data-testid=practice-fix]');
    await waitAttr(page, '[data-testid=practice]', 'data-step', String(i + 1));
  });
  // The k-th power left out, in exam mode: named at the end.
  await withPage('?view=practice&exercise=fp-formula&seed=4&mode=exam', async (page) => {
    const p = await problem(page);
    await answer(page, { text: String(1 - Math.exp((-p.k * p.n) / p.m)) });
    assert.equal(await page.$('[data-testid=practice-feedback]'), null, 'no feedback before the end in exam mode');
    await answer(page, { text: String(bestK(p.m, p.n)) });
    await waitAttr(page, '[data-testid=practice]', 'data-done', 'true');
    const f = await page.$$eval('[data-testid=practice-feedback]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.deepEqual(f.map((x) => [x.verdict, x.mistake]), p.k === 1 ? [['right', 'none'], ['right', 'none']] : [['wrong', 'no-power'], ['right', 'none']]);
  });
});

test('a course page around an embedded view receives the result', async () => {
  await withPage('?view=home', async (page) => {
    await page.evaluate(() => {
      window.received = [];
      window.addEventListener('message', (e) => { if (e.data && e.data.type === 'practice-result') window.received.push(e.data); });
      const f = document.createElement('iframe');
      f.src = '?view=practice&exercise=fp-formula&seed=9&embed=1';
      f.style.width = '800px';
      f.style.height = '600px';
      document.body.append(f);
    });
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForSelector('[data-testid=practice-problem]');
    const p = JSON.parse(await frame.$eval('[data-testid=practice-problem]', (e) => e.dataset.problem));
    await frame.fill('[data-testid=practice-input]', String(rate(p.m, p.n, p.k)));
    await frame.click('[data-testid=practice-submit]');
    await frame.waitForSelector('[data-testid=practice-feedback][data-verdict=right]');
    await frame.fill('[data-testid=practice-input]', '0');
    await frame.click('[data-testid=practice-submit]');
    await frame.click('[data-testid=practice-fix]');
    await page.waitForFunction(() => window.received.length > 0);
    const msg = (await page.evaluate(() => window.received))[0];
    assert.deepEqual(
      [msg.source, msg.exercise, msg.seed, msg.level, msg.mode, msg.score, msg.max],
      ['bloomlab', 'fp-formula', 9, 1, 'learn', 1, 2],
    );
    assert.match(msg.code, /^P1_fp-formula_9_1_l_/);
  });
});

test('codes go through the class tally: scores recomputed, mistakes counted, a changed code refused', async () => {
  // Two students: one right throughout, one who leaves the k-th power out at step 1.
  const codes = [];
  const seed = await seedWhere('fp-formula', (p) => p.k > 1);
  for (const wrong of [false, true]) {
    await withPage(`?view=practice&exercise=fp-formula&seed=${seed}&mode=exam`, async (page) => {
      const p = await problem(page);
      const right = answers('fp-formula', p);
      await answer(page, wrong ? { text: String(1 - Math.exp((-p.k * p.n) / p.m)) } : right[0]);
      await answer(page, right[1]);
      await waitAttr(page, '[data-testid=practice]', 'data-done', 'true');
      codes.push((await dataAttrs(page, '[data-testid=practice-code]')).code);
    });
  }
  const changed = codes[0].replace('_e_', '_l_');
  await withPage('?view=tally', async (page) => {
    await page.fill('[data-testid=tally-input]', [...codes, '', changed].join('\n'));
    await page.click('[data-testid=tally-apply]');
    const s = await waitAttr(page, '[data-testid=tally-summary]', 'data-codes', '3');
    assert.equal(s.valid, '2');
    assert.equal(Number(s.mean), 0.75);
    assert.equal((await dataAttrs(page, '[data-testid=tally-refused]')).line, '4');
    assert.ok(await page.$('[data-testid=tally-chart]'));
    const mistakes = await page.$$eval('[data-testid=tally-mistake]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.deepEqual(mistakes.map((m) => [m.exercise, m.id, m.step, m.count]), [['fp-formula', 'no-power', '0', '1']]);
  });
});

/** The frequencies chapter's exercises: every step's right answer, computed here from the
 * problem's JSON. Count-min: the columns come in the JSON (xxh3 is not for by-hand work). */
function frequencyAnswers(exercise, p) {
  if (exercise === 'cm-update') {
    const grid = Array.from({ length: p.d }, () => new Array(p.w).fill(0));
    const steps = [];
    for (const x of p.arrivals) {
      const cols = p.columns[x];
      const est = Math.min(...cols.map((c, j) => grid[j][c]));
      cols.forEach((c, j) => { grid[j][c] = p.update === 'standard' ? grid[j][c] + 1 : Math.max(grid[j][c], est + 1); });
      for (const row of grid) steps.push({ counts: [...row] });
    }
    return [...steps, { text: String(Math.min(...p.columns[p.query].map((c, j) => grid[j][c]))) }];
  }
  if (exercise === 'misra-gries') {
    const c = new Array(p.items).fill(0);
    let decrements = 0;
    const steps = p.stream.map((x) => {
      if (c[x] > 0 || c.filter((v) => v > 0).length < p.k) c[x] += 1;
      else { c.forEach((v, i) => { c[i] = Math.max(0, v - 1); }); decrements += 1; }
      return { counts: [...c] };
    });
    // The candidates: an item occurs at most its count + D times (D the decrements).
    const n = p.stream.length;
    return [...steps, { text: String(n / (p.k + 1)) }, { bits: c.map((v) => (p.k + 1) * (v + decrements) > n) }];
  }
  // DGIM: drop, then a new bucket for a 1, then merge the two oldest of a size with r + 1.
  let b = [];
  const steps = [];
  [...p.bits].forEach((ch, i) => {
    const t = i + 1;
    b = b.filter(([, ts]) => ts > t - p.N);
    if (ch !== '1') return;
    b.unshift([1, t]);
    for (let size = 1; b.some(([s]) => s >= size); size *= 2) {
      const at = b.map(([s], j) => (s === size ? j : -1)).filter((j) => j >= 0);
      if (at.length > p.r) {
        b[at[at.length - 2]][0] = size * 2;
        b.splice(at[at.length - 1], 1);
      }
    }
    const cells = new Array(p.bits.length).fill(0);
    for (const [s, ts] of b) cells[ts - 1] = s;
    steps.push({ counts: cells });
  });
  const sum = b.reduce((a, [s]) => a + s, 0);
  return [...steps, { text: String(sum - b[b.length - 1][0] / 2) }];
}

/** Solves `exercise` in learn mode, giving `wrong(p, i)`'s answer first at the step where it
 * returns one: that step is named for `mistake`, taken back, and answered right. */
async function solveWithOneMistake(exercise, wrong, mistake) {
  await withPage(`?view=practice&exercise=${exercise}&seed=3&level=2`, async (page) => {
    const p = await problem(page);
    const steps = frequencyAnswers(exercise, p);
    assert.equal((await dataAttrs(page, '[data-testid=practice]')).steps, String(steps.length), exercise);
    let named = false;
    if (exercise === 'dgim') {
      // Each time's cell shows the bit that arrived then.
      const marks = await page.$$eval('[data-testid=practice-cell-mark]', (els) => els.map((e) => e.textContent.replace('bit ', '')));
      assert.equal(marks.join(''), p.bits, 'the cells show their bits');
    }
    for (const [i, a] of steps.entries()) {
      await waitAttr(page, '[data-testid=practice]', 'data-step', String(i));
      const w = named ? null : wrong(p, i, steps);
      if (w) {
        await answer(page, w);
        await waitFor(page, '[data-testid=practice-feedback][data-verdict=wrong]');
        assert.equal((await dataAttrs(page, '[data-testid=practice-feedback]')).mistake, mistake, `${exercise} step ${i}`);
        await page.click('[data-testid=practice-undo]');
        named = true;
      }
      await answer(page, a);
      if (i + 1 < steps.length) {
        await waitAttr(page, '[data-testid=practice-feedback]', 'data-step', String(i));
        assert.equal((await dataAttrs(page, '[data-testid=practice-feedback]')).verdict, 'right', `${exercise} step ${i}`);
      }
    }
    assert.ok(named, `${exercise}: the mistake was given`);
    await waitAttr(page, '[data-testid=practice]', 'data-done', 'true');
    const s = await dataAttrs(page, '[data-testid=practice]');
    assert.equal(Number(s.score), Number(s.max) - 1, `${exercise}: every step right but the one`);
    assert.match((await dataAttrs(page, '[data-testid=practice-code]')).code, new RegExp(`^P1_${exercise}_3_2_l_`));
    // The code can be copied in one press (or the page says the browser refused).
    await page.click('[data-testid=practice-copy]');
    await page.waitForSelector('[data-testid=practice-copied][data-copied]');
  });
}

test('cm-update: solved through the hooks, every counter of a row raised is named', async () => {
  // The first arrival's row 0 with every counter raised by 1.
  await solveWithOneMistake('cm-update', (p, i) => (i === 0 ? { counts: new Array(p.w).fill(1) } : null), 'all-cells');
});

test('misra-gries: solved through the hooks, the new item counted after a decrement is named', async () => {
  // The first arrival that finds every counter taken: decrement, then (wrongly) count the item.
  await solveWithOneMistake('misra-gries', (p, i, steps) => {
    if (i >= p.stream.length) return null;
    const before = i === 0 ? new Array(p.items).fill(0) : steps[i - 1].counts;
    const x = p.stream[i];
    if (before[x] > 0 || before.filter((v) => v > 0).length < p.k) return null;
    const counts = before.map((v) => Math.max(0, v - 1));
    counts[x] = 1;
    return { counts };
  }, 'no-decrement-new');
});

test('dgim: solved through the hooks, the oldest bucket counted in full is named', async () => {
  await solveWithOneMistake('dgim', (p, i, steps) => {
    if (i !== steps.length - 1) return null;
    const sizes = steps[i - 1].counts.filter((v) => v > 0);
    return { text: String(sizes.reduce((a, s) => a + s, 0)) };
  }, 'full-oldest');
});
