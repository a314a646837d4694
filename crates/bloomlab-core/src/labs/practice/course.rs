//! An assignment run in the practice page (a link with `tasks`, as a SCORM package launches it):
//! its attempt, one session per exercise, with the learner the problems are drawn for. Outside an
//! LMS the learner is nobody (`""`): the problems are those of the empty id, and no mark is
//! recorded. Inside one, the page opens the attempt for the LMS's student id, fresh or resumed
//! (`Opened`), and moves from one exercise to the next.

use super::lms::{cmi, Assignment, Attempt};
use super::Practice;

/// What the LMS said on launch: who the learner is and what it kept of the attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// `cmi.core.student_id`.
    pub learner: String,
    /// `cmi.core.student_name` (SCORM 1.2: "Last, First").
    pub name: String,
    /// `cmi.core.entry`.
    pub entry: String,
    /// `cmi.core.lesson_status`.
    pub status: String,
    /// `cmi.suspend_data`.
    pub data: String,
    /// `cmi.student_data.mastery_score` (empty when the LMS sets none).
    pub mastery: String,
    /// `cmi.interactions._count`: the rows the LMS holds already.
    pub rows: usize,
}

impl Opened {
    /// What the LMS says on launch, each element's value read by `get` (the page's `LMSGetValue`).
    pub fn read(get: impl Fn(&str) -> String) -> Opened {
        Opened {
            learner: get("cmi.core.student_id"),
            name: get("cmi.core.student_name"),
            entry: get("cmi.core.entry"),
            status: get("cmi.core.lesson_status"),
            data: get("cmi.suspend_data"),
            mastery: get("cmi.student_data.mastery_score"),
            rows: get("cmi.interactions._count").trim().parse().unwrap_or(0),
        }
    }
}

/// An assignment's attempt in the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    pub assignment: Assignment,
    pub attempt: Attempt,
    /// What the LMS said on launch (`None` outside an LMS, or before it answered).
    pub opened: Option<Opened>,
    /// The attempt's rows already sent when it was opened (they are among the LMS's `rows`).
    sent_before: usize,
    /// The time of day the page opened the attempt at (ms after midnight, the student's clock),
    /// when the page says: each row then carries its `time` and `latency`.
    pub opened_at: Option<u64>,
    /// When the step now on screen was put before the student (ms after the attempt opened): the
    /// attempt's opening, then each answer sent.
    ready_at: u64,
}

impl Course {
    /// The assignment's attempt before any LMS has spoken: the problems of the empty learner id.
    pub fn new(assignment: Assignment) -> Course {
        let attempt = assignment.start("");
        Course { assignment, attempt, opened: None, sent_before: 0, opened_at: None, ready_at: 0 }
    }

    /// The session on screen.
    pub fn session(&self) -> Practice {
        self.attempt.session().cloned().unwrap_or_else(|| Practice::new(super::Exercise::BloomInsert, 1, 1, false))
    }

    /// The attempt the LMS's launch opens, and why a saved one could not be resumed.
    pub fn opened(&self, o: Opened) -> (Course, Option<String>) {
        let (attempt, why) = cmi::open(&self.assignment, &o.learner, &o.entry, &o.status, &o.data);
        let sent_before = attempt.sent;
        let opened_at = self.opened_at;
        (
            Course {
                assignment: self.assignment.clone(),
                attempt,
                opened: Some(o),
                sent_before,
                opened_at,
                ready_at: 0,
            },
            why,
        )
    }

    /// `session` as the one on screen now.
    pub fn keep(&mut self, session: &Practice) {
        if let Some(s) = self.attempt.sessions.get_mut(self.attempt.current) {
            *s = session.clone();
        }
    }

    /// The next exercise, once the one on screen is done (`None` at the last, or before).
    pub fn next(&self) -> Option<Course> {
        let a = &self.attempt;
        (a.session()?.finished() && a.current + 1 < a.sessions.len()).then(|| {
            let mut next = self.clone();
            next.attempt.current += 1;
            next
        })
    }

    /// The values the LMS has not had yet: the row of `cmi.interactions` of each step done since,
    /// numbered after the LMS's own rows, then the answers so far (`suspend_data`), the score, the
    /// status, the time on the page (`ms`) and the exit. Nothing when nothing was done.
    pub fn news(&mut self, ms: u64) -> Vec<(String, String)> {
        let Some(o) = &self.opened else { return Vec::new() };
        let first = o.rows + self.attempt.sent.saturating_sub(self.sent_before);
        let timing = self.opened_at.map(|day| cmi::Timing {
            time: cmi::clock(day + self.ready_at),
            latency: cmi::timespan(ms.saturating_sub(self.ready_at)),
        });
        let mut out = cmi::interaction_pairs(&mut self.attempt, first, timing.as_ref());
        if !out.is_empty() {
            self.ready_at = ms;
            out.extend(cmi::end_pairs(&self.attempt, &self.assignment, &o.mastery, ms));
        }
        out
    }

    /// The status the LMS is told with the score: passed, failed, or incomplete.
    pub fn status(&self) -> cmi::Status {
        let mastery = self.opened.as_ref().and_then(|o| cmi::mastery(&o.mastery));
        cmi::status(&self.attempt, self.assignment.pass, mastery)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::practice::page::{PracticeEdit, PracticePage};
    use crate::labs::practice::step::Worded;
    use crate::labs::practice::{code, Answer, Response};
    use crate::lectures::model::Model;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    fn course(link: &str) -> Course {
        let (a, notices) = Assignment::read(&Query::parse(link));
        assert!(notices.is_empty(), "{notices:?}");
        Course::new(a)
    }

    fn opened(learner: &str, data: &str, rows: usize) -> Opened {
        let entry = if data.is_empty() { "ab-initio" } else { "resume" };
        Opened { learner: learner.into(), entry: entry.into(), data: data.into(), rows, ..Opened::default() }
    }

    /// The current step of `p` answered with the model answer, or wrongly.
    fn answer(p: &mut Practice, right: bool) {
        let step = p.current();
        let r = match (&step.answer, right) {
            (a, true) => crate::labs::practice::tests::respond(a),
            (Answer::Bits(b), false) => Response::Bits(b.iter().map(|x| !x).collect()),
            (Answer::Counters(c), false) => Response::Cells(c.iter().map(|v| (v + 7).to_string()).collect()),
            (_, false) => Response::Text("999999".into()),
        };
        p.submit(r);
        if p.pending.is_some() {
            p.fix();
        }
    }

    #[test]
    fn an_attempt_runs_its_exercises_in_order_for_the_learner() {
        let c = course("?tasks=bloom-insert:1,counting:1&mode=exam&pass=60");
        let (alice, why) = c.opened(opened("alice", "", 3));
        assert_eq!(why, None);
        let asg = &c.assignment;
        assert_eq!(alice.session(), asg.session(0, "alice").unwrap(), "alice's own problem");
        assert_ne!(alice.session().seed, asg.session(0, "bob").unwrap().seed);
        assert!(alice.next().is_none(), "not before the first is done");
        // One step right, one wrong: two rows, numbered after the LMS's three, and the answers.
        let mut c2 = alice.clone();
        assert!(c2.news(0).is_empty(), "nothing done, nothing to tell");
        let mut p = c2.session();
        answer(&mut p, true);
        answer(&mut p, false);
        c2.keep(&p);
        let news = c2.news(1234);
        let get = |k: &str| news.iter().find(|(e, _)| e == k).map(|(_, v)| v.clone());
        assert_eq!(get("cmi.interactions.3.result").as_deref(), Some("correct"));
        assert_eq!(get("cmi.interactions.4.result").as_deref(), Some("wrong"));
        assert_eq!(get("cmi.core.lesson_status").as_deref(), Some("incomplete"));
        assert_eq!(get("cmi.core.session_time").as_deref(), Some("00:00:01.23"));
        assert!(c2.news(2000).is_empty(), "each row once");
        // A reload: the LMS hands back the answers and its five rows; the attempt goes on from there.
        let data = get("cmi.suspend_data").unwrap();
        let (mut back, why) = alice.opened(opened("alice", &data, 5));
        assert_eq!(why, None);
        let mut p = back.session();
        assert_eq!(p.done.len(), 2);
        answer(&mut p, true);
        back.keep(&p);
        let news = back.news(0);
        assert_eq!(news[0].0, "cmi.interactions.5.id");
    }

    #[test]
    fn a_row_says_when_its_step_was_shown_and_how_long_the_first_answer_took() {
        let c = course("?tasks=bloom-insert:1&mode=exam");
        let (mut c, _) = c.opened(opened("dee", "", 0));
        let mut p = c.session();
        answer(&mut p, true);
        c.keep(&p);
        assert!(!c.news(900).iter().any(|(e, _)| e.ends_with(".time")), "no clock, no time");
        c.opened_at = Some((23 * 3600 + 59 * 60 + 58) * 1000);
        answer(&mut p, false);
        c.keep(&p);
        let news = c.news(3_500);
        let get = |k: &str| news.iter().find(|(e, _)| e == k).map(|(_, v)| v.clone());
        // Shown when the first answer went (900 ms after opening), answered 2.6 s later.
        assert_eq!(get("cmi.interactions.1.time").as_deref(), Some("23:59:58"));
        assert_eq!(get("cmi.interactions.1.latency").as_deref(), Some("00:00:02.60"));
        assert_eq!(cmi::clock(86_400_000 + 61_000), "00:01:01", "past midnight it starts again");
    }

    #[test]
    fn the_next_exercise_comes_once_one_is_done_and_the_last_gives_the_mark() {
        let (mut c, _) =
            course("?tasks=fp-formula:1,fp-formula:2&mode=learn&pass=50&per=class").opened(opened("bob", "", 0));
        let mut p = c.session();
        while !p.finished() {
            answer(&mut p, true);
        }
        c.keep(&p);
        let mut c = c.next().expect("the second exercise");
        assert_eq!((c.session().level, c.attempt.current), (2, 1));
        let mut p = c.session();
        while !p.finished() {
            answer(&mut p, false);
        }
        c.keep(&p);
        assert!(c.next().is_none(), "none after the last");
        assert!(c.attempt.finished());
        assert_eq!(c.status(), cmi::Status::Passed, "half right, at a pass mark of 50");
        assert_eq!(cmi::raw_score(&c.attempt), 50);
    }

    #[test]
    fn an_assignments_page_keeps_its_link_and_shows_the_session_its_bundle_orders() {
        for p in crate::labs::practice::lms::assignment::PARAMS {
            let link = format!("?view=practice&{}={}", p.name(), p.example());
            let (page, _, _) = PracticePage::open(&Query::parse(&link));
            assert_eq!(page.assignment.is_some(), p.name() != "mode", "{link}");
        }
        let link = "?view=practice&tasks=fm:2,dgim:1&mode=exam&title=Week%203";
        let (page, _, notices) = PracticePage::open(&Query::parse(link));
        assert!(page.waiting && page.lock && notices.is_empty());
        let kept = page.query_pairs();
        assert_eq!(
            kept,
            vec![("tasks", "fm:2,dgim:1".to_string()), ("title", "Week%203".into()), ("mode", "exam".into())]
        );
        // The bundle orders alice's first session, two steps answered.
        let c = course(link).opened(opened("alice", "", 0)).0;
        let mut p = c.session();
        answer(&mut p, true);
        answer(&mut p, false);
        let (shown, notices) = page.edit(PracticeEdit::Load(p.code())).unwrap();
        assert_eq!((shown.session.clone(), shown.waiting, shown.lock, notices), (p.clone(), false, true, None));
        assert_eq!(shown.query_pairs(), kept, "the address stays the assignment's");
        assert_eq!(code::resume(&p.code(), Worded).unwrap(), p);
        let (same, notices) = shown.edit(PracticeEdit::Load("P1_fm_x".into())).unwrap();
        assert_eq!((same.session, notices.map(|n| n.len())), (p, Some(1)));
    }
}
