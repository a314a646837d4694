//! The SCORM 1.2 data model values of an attempt (RTE 3.4): each graded step as a row of
//! `cmi.interactions`, the end of the attempt (`cmi.core.score.*`, `lesson_status`,
//! `session_time`, `exit`), and the choice, on launch, between a fresh attempt and a resumed one.
//! Each function gives (element, value) pairs in the order to set them, so the page only loops
//! over `LMSSetValue`.

use super::{identifier, one_line, Assignment, Attempt, MAX_SHORT};
use crate::labs::practice::Practice;

/// The interaction type of every step. SCORM 1.2's `performance` is an interaction where the
/// learner carries out a task of several steps, and its response is free text of up to 255
/// characters; a step here is one move of an algorithm run by hand (bits set, counters written,
/// a number worked out), which is that. scorm-again checks the type against `CMIType`
/// (`true-false|choice|fill-in|matching|performance|sequencing|likert|numeric`) and the response
/// only as `CMIFeedback` whatever the type, so `fill-in` would be taken too; `performance` says
/// better what the row records, and no type-specific response format applies to it.
pub const KIND: &str = "performance";

/// Every step's `weighting` (a `CMIDecimal`): each weighs the same, one step of the score's count
/// (`raw_score` is the share of the steps right at the first try).
pub const WEIGHT: &str = "1";

/// One step of one exercise, as a row of `cmi.interactions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interaction {
    /// `<exercise>.s<step from 1>` for a step right at the first try or wrong with no catalogued
    /// mistake; `<exercise>.s<step>.<mistake id>` for one wrong with a catalogued mistake (the
    /// convention the class tally reads). A `CMIIdentifier`: printable ASCII, no spaces, ≤ 255.
    pub id: String,
    /// The SCORM 1.2 `type` (`KIND`).
    pub kind: &'static str,
    /// The first answer, as the page shows it (bits as 0s and 1s, cells joined by commas), on
    /// one line and cut at 255 characters.
    pub student_response: String,
    /// `correct` when right at the first try (what scores), `wrong` otherwise.
    pub result: &'static str,
    /// The model answer as the page shows it, on one line and cut at 255 characters.
    pub correct_pattern: String,
    /// The catalogued mistake's id, when the first answer is one.
    pub mistake: Option<String>,
    /// `objectives.0.id`: the exercise's name.
    pub objective: &'static str,
    /// When the step was put before the student and how long the first answer took, when the
    /// page knows (`Course::news`).
    pub timing: Option<Timing>,
}

/// A row's `time` (when its step was made available: a time of day, CMITime `HH:MM:SS`) and
/// `latency` (from then to the first answer: a CMITimespan, `timespan`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    pub time: String,
    pub latency: String,
}

/// A time of day `ms` after midnight as a CMITime, `HH:MM:SS` (past midnight it starts again).
pub fn clock(ms: u64) -> String {
    let s = ms / 1000 % 86_400;
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Step `j` of the session `p` as an interaction, once it is done.
pub fn interaction(p: &Practice, j: usize) -> Option<Interaction> {
    let d = p.done.get(j)?;
    let name = p.exercise.name();
    let mistake = if d.scored { None } else { d.verdict.mistake.map(|m| identifier(m.id, 64)) };
    let id = match &mistake {
        Some(m) => format!("{name}.s{}.{m}", j + 1),
        None => format!("{name}.s{}", j + 1),
    };
    Some(Interaction {
        id: id.chars().take(MAX_SHORT).collect(),
        kind: KIND,
        student_response: one_line(&d.first.shown(), MAX_SHORT),
        result: if d.scored { "correct" } else { "wrong" },
        correct_pattern: one_line(&d.verdict.expected, MAX_SHORT),
        mistake,
        objective: name,
        timing: None,
    })
}

/// Every done step of the attempt as an interaction, session after session.
pub fn interactions(a: &Attempt) -> Vec<Interaction> {
    a.sessions.iter().flat_map(|p| (0..p.done.len()).filter_map(move |j| interaction(p, j))).collect()
}

/// The pairs that write `row` as `cmi.interactions.n`, in order (`id` first).
pub fn pairs(n: usize, row: &Interaction) -> Vec<(String, String)> {
    let at = |e: &str| format!("cmi.interactions.{n}.{e}");
    let mut out = vec![
        (at("id"), row.id.clone()),
        (at("objectives.0.id"), row.objective.to_string()),
        (at("type"), row.kind.to_string()),
        (at("weighting"), WEIGHT.to_string()),
        (at("student_response"), row.student_response.clone()),
        (at("correct_responses.0.pattern"), row.correct_pattern.clone()),
        (at("result"), row.result.to_string()),
    ];
    if let Some(t) = &row.timing {
        out.extend([(at("time"), t.time.clone()), (at("latency"), t.latency.clone())]);
    }
    out
}

/// The pairs of the rows not sent yet (from `a.sent` on), each with `timing` when the page knows
/// it, numbered from `first` (the LMS's `cmi.interactions._count`, or 0 when it does not say);
/// then mark them sent (`a.sent`).
pub fn interaction_pairs(a: &mut Attempt, first: usize, timing: Option<&Timing>) -> Vec<(String, String)> {
    let rows = interactions(a);
    let new = rows.get(a.sent..).unwrap_or(&[]);
    let timed = |row: &Interaction| Interaction { timing: timing.cloned(), ..row.clone() };
    let out = new.iter().enumerate().flat_map(|(k, row)| pairs(first + k, &timed(row))).collect();
    a.sent = rows.len();
    out
}

/// `cmi.core.lesson_status` as the page sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Passed,
    Failed,
    Incomplete,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::Incomplete => "incomplete",
        }
    }
}

/// `cmi.core.score.raw`: the percent of the assignment's steps right at the first try, rounded
/// down to a whole number (a score never shows more than was earned: 79.9 % is 79, not 80), so
/// it is a valid `CMIDecimal` in 0 to 100. No steps: 0.
pub fn raw_score(a: &Attempt) -> u8 {
    let (score, max) = (a.score() as u128, a.max() as u128);
    if max == 0 {
        return 0;
    }
    (score.min(max) * 100 / max) as u8
}

/// The mastery score the LMS sends in `cmi.student_data.mastery_score` (from the manifest's
/// `adlcp:masteryscore`), when it is one: a `CMIDecimal` (digits, at most three before an
/// optional point) from 0 to 100. Empty or anything else: `None`.
pub fn mastery(value: &str) -> Option<f64> {
    let v = value.trim();
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 3 || !digits(whole) || !digits(frac) || (whole.is_empty() && frac.is_empty()) {
        return None;
    }
    let whole = if whole.is_empty() { "0" } else { whole };
    let m = crate::text::parse_f64(&format!("{whole}.{frac}0"))?;
    (0.0..=100.0).contains(&m).then_some(m)
}

/// `cmi.core.lesson_status`: `incomplete` until every step is done; then `passed` when the raw
/// score reaches the mark, `failed` otherwise. The mark is the LMS's mastery score when it sends
/// a valid one (SCORM 1.2: the LMS may set passed or failed from the raw score against its
/// mastery score, so the page agrees with it), else the assignment's pass mark. The written raw
/// score is what is compared, as the LMS compares it.
pub fn status(a: &Attempt, pass: u8, mastery: Option<f64>) -> Status {
    if !a.finished() {
        return Status::Incomplete;
    }
    let mark = mastery.unwrap_or(pass.min(100) as f64);
    if raw_score(a) as f64 >= mark {
        Status::Passed
    } else {
        Status::Failed
    }
}

/// `ms` milliseconds as a SCORM 1.2 `CMITimespan`, `HHHH:MM:SS.SS` (hours of two to four digits,
/// hundredths cut, not rounded); 9999:59:59.99 at most.
pub fn timespan(ms: u64) -> String {
    let cs = (ms / 10).min(9999 * 360_000 + 359_999);
    let (h, m, s, c) = (cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100);
    format!("{h:02}:{m:02}:{s:02}.{c:02}")
}

/// `cmi.core.exit`: `suspend` while unfinished (the LMS keeps the attempt and `suspend_data` for
/// the next launch), empty once done (a normal exit).
pub fn exit(a: &Attempt) -> &'static str {
    if a.finished() {
        ""
    } else {
        "suspend"
    }
}

/// The pairs the page sets at the end of a session (before `LMSCommit` and `LMSFinish`):
/// `suspend_data`, the score, the status, the session time and the exit.
pub fn end_pairs(a: &Attempt, asg: &Assignment, mastery_score: &str, ms: u64) -> Vec<(String, String)> {
    let status = status(a, asg.pass, mastery(mastery_score));
    [
        ("cmi.suspend_data", a.suspend_data()),
        ("cmi.core.score.raw", raw_score(a).to_string()),
        ("cmi.core.score.min", "0".into()),
        ("cmi.core.score.max", "100".into()),
        ("cmi.core.lesson_status", status.as_str().into()),
        ("cmi.core.session_time", timespan(ms)),
        ("cmi.core.exit", exit(a).into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// How a launch begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// A new attempt (`Assignment::start`).
    Fresh,
    /// The saved attempt (`Attempt::resume` with `cmi.suspend_data`; fresh if it does not read).
    Resume,
}

/// From `cmi.core.entry` and `cmi.core.lesson_status` on launch: `ab-initio` is a first launch;
/// `resume` comes back to a suspended attempt; an empty entry (neither, or an LMS that does not
/// say) resumes when the status shows an attempt was begun (`incomplete`, `passed`, `failed`,
/// `completed`: a finished attempt is shown as it ended) and starts afresh otherwise.
pub fn begin(entry: &str, lesson_status: &str) -> Begin {
    match (entry.trim(), lesson_status.trim()) {
        ("ab-initio", _) => Begin::Fresh,
        ("resume", _) => Begin::Resume,
        (_, "incomplete" | "passed" | "failed" | "completed") => Begin::Resume,
        _ => Begin::Fresh,
    }
}

/// The attempt a launch opens: the saved one when `begin` says so and it reads, else a fresh one,
/// with why the saved one was not used.
pub fn open(
    asg: &Assignment,
    learner: &str,
    entry: &str,
    lesson_status: &str,
    data: &str,
) -> (Attempt, Option<String>) {
    if begin(entry, lesson_status) == Begin::Fresh || data.trim().is_empty() {
        return (asg.start(learner), None);
    }
    match Attempt::resume(asg, learner, data.trim()) {
        Ok(a) => (a, None),
        Err(e) => (asg.start(learner), Some(e)),
    }
}
