// What a scripted student needs in every practice test: the right answers computed here from a
// problem's JSON, independently of the app (Ullman's positions, the false-positive formula), and
// the moves that give an answer to the page (cells clicked or typed, a choice, a text). Each takes a
// page or a frame.
import { dataAttrs } from './harness.mjs';

/** Ullman's positions: the odd- and even-numbered binary digits, counted from the right, mod m. */
export function positions(x, m) {
  const bits = x.toString(2).split('').reverse();
  const read = (start) => parseInt(bits.filter((_, i) => i % 2 === start).reverse().join('') || '0', 2);
  return [read(0) % m, read(1) % m];
}
export const rate = (m, n, k) => (1 - Math.exp((-k * n) / m)) ** k;
export function bestK(m, n) {
  const real = (m / n) * Math.LN2;
  const lo = Math.max(1, Math.floor(real));
  return rate(m, n, lo + 1) < rate(m, n, lo) ? lo + 1 : lo;
}

/** The right answer of every step of the Bloom filter exercises and the formula. */
export function filterAnswers(exercise, p) {
  if (exercise === 'bloom-insert') {
    const bits = new Array(p.m).fill(false);
    return p.items.map((x) => { for (const q of positions(x, p.m)) bits[q] = true; return { bits: [...bits] }; });
  }
  if (exercise === 'bloom-lookup') {
    const bits = new Array(p.m).fill(false);
    for (const x of p.items) for (const q of positions(x, p.m)) bits[q] = true;
    return p.lookups.map((x) => {
      const all = positions(x, p.m).every((q) => bits[q]);
      return { choice: !all ? 'absent' : p.items.includes(x) ? 'member' : 'false-positive' };
    });
  }
  if (exercise === 'counting') {
    // An insert adds 1 to counters h1 and h2, a delete takes 1 from each that is above 0 (twice
    // from one counter both land on); then each item still inserted is found unless a counter of
    // it is 0.
    const c = new Array(p.m).fill(0);
    const after = p.ops.map((op) => {
      const [kind, x] = op.split(':');
      for (const q of positions(Number(x), p.m)) c[q] = kind === 'i' ? c[q] + 1 : Math.max(0, c[q] - 1);
      return { counts: [...c] };
    });
    return [...after, ...p.lookups.map((x) => ({ choice: positions(x, p.m).every((q) => c[q] > 0) ? 'found' : 'false-negative' }))];
  }
  if (exercise === 'mlbf-xor') {
    return p.positions[0].map((_, j) => ({ text: String(p.positions.reduce((a, layer) => a ^ layer[j], 0) % p.m) }));
  }
  return [{ text: String(rate(p.m, p.n, p.k)) }, { text: String(bestK(p.m, p.n)) }];
}

/** Sets the cells to `bits` by clicking the ones that differ. */
export async function setCells(page, bits) {
  const cells = await page.$$eval('form [data-testid=practice-cell]', (els) => els.map((e) => e.dataset.value === '1'));
  for (let i = 0; i < bits.length; i++) {
    if (cells[i] !== bits[i]) await page.click(`form [data-testid=practice-cell][data-index="${i}"]`);
  }
}

/** Types `counts` into the step's cells, cell by cell. */
export async function fillCells(page, counts) {
  for (const [i, v] of counts.entries()) await page.fill(`form [data-testid=practice-cell][data-index="${i}"]`, String(v));
}

export async function answer(page, a) {
  if (a.bits) {
    await setCells(page, a.bits);
    await page.click('[data-testid=practice-submit]');
  } else if (a.counts) {
    await fillCells(page, a.counts);
    await page.click('[data-testid=practice-submit]');
  } else if (a.choice) {
    await page.click(`[data-testid=practice-choice][data-value="${a.choice}"]`);
  } else {
    await page.fill('[data-testid=practice-input]', a.text);
    await page.click('[data-testid=practice-submit]');
  }
}

export const problem = async (page) => JSON.parse((await dataAttrs(page, '[data-testid=practice-problem]')).problem);
