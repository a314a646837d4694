// Notes that cannot lie: every built-in tour stop, every moment and every home card's "watch for"
// declares the facts its sentence relies on (`tests/facts/`, written
// here as tour-facts.json by tests/bundles.rs). Each is opened as a class sees it — at 1280 × 800, and
// in presenter mode on a 1024 × 768 projector with questions for a class — and every fact is checked
// against the page's hooks; in presenter mode an open question is whole on the first screen and the
// clicker's PageDown reveals it, then the element the note talks about is whole on the first screen,
// nothing scrolls sideways, the tour bar is one line, and no two consecutive stops show the same screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { launch, shutdown, openPage, gotoQuery, closePage, assertClean, LISTED_VIEWS } from './harness.mjs';

const name = (e) => (e.view ? `card ${e.view}` : e.tour === 'moment' ? `moment ${e.link}` : `${e.tour} stop ${e.stop}`);
const FACTS = JSON.parse(fs.readFileSync(new URL('./tour-facts.json', import.meta.url), 'utf8'));
const PROJECTOR = { width: 1024, height: 768 };
// FACTS_FROM=NAME (e.g. "streams stop 3") starts at that entry, to look again at what failed.
const FROM = process.env.FACTS_FROM;
const entries = FROM ? FACTS.slice(Math.max(0, FACTS.findIndex((e) => name(e) === FROM))) : FACTS;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

/** Whether one fact holds now (run in the page). */
function holds([f]) {
  const el = document.querySelector(f.select);
  if (!el) return false;
  const num = (text) => {
    const m = /^(.*) @([\w-]+)$/.exec(text);
    const v = m ? document.querySelector(m[1])?.getAttribute(m[2]) : text;
    return v == null || v === '' ? NaN : Number(v);
  };
  switch (f.op) {
    case '=': return el.getAttribute(f.attr) === f.value;
    case '>': return Number(el.getAttribute(f.attr)) > num(f.value);
    case '<': return Number(el.getAttribute(f.attr)) < num(f.value);
    case 'text': return el.innerText.includes(f.value);
    case 'visible': { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; }
    case 'checked': return el.checked === true;
    default: return false;
  }
}

/** Waits for every fact of `entry` that `which` keeps (a run may still be measuring), naming the
 *  one that fails. */
async function checkFacts(page, entry, where, which = () => true) {
  for (const f of entry.facts.filter(which)) {
    try {
      await page.waitForFunction(holds, [f], { timeout: 30_000 });
    } catch {
      const now = await page.$eval(f.select, (el, a) => (a ? el.getAttribute(a) : el.innerText.slice(0, 200)), f.attr).catch(() => '(no such element)');
      assert.fail(`${where}: ${f.select} ${f.op} ${f.attr} ${f.value} does not hold (now: ${now})`);
    }
  }
  assert.equal(await page.$$eval('[data-testid=notice]', (e) => e.length), 0, `${where}: no notice`);
}

/** Text on the first screen of the view (not the tour bar) smaller than a large room reads at
 * 1024 × 768: prose under 24 px, tables, tiles, labels and form controls under 18 px. Headings and
 * prose count as prose; a text inside a table, a strip of cells, a readout's label, a control or
 * a span set smaller inside a sentence (a legend's entry, an estimate's "over by") counts as a tile. (Run in the page.) */
function smallType() {
  const TILE = 'span, text, table, .stream-strip, .readouts dt, .readouts h3, .chunk, .binary-split, .digit, .layer-tag, .chart-legend, .progress-line, button, select, input, label, small, .legend, .bit-info, svg';
  const out = new Set();
  for (const el of document.querySelectorAll('main *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('.tour-bar')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top >= innerHeight || r.bottom <= 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.visually-hidden, [aria-hidden=true]')) continue;
    const size = parseFloat(style.fontSize);
    const least = el.closest(TILE) ? 18 : 24;
    if (size < least - 0.05) out.add(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${size.toFixed(1)} px`);
  }
  return [...out].slice(0, 8);
}

/** The box of the element a note talks about. */
const box = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
});


test('every note and watch-for is true to its page', async () => {
  const page = await openPage(browser, '?view=home');
  try {
    for (const entry of entries) {
      const t0 = Date.now();
      await gotoQuery(page, entry.link);
      await checkFacts(page, entry, name(entry));
      const shown = await box(page, entry.shows).catch(() => null);
      assert.ok(shown && shown.width > 0 && shown.height > 0, `${name(entry)}: ${entry.shows} is shown`);
      if (process.env.FACTS_TIMES) console.log(name(entry), Date.now() - t0);
    }
    await assertClean(page);
  } finally {
    await closePage(page);
  }
});

/** What spills out of the first screen sideways: the page's own width past the window's. (Run in the page.) */
const sideways = () => Math.max(0, document.documentElement.scrollWidth - innerWidth);

/** What the first screen cuts: boxes whose content is wider than they are (scrolled or clipped
 * text, an ellipsis) and charts whose plotting area is under half their height. (Run in the page.) */
const cut = () => {
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && r.top < innerHeight && r.bottom > 0 && cs.visibility !== 'hidden'
      && cs.clip === 'auto' && !el.closest('details:not([open]) > :not(summary)');
  };
  const found = [];
  for (const el of document.querySelectorAll('main *')) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && seen(el)) {
      found.push(`${el.className || el.tagName} (${el.scrollWidth} in ${el.clientWidth} px): ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  for (const c of document.querySelectorAll('main canvas[data-plot-height]')) {
    if (seen(c) && 2 * Number(c.dataset.plotHeight) < c.getBoundingClientRect().height - 1) {
      found.push(`${c.dataset.testid}: plotting area ${c.dataset.plotHeight} of ${Math.round(c.getBoundingClientRect().height)} px`);
    }
  }
  return found;
};

test('in presenter mode at 1024 × 768 with quiz=class every stop is one screen, true to its note, and new', async () => {
  const page = await openPage(browser, '?view=home&present=1', { viewport: PROJECTOR });
  try {
    let previous = null;
    for (const entry of entries) {
      const where = `${name(entry)}, presenter mode`;
      await gotoQuery(page, `${entry.link}&present=1&quiz=class`);
      // The facts hold while a question waits (what answers it is hidden, not gone; checked first,
      // before a revealed question's own verdict joins the page's hooks); what must be visible is
      // checked once the question is revealed.
      const question = await page.$('[data-testid=question]:not([data-answer])');
      await checkFacts(page, entry, where, (f) => !question || f.op !== 'visible');
      // An open question is on the first screen whole, beside the picture; the clicker's PageDown
      // reveals it (a card's page has no tour: its question is revealed with its button).
      if (question) {
        const q = await box(page, '[data-testid=question]');
        assert.ok(q.top >= 0 && q.bottom <= PROJECTOR.height + 0.5, `${where}: the question whole on the first screen (${JSON.stringify(q)})`);
        if (entry.stop > 0 && !entry.view) await page.keyboard.press('PageDown');
        else await page.click('[data-testid=question] [data-testid=reveal]');
        await page.waitForSelector('[data-testid=question][data-answer]', { timeout: 10_000 });
        await checkFacts(page, entry, where, (f) => f.op === 'visible');
      }
      assert.equal(await page.evaluate(sideways), 0, `${where}: nothing scrolls sideways`);
      assert.deepEqual(await page.evaluate(cut), [], `${where}: nothing on the first screen cut by its box`);
      const shown = await box(page, entry.shows).catch(() => null);
      assert.ok(shown && shown.width > 0 && shown.height > 0, `${where}: ${entry.shows} is shown`);
      assert.ok(
        shown.top >= 0 && shown.left >= 0 && shown.bottom <= PROJECTOR.height + 0.5 && shown.right <= PROJECTOR.width + 0.5,
        `${where}: ${entry.shows} whole on the first screen (${JSON.stringify(shown)})`,
      );
      const small = await page.evaluate(smallType);
      assert.deepEqual(small, [], `${where}: type for a large room (prose ≥ 24 px, tables and tiles ≥ 18 px)`);
      if (entry.stop > 0 && !entry.view) {
        const bar = await box(page, '[data-testid=tour-bar]');
        assert.ok(bar.height <= 60, `${where}: the tour bar is one line (${bar.height} px)`);
        // The screen under the bar differs from the previous stop's.
        await page.waitForTimeout(300);
        const shot = await page.screenshot({ clip: { x: 0, y: bar.bottom, width: PROJECTOR.width, height: PROJECTOR.height - bar.bottom } });
        if (previous && entry.stop > 1) assert.ok(!shot.equals(previous), `${where}: the same screen as the stop before`);
        previous = shot;
      }
    }
    await assertClean(page);
  } finally {
    await closePage(page);
  }
});

test('presenter mode at 1024 × 768: every view shows a picture on its first screen', async () => {
  // A view's main content: a drawing, a strip or grid of cells, a table, the stream itself (the
  // distinct walkthrough's first step, DGIM's bits and buckets), an exercise, the cells a student sets by hand, or the box
  // the class tally's codes are pasted into (its content until there are codes), a quotient filter's slots.
  const PICTURE = 'main canvas, main svg, main .stream-strip, main .stream-line, main .dgim-stream, main .chunk-grid, main .cuckoo-buckets, main .count-rows, main table, main .exercise, main .practice-cells, main .tally-input, main .qf-slots';
  const page = await openPage(browser, '?view=home&present=1', { viewport: PROJECTOR });
  const bare = [];
  try {
    for (const view of LISTED_VIEWS.filter((v) => v !== 'home')) {
      await gotoQuery(page, `?view=${view}&present=1`);
      try {
        await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 100 && r.height > 20 && r.top >= 0 && r.top < innerHeight - 40;
        }), PICTURE, { timeout: 20_000 });
      } catch {
        bare.push(view);
      }
    }
    await assertClean(page);
  } finally {
    await closePage(page);
  }
  assert.deepEqual(bare, [], 'views with no picture on the first screen in presenter mode');
});
