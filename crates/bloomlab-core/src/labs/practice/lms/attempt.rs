//! A learner's attempt at an assignment: one practice session per exercise and which one is on
//! screen, kept between launches in `cmi.suspend_data` (SCORM 1.2 RTE 3.4.2.4: a `CMIString4096`
//! the LMS hands back on the next launch). It keeps answers, not state: each session is its result
//! code (`code::encode`), replayed on resume by `code::decode` like any code, so the score is
//! recomputed from the answers and the sessions are the ones a result code would give.
//!
//! The text is `B1 <current> <sent> <code> <code> …`: a version, the session on screen, how many
//! rows of `cmi.interactions` were already sent, then one code per exercise in the assignment's
//! order (codes hold no spaces), `-` for a session not started.

use super::Assignment;
use crate::labs::practice::code;
use crate::labs::practice::step::Worded;
use crate::labs::practice::Practice;

/// The most characters of `cmi.suspend_data` in SCORM 1.2 (`CMIString4096`).
pub const MAX_SUSPEND: usize = 4096;
const VERSION: &str = "B1";

/// An attempt: every exercise's session, in the assignment's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    pub sessions: Vec<Practice>,
    /// The session on screen (an index into `sessions`).
    pub current: usize,
    /// How many rows of `cmi.interactions` the page has sent (`cmi::interaction_pairs` from here).
    pub sent: usize,
}

impl Attempt {
    /// Every step of every session done.
    pub fn finished(&self) -> bool {
        self.sessions.iter().all(Practice::finished)
    }

    /// Steps right at the first try, over the whole assignment.
    pub fn score(&self) -> usize {
        self.sessions.iter().map(Practice::score).sum()
    }

    /// Steps in the whole assignment.
    pub fn max(&self) -> usize {
        self.sessions.iter().map(Practice::max).sum()
    }

    /// Steps done, over the whole assignment.
    pub fn done(&self) -> usize {
        self.sessions.iter().map(|p| p.done.len()).sum()
    }

    /// The session on screen.
    pub fn session(&self) -> Option<&Practice> {
        self.sessions.get(self.current)
    }

    /// The text for `cmi.suspend_data`, never over 4,096 characters. A learn-mode step answered
    /// wrong and not yet redone is saved as fixed (scoring nothing): a reload never buys a fresh
    /// first try. Every exercise once at level 3, answered in full, takes at most about 3,300
    /// characters (2,600 is usual; measured over 200 seeds in the tests). When the codes do not
    /// fit (an exercise repeated at its longest, or answers typed to be long), the sessions that
    /// do not fit, last first but never the one on screen, are saved as not started: the learner
    /// does them again on the same problems, and nothing saved is ever wrong.
    pub fn suspend_data(&self) -> String {
        let mut codes: Vec<String> = self.sessions.iter().map(saved_code).collect();
        let head = format!("{VERSION} {} {}", self.current, self.sent);
        let len = |codes: &[String]| head.len() + codes.iter().map(|c| c.len() + 1).sum::<usize>();
        for i in (0..codes.len()).rev() {
            if len(&codes) <= MAX_SUSPEND {
                break;
            }
            if i != self.current {
                codes[i] = "-".into();
            }
        }
        if len(&codes) > MAX_SUSPEND {
            codes.iter_mut().for_each(|c| *c = "-".into());
        }
        std::iter::once(head).chain(codes).collect::<Vec<_>>().join(" ")
    }

    /// The attempt `data` (a `suspend_data` read back) holds for `learner` at `a`, or why it
    /// cannot be used: not this page's, cut or changed, or saved for another assignment or
    /// learner. The caller then starts afresh (`Assignment::start`).
    pub fn resume(a: &Assignment, learner: &str, data: &str) -> Result<Attempt, String> {
        let mut parts = data.split(' ');
        if parts.next() != Some(VERSION) {
            return Err("the saved attempt is not one this page wrote".into());
        }
        let mut number = || parts.next().and_then(|t| t.parse::<usize>().ok());
        let (Some(current), Some(sent)) = (number(), number()) else {
            return Err("the saved attempt's header does not read".into());
        };
        let codes: Vec<&str> = parts.collect();
        if codes.len() != a.tasks.len() || current >= codes.len() {
            return Err("the saved attempt is of another assignment".into());
        }
        let mut sessions = Vec::with_capacity(codes.len());
        for (i, c) in codes.iter().enumerate() {
            let fresh = a.session(i, learner).ok_or("the saved attempt is of another assignment")?;
            sessions.push(if *c == "-" { fresh } else { replay(c, fresh)? });
        }
        let attempt = Attempt { sessions, current, sent: 0 };
        Ok(Attempt { sent: sent.min(attempt.done()), ..attempt })
    }
}

/// The code of `p` as saved: a pending wrong first try fixed first; a session not started, `-`.
fn saved_code(p: &Practice) -> String {
    let mut p = p.clone();
    if !p.exam && p.first_try.is_some() && !p.finished() {
        p.pending = p.first_try.clone();
        p.fix_as(Worded);
    }
    if p.done.is_empty() {
        "-".into()
    } else {
        p.code()
    }
}

/// The session a saved code replays, when it is `fresh`'s (same exercise, problem, level, mode),
/// graded with worded steps: the page that resumes shows those anyway, so it builds no bare copy.
fn replay(c: &str, fresh: Practice) -> Result<Practice, String> {
    code::replay_onto(c, fresh, Worded).map_err(|e| match e.as_str() {
        "it is of another problem" => "the saved attempt is of another assignment or learner".to_string(),
        _ => format!("a session of the saved attempt does not read: {e}"),
    })
}
