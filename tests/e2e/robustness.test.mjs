// Bad input is normal: tampered links for every view and huge or odd typed input must give a
// usable page, with no page error, console message or foreign request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, withCleanPage, waitFor, LISTED_VIEWS } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const TAMPERED = [
  '&m=-5&k=0&n=0&p=2&hash=md5&items=%zz,,%FF&query=%',
  '&m=99999999999999999999999&k=99999&step=-1&stream=1.5,-3&lookups=x&layers=0&w=0&mode=zz',
  '&ops=i:,d:%,x:1&items=http://%5B::1%5D/a,javascript:alert(1),%F0%9F%99%82&x=q&formulas=nope&load=7',
  '&positions=0,99,-1&counts=1e308,NaN&source=zz&zipf=1e308&length=-1&s=0&groups=%&seed=NaN&hashes=0:1,x&rate=200%25&buckets=1',
];

test('tampered links give every view a working page', { timeout: 300_000 }, async () => {
  for (const view of [...LISTED_VIEWS, 'nope']) {
    for (const tail of TAMPERED) {
      await withCleanPage(browser, `?view=${view}${tail}`, async (page) => {
        await waitFor(page, '[data-testid=app-ready]');
        // What people typed may come back in a notice ("seed = “NaN” is not a number"); the rest
        // of the page may not show NaN or Infinity.
        const text = await page.$eval('main', (el) => {
          const c = el.cloneNode(true);
          c.querySelectorAll('.notices, [data-testid=notice], input, textarea').forEach((n) => n.remove());
          return c.textContent;
        });
        assert.ok(text.length > 100, `${view}${tail} shows a page`);
        assert.doesNotMatch(text, /NaN|Infinity/, `${view}${tail} shows no NaN or Infinity`);
      });
    }
  }
});

test('a huge paste, emoji and empty input in the classic view', async () => {
  await withCleanPage(browser, '?view=classic', async (page) => {
    const input = '[data-testid=item-input]';
    await page.fill(input, 'x'.repeat(100_000));
    await page.press(input, 'Enter');
    await waitFor(page, '[data-testid=notice]');
    await page.fill(input, '');
    await page.press(input, 'Enter');
    await page.fill(input, '🙂 naïve, café');
    await page.press(input, 'Enter');
    await waitFor(page, '[data-testid=item-list] li[data-item="🙂 naïve, café"]');
    await page.fill(input, '🙂 naïve, café');
    await page.click('[data-testid=lookup-button]');
    await page.waitForFunction(() => document.querySelector('[data-testid=verdict]')?.dataset.truth === 'member');
  });
});
