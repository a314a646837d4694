// End-to-end tests of practice graded in an LMS: a lecturer builds an assignment in the tools and
// downloads its SCORM 1.2 package; the package, unpacked, runs in a frame under scorm-again's
// runtime (tests/e2e/lms.mjs), where a scripted student's marks, mistakes and time arrive, a
// reload resumes the attempt, learners get problems of their own, a refused value arrives once
// the LMS recovers, and without an LMS the page says no mark is recorded; without an LMS at all,
// the tally matches ids to codes and writes grades an LMS imports.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, launch, shutdown, dataAttrs, waitAttr, openPage, preparePage, closePage, assertClean, gotoQuery } from './harness.mjs';
import { filterAnswers, answer, problem } from './solve.mjs';
import { lmsSite, activity, watched } from './lms.mjs';

let browser;
let site;
before(async () => { browser = await launch(); });
after(async () => { await site?.close(); await shutdown(browser); });

const FILE = 'bloomlab-week-3-filters-scorm12.zip';

/** The package the builder makes: bloom-insert and the formula, exam mode, pass mark 60. */
async function download() {
  const page = await openPage(browser, '?view=practice');
  try {
    // The practice view's link opens the home page with the builder (the tools fetched for it).
    await Promise.all([page.waitForURL(/view=home#assign$/), page.click('[data-testid=practice-assign]')]);
    await page.waitForSelector('[data-testid=assign-builder][open] [data-testid=assign-task][data-exercise=fp-formula]');
    // The README's steps name what the lecturer clicks or picks: each name is on the page, the
    // home page with the builder open, where the practice view's link leads.
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const steps = readme.slice(readme.indexOf('## Graded practice in your LMS'), readme.indexOf('4. Upload the zip'));
    const named = [...steps.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1].replace(/\s+/g, ' '));
    assert.ok(named.length >= 5, named.join());
    const shown = await page.evaluate(() => document.body.innerText);
    for (const name of named) assert.ok(shown.includes(name), `the README's **${name}** is not on the page`);
    await page.check('[data-testid=assign-task][data-exercise=fp-formula]');
    await page.selectOption('[data-testid=assign-mode]', 'exam');
    await page.fill('[data-testid=assign-pass]', '60');
    await page.fill('[data-testid=assign-title]', 'Week 3: filters');
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=assign-download]')]);
    assert.equal(file.suggestedFilename(), FILE);
    const status = await waitAttr(page, '[data-testid=assign-status]', 'data-state', 'done');
    const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bloomlab-zip-')), FILE);
    await file.saveAs(zip);
    assert.equal(fs.statSync(zip).size, Number(status.bytes));
    await assertClean(page);
    return zip;
  } finally {
    await closePage(page);
  }
}

/** The LMS page for `learner`, and the activity's frame in it. */
async function launchAs(learner, query = '') {
  const page = await preparePage(browser, { server: site });
  await page.goto(`${site.url}?learner=${learner}${query}`);
  return { page, frame: await activity(page) };
}

/** Answers the steps of the exercise on screen: `wrong` gives step 0 of the formula without its power. */
async function solve(frame, wrong = false) {
  await frame.waitForSelector('[data-testid=practice-problem]');
  const exercise = (await dataAttrs(frame, '[data-testid=practice]')).exercise;
  const p = await problem(frame);
  const steps = filterAnswers(exercise, p);
  if (wrong) steps[0] = { text: String(1 - Math.exp((-p.k * p.n) / p.m)) };
  const from = Number((await dataAttrs(frame, '[data-testid=practice]')).step);
  for (const [i, a] of steps.entries()) {
    if (i < from) continue;
    await waitAttr(frame, '[data-testid=practice]', 'data-step', String(i));
    await answer(frame, a);
  }
  await waitAttr(frame, '[data-testid=practice]', 'data-done', 'true');
  return steps.length;
}

const lms = (page) => page.evaluate(() => window.lmsData().cmi);

test('a downloaded assignment records a student\'s mark, mistakes and time in the LMS, and resumes after a reload', async () => {
  const zip = await download();
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
  assert.deepEqual(names, ['bloomlab-practice-lms.js', 'bloomlab-practice-lms_bg.wasm', 'bloomlab-practice.js', 'bloomlab-practice_bg.wasm', 'imsmanifest.xml', 'index.html', 'launch.html', 'offline.js', 'package.js', 'prerender/practice.html']);
  const manifest = execFileSync('unzip', ['-p', zip, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /adlcp:scormtype="sco" href="launch.html"/);
  assert.match(manifest, /<adlcp:masteryscore>60<\/adlcp:masteryscore>/);
  site = await lmsSite(zip, 'launch.html');

  const launched = await launchAs('alice');
  const page = launched.page;
  let frame = launched.frame;
  let lmsLine = await waitAttr(frame, '[data-testid=practice-lms]', 'data-state', 'open');
  // No link out of the package: it would open the assignment outside the LMS.
  assert.ok(await frame.isHidden('[data-testid=open-full]'));
  assert.match(await frame.textContent('[data-testid=practice-lms]'), /Signed in as alice Student/);
  assert.equal((await dataAttrs(frame, '[data-testid=practice-course]')).exercises, '2');
  // Two steps of the first exercise, then the page is reloaded: the attempt goes on from step 2.
  await frame.waitForSelector('[data-testid=practice-problem]');
  const first = filterAnswers('bloom-insert', await problem(frame));
  for (const [i, a] of first.slice(0, 2).entries()) {
    await waitAttr(frame, '[data-testid=practice]', 'data-step', String(i));
    await answer(frame, a);
  }
  await waitAttr(frame, '[data-testid=practice]', 'data-step', '2');
  await page.waitForFunction(() => window.lmsCommits >= 3);
  const before = await lms(page);
  assert.equal(before.core.lesson_status, 'incomplete');
  assert.deepEqual(Object.values(before.interactions).map((r) => [r.id, r.result]), [['bloom-insert.s1', 'correct'], ['bloom-insert.s2', 'correct']]);
  await assertClean(page);
  // A reload of the LMS's page (which keeps what was committed): the attempt goes on from step 2.
  await page.reload();
  frame = await activity(page);
  await waitAttr(frame, '[data-testid=practice]', 'data-step', '2');
  const steps = await solve(frame);
  // The exercise's end inside the assignment: its frame gives the pass mark; no result code, no
  // proficiency line of the practice view's own.
  assert.equal(await frame.$('[data-testid=practice-code]'), null);
  assert.doesNotMatch(await frame.textContent('[data-testid=practice]'), /80 %|result code/);
  await frame.click('[data-testid=practice-next-task]');
  await waitAttr(frame, '[data-testid=practice-course]', 'data-exercise-index', '1');
  const formula = await solve(frame, true);
  const result = await waitAttr(frame, '[data-testid=practice-assignment-result]', 'data-status', 'passed');
  const percent = Math.floor((100 * (steps + formula - 1)) / (steps + formula));
  assert.equal(result.percent, String(percent));
  lmsLine = await waitAttr(frame, '[data-testid=practice-lms]', 'data-state', 'recorded');
  assert.ok(lmsLine);
  const cmi = await lms(page);
  assert.equal(cmi.core.score.raw, String(percent));
  assert.equal(cmi.core.lesson_status, 'passed');
  assert.match(cmi.core.session_time, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
  const rows = Object.values(cmi.interactions);
  assert.equal(rows.length, steps + formula, 'one row per step, each once');
  const mistake = rows.find((r) => r.result === 'wrong');
  assert.equal(mistake.id, 'fp-formula.s1.no-power');
  // The model answer as the page's own feedback shows it (exam mode: every step's, at the end).
  const expected = (await dataAttrs(frame, '[data-testid=practice-feedback][data-step="0"]')).expected;
  assert.equal(mistake.correct_responses[0].pattern, expected);
  assert.equal(mistake.objectives[0].id, 'fp-formula');
  assert.ok(rows.every((r) => r.weighting === '1'), 'every step weighs the same');
  // When each step was shown (a time of day) and how long its first answer took.
  for (const r of rows) {
    assert.match(r.time, /^\d{2}:\d{2}:\d{2}$/, `${r.id}: time`);
    // A CMITimespan (scorm-again writes .20 s back as .2, as SCORM 1.2 allows).
    assert.match(r.latency, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/, `${r.id}: latency`);
  }
  // The page going away finishes the session.
  await frame.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  assert.equal(await page.evaluate(() => window.lmsFinished), true);
  await assertClean(page);
  await closePage(page);
});

test('learners get problems of their own, a refused value arrives once the LMS recovers, and without an LMS no mark is promised', async () => {
  assert.ok(site, 'the first test made the package');
  const seen = [];
  for (const learner of ['bob', 'bob', 'carol']) {
    const { page, frame } = await launchAs(learner);
    await waitAttr(frame, '[data-testid=practice-lms]', 'data-state', 'open');
    seen.push((await dataAttrs(frame, '[data-testid=practice-problem]')).problem);
    if (learner === 'carol') {
      await page.evaluate(() => window.lmsFail(true));
      await answer(frame, filterAnswers('bloom-insert', await problem(frame))[0]);
      const refused = await waitAttr(frame, '[data-testid=practice-lms]', 'data-state', 'refused');
      assert.ok(refused);
      assert.match(await frame.textContent('[data-testid=practice-lms]'), /error 101/);
      await page.evaluate(() => window.lmsFail(false));
      await waitAttr(frame, '[data-testid=practice-lms]', 'data-state', 'open', 10_000);
      const rows = Object.values((await lms(page)).interactions);
      assert.deepEqual(rows.map((r) => r.id), ['bloom-insert.s1']);
    }
    await assertClean(page);
    await closePage(page);
  }
  assert.equal(seen[0], seen[1], 'the same learner, the same problem');
  assert.notEqual(seen[0], seen[2], 'another learner, another problem');
  // The package opened on its own: ordinary practice, and it says no mark is recorded.
  const page = await preparePage(browser, { server: site });
  await page.goto(`${site.url}pkg/launch.html`);
  await page.waitForSelector('[data-testid=app-ready]');
  await waitAttr(page, '[data-testid=practice-lms]', 'data-state', 'absent');
  assert.match(await page.textContent('[data-testid=practice-lms]'), /no mark will be recorded/);
  await assertClean(page);
  await closePage(page);
});

test('without an LMS the tally reads ids beside codes, counts a repeat once, and downloads grades Moodle imports', async () => {
  // One student's exam code for the formula, right throughout.
  let code;
  const page = await openPage(browser, '?view=practice&exercise=fp-formula&seed=4&mode=exam&lock=1');
  try {
    assert.equal(await page.$('[data-testid=practice-mode]'), null, 'a locked link has no mode to switch');
    await solve(page);
    code = (await dataAttrs(page, '[data-testid=practice-code]')).code;
    await gotoQuery(page, '?view=tally');
    await page.fill('[data-testid=tally-input]', [`alice\t${code}`, `alice\t${code}`, `"bob","${code}"`].join('\n'));
    await page.click('[data-testid=tally-apply]');
    await waitAttr(page, '[data-testid=tally-summary]', 'data-codes', '3');
    const rows = await page.$$eval('[data-testid=tally-student-row]', (els) => els.map((e) => [e.dataset.id, e.dataset.mode, e.dataset.flags]));
    assert.deepEqual(rows, [['alice', 'exam', 'duplicate'], ['bob', 'exam', '']]);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=tally-export-moodle]')]);
    const csv = fs.readFileSync(await file.path(), 'utf8').trim().split('\r\n');
    assert.deepEqual(csv, ['ID number,Bloom Lab: fp-formula', 'alice,100', 'bob,100']);
    await assertClean(page);
  } finally {
    await closePage(page);
  }
});

/** The ungraded activity Embed's dialog downloads for `query`, completed as `completion` says. */
async function activityZip(query, completion) {
  const page = await openPage(browser, query);
  try {
    await page.click('[data-testid=embed-button]');
    await page.selectOption('[data-testid=embed-scorm-completion]', completion);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=embed-scorm]')]);
    assert.match(file.suggestedFilename(), /^bloomlab-[a-z0-9-]+-scorm12\.zip$/);
    assert.doesNotMatch(file.suggestedFilename(), /bloom-lab/, 'the view names the file');
    const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bloomlab-zip-')), file.suggestedFilename());
    await file.saveAs(zip);
    await waitAttr(page, '[data-testid=embed-scorm-status]', 'data-state', 'done');
    await assertClean(page);
    return zip;
  } finally {
    await closePage(page);
  }
}

test('any page downloads from Embed as an ungraded activity the LMS marks completed once opened', async () => {
  const zip = await activityZip('?view=ullman&step=2', 'opened');
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
  assert.deepEqual(names, ['bloomlab-lectures.js', 'bloomlab-lectures_bg.wasm', 'imsmanifest.xml', 'index.html', 'launch.html', 'offline.js', 'package.js', 'prerender/ullman.html']);
  const own = await lmsSite(zip, 'launch.html');
  try {
    const lms = await preparePage(browser, { server: own });
    await lms.goto(`${own.url}?learner=erin`);
    const frame = await activity(lms);
    // The view as the link had it, embedded (the page writes its parameters in its own order).
    const shown = new URL(frame.url());
    assert.deepEqual([shown.pathname.endsWith('/pkg/index.html'), ...['view', 'step', 'embed'].map((k) => shown.searchParams.get(k))], [true, 'ullman', '2', '1']);
    assert.equal(await lms.evaluate(() => [window.lmsFinished, window.lmsData().cmi.core.lesson_status].join()), 'true,completed');
    // A link to a view the package does not hold opens on the site it was made from, in a tab of
    // its own (the tab's address caught here: this test's pages may ask nothing of another host).
    await frame.evaluate(() => { window.open = (url, target) => { window.opened = [url, target]; return null; }; });
    await frame.click('[data-testid=try-it]');
    const [url, target] = await frame.evaluate(() => window.opened);
    const out = new URL(url);
    assert.deepEqual([out.origin === shown.origin, out.searchParams.get('view'), out.searchParams.get('embed'), target], [false, 'practice', null, '_blank']);
    assert.equal(new URL(frame.url()).searchParams.get('view'), 'ullman', 'the frame keeps the activity');
    assert.ok(await frame.isHidden('[data-testid=open-full]'), 'no link out of the package');
    await assertClean(lms);
    await closePage(lms);
  } finally {
    await own.close();
  }
});

test('an activity completed once every step was seen counts the steps, keeps them through a refusal and a reload', async () => {
  const zip = await activityZip('?view=ullman&step=2', 'seen');
  assert.ok(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').includes('activity.js'), 'its script');
  const own = await lmsSite(zip, 'launch.html');
  const BAR = '[data-testid=activity-status]';
  try {
    const host = await preparePage(browser, { server: own });
    await host.goto(`${own.url}?learner=finn`);
    let { launch, view } = await watched(host);
    const shown = new URL(view.url());
    assert.deepEqual(['view', 'step', 'embed'].map((k) => shown.searchParams.get(k)), ['ullman', '2', '1']);
    assert.ok(await view.isHidden('[data-testid=open-full]'), 'no link out of the package');
    const steps = Number((await dataAttrs(view, '[data-testid=step]')).steps);
    assert.ok(steps > 3, `${steps} steps`);
    // Step 2 is seen on opening; Next to the last step sees 3 to the last.
    let bar = await waitAttr(launch, BAR, 'data-seen', '1');
    assert.deepEqual([bar.state, bar.steps], ['open', String(steps + 1)]);
    for (let s = 3; s <= steps; s++) {
      await view.click('[data-testid=step-next]');
      await waitAttr(view, '[data-testid=step]', 'data-step', String(s));
    }
    await waitAttr(launch, BAR, 'data-seen', String(steps - 1));
    await host.waitForFunction((n) => window.lmsData().cmi.suspend_data.startsWith(`seen:${n}:`), steps);
    assert.equal((await lms(host)).core.lesson_status, 'incomplete');
    // The LMS refuses: the bar names the refusal and step 0 stays counted; it arrives once the LMS recovers.
    await host.evaluate(() => window.lmsFail(true));
    await view.click('[data-testid=step-restart]');
    bar = await waitAttr(launch, BAR, 'data-state', 'refused');
    assert.equal(bar.seen, String(steps));
    assert.match(await launch.textContent(BAR), /refused to record your progress \(error 101: .+\)/);
    await host.evaluate(() => window.lmsFail(false));
    await waitAttr(launch, BAR, 'data-state', 'open');
    assert.equal((await lms(host)).core.lesson_location, '0');
    await assertClean(host);
    // A reload: the page opens where the student was (step 0), with what they saw; step 1 completes it.
    await host.reload();
    ({ launch, view } = await watched(host));
    assert.equal(new URL(view.url()).searchParams.get('step'), '0');
    bar = await waitAttr(launch, BAR, 'data-seen', String(steps));
    await view.click('[data-testid=step-next]');
    bar = await waitAttr(launch, BAR, 'data-state', 'recorded');
    assert.equal(bar.seen, String(steps + 1));
    assert.match(await launch.textContent(BAR), /recorded that you saw every step/);
    const cmi = await lms(host);
    assert.equal(cmi.core.lesson_status, 'completed');
    assert.match(cmi.core.lesson_location, /^1$/);
    await assertClean(host);
    await closePage(host);
  } finally {
    await own.close();
  }
});
