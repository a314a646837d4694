// A stand-in LMS for the end-to-end tests: scorm-again's SCORM 1.2 runtime (the one real LMSs
// embed) exposed as `window.API` by a parent page that launches an unpacked package in a frame,
// as Moodle's player does. Between two launches of one learner it keeps what an LMS keeps (the
// committed suspend data, lesson status and location, and interactions), so a reload resumes the
// attempt. `lmsFail(true)` makes every LMSSetValue answer "false" with error 101 until
// `lmsFail(false)`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, startServer } from './harness.mjs';

const PARENT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="scorm12.min.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  const learner = q.get('learner') || 'alice';
  const key = 'lms-' + learner;
  const kept = JSON.parse(sessionStorage.getItem(key) || 'null');
  const api = new Scorm12API({ logLevel: 5, autocommit: false });
  const core = { student_id: learner, student_name: 'Student, ' + learner, entry: kept ? 'resume' : 'ab-initio' };
  if (kept) Object.assign(core, { lesson_status: kept.status, lesson_location: kept.location });
  api.loadFromJSON({ core, suspend_data: kept ? kept.suspend : '', interactions: kept ? kept.interactions : {}, student_data: { mastery_score: q.get('mastery') || '' } });
  let failing = false;
  window.lmsFail = (on) => { failing = on; };
  const setValue = api.LMSSetValue.bind(api);
  const lastError = api.LMSGetLastError.bind(api);
  api.LMSSetValue = (element, value) => (failing ? 'false' : setValue(element, value));
  api.LMSGetLastError = () => (failing ? '101' : lastError());
  // What the runtime holds, as the tests read it.
  window.lmsCommits = 0;
  window.lmsFinished = false;
  api.on('LMSCommit', () => {
    window.lmsCommits += 1;
    const interactions = JSON.parse(JSON.stringify(api.renderCommitCMI(true))).cmi.interactions;
    sessionStorage.setItem(key, JSON.stringify({ suspend: api.cmi.suspend_data, status: api.cmi.core.lesson_status, location: api.cmi.core.lesson_location, interactions }));
  });
  api.on('LMSFinish', () => { window.lmsFinished = true; });
  window.lmsData = () => JSON.parse(JSON.stringify(api.renderCommitCMI(true)));
  window.API = api;
</script></head>
<body><iframe id="sco" title="activity" src="pkg/LAUNCH" style="width:1000px;height:720px;border:0"></iframe></body></html>`;

/** A site serving the LMS page (`index.html`, `?learner=…&mastery=…`) and `zip` unpacked under
 *  `pkg/`, launched at `launch` (the manifest's href). */
export async function lmsSite(zip, launch) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloomlab-lms-'));
  fs.mkdirSync(path.join(dir, 'pkg'));
  execFileSync('unzip', ['-q', zip, '-d', path.join(dir, 'pkg')]);
  fs.copyFileSync(path.join(ROOT, 'node_modules/scorm-again/dist/scorm12.min.js'), path.join(dir, 'scorm12.min.js'));
  fs.writeFileSync(path.join(dir, 'index.html'), PARENT.replace('LAUNCH', launch));
  const site = await startServer(dir);
  return { ...site, dir };
}

/** The frame `selector` names in `parent` (a page or a frame). */
async function frameIn(parent, selector) {
  return (await parent.waitForSelector(selector)).contentFrame();
}

/** `frame` once its app is ready. */
async function ready(frame) {
  await frame.waitForSelector('[data-testid=app-ready]', { timeout: 30_000 });
  return frame;
}

/** The activity's frame in `page`, once its app is ready. */
export async function activity(page) {
  return ready(await frameIn(page, '#sco'));
}

/** The frame of an activity completed once every step was seen (its launch page, `#sco`), and
 *  the view's frame inside it, once its app is ready. */
export async function watched(page) {
  const launch = await frameIn(page, '#sco');
  return { launch, view: await ready(await frameIn(launch, '#activity-view')) };
}
