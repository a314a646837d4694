// Offline use (loaded by index.html's loader once the app is on the page). The release build
// writes sw.js, a Workbox service worker that keeps every file of the course (scripts/make-sw.mjs),
// and stamps index.html with <meta name="bloomlab-build" content=VERSION data-files=N>.
//  - Where service workers work (not file://, not an opaque or storage-less frame) and the build has
//    a worker, <html data-offline> says where things stand: "available" (set already by the loader
//    in index.html, so the buttons are in place at the first paint), "fetching", "ready"; the
//    "Use offline" buttons (data-offline-control, drawn by the app, hidden by the style sheet until
//    this attribute is set) fetch the whole course with a progress bar in a status panel
//    (data-testid=offline-status) and say when every view works offline.
//  - On its own, after the first page is ready and the browser is idle, the worker is registered and
//    fetches the course in the background, unless the browser asks to save data (Save-Data, 2g) or
//    the page is embedded; on a tour, at once, with the next stop's bundle first, and that bundle
//    prefetched (a tour's next stop is often in another bundle).
//  - Where nothing of this works, nothing happens and nothing is written to the console.
const root = document.documentElement;
const build = document.querySelector('meta[name=bloomlab-build]');
const container = (() => {
  try {
    return window.isSecureContext && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  } catch {
    return null; // a sandboxed frame without its origin throws on reading it
  }
})();
const params = new URLSearchParams(location.search);
const flag = (k) => ['1', 'true'].includes((params.getAll(k).pop() || '').trim());
const total = Number(build?.dataset.files) || 0;
const cacheName = (scope) => `bloomlab-precache-v2-${scope}`;
let panel = null;
let watching = false;

const setState = (state) => {
  root.dataset.offline = state;
};

/** The status panel, made on first use (outside the app's own elements). */
function showPanel() {
  if (panel && panel.isConnected) return panel;
  panel = document.createElement('div');
  panel.className = 'offline-panel';
  panel.setAttribute('role', 'status');
  panel.setAttribute('aria-live', 'polite');
  panel.dataset.testid = 'offline-status';
  panel.innerHTML = '<p class="offline-text"></p><progress max="1" value="0"></progress>' +
    '<button type="button" class="button small subtle" aria-label="Close">×</button>';
  panel.querySelector('button').addEventListener('click', () => panel.remove());
  document.body.append(panel);
  return panel;
}

function report(state, done, text) {
  setState(state === 'error' ? 'available' : state);
  if (!panel || !panel.isConnected) return;
  panel.dataset.state = state;
  panel.dataset.done = String(done);
  panel.dataset.total = String(total);
  panel.querySelector('.offline-text').textContent = text;
  const bar = panel.querySelector('progress');
  bar.max = total || 1;
  bar.value = Math.min(done, total);
  bar.hidden = state !== 'fetching';
}

/** How many of the build's files the worker's cache holds so far. */
async function kept(scope) {
  try {
    if (!(await caches.has(cacheName(scope)))) return 0;
    const cache = await caches.open(cacheName(scope));
    return Math.min((await cache.keys()).length, total);
  } catch {
    return 0;
  }
}

const readyText = () => `Every view now works offline: all ${total} files of this build (${build.content}) are kept in this browser.`;

/** Follows the worker's first install until it is active (every file kept) or fails. A worker
 * that is active already keeps every file of its build: a later build's install (an update) goes
 * on in the background and takes over once no page of this one is open. */
async function watch(registration) {
  if (watching) return;
  watching = true;
  const step = async () => {
    if (registration.active) {
      watching = false;
      report('ready', total, readyText());
      return;
    }
    if (!registration.installing && !registration.waiting) {
      watching = false;
      report('error', 0, 'The files could not all be fetched (offline, or the site changed meanwhile). Try again later.');
      return;
    }
    const done = await kept(registration.scope);
    report('fetching', done, `Fetching the course for offline use: ${done} of ${total} files.`);
    setTimeout(step, 250);
  };
  await step();
}

/** On a tour, the bundle the next stop opens when this page has not loaded it (the tour bar's
 * Next link names the stop's view; the loader in index.html knows each view's bundle). */
function nextBundles() {
  try {
    const href = document.querySelector('a[data-testid=tour-next]')?.getAttribute('href');
    if (!href || !window.bloomlabBundleOf) return [];
    const bundle = window.bloomlabBundleOf((new URL(href, location.href).searchParams.getAll('view').pop() || '').trim());
    // This page's own bundle (the loader's choice) is loaded already.
    return bundle === window.bloomlabBundle ? [] : [bundle];
  } catch {
    return [];
  }
}

/** The very next stop's bundle, fetched ahead at low priority: the browser keeps a prefetched file
 * for the next page even where the host sends no cache headers. */
function prefetchNext(bundles) {
  for (const file of bundles.flatMap((b) => [`${b}.js`, `${b}_bg.wasm`])) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    link.dataset.tourNext = '';
    document.head.append(link);
  }
}

async function register() {
  try {
    // On a tour, the worker fetches the next stop's bundle before the rest (scripts/make-sw.mjs).
    const first = params.has('tour') ? nextBundles() : [];
    const registration = await container.register(first.length ? `./sw.js?first=${first.join(',')}` : './sw.js');
    await watch(registration);
  } catch {
    watching = false;
    report('error', 0, 'This browser would not keep the course here (private window, or storage turned off).');
  }
}

async function existing() {
  try {
    return (await container.getRegistration('./')) || null;
  } catch {
    return null;
  }
}

async function useOffline() {
  showPanel();
  const registration = await existing();
  if (registration) {
    await watch(registration);
  } else {
    report('fetching', 0, `Fetching the course for offline use: 0 of ${total} files.`);
    await register();
  }
}

function saveData() {
  const c = navigator.connection;
  return Boolean(c && (c.saveData || /(^|-)2g$/.test(c.effectiveType || '')));
}

async function start() {
  if (!container || !build || !total) return;
  setState('available');
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('[data-offline-control]')) {
      e.preventDefault();
      useOffline();
    }
  });
  // The button was clicked before this script arrived (the loader kept the click).
  if (window.bloomlabOfflineAsked) {
    window.bloomlabOfflineAsked = false;
    useOffline();
    return;
  }
  // A page the worker serves has the next stops kept already.
  if (params.has('tour') && !container.controller && !flag('embed') && !saveData()) prefetchNext(nextBundles());
  const registration = await existing();
  if (registration) {
    watch(registration);
    return;
  }
  if (flag('embed') || saveData()) return;
  const touring = params.has('tour');
  const later = (fn) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 10000 }) : setTimeout(fn, 2000));
  setTimeout(() => later(() => root.dataset.offline !== 'ready' && register()), touring ? 0 : 1000);
}

start();
