// End-to-end tests of what lecturers need around the views: the Embed button's iframe code, and
// the embedded page telling its parent its height.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

test('the Embed button gives iframe code for the current state, with a theme, and copies it', async () => {
  await withPage('?view=classic&m=64&k=3&items=cat,dog', async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-testid=embed-button]');
    let code = await page.inputValue('[data-testid=embed-code]');
    assert.match(code, /^<iframe src="http:\/\/[^"]+\/\?view=classic&amp;m=64&amp;k=3&amp;items=cat,dog&amp;embed=1" title="Bloom Lab: Classic Bloom filter"/);
    assert.match(code, /height="\d+"/);
    await page.selectOption('[data-testid=embed-theme]', 'projector');
    code = await page.inputValue('[data-testid=embed-code]');
    assert.match(code, /embed=1&amp;theme=projector"/);
    await page.click('[data-testid=embed-copy]');
    await waitAttr(page, '[data-testid=embed-copied]', 'data-copied', 'true');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  });
});

test('an embedded view has no navigation and reports its height to the page around it', async () => {
  await withPage('?view=home', async (page) => {
    const src = new URL('?view=ullman&step=2&embed=1&theme=light', page.url()).href;
    const height = await page.evaluate((src) => new Promise((resolve) => {
      window.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'bloomlab-height') resolve(e.data);
      });
      const f = document.createElement('iframe');
      f.src = src;
      f.style.width = '900px';
      document.body.append(f);
    }), src);
    assert.equal(height.view, 'ullman');
    assert.ok(height.height > 300 && height.height < 10_000, JSON.stringify(height));
    const frame = page.frames().find((f) => f.url().includes('embed=1'));
    await frame.waitForSelector('[data-testid=app-ready]');
    assert.equal(await frame.$('[data-testid=site-nav]'), null);
    assert.equal(await frame.$('[data-testid=embed-button]'), null);
  });
});
