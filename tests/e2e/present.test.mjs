// End-to-end tests of a tour run from a clicker in presenter mode with questions for a class: the
// first PageDown reveals an open question and the next moves on, space never steps past an open
// question, and the speaker's notes (N) open in a second window that shows the projected stop's
// note and question with its answer, follows the projected page, and drives it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, waitAttr, waitFor, withCleanPage, watchPage, assertClean, getServer } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const PROJECTOR = { viewport: { width: 1024, height: 768 } };
const Q = '[data-testid=question]';

async function atStop(page, n) {
  await page.waitForURL((u) => u.searchParams.get('stop') === String(n), { timeout: 30_000 });
  await waitFor(page, '[data-testid=app-ready]', 30_000);
  return waitAttr(page, '[data-testid=tour-bar]', 'data-stop', String(n), 30_000);
}

test('the clicker reveals an open question first, then moves on; space never steps past one', async () => {
  await withCleanPage(browser, '?tour=frequencies&stop=2&present=1&quiz=class', async (page) => {
    await atStop(page, 2);
    await waitFor(page, `${Q}:not([data-answer])`);
    // The ring and the estimate that answer it wait; the bar shows no note on the projector.
    assert.equal(await page.isVisible('[data-testid=walk-estimate][data-sketch=cm]'), false);
    assert.equal(await page.isVisible('.tour-bar .watch-for'), false);
    await page.keyboard.press('PageDown');
    await waitFor(page, `${Q}[data-answer]`);
    assert.equal(new URL(page.url()).searchParams.get('stop'), '2', 'the reveal stays on the stop');
    assert.equal(await page.isVisible('[data-testid=walk-estimate][data-sketch=cm]'), true);
    await page.keyboard.press('PageDown');
    await atStop(page, 3);
    await waitFor(page, `${Q}:not([data-answer])`);
    await page.keyboard.press('PageUp');
    await atStop(page, 2);
  }, PROJECTOR);
  // A walkthrough in presenter mode, no tour: space reveals, then steps.
  await withCleanPage(browser, '?view=sampling&step=3&present=1&quiz=class', async (page) => {
    await waitFor(page, `${Q}:not([data-answer])`);
    await page.keyboard.press(' ');
    await waitFor(page, `${Q}[data-answer]`);
    assert.equal((await page.getAttribute('[data-testid=step]', 'data-step')), '3');
    await page.keyboard.press(' ');
    await waitAttr(page, '[data-testid=step]', 'data-step', '4');
  }, PROJECTOR);
});

test('the speaker\'s notes open from the projected page, follow it and drive it', async () => {
  await withCleanPage(browser, '?tour=frequencies&stop=2&present=1&quiz=class', async (page) => {
    await atStop(page, 2);
    await waitFor(page, `${Q}:not([data-answer])`);
    const opened = page.context().waitForEvent('page');
    await page.keyboard.press('n');
    const notes = await opened;
    await watchPage(notes, await getServer());
    try {
      await notes.waitForLoadState('load');
      await waitAttr(notes, '[data-testid=speaker-notes]', 'data-connected', 'true', 30_000);
      const n = await notes.$eval('[data-testid=speaker-notes]', (el) => el.dataset.stop);
      assert.equal(n, '2');
      assert.match(await notes.textContent('[data-testid=notes-note]'), /count-min reports the smallest/);
      assert.match(await notes.textContent('[data-testid=notes-next-title]'), /Next: The conservative update/);
      // The notes name the right choice; the projector has not shown it.
      const q = await notes.$eval('[data-testid=notes-question]', (el) => ({ ...el.dataset }));
      assert.equal(q.revealed, 'false');
      const right = await notes.textContent(`[data-testid=notes-question] li:nth-child(${Number(q.answer) + 1})`);
      assert.match(right, /the answer/);
      assert.equal(await page.$(`${Q}[data-answer]`), null);
      // Reveal from the laptop: the projected question shows its answer, the notes say so.
      await notes.click('[data-testid=notes-reveal]');
      await waitAttr(page, Q, 'data-answer', q.answer);
      await waitAttr(notes, '[data-testid=notes-question]', 'data-revealed', 'true');
      // Next from the laptop: the projected page moves on, and the notes follow it.
      await notes.click('[data-testid=notes-next]');
      await atStop(page, 3);
      // The projected page keeps its own presenter mode and questions.
      const params = new URL(page.url()).searchParams;
      assert.deepEqual([params.get('present'), params.get('quiz')], ['1', 'class']);
      await waitAttr(notes, '[data-testid=speaker-notes]', 'data-stop', '3', 30_000);
      assert.match(await notes.textContent('[data-testid=notes-clock]'), /^\d+:\d\d$/);
      await assertClean(notes);
    } finally {
      await notes.close().catch(() => {});
    }
  }, PROJECTOR);
  // Opened on its own, the notes wait for a projected page.
  await withCleanPage(browser, '?view=home&tour=frequencies&stop=1&notes=1', async (page) => {
    await waitAttr(page, '[data-testid=speaker-notes]', 'data-connected', 'false');
    await waitFor(page, '[data-testid=notes-waiting]');
  });
});
