// End-to-end tests of what lecturers need around the views: the Embed button's iframe code, the
// embedded page telling its parent its height, and the lecturer's tools fetched on first use.
import { test, before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { launch, shutdown, dataAttrs, waitAttr, waitFor, withCleanPage, openPage, closePage, gotoQuery, assertClean, ROOT, LISTED_VIEWS } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const withPage = (query, fn, options) => withCleanPage(browser, query, fn, options);

test('the Embed button gives iframe code for the current state, with a theme, and copies it', async () => {
  await withPage('?view=classic&m=64&k=3&items=cat,dog', async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-testid=embed-button]');
    let code = await page.inputValue('[data-testid=embed-code]');
    // A fixed light theme by default, a column width, and the height the view needs at that width,
    // measured in a hidden frame (the embedded page reports it).
    assert.match(code, /^<iframe src="http:\/\/[^"]+\/\?view=classic&amp;m=64&amp;k=3&amp;items=cat,dog&amp;embed=1&amp;theme=light" title="Bloom Lab: Classic Bloom filter" width="700"/);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=embed-code]').dataset.height) > 300, null, { timeout: 15_000 });
    const [now, measured] = await page.$eval('[data-testid=embed-code]', (e) => [e.value, Number(e.dataset.height)]);
    assert.match(now, new RegExp(`height="${Math.min(Math.max(measured, 360), 2400)}"`));
    await page.selectOption('[data-testid=embed-theme]', 'projector');
    code = await page.inputValue('[data-testid=embed-code]');
    assert.match(code, /embed=1&amp;theme=projector"/);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=embed-code]').dataset.height) > 300, null, { timeout: 15_000 });
    await page.click('[data-testid=embed-copy]');
    await waitAttr(page, '[data-testid=embed-copied]', 'data-copied', 'true');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /embed=1&amp;theme=projector"/);
    assert.match(copied, /height="\d+"/);
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

/** The lecture's integer hashes: odd- and even-numbered binary digits of x, read as numbers. */
function ullman(x) {
  const bits = x.toString(2).split('').reverse();
  const read = (start) => parseInt(bits.filter((_, i) => i % 2 === start).reverse().join('') || '0', 2);
  return [read(0), read(1)];
}

test('the lecturer\'s tools come in their own bundle on first use, and move with the page', async () => {
  await withPage('?view=counting', async (page) => {
    const fetched = [];
    page.on('request', (r) => { if (r.url().includes('bloomlab-tools')) fetched.push(r.url()); });
    await page.waitForTimeout(300);
    assert.deepEqual(fetched, [], 'a page without a click fetches no lecturer\'s tools');
    // The stand-ins carry the tools' hooks: Add to tour fetches them and adds the page.
    await page.click('[data-testid=tour-add]');
    await waitAttr(page, '[data-testid=tour-editor]', 'data-stops', '1');
    assert.ok(fetched.some((u) => u.endsWith('bloomlab-tools_bg.wasm')), fetched.join(' '));
    assert.equal(await page.$$eval('[data-testid=tour-add]', (b) => b.filter((e) => e.checkVisibility()).length), 1, 'one Add to tour in sight');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'tour-add', 'the focus stays on Add to tour');
    // Presenter mode hides them; leaving it with Esc shows them again, with the same tour.
    await page.click('[data-testid=present-button]');
    await page.waitForURL(/present=1/);
    await waitFor(page, '[data-testid=app-ready]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid=tour-editor]')?.dataset.stops === '1'
      && document.querySelector('[data-testid=tour-editor]').checkVisibility());
    // A tour being built in this tab fetches the tools with the next page, its stops in sight.
    await gotoQuery(page, '?view=fp');
    await waitAttr(page, '[data-testid=tour-editor]', 'data-stops', '1');
    await page.click('[data-testid=embed-button]');
    assert.match(await page.inputValue('[data-testid=embed-code]'), /title="Bloom Lab: False-positive lab"/);
  });
});

test('exercise sheets: seeded questions, an answer key that checks, and a print layout', async () => {
  await withPage('?view=exercises&seed=4&answers=1&count=14', async (page) => {
    const ex = await page.$$eval('[data-testid=exercise]', (els) => els.map((e) => ({ ...e.dataset })));
    const ans = await page.$$eval('[data-testid=answer]', (els) => els.map((e) => ({ ...e.dataset })));
    assert.equal(ex.length, 14);
    assert.equal(ans.length, 14);
    assert.deepEqual(ex.slice(0, 7).map((e) => e.topic), ['bloom', 'fp', 'counting', 'mlbf', 'fm', 'ams', 'sampling']);
    for (const e of ex) {
      const a = ans.find((x) => x.index === e.index).value;
      if (e.topic === 'bloom') {
        const m = Number(e.m);
        const bits = Array(m).fill('0');
        for (const x of e.items.split(',').map(Number)) for (const h of ullman(x)) bits[h % m] = '1';
        assert.equal(a, bits.join(''), `exercise ${e.index}`);
      }
      if (e.topic === 'fm') {
        const w = Number(e.w), a1 = BigInt(e.a), b1 = BigInt(e.b), mod = 1n << BigInt(w);
        let r = 0;
        for (const x of e.stream.split(',').map(BigInt)) {
          const h = (a1 * x + b1) % mod;
          let t = 0;
          while (t < w && ((h >> BigInt(t)) & 1n) === 0n) t++;
          r = Math.max(r, t);
        }
        assert.equal(a, String(2 ** r));
      }
      if (e.topic === 'mlbf') {
        const layers = e.positions.split(';').map((l) => l.split(',').map(Number));
        assert.equal(a, layers[0].map((_, j) => layers.reduce((acc, l) => acc ^ l[j], 0) % Number(e.m)).join(','));
      }
    }
    const link = await page.getAttribute('[data-testid=answer][data-index="4"] a', 'href');
    assert.match(link, /view=distinct&stream=/);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.$eval('.answer-key', (el) => getComputedStyle(el).breakBefore), 'page');
    assert.equal(await page.$eval('.exercises .panel', (el) => getComputedStyle(el).display), 'none');
  });
  await withPage('?view=exercises&topics=fm,nope&count=0', async (page) => {
    await waitFor(page, '[data-testid=notice]');
    assert.equal(await page.$('[data-testid=answer]'), null, 'the key is hidden unless asked for');
  });
});

/**
 * What each topic's "see it worked out" link lands on: the element that shows the answer, and
 * whether it shows this answer (its hooks against the key's `answer` and the question's data).
 */
const WORKED_OUT = {
  bloom: ['[data-focus] [data-testid=bit-array]', ([d], answer) => d.bits === answer],
  lookup: ['[data-focus] [data-testid=verdict]', ([d], answer, ex) => d.item === ex.lookups.split(',')[0]
    && (d.verdict === 'absent' ? 'absent' : d.truth === 'member' ? 'member' : 'false positive') === answer.split(',')[0]],
  reservoir: ['[data-focus] [data-testid=reservoir-slot]', (ds, answer) => ds.map((d) => d.position).join(',') === answer],
  ams: ['[data-focus] [data-testid=ams-estimate]', ([d], answer) => Number(d.value) === Number(answer)],
  fm: ['[data-focus] [data-testid=fm-estimate]', ([d], answer) => d.value === answer],
  sampling: ['[data-focus] [data-testid=sample-theory][data-what=repeated]', ([d], answer) => Math.abs(Number(d.value) - Number(answer)) < 1e-12],
  fp: ['[data-focus] [data-testid=optimal-k]', ([d], _answer, ex) => d.value === ex.k],
  mlbf: ['[data-focus][data-testid=hash-trace][data-layer=xor]', ([d], answer) => d.positions === answer],
  counting: ['[data-testid=counter-array]', ([d], answer) => d.counters === answer],
};

test('see it worked out: each link opens the step that shows the answer, on the screen at 1280 × 800', async () => {
  const all = Object.keys(WORKED_OUT).join(',');
  await withPage(`?view=exercises&topics=${all}&seed=3&answers=1&difficulty=2`, async (page) => {
    const ex = await page.$$eval('[data-testid=exercise]', (els) => els.map((e) => ({ ...e.dataset })));
    const ans = await page.$$eval('[data-testid=answer]', (els) => els.map((e) => ({ ...e.dataset })));
    const links = await page.$$eval('[data-testid=answer-link]', (els) => els.map((a) => a.getAttribute('href')));
    assert.deepEqual(ex.map((e) => e.topic), Object.keys(WORKED_OUT));
    for (const [i, e] of ex.entries()) {
      const link = links[i];
      const [select, shows] = WORKED_OUT[e.topic];
      await gotoQuery(page, link);
      const step = new URLSearchParams(link).get('step');
      if (step !== null) await waitAttr(page, '[data-testid=step]', 'data-step', step);
      // The answer's element is whole on the screen (the page scrolled to the focused panel).
      try {
        await page.waitForFunction((sel) => {
          const els = [...document.querySelectorAll(sel)];
          return els.length > 0 && els.every((el) => {
            const r = el.getBoundingClientRect();
            // (a box at a fractional offset scrolls to a whole pixel)
            return r.height > 0 && r.top > -1 && r.bottom < window.innerHeight + 1;
          });
        }, select, { timeout: 10_000 });
      } catch {
        const boxes = await page.$$eval(select, (els) => els.map((el) => JSON.stringify(el.getBoundingClientRect())));
        assert.fail(`${e.topic}: ${select} not on the screen at ${link} (${boxes.join(' ') || 'no element'}, scrollY ${await page.evaluate(() => window.scrollY)})`);
      }
      const data = await page.$$eval(select, (els) => els.map((el) => ({ ...el.dataset })));
      assert.ok(shows(data, ans[i].value, e), `${e.topic}: ${JSON.stringify(data)} against ${ans[i].value} at ${link}`);
    }
    // Without focus the same step opens at the top of the page; in presenter mode the focused
    // stage and the walkthrough around it stay on the screen.
    const reservoir = links[ex.findIndex((e) => e.topic === 'reservoir')];
    await gotoQuery(page, reservoir.replace('&focus=step', ''));
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'no focus, no scroll');
    await gotoQuery(page, `${reservoir}&present=1`);
    await waitFor(page, '[data-focus] [data-testid=reservoir-slot]');
    assert.ok(await page.$eval('[data-focus] [data-testid=reservoir-slot]', (el) => el.getBoundingClientRect().height > 0));
  });
});

const VIEWS = LISTED_VIEWS;

/** axe-core's violations of impact moderate or worse on the page, as short lines. */
async function axeViolations(page, axe) {
  await page.addScriptTag({ content: axe });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((x) => ['moderate', 'serious', 'critical'].includes(x.impact))
      .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

test('accessibility: no moderate, serious or critical axe-core violation on any view, light or dark', { timeout: 300_000 }, async () => {
  const axe = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  const found = [];
  for (const theme of ['light', 'dark']) {
    for (const view of VIEWS) {
      await withPage(`?view=${view}&theme=${theme}&n=2000&length=10000`, async (page) => {
        await page.waitForTimeout(500);
        for (const x of await axeViolations(page, axe)) found.push(`${theme} ${view}: ${x}`);
      }, { colorScheme: theme });
    }
  }
  // States the default links do not reach: traces, verdicts, a lecture step, skipped layers.
  for (const link of ['?view=classic&items=a,b&query=c', '?view=counting&ops=i:a,i:b&query=a&mode=rm', '?view=ullman&step=3',
    '?view=mlbf&items=example.com/a/b&query=example.com/a/c', '?view=toolbox&variants=cuckoo',
    '?view=exercises&topics=bloom,lookup,reservoir,ams&answers=1', '?view=moments&step=20&focus=step',
    // The newest views in front of a room: a question open, presenter mode, the speaker's notes.
    '?view=window&quiz=study&t=3', '?view=frequencies&present=1', '?view=frequencies&step=21&quiz=class',
    '?tour=frequencies&stop=2&present=1&quiz=class', '?view=home&tour=frequencies&stop=1&notes=1', '?view=chunks&quiz=class']) {
    await withPage(link, async (page) => {
      await page.waitForTimeout(500);
      for (const x of await axeViolations(page, axe)) found.push(`${link}: ${x}`);
    });
  }
  assert.deepEqual(found, []);
});

test('every chart exports PNG, SVG and CSV, named after the view and its link', async () => {
  await withPage('?view=skiena&load=10%25&theme=dark', async (page) => {
    await waitFor(page, '[data-testid=chart-export][data-chart=skiena-chart]');
    for (const [kind, check] of [
      ['csv', (s) => s.startsWith('series,') && s.trim().split('\n').length > 10 && !s.includes('NaN')],
      ['svg', (s) => s.startsWith('<svg') && s.includes('</svg>') && s.toLowerCase().includes('#e5e7eb')], // the dark theme's text colour
      ['png', (s) => s.startsWith('\x89PNG')],
    ]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=chart-export-${kind}]`)]);
      assert.equal(download.suggestedFilename(), `bloomlab-skiena-chart-load0.1.${kind}`);
      const body = fs.readFileSync(await download.path(), 'latin1');
      assert.ok(check(body), `${kind}: ${body.slice(0, 80)}`);
    }
  });
});

test('the course path: chapters in teaching order, and a compact chapter menu on a phone', async () => {
  await withPage('?view=moments', async (page) => {
    const nav = await page.$eval('[data-testid=site-nav]', (el) => el.getBoundingClientRect().height);
    assert.ok(nav <= 140, `the navigation is ${nav} px high at 390 px`);
    assert.match(await page.textContent('[data-testid=nav-here]'), /4 · Mining streams › Moments/);
    // The chapters are named, the current one in sight.
    const current = await page.$eval('[data-testid=chapter-menu][data-chapter="4"] .chapter-title', (el) => el.getBoundingClientRect());
    assert.ok(current.width > 40 && current.left >= 0 && current.right <= 390, `the current chapter's name is in sight: ${JSON.stringify(current)}`);
    // The lecturer's tools are one menu under the title instead of squeezing it.
    const title = await page.$eval('main h1', (el) => el.getBoundingClientRect());
    const toggle = await page.$eval('[data-testid=lecture-tools-toggle]', (el) => el.getBoundingClientRect());
    assert.ok(title.width >= 340 && toggle.top >= title.bottom, `title ${JSON.stringify(title)}, menu ${JSON.stringify(toggle)}`);
    assert.equal(await page.isVisible('[data-testid=tour-add]'), false, 'the menu starts closed');
    await page.click('[data-testid=lecture-tools-toggle]');
    const add = await page.$eval('[data-testid=tour-add]', (el) => el.getBoundingClientRect());
    assert.ok(add.height > 0 && add.top >= title.bottom, `Add to tour in the open menu: ${JSON.stringify(add)}`);
    assert.ok(await page.isVisible('[data-testid=present-button]') && await page.isVisible('[data-testid=embed-button]'));
    await page.click('[data-testid=chapter-menu][data-chapter="2"] summary');
    await Promise.all([page.waitForURL(/view=counting/), page.click('[data-testid=chapter-menu][data-chapter="2"] a:has-text("Counting")')]);
    await waitFor(page, '[data-testid=counter-array]');
    assert.match(await page.textContent('[data-testid=nav-here]'), /2 · Variants › Counting/);
  }, { viewport: { width: 390, height: 844 } });
});

test('a walkthrough on a phone: the picture on the first screen, the buttons at hand while reading, the current step in sight', async () => {
  await withPage('?view=ullman&step=3', async (page) => {
    await waitFor(page, '[data-testid=bit-array] canvas');
    const array = await page.$eval('[data-testid=bit-array] canvas', (el) => el.getBoundingClientRect());
    assert.ok(array.top >= 0 && array.bottom <= 844, `the bit array is on the first screen: ${JSON.stringify(array)}`);
    await page.evaluate(() => window.scrollTo(0, 700));
    const next = await page.$eval('[data-testid=step-next]', (el) => el.getBoundingClientRect());
    assert.ok(next.top >= 0 && next.bottom <= 844, `Next is on screen after scrolling: ${JSON.stringify(next)}`);
    for (let i = 0; i < 4; i += 1) await page.click('[data-testid=step-next]');
    await waitAttr(page, '[data-testid=step]', 'data-step', '7');
    await page.waitForTimeout(100);
    const [strip, chip] = await page.$$eval('.step-list, .step-list li.current', (els) => els.map((el) => el.getBoundingClientRect()));
    assert.ok(chip.left >= strip.left - 0.5 && chip.right <= strip.right + 0.5, `the current step's chip is in sight: ${JSON.stringify({ strip, chip })}`);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

test('practice on a phone: the settings folded, the problem and its first step on the first screen', async () => {
  for (const exercise of ['bloom-insert', 'cm-update', 'dgim']) {
    await withPage(`?view=practice&exercise=${exercise}&seed=3&level=2`, async (page) => {
      const settings = await page.$('[data-testid=practice-settings]');
      assert.equal(await settings.evaluate((d) => d.open), false, `${exercise}: the settings start folded`);
      assert.ok(!(await page.isVisible('[data-testid=practice-exercise]')), `${exercise}: the exercise picker waits in the fold`);
      for (const sel of ['[data-testid=practice-problem]', '.practice-board h3', '.practice-board .practice-cells']) {
        const r = await page.$eval(sel, (el) => el.getBoundingClientRect().toJSON());
        assert.ok(r.top >= 0 && r.top < 844 - 40, `${exercise}: ${sel} starts on the first screen (${Math.round(r.top)} px)`);
      }
      // The summary names what is chosen; one press opens the settings.
      const summary = await page.textContent('[data-testid=practice-settings] > summary');
      assert.match(summary, /level 2, seed 3/);
      await page.click('[data-testid=practice-settings] > summary');
      assert.ok(await page.isVisible('[data-testid=practice-exercise]'), `${exercise}: the settings open`);
    }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  }
});

test('a bit array can be explored with the keyboard, and the stepper keys stay out of its way', async () => {
  await withPage('?view=ullman&step=3', async (page) => {
    await page.focus('[data-testid=bit-array] canvas');
    await page.keyboard.press('Home');
    await waitAttr(page, '[data-testid=step]', 'data-step', '3');
    assert.match(await page.textContent('[data-testid=bit-info]'), /bit 0 is 1/);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('[data-testid=bit-info]'), /bit 1 is 0/);
    await page.keyboard.press('End');
    assert.match(await page.textContent('[data-testid=bit-info]'), /bit 10 is 0/);
    assert.equal((await dataAttrs(page, '[data-testid=step]')).step, '3', 'arrows on the array do not step the lecture');
    assert.equal(await page.getAttribute('[data-testid=bit-info]', 'aria-live'), 'polite');
  });
});

test('every view at 390 × 844: no horizontal scrolling, controls at least 44 px high', { timeout: 240_000 }, async () => {
  const problems = [];
  for (const view of VIEWS) {
    await withPage(`?view=${view}&n=2000&length=10000`, async (page) => {
      await page.waitForTimeout(300);
      const r = await page.evaluate(() => {
        // Not window.innerWidth: a phone widens its layout viewport to fit content that overflows.
        const wide = document.documentElement.scrollWidth > 391;
        const small = [...document.querySelectorAll('main button, main select, main input[type=text], main input[type=number], main summary, nav a')]
          .filter((e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0 && b.height < 43.5; })
          .map((e) => `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''} ${Math.round(e.getBoundingClientRect().height)}px`);
        return { wide, small: small.slice(0, 5) };
      });
      if (r.wide) problems.push(`${view}: scrolls sideways`);
      if (r.small.length) problems.push(`${view}: ${r.small.join(', ')}`);
    }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  }
  assert.deepEqual(problems, []);
});

test('every view at tablet and laptop widths: nothing scrolls sideways', { timeout: 240_000 }, async () => {
  // Two-column layouts squeeze their sidebars between the phone and the desktop widths; at a
  // lecture room's 1280 px no table hides a column behind its scroll bar either.
  const problems = [];
  const page = await openPage(browser, '?view=home');
  try {
    for (const width of [700, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const view of VIEWS) {
        await gotoQuery(page, `?view=${view}&n=2000&length=10000`);
        await page.waitForTimeout(300);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 1) problems.push(`${view} at ${width} px: ${wide} px too wide`);
        if (width < 1280) continue;
        const hidden = await page.$$eval('.table-scroll', (els) => els
          .filter((t) => t.getBoundingClientRect().width > 0 && t.scrollWidth > t.clientWidth + 1)
          .map((t) => `a table (${[...t.querySelectorAll('thead th')].map((h) => h.textContent).slice(0, 3).join(', ')}…) is ${t.scrollWidth - t.clientWidth} px wider than its box`));
        for (const h of hidden) problems.push(`${view} at ${width} px: ${h}`);
      }
    }
    await assertClean(page);
  } finally {
    await closePage(page);
  }
  assert.deepEqual(problems, []);
});

test('every chart carries its numbers as a table, with log axes read back as values', { timeout: 60_000 }, async () => {
  await withPage('?view=search&n=3000&queries=500', async (page) => {
    await waitAttr(page, '[data-testid=search-progress]', 'data-status', 'done', 30_000);
    const boxes = await page.$$eval('.chart-box', (els) => els.map((b) => ({
      chart: b.querySelector('canvas')?.dataset.testid,
      tables: b.querySelectorAll('[data-testid=chart-data] table').length,
      firstX: b.querySelector('[data-testid=chart-data] tbody td')?.textContent,
    })));
    assert.equal(boxes.length, 4);
    for (const b of boxes) {
      assert.ok(b.tables >= 1, `${b.chart} has a table`);
      assert.ok(['1000', '3000'].includes(b.firstX), `${b.chart}: n read back from its log axis, not its logarithm: ${b.firstX}`);
    }
  });
});
