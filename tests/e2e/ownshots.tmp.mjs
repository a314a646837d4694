import fs from 'node:fs';
import { launch, shutdown, openPage, closePage, problems } from './harness.mjs';
const browser = await launch();
const urls = Array.from({ length: 3000 }, (_, i) => `https://Site${i % 37}.example.org/page/${i}`).join('\n');
fs.writeFileSync('/tmp/shots/urls.txt', urls);
fs.writeFileSync('/tmp/shots/story.txt', 'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.\n'.repeat(50));
const jobs = [
  ['classic', '?view=classic&m=32768&k=4', 'urls.txt', '.classic-grid'],
  ['mlbf', '?view=mlbf', 'urls.txt', '.mlbf-compare'],
  ['moments', '?view=moments', 'story.txt', '.scale-panel'],
];
for (const [name, q, file, sel] of jobs) for (const [dev, vp, theme] of [['desktop', { width: 1280, height: 800 }, 'light'], ['phone', { width: 390, height: 844 }, 'dark']]) {
  const page = await openPage(browser, `${q}&theme=${theme}`, { viewport: vp, colorScheme: theme });
  await page.click('.dataset-picker summary');
  await page.setInputFiles('[data-testid=dataset-file]', `/tmp/shots/${file}`);
  await page.waitForTimeout(6000);
  const el = await page.$(sel);
  await el.screenshot({ path: `/tmp/shots/${name}-${dev}.png` });
  for (const [k, list] of Object.entries(problems(page))) for (const x of list) console.log(`${name} ${k}: ${x}`);
  await closePage(page);
}
await shutdown(browser);
