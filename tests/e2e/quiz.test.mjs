// End-to-end tests of predict-then-reveal (`quiz`): for every question every walkthrough asks, at
// every step, and for the counting and multi-layer views' questions, nothing around it answers it
// before Reveal — not the right choice's words, not its number as the page writes it, not the
// readouts that hold it — and after Reveal the answer and those readouts show. In study mode a
// wrong pick says why that choice is wrong while the answer and the readouts keep waiting, until
// the right pick, Show the answer or the last wrong choice. And the quiz and presenter modes ride
// along from one stop of a built-in tour to the next.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

const Q = '[data-testid=question]';

/** The readouts each view holds back while one of its questions about a number is open. */
const HELD = {
  sampling: ['[data-testid=sample-theory]', '[data-testid=sample-fraction][data-method=position]'],
  moments: ['[data-testid=ams-estimate]'],
  counting: ['[data-testid=estimate]', '[data-testid=op-damage]'],
  mlbf: ['[data-testid=hash-trace][data-layer=xor]'],
};
/** …and while its conceptual question is open (the AMS one is asked at the estimate, whose
 *  readout is the step's point and does not answer it). */
const HELD_CONCEPT = {
  sampling: ['[data-testid=sample-fraction][data-method=key]'],
};

/** `needle` as a whole word or number in `text` (not inside a longer number such as 14.62). */
function occurs(text, needle) {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}]|\\d[.,])${escaped}(?![\\p{L}\\p{N}]|[.,]\\d)`, 'u').test(text);
}

/** The visible text around the question, without the question box itself: the section that asks
 *  it (the walkthrough's panel — stepper, stage, readouts, form — or the whole counting or
 *  multi-layer view). A view's other panels run their own experiments on other streams, where
 *  small numbers such as 16 occur by chance ("16 seeded hashes"). */
const textOutsideQuestion = (page) => page.evaluate((sel) => {
  const q = document.querySelector(sel);
  const was = q.style.display;
  q.style.display = 'none';
  const text = q.parentElement.closest('section').innerText;
  q.style.display = was;
  return text;
}, Q);

/** Texts that would answer a question besides its right choice: the darts question's expected
 *  number of 1s, m(1 − e^(−d/m)), as the walkthrough writes it (one decimal). */
function alsoGivingAway(prompt) {
  const darts = prompt.match(/(\d+) darts at (\d+) bits/);
  if (!darts) return [];
  const [d, t] = [Number(darts[1]), Number(darts[2])];
  return [(t * (1 - Math.exp(-d / t))).toFixed(1)];
}

/** Checks the open question on `page` (class mode), reveals it and checks again; adds what it
 *  finds wrong to `problems` and returns the question's id. */
async function checkQuestion(page, view, where, problems) {
  const { id } = await dataAttrs(page, Q);
  const label = `${where} (${id})`;
  const prompt = await page.textContent(`${Q} .question-prompt`);
  // Which readouts show before Reveal (judged once it is known whether the question is conceptual).
  const shown = {};
  for (const sel of [...(HELD[view] ?? []), ...(HELD_CONCEPT[view] ?? [])]) {
    if (await page.$(sel)) shown[sel] = await page.isVisible(sel);
  }
  const before = await textOutsideQuestion(page);
  await page.click(`${Q} [data-testid=reveal]`);
  await waitFor(page, `${Q}[data-answer]`);
  const answer = (await dataAttrs(page, Q)).answer;
  const right = (await page.textContent(`${Q} [data-testid=choice][data-index="${answer}"]`)).trim();
  const number = right.match(/^([\d.,]+)( %)?$/)?.[1];
  const extra = alsoGivingAway(prompt);
  for (const g of [right, ...(number ? [number] : []), ...extra]) {
    if (occurs(before, g)) problems.push(`${label}: “${g}” is on the page before Reveal`);
  }
  // After Reveal: the answer is said, and what was held back shows again.
  if (!(await page.textContent(`${Q} [data-testid=verdict]`)).includes(right)) problems.push(`${label}: the verdict names ${right}`);
  const conceptual = (await page.$(`${Q} [data-testid=why-not]`)) !== null;
  const present = ((conceptual ? HELD_CONCEPT : HELD)[view] ?? []).filter((sel) => sel in shown);
  for (const sel of present) if (shown[sel]) problems.push(`${label}: ${sel} shows before Reveal`);
  for (const sel of present) if (!(await page.isVisible(sel))) problems.push(`${label}: ${sel} hidden after Reveal`);
  const afterText = await textOutsideQuestion(page);
  for (const g of extra) if (!occurs(afterText, g)) problems.push(`${label}: “${g}” missing after Reveal`);
  // A conceptual question says why each wrong choice is wrong.
  const whyNot = await page.$$eval(`${Q} [data-testid=why-not] li`, (els) => els.map((e) => e.textContent));
  const choices = await page.$$eval(`${Q} [data-testid=choice]`, (els) => els.map((e) => e.textContent.trim()));
  if (whyNot.length > 0) {
    const wrong = choices.filter((c) => c !== right);
    if (whyNot.length !== wrong.length || !wrong.every((c) => whyNot.some((w) => w.startsWith(`${c}? `)))) {
      problems.push(`${label}: why-not ${JSON.stringify(whyNot)} for ${JSON.stringify(wrong)}`);
    }
  }
  return conceptual ? `${id} (conceptual)` : id;
}

test('every walkthrough question: nothing answers it before Reveal, and Reveal shows it', async () => {
  const asked = [];
  const problems = [];
  for (const view of ['ullman', 'sampling', 'distinct', 'moments']) {
    await withPage(`?view=${view}&step=0&quiz=class`, async (page) => {
      const steps = Number((await dataAttrs(page, '[data-testid=step]')).steps);
      for (let i = 0; i <= steps; i += 1) {
        if (i > 0) {
          await page.keyboard.press('ArrowRight');
          await waitAttr(page, '[data-testid=step]', 'data-step', String(i));
        }
        if (await page.$(Q)) asked.push(await checkQuestion(page, view, `${view} step ${i}`, problems));
      }
    });
  }
  assert.deepEqual(problems, []);
  // Every walkthrough asks at least one question, and one conceptual question.
  for (const view of ['ullman', 'sampling', 'distinct', 'moments']) {
    assert.ok(asked.some((id) => id.startsWith(`${view}-`)), `${view} asks: ${asked}`);
    assert.ok(asked.some((id) => id.startsWith(`${view}-`) && id.endsWith('(conceptual)')), `${view} asks: ${asked}`);
  }
});

test('the counting and multi-layer questions: nothing answers them before Reveal', async () => {
  const links = [
    ['counting', '?view=counting&m=8&k=2&force=1&ops=i:apple,i:pear,i:plum,d:x0&quiz=class'],
    ['counting', '?view=counting&m=32&k=3&ops=i:apple,i:pear,i:apple,d:apple&quiz=class'],
    ['counting', '?view=counting&m=32&k=3&ops=i:apple,d:apple&quiz=class'],
    ['mlbf', '?view=mlbf&m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3&quiz=class'],
  ];
  const problems = [];
  for (const [view, link] of links) {
    await withPage(link, async (page) => {
      await waitFor(page, Q);
      await checkQuestion(page, view, link, problems);
    });
  }
  assert.deepEqual(problems, []);
});

test('a built-in tour keeps the quiz and presenter modes from stop to stop', async () => {
  // The link names the tour, not the view: the app loads stop 1's own link, then → goes on.
  await withPage('?tour=streams&stop=1&quiz=class&present=1', async (page) => {
    for (const n of [1, 2]) {
      if (n > 1) await page.keyboard.press('ArrowRight');
      await page.waitForURL((u) => u.searchParams.get('stop') === String(n) && u.searchParams.has('view'), { timeout: 30_000 });
      await waitFor(page, '[data-testid=app-ready]', 30_000);
      await waitAttr(page, '[data-testid=tour-bar]', 'data-stop', String(n), 30_000);
      const params = new URL(page.url()).searchParams;
      assert.equal(params.get('quiz'), 'class', `stop ${n}: ${page.url()}`);
      assert.equal(params.get('present'), '1', `stop ${n}: ${page.url()}`);
    }
  });
});

test('every walkthrough has a visible questions switch: off, class, study', async () => {
  for (const view of ['ullman', 'sampling', 'distinct', 'moments']) {
    await withPage(`?view=${view}&step=0`, async (page) => {
      const url = () => new URL(page.url()).searchParams;
      assert.equal(await page.inputValue('[data-testid=quiz-switch]'), 'off', view);
      await page.selectOption('[data-testid=quiz-switch]', 'study');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('quiz') === 'study');
      await waitFor(page, '[data-testid=app-ready]');
      assert.equal(url().get('view'), view);
      assert.equal(await page.inputValue('[data-testid=quiz-switch]'), 'study', view);
      await page.selectOption('[data-testid=quiz-switch]', 'off');
      await page.waitForFunction(() => !new URLSearchParams(location.search).has('quiz'));
      await waitFor(page, '[data-testid=app-ready]');
      assert.equal(await page.$(Q), null, `${view}: no question with questions off`);
    });
  }
  // Presenter mode leaves it out: the lecturer's link says what the class sees.
  await withPage('?view=ullman&step=0&present=1', async (page) => {
    assert.equal(await page.isVisible('[data-testid=quiz-switch]'), false);
  });
});

/** The darts question's right choice, computed here from its prompt: 1 − (1 − 1/t)^d as the
 *  page writes a percentage (one decimal, no trailing zero). */
function dartsAnswer(prompt) {
  const [, d, t] = prompt.match(/(\d+) darts at (\d+) bits/).map(Number);
  return `${Number((100 * (1 - (1 - 1 / t) ** d)).toFixed(1))} %`;
}

/** The study-mode state of the open question: the answer hook, the why line, the masked texts,
 *  whether the view holds back its readouts, and the choices' disabled flags. */
const studyState = (page) => page.evaluate((sel) => {
  const q = document.querySelector(sel);
  const why = q.querySelector('[data-testid=quiz-why]');
  return {
    answer: q.getAttribute('data-answer'),
    why: why && why.offsetParent !== null ? { index: why.getAttribute('data-index'), text: why.textContent } : null,
    masked: document.querySelectorAll('.masked').length,
    open: document.querySelector('.question-open') !== null,
    disabled: [...q.querySelectorAll('[data-testid=choice]')].map((c) => c.disabled),
    showAnswer: q.querySelector('[data-testid=quiz-show-answer]') !== null,
    verdict: q.querySelector('[data-testid=verdict]') !== null,
  };
}, Q);

test('study mode: a wrong pick says why and keeps the answer hidden; the right pick shows it', async () => {
  await withPage('?view=ullman&step=5&quiz=study', async (page) => {
    await waitFor(page, Q);
    const prompt = await page.textContent(`${Q} .question-prompt`);
    const right = dartsAnswer(prompt);
    const choices = await page.$$eval(`${Q} [data-testid=choice]`, (els) => els.map((e) => e.textContent.trim()));
    const rightIndex = choices.indexOf(right);
    assert.ok(rightIndex >= 0 && choices.length >= 3, `${right} among ${choices}`);
    const before = await studyState(page);
    assert.ok(before.masked > 0 && before.open && before.why === null && before.showAnswer, JSON.stringify(before));
    const expected = alsoGivingAway(prompt)[0];
    assert.ok(!occurs(await textOutsideQuestion(page), expected), `${expected} shows before the answer`);

    // A wrong pick: why that choice is wrong, nothing of the answer, another try open.
    const wrong = choices.findIndex((c, i) => i !== rightIndex);
    await page.click(`${Q} [data-testid=choice][data-index="${wrong}"]`);
    await waitFor(page, `${Q} [data-testid=quiz-why]`);
    const tried = await studyState(page);
    assert.equal(tried.answer, null, 'data-answer waits for the right pick');
    assert.equal(tried.why.index, String(wrong));
    assert.match(tried.why.text, /^Not quite: \S/);
    assert.ok(!occurs(tried.why.text, right) && !occurs(tried.why.text, right.replace(' %', '')), tried.why.text);
    assert.ok(tried.masked === before.masked && tried.open && !tried.verdict && tried.showAnswer, JSON.stringify(tried));
    assert.deepEqual(tried.disabled, choices.map((_, i) => i === wrong));
    assert.ok(!occurs(await textOutsideQuestion(page), expected), `${expected} shows after a wrong pick`);

    // The right pick: the answer, its reasoning, and everything held back shows.
    await page.click(`${Q} [data-testid=choice][data-index="${rightIndex}"]`);
    await waitAttr(page, Q, 'data-answer', String(rightIndex));
    const done = await studyState(page);
    assert.ok(done.masked === 0 && !done.open && done.verdict && !done.showAnswer && done.why === null, JSON.stringify(done));
    assert.deepEqual(await dataAttrs(page, `${Q} [data-testid=verdict]`), { testid: 'verdict', right: 'true', tries: '2' });
    assert.ok((await page.textContent(`${Q} [data-testid=verdict]`)).includes(right));
    assert.ok(occurs(await textOutsideQuestion(page), expected), `${expected} missing after the answer`);
  });
});

/** The right choice's index of the question `link` opens, read from class mode's Reveal. */
async function answerOf(link) {
  let answer;
  await withPage(link.replace('quiz=study', 'quiz=class'), async (page) => {
    await waitFor(page, Q);
    await page.click(`${Q} [data-testid=reveal]`);
    await waitFor(page, `${Q}[data-answer]`);
    answer = Number((await dataAttrs(page, Q)).answer);
  });
  return answer;
}

test('study mode: every wrong pick is explained while the readouts wait; the last one or Show the answer shows it', async () => {
  const links = {
    sampling: '?view=sampling&step=3&quiz=study',
    moments: '?view=moments&step=15&quiz=study',
    distinct: '?view=distinct&step=0&quiz=study',
    counting: '?view=counting&m=8&k=2&force=1&ops=i:apple,i:pear,i:plum,d:x0&quiz=study',
  };
  let showAnswerTried = false;
  for (const [view, link] of Object.entries(links)) {
    const answer = await answerOf(link);
    await withPage(link, async (page) => {
      await waitFor(page, Q);
      const n = (await page.$$(`${Q} [data-testid=choice]`)).length;
      const wrong = [...Array(n).keys()].filter((i) => i !== answer);
      const held = async (visible, when) => {
        for (const sel of HELD[view] ?? []) {
          if (await page.$(sel)) assert.equal(await page.isVisible(sel), visible, `${view}: ${sel} ${when}`);
        }
      };
      for (const [t, i] of wrong.entries()) {
        await page.click(`${Q} [data-testid=choice][data-index="${i}"]`);
        await waitAttr(page, `${Q} [data-testid=quiz-why]`, 'data-index', String(i));
        const s = await studyState(page);
        assert.match(s.why.text, /^Not quite: \S/, view);
        if (t === wrong.length - 1) break; // the last wrong choice: the answer shows
        assert.ok(s.answer === null && s.open && !s.verdict && s.showAnswer, `${view}: ${JSON.stringify(s)}`);
        assert.deepEqual(s.disabled, [...Array(n).keys()].map((j) => wrong.slice(0, t + 1).includes(j)), view);
        await held(false, 'after a wrong pick');
        if (!showAnswerTried) {
          showAnswerTried = true;
          await page.click(`${Q} [data-testid=quiz-show-answer]`);
          break;
        }
      }
      await waitAttr(page, Q, 'data-answer', String(answer));
      assert.equal((await dataAttrs(page, `${Q} [data-testid=verdict]`)).right, 'false', view);
      const s = await studyState(page);
      assert.ok(s.why !== null && !s.open && !s.showAnswer && s.disabled.every(Boolean), `${view}: ${JSON.stringify(s)}`);
      await held(true, 'once the answer shows');
    });
  }
  assert.ok(showAnswerTried, 'a question with more than one wrong choice');
});
