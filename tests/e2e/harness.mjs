// Shared helpers for Bloom Lab's end-to-end tests (node:test + playwright-core + Debian Chromium).
//
//   const browser = await launch();            // also starts the static server on dist/
//   const page = await openPage(browser, '?view=classic&m=11');
//   ...
//   await assertClean(page);                    // no console errors/warnings, page errors, foreign requests
//   await closePage(page);
//   await shutdown(browser);                    // closes Chromium and the server

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { unstyled } from './styled.mjs';

export { unstyled };

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
// BLOOMLAB_DIST points the tests at another build (used to test the harness itself).
export const DIST = path.resolve(process.env.BLOOMLAB_DIST ?? path.join(ROOT, 'dist'));
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** The table of views, written by the build from the core's `VIEWS` (`DIST/views.json`). */
export const VIEWS = JSON.parse(fs.readFileSync(path.join(DIST, 'views.json'), 'utf8'));
/** The views people can open from the navigation, home first. */
export const LISTED_VIEWS = VIEWS.filter((v) => v.listed).map((v) => v.name);

/** How long to wait for the app to mount (wasm download + compile + first render). */
export const READY_TIMEOUT_MS = 30_000;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

// ---------------------------------------------------------------------------
// Static file server

/**
 * Serves `dir` on 127.0.0.1 at a random free port. `/` (and any directory) serves its index.html.
 * Resolves to { server, host, port, url, close() }.
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|wasm)|image\/svg)/;
/** How the server compresses: `gzip` (default, as every static host can) or `br` (E2E_ENCODING=br). */
export const ENCODING = process.env.E2E_ENCODING === 'br' ? 'br' : 'gzip';
const COMPRESS = {
  gzip: (body) => zlib.gzipSync(body, { level: 9 }),
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
};
const SUFFIX = { gzip: '.gz', br: '.br' };

/** The build's precompressed copy of `file` (scripts/precompress.mjs), if it has one. */
function precompressed(file, encoding) {
  try {
    return fs.readFileSync(file + SUFFIX[encoding]);
  } catch {
    return null;
  }
}

/**
 * `file` as the server sends it in `encoding`: the build's precompressed copy, or compressed now
 * (from `body`, the file's bytes, when they are already read).
 */
export function compressed(file, encoding = ENCODING, body = null) {
  return precompressed(file, encoding) ?? COMPRESS[encoding](body ?? fs.readFileSync(file));
}

export async function startServer(dir = DIST) {
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html not found: build the app first (trunk build --release --offline)`);
  }
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = path.join(root, rel);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end(); // path traversal
      return;
    }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        file = path.join(file, 'index.html');
      }
      fs.readFile(file, (err2, body) => {
        if (err2) {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
        // Text and wasm go out compressed when the browser asks, as static hosts send them: the
        // build's precompressed FILE.gz (or FILE.br with E2E_ENCODING=br) when there is one.
        const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        const accepted = (req.headers['accept-encoding'] ?? '').split(/\s*,\s*/);
        const encoding = COMPRESSIBLE.test(type) && accepted.includes(ENCODING) ? ENCODING : null;
        const out = encoding ? compressed(file, encoding, body) : body;
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Length': out.length,
          'Cache-Control': 'no-store',
          ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : out);
      });
    });
  });
  // Never keep the test process alive just because the server is listening.
  server.unref();
  server.on('connection', (sock) => sock.unref());
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  const host = `127.0.0.1:${port}`;
  return {
    server,
    host,
    port,
    url: `http://${host}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

// One server per test process, started on first use.
let defaultServer = null;

/** The shared server for dist/ (started if needed). */
export async function getServer() {
  defaultServer ??= startServer(DIST);
  return defaultServer;
}

// ---------------------------------------------------------------------------
// Browser

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** Starts the static server (if needed) and a headless Chromium. */
export async function launch(options = {}) {
  await getServer();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    ...options,
  });
}

/** Closes the browser and the shared server. */
export async function shutdown(browser) {
  await browser?.close().catch(() => {});
  if (defaultServer) {
    const s = await defaultServer.catch(() => null);
    defaultServer = null;
    await s?.close();
  }
}

// ---------------------------------------------------------------------------
// Pages

// What each page recorded: { consoleProblems, pageErrors, foreignRequests, badResponses, server }.
const records = new WeakMap();

function isLocal(urlString, host) {
  let u;
  try {
    u = new URL(urlString);
  } catch {
    return true;
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return u.host === host;
}

/**
 * Opens `query` (e.g. '?view=classic&m=11') in a fresh browser context and waits until
 * `[data-testid=app-ready]` exists. Records console errors/warnings, uncaught page errors,
 * requests to any other host (which are also aborted) and local HTTP error responses.
 *
 * options: { viewport, deviceScaleFactor, colorScheme, isMobile, hasTouch, waitReady = true }
 */
export async function openPage(browser, query = '', options = {}) {
  const { waitReady = true, ...contextOptions } = options;
  const page = await preparePage(browser, contextOptions);
  await page.goto(records.get(page).server.url + query.replace(/^\//, ''), { waitUntil: 'load' });
  if (waitReady) await waitReadyOrExplain(page);
  return page;
}

/**
 * The first half of `openPage`: a fresh browser context and page with the same recording (console
 * errors/warnings, page errors, foreign requests, HTTP errors) and the same abort of other hosts,
 * but not yet navigated, so a test can set things up (e.g. CDP throttling) before the first load.
 * `problems`, `assertClean`, `closePage` and `gotoQuery` work on it as on a page from `openPage`.
 *
 * contextOptions: as for browser.newContext (viewport defaults to 1280x800), and `server` (another
 * static server from `startServer`, default the shared one on dist/) and `offline` (true: the
 * page may register its service worker; blocked otherwise).
 */
export async function preparePage(browser, contextOptions = {}) {
  const { server: chosen, offline = false, ...options } = contextOptions;
  const server = chosen ?? (await getServer());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // The service worker (static/offline.js, sw.js) would fetch the whole course in the background
  // of every test: registration fails here as where service workers are unavailable (quietly, the
  // page must not mind), except in the tests of offline use (`offline: true`).
  if (!offline) {
    await context.addInitScript(() => {
      if (self.ServiceWorkerContainer) {
        ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('no service worker in this test', 'SecurityError'));
      }
    });
  }
  const page = await context.newPage();
  await watchPage(page, server);
  return page;
}

/**
 * Records what `page` (another page of a context from `preparePage`, say) logs, throws and asks
 * for, as `openPage` does, against `server`, and aborts requests to any other host.
 */
export async function watchPage(page, server) {
  const context = page.context();
  const rec = { consoleProblems: [], pageErrors: [], foreignRequests: [], badResponses: [], server };
  records.set(page, rec);

  page.on('console', (msg) => {
    const type = msg.type();
    if (type === 'error' || type === 'warning') {
      const loc = msg.location();
      rec.consoleProblems.push(`${type}: ${msg.text()}${loc?.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => rec.pageErrors.push(String(err?.stack ?? err)));
  page.on('request', (req) => {
    if (!isLocal(req.url(), server.host)) rec.foreignRequests.push(`${req.method()} ${req.url()}`);
  });
  page.on('response', (resp) => {
    if (resp.status() >= 400 && isLocal(resp.url(), server.host)) {
      rec.badResponses.push(`${resp.status()} ${resp.url()}`);
    }
  });
  // Nothing may leave this machine: abort anything addressed to another host (once per context,
  // however many of its pages are watched).
  if (routed.has(context)) return;
  routed.add(context);
  await context.route((url) => !isLocal(url.href, server.host), (route) => route.abort());
}

/** The contexts whose requests to other hosts are aborted already. */
const routed = new WeakSet();

/** Reloads the page at its current address and waits for the app again. */
export async function reloadPage(page) {
  await page.reload({ waitUntil: 'load' });
  await waitReadyOrExplain(page);
}

/** Navigates the same page to another query and waits for the app. */
export async function gotoQuery(page, query) {
  const rec = records.get(page);
  await page.goto(rec.server.url + query.replace(/^\//, ''), { waitUntil: 'load' });
  await waitReadyOrExplain(page);
}

async function waitReadyOrExplain(page) {
  try {
    await page.waitForSelector('[data-testid=app-ready]', { state: 'attached', timeout: READY_TIMEOUT_MS });
  } catch (err) {
    throw new Error(`app did not become ready at ${page.url()}: ${err.message}\n${describeProblems(page)}`);
  }
}

/** Closes the page's browser context. */
export async function closePage(page) {
  await page?.context().close().catch(() => {});
}

function describeProblems(page) {
  const rec = records.get(page);
  if (!rec) return '(page not opened with openPage)';
  const lines = [];
  for (const [name, list] of Object.entries(rec)) {
    if (Array.isArray(list) && list.length) lines.push(`${name}:\n  ${list.join('\n  ')}`);
  }
  return lines.join('\n') || '(no console errors, page errors or foreign requests recorded)';
}

/** The problems a page recorded so far (arrays of strings). */
export function problems(page) {
  const { consoleProblems, pageErrors, foreignRequests, badResponses } = records.get(page);
  return { consoleProblems, pageErrors, foreignRequests, badResponses };
}

/** Asserts that the page logged no console error/warning, threw nothing and asked no other host. */
export async function assertClean(page) {
  // Let pending console messages and errors arrive before judging.
  await page.waitForTimeout(50);
  const p = problems(page);
  assert.deepEqual(p.pageErrors, [], `uncaught page errors at ${page.url()}`);
  assert.deepEqual(p.consoleProblems, [], `console errors/warnings at ${page.url()}`);
  assert.deepEqual(p.foreignRequests, [], `requests to other hosts at ${page.url()}`);
  assert.deepEqual(p.badResponses, [], `HTTP error responses at ${page.url()}`);
  assert.deepEqual(await unstyled(page), [], `classes whose style rules this page was not given, at ${page.url()}`);
}

// ---------------------------------------------------------------------------
// DOM helpers

/**
 * The data-* attributes of the first element matching `selector`, keyed by name without the
 * `data-` prefix (kebab-case kept: `data-redraw-median-ms` -> `redraw-median-ms`), or null.
 */
export async function dataAttrs(page, selector) {
  return page.$eval(selector, (el) => Object.fromEntries(
    [...el.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name.slice(5), a.value]),
  )).catch(() => null);
}

/** Waits until `selector` exists and its attribute `name` equals `value` (strings); returns the element's data attrs. */
export async function waitAttr(page, selector, name, value, timeout = 10_000) {
  try {
    await page.waitForFunction(
      ([sel, n, v]) => document.querySelector(sel)?.getAttribute(n) === v,
      [selector, name, String(value)],
      { timeout, polling: 'raf' },
    );
  } catch (err) {
    const now = await page.$eval(selector, (el, n) => el.getAttribute(n), name).catch(() => '(no element)');
    throw new Error(`waiting for ${selector} [${name}=${JSON.stringify(String(value))}], have ${JSON.stringify(now)}: ${err.message}\n${describeProblems(page)}`);
  }
  return dataAttrs(page, selector);
}

/** Waits until `selector` is attached to the DOM. */
export async function waitFor(page, selector, timeout = 10_000) {
  try {
    await page.waitForSelector(selector, { state: 'attached', timeout });
  } catch (err) {
    throw new Error(`waiting for ${selector}: ${err.message}\n${describeProblems(page)}`);
  }
}

/** CSS attribute-selector string literal (quotes and backslashes escaped). */
export function cssString(s) {
  return `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Opens `query`, runs `fn(page)`, asserts the page stayed clean, and always closes the page. */
export async function withCleanPage(browser, query, fn, options = {}) {
  const page = await openPage(browser, query, options);
  try {
    await fn(page);
    await assertClean(page);
  } finally {
    await closePage(page);
  }
}
