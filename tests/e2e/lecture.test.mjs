// End-to-end tests of the lecture views: Ullman's walkthrough (every step by link, the keyboard,
// playback, a custom example, bad input), the darts panel and Skiena's comparison.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, openPage, closePage, assertClean, dataAttrs, waitAttr, waitFor, withCleanPage, gotoQuery } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

/** Opens `query`, runs `fn(page)` and checks the page stayed clean. */
const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const STEP = '[data-testid=step]';
const BITS = '[data-testid=bit-array]';
const TRACE = '[data-testid=hash-trace]';
const VERDICT = '[data-testid=verdict]';

// The slide's filter after each step, the traced element's positions, and the verdict.
const STEPS = [
  { bits: '00000000000' },
  { bits: '00100100000', item: '25', positions: '5,2' },
  { bits: '10100101000', item: '159', positions: '7,0' },
  { bits: '10100101010', item: '585', positions: '9,7' },
  { bits: '10100101010', item: '118', positions: '3,5', verdict: 'absent', truth: 'non-member' },
];

test('every step of the 11-bit example opens from its own link', async () => {
  for (const [i, want] of STEPS.entries()) {
    await withPage(`?view=ullman&step=${i}`, async (page) => {
      const step = await dataAttrs(page, STEP);
      assert.equal(step.step, String(i));
      assert.equal(step.steps, '8');
      assert.equal((await dataAttrs(page, BITS)).bits, want.bits, `filter at step ${i}`);
      const trace = await dataAttrs(page, TRACE);
      if (want.item) {
        assert.equal(trace.item, want.item);
        assert.equal(trace.positions, want.positions);
      } else {
        assert.equal(trace, null, 'no element is hashed before the first step');
      }
      const verdict = await dataAttrs(page, VERDICT);
      if (want.verdict) {
        assert.equal(verdict.item, want.item);
        assert.equal(verdict.verdict, want.verdict);
        assert.equal(verdict.truth, want.truth);
      } else {
        assert.equal(verdict, null);
      }
    });
  }
});

test('the reasoning steps show the reference numbers', async () => {
  await withPage('?view=ullman&step=5', async (page) => {
    const values = await page.$$eval('[data-testid=fp-theory]', (els) =>
      Object.fromEntries(els.map((e) => [e.dataset.formula, Number(e.dataset.value)])));
    assert.ok(Math.abs(values.approx - 0.176754) < 1e-6, JSON.stringify(values));
    assert.ok(Math.abs(values.finite - 0.189683) < 1e-6);
    assert.ok(Math.abs(values.exact - 3801581 / 19487171) < 1e-12);
  });
  await withPage('?view=ullman&step=7', async (page) => {
    const d = await dataAttrs(page, '[data-testid=slide-darts]');
    assert.ok(Math.abs(Number(d.fp) - 0.0094309) < 1e-7);
    assert.ok(Math.abs(Number(d['fp-rounded']) - 0.009375) < 1e-6);
  });
});

test('keyboard and buttons step through, and the address follows', async () => {
  await withPage('?view=ullman', async (page) => {
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitAttr(page, STEP, 'data-step', '3');
    assert.equal((await dataAttrs(page, BITS)).bits, '10100101010');
    await page.keyboard.press('ArrowLeft');
    await waitAttr(page, STEP, 'data-step', '2');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '2');
    await page.click('[data-testid=step-next]');
    await page.click('[data-testid=step-next]');
    await waitAttr(page, STEP, 'data-step', '4');
    assert.equal((await dataAttrs(page, VERDICT)).verdict, 'absent');
    await page.click('[data-testid=step-restart]');
    await waitAttr(page, STEP, 'data-step', '0');
  });
});

test('play advances by itself and the space bar pauses', async () => {
  await withPage('?view=ullman', async (page) => {
    await page.selectOption('.stepper .speed select', '3');
    await page.click('body', { position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    await waitAttr(page, STEP, 'data-step', '1', 5_000);
    await page.keyboard.press(' ');
    const paused = (await dataAttrs(page, STEP)).step;
    await page.waitForTimeout(1_200);
    assert.equal((await dataAttrs(page, STEP)).step, paused, 'paused playback stays put');
  });
});

test('a custom example, and bad input that gets notices', async () => {
  await withPage('?view=ullman', async (page) => {
    await page.fill('[data-testid=stream-input]', '1, 2, 3');
    await page.fill('[data-testid=lookups-input]', '2, 7');
    await page.fill('[data-testid=lecture-m-input]', '5');
    await page.click('[data-testid=lecture-apply]');
    await waitAttr(page, STEP, 'data-steps', '9');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('stream') === '1,2,3');
    await page.goto(page.url());
    await waitFor(page, '[data-testid=app-ready]');
    assert.equal((await dataAttrs(page, STEP)).steps, '9', 'the custom example survives a reload');
  });
  await withPage('?view=ullman&stream=25,apple,-3,99999999999999999999999&m=-1&step=zz', async (page) => {
    const params = await page.$$eval('[data-testid=notice]', (els) => els.map((e) => e.dataset.param));
    assert.equal(params.filter((p) => p === 'stream').length, 3, JSON.stringify(params));
    assert.ok(params.includes('m') && params.includes('step'));
    assert.equal((await dataAttrs(page, STEP)).step, '0');
    await page.keyboard.press('ArrowRight');
    await waitAttr(page, STEP, 'data-step', '1');
    assert.equal((await dataAttrs(page, TRACE)).positions, '5,2');
  });
});

test('the darts panel throws real darts', async () => {
  await withPage('?view=ullman&step=6', async (page) => {
    const r = await dataAttrs(page, '[data-testid=darts-result]');
    assert.ok(Math.abs(Number(r.zeros) - 0.606531) < 1e-6);
    await page.click('[data-testid=darts-simulate]');
    await waitFor(page, '[data-testid=darts-simulated]');
    const s = await dataAttrs(page, '[data-testid=darts-simulated]');
    assert.ok(Math.abs(Number(s.zeros) - Math.exp(-0.5)) < 0.005, JSON.stringify(s));
    await page.fill('[data-testid=darts-hashes]', 'lots');
    await page.press('[data-testid=darts-hashes]', 'Enter');
    await waitFor(page, '[data-testid=notice][data-param=darts]');
  });
});

test("Skiena's comparison computes 51.2 and follows the load slider", async () => {
  await withPage('?view=skiena', async (page) => {
    const r = await dataAttrs(page, '[data-testid=skiena-ratio]');
    assert.ok(Math.abs(Number(r.bound) - 51.2) < 1e-9);
    assert.ok(Math.abs(Number(r.standard) - 92.1) < 0.05);
    await page.fill('[data-testid=load-slider]', '200');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('load') === '0.2');
    const k5 = await page.$eval('[data-testid=fp-theory][data-formula=skiena][data-k="5"]', (e) => e.dataset.value);
    assert.equal(k5, '1', 'the bound is clipped at 1');
  });
  await withPage('?view=skiena&load=lots', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=load]');
  });
});

test('presenter mode: no navigation, the projector theme, clicker keys step, B blanks, Esc leaves', async () => {
  await withPage('?view=ullman&step=2&present=1', async (page) => {
    assert.equal(await page.$('[data-testid=site-nav]'), null, 'no navigation');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'projector');
    await page.keyboard.press('PageDown');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
    await page.keyboard.press('Space');
    await waitAttr(page, '[data-testid=step]', 'data-step', '4');
    await page.keyboard.press('PageUp');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
    await page.waitForFunction(() => /step=3/.test(location.search) && /present=1/.test(location.search));
    await page.keyboard.press('b');
    await waitFor(page, '[data-testid=blank-screen]');
    await page.keyboard.press('b');
    await page.waitForSelector('[data-testid=blank-screen]', { state: 'detached' });
    await page.keyboard.press('Escape');
    await waitFor(page, '[data-testid=site-nav]');
    await page.waitForFunction(() => !/present=/.test(location.search) && /step=3/.test(location.search));
    // The way back in: the Present button, with the page as it is now.
    await page.click('[data-testid=present-button]');
    await page.waitForFunction(() => /present=1/.test(location.search) && /step=3/.test(location.search));
    await waitFor(page, '[data-testid=app-ready]');
    assert.equal(await page.$('[data-testid=site-nav]'), null, 'presenting again');
  }, { viewport: { width: 1024, height: 768 } });
});

test('the home page offers the tours near the top, in presenter mode, with their minutes', async () => {
  await withPage('?view=home', async (page) => {
    const cards = await page.$$eval('[data-testid=tour-card]', (els) => els.map((e) => ({ href: e.getAttribute('href'), top: e.getBoundingClientRect().top, text: e.innerText })));
    assert.equal(cards.length, 6, "the six built-in tours");
    const firstView = await page.$eval('[data-testid=view-link]', (e) => e.getBoundingClientRect().top);
    for (const c of cards) {
      assert.match(c.href, /present=1/);
      assert.match(c.text, /about \d+ min in class/);
      assert.ok(c.top < firstView, 'the tours come before the course\'s cards');
    }
    const page1 = await page.getAttribute('[data-testid=tour-card-page][href*="streams"]', 'href');
    assert.doesNotMatch(page1, /present=/);
    await page.click('[data-testid=tour-card][data-tour=streams]');
    await page.waitForFunction(() => /view=sampling/.test(location.search) && /present=1/.test(location.search));
    await waitAttr(page, '[data-testid=tour-bar]', 'data-stop', '1');
    assert.equal(await page.$('[data-testid=tour-present]'), null, 'presenting already');
    await gotoQuery(page, page1);
    const present = await page.getAttribute('[data-testid=tour-present]', 'href');
    assert.match(present, /stop=1/);
    assert.match(present, /present=1/);
  });
});


test('predict, then reveal: class mode hides the answer until revealed, study mode judges', async () => {
  await withCleanPage(browser, '?view=ullman&step=0&quiz=class', async (page) => {
    const q = await dataAttrs(page, '[data-testid=question]');
    assert.equal(q.id, 'ullman-0');
    assert.equal(q.answer, undefined, 'no answer in the page before reveal');
    await page.click('[data-testid=reveal]');
    await waitFor(page, '[data-testid=question][data-answer]');
    const answer = Number((await dataAttrs(page, '[data-testid=question]')).answer);
    const text = await page.textContent(`[data-testid=question] [data-testid=choice][data-index="${answer}"]`);
    // The next step inserts 25 into bits 2 and 5 (the walkthrough's own trace).
    assert.equal(text, 'bits 2 and 5');
    await page.keyboard.press('ArrowRight');
    await waitAttr(page, '[data-testid=step]', 'data-step', '1');
    assert.equal(await dataAttrs(page, '[data-testid=hash-trace]').then((t) => t.positions), '5,2');
  });
  for (const pickRight of [true, false]) {
    await withCleanPage(browser, '?view=distinct&step=0&quiz=study', async (page) => {
      const choices = await page.$$eval('[data-testid=question] [data-testid=choice]', (els) => els.map((e) => e.textContent));
      const right = choices.indexOf('16');
      assert.ok(right >= 0, `16 is a choice: ${choices}`);
      const pick = pickRight ? right : (right + 1) % choices.length;
      await page.click(`[data-testid=question] [data-testid=choice][data-index="${pick}"]`);
      if (!pickRight) {
        // A wrong pick says why and lets the student try again; asking shows the answer.
        await waitFor(page, '[data-testid=quiz-why]');
        assert.equal((await dataAttrs(page, '[data-testid=question]')).answer, undefined, 'no answer after a wrong pick');
        await page.click('[data-testid=quiz-show-answer]');
      }
      await waitFor(page, '[data-testid=question] [data-testid=verdict]');
      assert.equal((await dataAttrs(page, '[data-testid=question] [data-testid=verdict]')).right, String(pickRight));
      assert.equal((await dataAttrs(page, '[data-testid=question]')).answer, String(right));
    });
  }
});

// Presenter mode at 1024 × 768: each walkthrough step's title, explanation and picture (its bit
// array, strip of arrivals, chart or table: the stage's first) end above the screen's bottom edge,
// in type a large room reads, so the lecturer never scrolls to them (readouts under the picture may
// run below). One page per view, stepped with the clicker's PageDown; Skiena's comparison has no
// steps, only its chart and load slider.
test('presenter mode at 1024 × 768: every step fits on one screen', async () => {
  const bottom = (page) => page.$eval('.stage', (stage) => {
    const PICTURE = 'canvas, .stream-strip, .fm-grid, .binary-split, table, svg, .chunk-grid';
    const parts = [stage.querySelector('.step-title'), stage.querySelector('.narration'), stage.querySelector(PICTURE)].filter(Boolean);
    const lowest = Math.max(...parts.map((el) => el.getBoundingClientRect().bottom));
    return { bottom: Math.round(lowest + window.scrollY), wide: document.documentElement.scrollWidth };
  });
  const tooTall = [];
  for (const view of ['ullman', 'distinct', 'moments', 'sampling', 'skiena']) {
    await withPage(`?view=${view}&present=1`, async (page) => {
      // Skiena's lecture is its load slider: presenter mode keeps it on screen.
      if (view === 'skiena') assert.ok(await page.isVisible('[data-testid=load-slider]'), 'skiena: the load slider is shown');
      const steps = Number((await dataAttrs(page, '[data-testid=step]'))?.steps ?? 0);
      for (let i = 0; ; i += 1) {
        if (i > 0) await waitAttr(page, '[data-testid=step]', 'data-step', String(i));
        const b = await bottom(page);
        if (b.bottom > 768 || b.wide > 1024) tooTall.push(`${view} step ${i}: bottom ${b.bottom}, width ${b.wide}`);
        if (i + 1 >= steps) break;
        await page.keyboard.press('PageDown');
      }
    }, { viewport: { width: 1024, height: 768 } });
  }
  assert.deepEqual(tooTall, []);
});
