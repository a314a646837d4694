import { launch, openPage, closePage, shutdown, waitFor } from './harness.mjs';
const browser = await launch();
const shots = [
  ['mlbf-desk-before', '?view=mlbf', { width: 1280, height: 900 }, null],
  ['mlbf-desk-run', '?view=mlbf&compare=1', { width: 1280, height: 900 }, 'run'],
  ['mlbf-dark-run', '?view=mlbf&compare=1&theme=dark', { width: 1280, height: 900 }, 'run'],
  ['mlbf-proj-run', '?view=mlbf&compare=1&theme=projector', { width: 1280, height: 900 }, 'run'],
  ['mlbf-phone-before', '?view=mlbf', { width: 390, height: 844 }, null],
  ['mlbf-phone-picker', '?view=mlbf', { width: 390, height: 844 }, 'picker'],
  ['mlbf-present', '?view=mlbf&compare=1&present=1', { width: 1024, height: 768 }, 'run'],
  ['freq-present', '?view=frequencies&focus=scale&present=1&length=20000', { width: 1024, height: 768 }, 'scale'],
  ['tools-dark', '?view=moments&theme=dark', { width: 1280, height: 900 }, 'tools'],
];
for (const [name, q, viewport, what] of shots) {
  const page = await openPage(browser, q, { viewport });
  if (what === 'run') await waitFor(page, '[data-testid=compare-conclusion]', 60000);
  if (what === 'scale') await page.waitForSelector('[data-testid=scale-progress][data-status=done]', { timeout: 60000 });
  if (what === 'picker') { await page.click('.dataset-picker summary'); await waitFor(page, '[data-testid=dataset-paste]'); }
  if (what === 'tools') { await page.click('[data-testid=embed-button]'); await waitFor(page, '[data-testid=embed-code]'); }
  const el = await page.$('.mlbf-compare');
  if (el && what !== 'tools' && !name.includes('present')) await el.screenshot({ path: `/tmp/shots/${name}.png` });
  else await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await closePage(page);
}
await shutdown(browser);
