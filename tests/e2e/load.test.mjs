// The first screen before the code arrives (issue 23): every view's page as its bare link opens it
// is prerendered at build time (src/app/prerender.rs) and shown by the loader in index.html until
// the app mounts. Checked here: with the bundle's JavaScript held back, the view's title and
// controls are on screen; once it arrives, the prerendered copy is gone, the app's hooks are there
// and nothing on the first screen moved by more than a few pixels. Then the cold load over a slow
// link, timed to the first contentful paint and to app-ready (reported, never judged).
// Writes test-artifacts/load.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  launch, shutdown, preparePage, closePage, problems, assertClean, getServer, compressed, ARTIFACTS, DIST, ENCODING, VIEWS,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await shutdown(browser); });

const BUNDLE_JS = /\/bloomlab[-a-z]*\.js$/;

// In the page: the box of each heading, control, picture, table and paragraph of the view, in
// document order, in the prerendered copy ('pre') or the live app.
function boxesOf(which) {
  const root = which === 'pre' ? document.querySelector('#prerender') : document.querySelector('body > .app');
  if (!root) return null;
  return [...root.querySelectorAll('main h1, main h2, main input, main select, main button, main canvas, main table, main p')]
    .map((e) => { const b = e.getBoundingClientRect(); return [e.tagName, b.x, b.y, b.width, b.height]; });
}

// In the page: what the navigation under the element `root` (a selector) marks (the current chapter, link and "you are here" line).
function navMarks(root) {
  const nav = document.querySelector(`${root} .site-nav`);
  const text = (sel) => nav?.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
  return {
    links: nav ? nav.querySelectorAll('a').length : 0,
    chapter: nav?.querySelector('details.current')?.dataset.chapter ?? null,
    link: text('a[aria-current=page].current'),
    here: text('.nav-here'),
  };
}

/** Opens `query` with the bundle's JavaScript held back; returns the page and a function that lets it through. */
async function openHeld(query, viewport = { width: 1280, height: 800 }) {
  const server = await getServer();
  const page = await preparePage(browser, { viewport });
  const held = [];
  let open = false;
  await page.route(BUNDLE_JS, (route) => (open ? route.continue() : held.push(route)));
  await page.goto(server.url + query, { waitUntil: 'load' });
  const release = async () => {
    open = true;
    for (const r of held) await r.continue();
    await page.waitForSelector('[data-testid=app-ready]', { state: 'attached', timeout: 30_000 });
  };
  return { page, release };
}

/** The largest move of an element on the first screen from the prerendered copy to the app. */
function largestMove(before, after, height) {
  let worst = { px: 0, what: 'nothing moved' };
  for (let i = 0; i < Math.min(before.length, after.length); i++) {
    const [tag, ...a] = before[i];
    const [tag2, ...b] = after[i];
    // The app goes on from its first screen (a run starts, results arrive): compare up to there.
    if (tag !== tag2) break;
    if (a[1] > height) continue;
    const px = Math.max(...a.map((v, j) => Math.abs(v - b[j])));
    if (px > worst.px) worst = { px, what: `${tag} #${i}: ${a.map(Math.round)} -> ${b.map(Math.round)}` };
  }
  return worst;
}

const FIRST_SCREENS = ['', '?view=classic', '?view=ullman', '?view=fp', '?view=counting', '?view=distinct', '?view=search', '?view=exercises'];

test('each view shows its prerendered first screen before the code, then the app without a jump', { timeout: 120_000 }, async () => {
  for (const query of FIRST_SCREENS) {
    const name = new URLSearchParams(query).get('view') || 'home';
    const { page, release } = await openHeld(query);
    try {
      await page.waitForSelector('#prerender h1', { timeout: 10_000 });
      const first = await page.evaluate(() => {
        const root = document.querySelector('#prerender');
        const visible = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0 && b.top < innerHeight; };
        return {
          title: root.querySelector('h1').textContent.trim(),
          controls: [...root.querySelectorAll('main input, main select, main button, main a')].filter(visible).length,
          hooks: root.querySelectorAll('[data-testid]').length,
          ready: document.querySelector('[data-testid=app-ready]') !== null,
          skeleton: root.classList.contains('skeleton'),
        };
      });
      assert.ok(first.title.length > 0, `${name}: a title on the first screen`);
      assert.ok(first.controls > 0, `${name}: controls on the first screen before the code`);
      assert.equal(first.hooks, 0, `${name}: the prerendered copy has no hooks`);
      assert.equal(first.ready, false, `${name}: the app is not up while its code is held back`);
      assert.equal(first.skeleton, false, `${name}: a bare link shows the full first screen`);
      const firstNav = await page.evaluate(navMarks, '#prerender');
      const before = await page.evaluate(boxesOf, 'pre');
      await release();
      const after = await page.evaluate(boxesOf, 'app');
      assert.equal(await page.$('#prerender'), null, `${name}: the prerendered copy is gone once the app is up`);
      assert.equal(await page.$eval('main h1', (h) => h.textContent.trim()), first.title, `${name}: the app's title is the prerendered one`);
      // The loader put the shell's navigation in the first screen's empty one, marked as the app marks it.
      assert.ok(firstNav.links > 0, `${name}: the navigation on the first screen`);
      assert.deepEqual(await page.evaluate(navMarks, 'body > .app'), firstNav, `${name}: the navigation marked as the app marks it`);
      const move = largestMove(before, after, 800);
      assert.ok(move.px <= 4, `${name}: the first screen moved ${move.px} px when the app mounted (${move.what})`);
      await assertClean(page);
    } finally {
      await closePage(page);
    }
  }
});

test('a link with its own state shows a skeleton of its view, then the app', { timeout: 60_000 }, async () => {
  for (const query of ['?view=classic&m=40&items=apple', '?view=ullman&step=3&present=1']) {
    const { page, release } = await openHeld(query);
    try {
      // The view's frame (in presenter mode a walkthrough's title gives way to its stage).
      await page.waitForSelector('#prerender.skeleton main.view', { timeout: 10_000 });
      assert.ok(await page.$('#prerender.skeleton main.view h1'), `${query}: the view's own frame`);
      const nav = await page.$('#prerender .site-nav');
      assert.equal(nav !== null, !query.includes('present=1'), `${query}: the navigation as the app will draw it`);
      const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
      await release();
      assert.equal(await page.$('#prerender'), null);
      // The loader's theme is the app's.
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), theme, `${query}: theme`);
      await assertClean(page);
    } finally {
      await closePage(page);
    }
  }
});

// Cold load over a slow link: a fresh browser context per load, HTTP cache disabled, and network and
// CPU throttling set through the DevTools protocol before navigating (a phone on a poor mobile
// link). Measured from navigation start (performance.timeOrigin): the first contentful paint (the
// shell's navigation, in index.html itself), the view's prerendered first screen entering the page, and [data-testid=app-ready] entering the DOM; and the
// bytes transferred (sum of Network.loadingFinished encodedDataLength, headers included).
// Reported, not judged: only "finite and positive", the right bundle and a clean page are asserted.
const COLD_LOAD = {
  // Home first: the page most visits start on, in a bundle of its own. COLD_LOAD_VIEWS (comma-separated)
  // picks others when measuring.
  views: process.env.COLD_LOAD_VIEWS?.split(',') ?? ['home', 'classic', 'fp', 'distinct', 'search', 'exercises'],
  // One load per view in CI; docs/figures.md's figures are medians of 3 (COLD_LOAD_RUNS=3).
  runs: Number(process.env.COLD_LOAD_RUNS ?? 1),
  downKbps: 1600,
  upKbps: 750,
  latencyMs: 150,
  cpuSlowdown: 4,
};

// Runs in the page before any of its scripts: notes performance.now() when the view's prerendered
// first screen (not just the shell's navigation) and app-ready first exist.
function watchLoad() {
  const check = () => {
    if (window.__bloomPrerenderMs === undefined && document.querySelector('#prerender main')) window.__bloomPrerenderMs = performance.now();
    if (window.__bloomReadyMs === undefined && document.querySelector('[data-testid=app-ready]')) {
      window.__bloomReadyMs = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  check();
}

async function coldLoad(view) {
  const server = await getServer();
  const page = await preparePage(browser);
  try {
    await page.addInitScript(watchLoad);
    const cdp = await page.context().newCDPSession(page);
    let bytes = 0;
    const paths = [];
    page.on('requestfinished', (r) => paths.push(new URL(r.url()).pathname));
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: COLD_LOAD.latencyMs,
      downloadThroughput: (COLD_LOAD.downKbps * 1000) / 8, // bytes per second
      uploadThroughput: (COLD_LOAD.upKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: COLD_LOAD.cpuSlowdown });
    await page.goto(`${server.url}?view=${view}`, { waitUntil: 'commit', timeout: 60_000 });
    try {
      await page.waitForSelector('[data-testid=app-ready]', { state: 'attached', timeout: 60_000 });
      await page.waitForLoadState('load', { timeout: 60_000 });
    } catch (err) {
      throw new Error(`cold load of ?view=${view} did not become ready: ${err.message}\n${JSON.stringify(problems(page), null, 2)}`);
    }
    const times = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      prerender: window.__bloomPrerenderMs,
      ready: window.__bloomReadyMs,
      // The last byte of the bundle's wasm: what follows it is compiling the rest and starting.
      wasm: performance.getEntriesByType('resource').find((e) => e.name.endsWith('_bg.wasm'))?.responseEnd,
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await assertClean(page);
    await cdp.detach().catch(() => {});
    return { ...times, bytes, paths };
  } finally {
    await closePage(page);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('cold load, throttled (1.6 Mbps, 150 ms RTT, 4x CPU): first paint and app-ready', { timeout: 300_000 }, async () => {
  const results = {};
  for (const view of COLD_LOAD.views) {
    const loads = [];
    for (let i = 0; i < COLD_LOAD.runs; i++) loads.push(await coldLoad(view));
    // The work timed was done right: the prerendered screen came first, the view's own bundle
    // only, downloaded compressed (at least its compressed size in the encoding served, less
    // than its raw size).
    const bundle = VIEWS.find((v) => v.name === view).bundle;
    const wasmFile = path.join(DIST, `${bundle}_bg.wasm`);
    const wasm = fs.readFileSync(wasmFile);
    const gz = compressed(wasmFile).length + compressed(path.join(DIST, `${bundle}.js`)).length;
    for (const [i, l] of loads.entries()) {
      for (const k of ['fcp', 'prerender', 'ready']) {
        assert.ok(Number.isFinite(l[k]) && l[k] > 0, `${view} load ${i + 1}: ${k} time is finite and positive (got ${l[k]})`);
      }
      assert.ok(l.paths.includes(`/prerender/${view}.html`), `${view}: the prerendered page was fetched`);
      const wasms = l.paths.filter((p) => p.endsWith('_bg.wasm')).map((p) => path.basename(p));
      assert.deepEqual(wasms, [`${bundle}_bg.wasm`], `${view} loads its own bundle only`);
      assert.ok(l.bytes >= 0.9 * gz && l.bytes < wasm.length, `${view}: ${l.bytes} B transferred, bundle ${gz} B ${ENCODING}, ${wasm.length} B raw`);
    }
    results[view] = {
      fcp_ms: median(loads.map((l) => l.fcp)),
      prerender_ms: median(loads.map((l) => l.prerender)),
      ready_ms: median(loads.map((l) => l.ready)),
      wasm_ms: median(loads.map((l) => l.wasm)),
      bytes: median(loads.map((l) => l.bytes)),
      loads: loads.map(({ fcp, prerender, wasm, ready, bytes }) => ({ fcp, prerender, wasm, ready, bytes })),
    };
  }
  const r = Math.round;
  const conditions = `${ENCODING}, ${COLD_LOAD.downKbps / 1000} Mbps, ${COLD_LOAD.latencyMs} ms RTT, ${COLD_LOAD.cpuSlowdown}x CPU, median of ${COLD_LOAD.runs}`;
  for (const [view, x] of Object.entries(results)) {
    console.log(`BENCH cold-load ${view}: first paint ${r(x.fcp_ms)} ms, prerendered ${r(x.prerender_ms)} ms, wasm's last byte ${r(x.wasm_ms)} ms, app-ready ${r(x.ready_ms)} ms, ${x.bytes} B (${conditions}; loads ${x.loads.map((l) => `${r(l.fcp)}/${r(l.ready)}`).join(' ')})`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'load.json'), JSON.stringify({
    date: new Date().toISOString(),
    browser: `chromium ${browser.version()}`,
    conditions: { ...COLD_LOAD, encoding: ENCODING, cache: 'disabled, fresh context per load', from: 'navigation start' },
    results,
  }, null, 2) + '\n');
});
