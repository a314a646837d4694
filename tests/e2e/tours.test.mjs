// End-to-end tests of tours: a built-in tour walked from its first stop to its last with a
// clicker's keys (each stop's view loads, in whichever bundle it is, with the tour bar on the right
// stop); a custom tour built through the editor that round-trips through its link in a new page;
// and a tampered tour link that gives a notice and a usable page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, waitAttr, waitFor, withCleanPage, gotoQuery, reloadPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

/** Waits until the page shows stop `n` of the tour (a new page load) and returns the bar's data. */
async function atStop(page, n) {
  await page.waitForURL((u) => u.searchParams.get('stop') === String(n), { timeout: 30_000 });
  await waitFor(page, '[data-testid=app-ready]', 30_000);
  return waitAttr(page, '[data-testid=tour-bar]', 'data-stop', String(n), 30_000);
}

test('the bloom-filters tour is walked from first to last stop with PageDown and →', async () => {
  // A course page's link names the tour and the stop, not the view: the app loads the stop's own link.
  await withPage('?tour=bloom-filters&stop=1', async (page) => {
    const first = await atStop(page, 1);
    assert.equal(first.tour, 'bloom-filters');
    const total = Number(first.stops);
    assert.ok(total >= 8, `${total} stops`);
    assert.equal(new URL(page.url()).searchParams.get('view'), 'classic');
    for (let n = 2; n <= total; n++) {
      await page.keyboard.press(n % 2 ? 'ArrowRight' : 'PageDown');
      const bar = await atStop(page, n);
      assert.equal(bar.tour, 'bloom-filters');
      const url = new URL(page.url());
      assert.ok(url.searchParams.get('view'), `stop ${n} names its view`);
      if (url.searchParams.get('view') === 'ullman') {
        // The walkthrough shows the stop's step, and ← → belong to the tour, not the stepper.
        await waitAttr(page, '[data-testid=step]', 'data-step', url.searchParams.get('step'));
      }
      assert.equal(await page.$$eval('[data-testid=notice]', (e) => e.length), 0, `stop ${n}: no notice`);
    }
    assert.equal(await page.$('[data-testid=tour-next][href]'), null, 'the last stop has no next');
    await page.keyboard.press('PageUp');
    await atStop(page, total - 1);
  });
});

test('a custom tour built in the editor round-trips through its link', async () => {
  let link;
  await withPage('?view=ullman&step=4', async (page) => {
    // A title typed before any stop is kept through a reload.
    await page.click('[data-testid=tour-editor] summary');
    await page.fill('[data-testid=tour-title-input]', 'Week 3');
    await reloadPage(page);
    await page.click('[data-testid=tour-editor] summary');
    assert.equal(await page.inputValue('[data-testid=tour-title-input]'), 'Week 3');
    await page.fill('[data-testid=tour-title-input]', '');
    await page.click('[data-testid=tour-add]');
    await gotoQuery(page, '?view=fp&x=k');
    await page.click('[data-testid=tour-add]');
    await gotoQuery(page, '?view=counting&m=32&k=3&w=4&ops=i:apple,i:pear&query=apple');
    await page.click('[data-testid=tour-add]');
    await waitAttr(page, '[data-testid=tour-editor]', 'data-stops', '3');
    await page.click('[data-testid=tour-editor] summary');
    const second = '[data-testid=tour-stop][data-index="1"]';
    await page.fill(`${second} [data-testid=tour-stop-title]`, 'Where k is best — “ünïcode” & 100%');
    await page.fill(`${second} [data-testid=tour-stop-note]`, 'The minimum near (m/n) ln 2!');
    await page.fill(`${second} [data-testid=tour-stop-question]`, 'Which k?');
    // Move the counting stop up and back down.
    await page.click('[data-testid=tour-stop][data-index="2"] [data-testid=tour-stop-up]');
    await page.click('[data-testid=tour-stop][data-index="1"] [data-testid=tour-stop-down]');
    link = await page.getAttribute('[data-testid=tour-link]', 'data-href');
    assert.match(link, /^\?tour=custom&stop=1&stops=1~/);
    // A title rides in the link; Copy link puts the whole address on the clipboard.
    await page.fill('[data-testid=tour-title-input]', 'Week 3: filters!');
    await page.waitForFunction(() => /stops=1!Week_3/.test(document.querySelector('[data-testid=tour-link]').dataset.href));
    link = await page.getAttribute('[data-testid=tour-link]', 'data-href');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-testid=tour-copy]');
    await waitAttr(page, '[data-testid=tour-copied]', 'data-copied', 'true');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), new URL(link, page.url()).href);
  });
  await withPage(link, async (page) => {
    const bar = await atStop(page, 1);
    assert.deepEqual([bar.tour, bar.stops], ['custom', '3']);
    assert.equal(await page.textContent('[data-testid=tour-bar] .tour-title'), 'Week 3: filters!');
    assert.equal(new URL(page.url()).searchParams.get('view'), 'ullman');
    await waitAttr(page, '[data-testid=step]', 'data-step', '4');
    await page.click('[data-testid=tour-next]');
    await atStop(page, 2);
    const url = new URL(page.url());
    assert.deepEqual([url.searchParams.get('view'), url.searchParams.get('x')], ['fp', 'k']);
    const text = await page.textContent('[data-testid=tour-bar]');
    assert.ok(text.includes('Where k is best — “ünïcode” & 100%'), text);
    assert.ok(text.includes('The minimum near (m/n) ln 2!') && text.includes('Which k?'), text);
    await page.keyboard.press('ArrowRight');
    await atStop(page, 3);
    assert.equal(new URL(page.url()).searchParams.get('ops'), 'i:apple,i:pear');
  });
});

test('a tampered tour link gives a notice and a usable page', async () => {
  await withPage('?view=classic&tour=custom&stops=1~Zgarbage!x', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=stops]');
    assert.equal(await page.$('[data-testid=tour-bar]'), null);
    await page.fill('[data-testid=item-input]', 'cat');
    await page.click('[data-testid=insert-button]');
    await waitFor(page, '[data-testid=item-list] li');
  });
  await withPage('?view=ullman&step=2&tour=nope&stop=x', async (page) => {
    await waitFor(page, '[data-testid=notice][data-param=tour]');
    await page.keyboard.press('ArrowRight');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
  });
});
