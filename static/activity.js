// The launch page of an ungraded SCORM 1.2 activity that is completed once every step was seen
// (`package::activity_launch_page` with `Completion::Seen`). The page shows the view in a frame of
// its own and watches the contract's `step` hook in it (`data-step`, `data-steps`): every position
// of the walkthrough, 0 to data-steps, must be shown once (a MutationObserver sees each). It keeps
// the LMS told as conforming content does: LMSInitialize; `cmi.core.lesson_status` incomplete,
// then completed; the positions seen in `cmi.suspend_data` (`seen:<steps>:<hex>`, four positions a
// digit) and the last one shown in `cmi.core.lesson_location`, so a return resumes there;
// LMSCommit after each new position; at the end the session time, `cmi.core.exit` and LMSFinish.
// A refused call is shown on the bar above the frame and sent again every 3 s, so nothing seen is
// lost. A page with no steps is completed once it has opened. The package holds this file beside
// its launch page (`crates/bloomlab-core/src/labs/practice/lms/package.rs` writes the page, which
// loads it after the bar and the frame; `src/app/assign.rs` packs it).
(function () {
  'use strict';
  var POLL_MS = 400;
  var RETRY_MS = 3000;
  var bar = document.getElementById('activity-status');
  var view = document.getElementById('activity-view');

  function find(w) {
    for (var i = 0; w && i <= 7; i++) {
      try { if (w.API) return w.API; } catch (e) { return null; }
      if (w.parent === w) return null;
      w = w.parent;
    }
    return null;
  }
  var api = find(window) || (window.opener ? find(window.opener) : null);
  var state = api ? 'open' : 'absent';
  var problem = '';
  var started = Date.now();
  var steps = -1;
  var seen = [];
  var at = 0;
  var reached = false;
  var pending = false;
  var lastTry = 0;
  var polls = 0;
  var finished = false;

  function call(name, a, b) {
    try { return String(api[name](a, b)) === 'true'; } catch (e) { return false; }
  }
  function get(element) {
    try { return String(api.LMSGetValue(element)); } catch (e) { return ''; }
  }
  function lastError() {
    try {
      var code = String(api.LMSGetLastError());
      return 'error ' + code + ': ' + String(api.LMSGetErrorString(code));
    } catch (e) { return 'the LMS did not answer'; }
  }
  function count() {
    var n = 0;
    for (var i = 0; i < seen.length; i++) if (seen[i]) n++;
    return n;
  }
  function pack() {
    var hex = '';
    for (var i = 0; i < seen.length; i += 4) {
      var d = 0;
      for (var j = 0; j < 4; j++) if (seen[i + j]) d |= 1 << j;
      hex += d.toString(16);
    }
    return 'seen:' + steps + ':' + hex;
  }
  function unpack(text) {
    var kept = /^seen:(\d{1,6}):([0-9a-f]*)$/.exec(text);
    if (!kept) return;
    steps = Number(kept[1]);
    seen = [];
    for (var i = 0; i <= steps; i++) seen.push((parseInt(kept[2].charAt(i >> 2) || '0', 16) >> (i & 3) & 1) === 1);
  }
  function pad(n, width) {
    var s = String(n);
    while (s.length < width) s = '0' + s;
    return s;
  }
  // A CMITimespan, HHHH:MM:SS.SS.
  function timespan(ms) {
    var cs = Math.floor(ms / 10);
    var h = Math.min(Math.floor(cs / 360000), 9999);
    return pad(h, 4) + ':' + pad(Math.floor(cs / 6000) % 60, 2) + ':' + pad(Math.floor(cs / 100) % 60, 2) + '.' + pad(cs % 100, 2);
  }

  if (api) {
    if (call('LMSInitialize', '')) {
      var status = get('cmi.core.lesson_status');
      reached = status === 'completed' || status === 'passed';
      if (status === 'completed' || status === 'passed' || status === 'incomplete') unpack(get('cmi.suspend_data'));
      var where = parseInt(get('cmi.core.lesson_location'), 10);
      if (where >= 0 && where <= steps) at = where;
      if (reached) state = 'recorded';
      pending = !reached;
    } else {
      state = 'broken';
      problem = lastError();
      api = null;
    }
  }

  // The view, at the position the student left it on a return.
  var target = new URL(view.getAttribute('data-src'), location.href);
  if (steps > 0) target.searchParams.set('step', String(at));
  view.src = target.href;

  function set(element, value) {
    return call('LMSSetValue', element, value);
  }
  function send() {
    lastTry = Date.now();
    var done = reached || (steps >= 0 && count() === steps + 1);
    var data = pack();
    var ok = set('cmi.core.lesson_status', done ? 'completed' : 'incomplete')
      && (steps < 0 || data.length > 4096 || set('cmi.suspend_data', data))
      && set('cmi.core.lesson_location', String(at))
      && call('LMSCommit', '');
    if (ok) {
      pending = false;
      reached = done;
      state = done ? 'recorded' : 'open';
    } else {
      state = 'refused';
      problem = lastError();
    }
  }
  // Counts the position the view shows; false when it has no walkthrough.
  function look(doc) {
    var hook = doc.querySelector('[data-testid=step]');
    if (!hook) return false;
    var n = parseInt(hook.getAttribute('data-steps'), 10);
    var s = parseInt(hook.getAttribute('data-step'), 10);
    // A walkthrough whose hook cannot be read this time: it still has one.
    if (!(n >= 0 && s >= 0 && s <= n)) return true;
    if (n !== steps) {
      // Another walkthrough (the student changed its settings): its positions are counted afresh.
      steps = n;
      seen = [];
      for (var i = 0; i <= n; i++) seen.push(false);
    }
    at = s;
    if (!seen[s]) {
      seen[s] = true;
      pending = true;
    }
    return true;
  }
  function show() {
    var words;
    var total = steps + 1;
    var tally = steps < 0 ? '' : count() + ' of ' + total + (total === 1 ? ' step' : ' steps') + ' seen';
    if (state === 'broken') words = 'The LMS did not open this activity (' + problem + '): nothing will be recorded.';
    else if (state === 'refused') words = 'The LMS refused to record your progress (' + problem + '). ' + tally + ': kept in this page and sent again every 3 s.';
    else if (state === 'recorded') words = steps === 0 ? 'Completed: the LMS has recorded that you opened this page.' : 'Completed: the LMS has recorded that you saw every step.';
    else if (steps < 0) words = 'Loading the page…';
    else if (state === 'absent') words = 'Opened outside an LMS: nothing is recorded. ' + tally + '.';
    else words = tally + '. This activity is completed once you have seen every step (0 to ' + steps + ').';
    if (bar.textContent !== words) bar.textContent = words;
    bar.setAttribute('data-state', state);
    bar.setAttribute('data-seen', steps < 0 ? '0' : String(count()));
    bar.setAttribute('data-steps', steps < 0 ? '' : String(total));
  }
  // Every change of the view's document is looked at (a step shown for a moment, as playback
  // shows them, still counts), and the view's document is looked at again on every tick.
  var watching = null;
  function current() {
    var doc = null;
    try { doc = view.contentDocument; } catch (e) { doc = null; }
    if (doc && doc !== watching && doc.documentElement && typeof MutationObserver === 'function') {
      watching = doc;
      new MutationObserver(function () {
        if (doc.querySelector('[data-testid=app-ready]')) look(doc);
      }).observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step'] });
    }
    return doc;
  }
  function tick() {
    var doc = current();
    // No walkthrough on the ready page at three ticks running: opening it is all there is to see.
    if (doc && doc.querySelector('[data-testid=app-ready]') && !look(doc) && ++polls >= 3 && steps < 0) {
      steps = 0;
      seen = [true];
      pending = true;
    }
    if (pending && api && !finished && Date.now() - lastTry >= (state === 'refused' ? RETRY_MS : 0)) send();
    show();
  }
  function finish() {
    if (finished || !api) return;
    if (pending) send();
    finished = true;
    set('cmi.core.session_time', timespan(Date.now() - started));
    set('cmi.core.exit', reached ? '' : 'suspend');
    call('LMSCommit', '');
    call('LMSFinish', '');
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  setInterval(tick, POLL_MS);
  tick();
})();
