//! A practice session as its page runs it: the session (problem, steps, grading, score, read
//! from the link) and what the student is editing for the current step — the cells clicked, the
//! text typed — which the session grades when it is submitted.

use super::lms::assignment::{ABOUT, ASEED, PASS, PER, TASKS, TITLE};
use super::step::Worded;
use super::{code, Answer, Form, Practice, Response, LOCK, MODE};
use crate::lectures::model::Model;
use crate::link::notice::Notice;
use crate::link::query::Query;
use crate::link::state::LinkState;

/// The session and the current step's answer as the student has it so far.
#[derive(Clone, Debug, PartialEq)]
pub struct PracticePage {
    pub session: Practice,
    /// The cells as the student has them for the current step (bit exercises).
    pub cells: Vec<bool>,
    /// The text typed for the current step.
    pub text: String,
    /// The text in each typed cell of the current step (counters, registers, values).
    pub counts: Vec<String>,
    /// The problem is fixed by the link (`lock=1`): no setting changes it, no new problem.
    pub lock: bool,
    /// An assignment's link (a SCORM package's launch, `tasks` and the like): its parameters as
    /// given, kept in the address. The assignment itself runs in its own bundle fetched on first
    /// use (`bloomlab-practice-lms`), which says which session to show (`Load`).
    pub assignment: Option<Vec<(&'static str, String)>>,
    /// An assignment's page before its bundle has said which session to show.
    pub waiting: bool,
}

/// What the student does.
pub enum PracticeEdit {
    Toggle(usize),
    Type(String),
    /// The text of typed cell i.
    Cell(usize, String),
    /// Submit the cells or the typed text.
    Submit,
    /// Submit a choice.
    Choose(String),
    Undo,
    Fix,
    /// The next seed's problem.
    Next,
    /// The session a result code holds (an assignment's, as its bundle orders it).
    Load(String),
}

impl PracticePage {
    /// A session with the current step's answer where it starts.
    pub fn of(session: Practice) -> PracticePage {
        let mut page = PracticePage {
            session,
            cells: Vec::new(),
            text: String::new(),
            counts: Vec::new(),
            lock: false,
            assignment: None,
            waiting: false,
        };
        page.reset_inputs();
        page
    }

    /// The cells the current step starts from: the last accepted array, or the problem's own;
    /// typed cells from what the session says they start from.
    fn reset_inputs(&mut self) {
        self.cells = match self.session.accepted().last() {
            Some(Answer::Bits(b)) => b.clone(),
            _ => self.session.problem.start_bits().unwrap_or_default(),
        };
        self.counts = self.session.start_cells().iter().map(i64::to_string).collect();
        self.text.clear();
    }

    fn submit(&mut self, r: Response) {
        let before = self.session.done.len();
        self.session.submit(r);
        if self.session.done.len() > before {
            self.reset_inputs();
        }
    }

    /// The answer on screen, as the current step's form takes it.
    fn response(&self) -> Response {
        match self.session.current().form {
            Form::Bits { .. } => Response::Bits(self.cells.clone()),
            Form::Counters { .. } => Response::Cells(self.counts.clone()),
            _ => Response::Text(self.text.clone()),
        }
    }
}

impl LinkState for PracticePage {
    fn read(q: &Query) -> (PracticePage, Vec<Notice>) {
        // A link with any of an assignment's own parameters runs an assignment (`mode` is the
        // practice view's own too). Their names only: the declarations' docs stay out of the page.
        let own = [TASKS.name, PASS.name, PER.name, ASEED.name, TITLE.name, ABOUT.name];
        if own.iter().any(|name| q.raw(name).is_some()) {
            let pairs = own.into_iter().chain([MODE.name]).filter_map(|k| q.raw(k).map(|v| (k, v.to_string())));
            let page = PracticePage {
                lock: true,
                assignment: Some(pairs.collect()),
                waiting: true,
                // A stand-in until the runner says which session to show: one this build runs.
                ..PracticePage::of(Practice::new(super::Exercise::first_here(), 1, 1, false))
            };
            return (page, Vec::new());
        }
        let (session, mut notices) = Practice::read(q);
        let lock = LOCK.read(q, &mut notices);
        (PracticePage { lock, ..PracticePage::of(session) }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        if let Some(pairs) = &self.assignment {
            return pairs.clone();
        }
        let mut pairs = self.session.query_pairs();
        pairs.extend(LOCK.pair(self.lock));
        pairs
    }

    /// A setting's field (exercise, seed, mode, level) gives a new problem, started afresh; on a
    /// locked link the problem stays, and the notice says why.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (PracticePage, Vec<Notice>) {
        if self.lock {
            return (self.clone(), vec![Notice::input("the link fixes this exercise (lock=1)")]);
        }
        let (session, notices) = self.session.with_raw(raw);
        (PracticePage::of(session), notices)
    }
}

impl Model for PracticePage {
    type Edit = PracticeEdit;
    bloomlab_link::no_runs!();

    /// The student's work leaves the link as it was (its notices stay); a new problem is a new
    /// link, with its notices.
    fn edit(&self, edit: PracticeEdit) -> Option<(PracticePage, Option<Vec<Notice>>)> {
        let mut next = self.clone();
        match edit {
            PracticeEdit::Toggle(i) => {
                let cell = next.cells.get_mut(i).filter(|_| self.session.pending.is_none())?;
                *cell = !*cell;
            }
            PracticeEdit::Type(t) => next.text = t,
            PracticeEdit::Cell(i, t) => *next.counts.get_mut(i)? = t,
            PracticeEdit::Submit => next.submit(self.response()),
            PracticeEdit::Choose(v) => next.submit(Response::Text(v)),
            PracticeEdit::Undo => next.session.undo(),
            PracticeEdit::Fix => {
                next.session.fix();
                next.reset_inputs();
            }
            PracticeEdit::Next if self.lock => return None,
            PracticeEdit::Next => {
                let (session, notices) = self.session.with_next_seed();
                return Some((PracticePage::of(session), Some(notices)));
            }
            PracticeEdit::Load(code) => {
                return Some(match code::resume(&code, Worded) {
                    Ok(session) => {
                        let page = PracticePage::of(session);
                        (PracticePage { lock: true, assignment: self.assignment.clone(), ..page }, None)
                    }
                    Err(why) => (
                        self.clone(),
                        Some(vec![Notice::input(format!("The assignment's session does not read: {why}."))]),
                    ),
                });
            }
        }
        Some((next, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_students_work_is_graded_and_a_new_problem_starts_afresh() {
        let (page, _, notices) = PracticePage::open(&Query::parse("?view=practice&exercise=bloom-insert&seed=3"));
        assert!(notices.is_empty(), "{notices:?}");
        let (toggled, kept) = page.edit(PracticeEdit::Toggle(0)).unwrap();
        assert_eq!((toggled.cells[0], kept), (!page.cells[0], None), "the link's notices stay");
        assert!(page.edit(PracticeEdit::Toggle(page.cells.len())).is_none(), "no such cell");
        // The model answer submitted is accepted, and the next step starts from it.
        let right = page.session.current().answer.clone();
        let Answer::Bits(bits) = right else { panic!("a bit exercise") };
        let answered = PracticePage { cells: bits.clone(), ..page.clone() };
        let (after, _) = answered.edit(PracticeEdit::Submit).unwrap();
        assert_eq!((after.session.done.len(), after.cells.clone()), (1, bits));
        // The next seed: a new problem, nothing done.
        let (next, notices) = after.edit(PracticeEdit::Next).unwrap();
        assert_eq!((next.session.seed, next.session.done.len(), notices), (4, 0, Some(Vec::new())));
        let (again, _) = next.with_fields(&[("seed", "3")]);
        assert_eq!(again, page);
    }

    #[test]
    fn a_locked_link_keeps_its_problem() {
        let (page, _, notices) =
            PracticePage::open(&Query::parse("?view=practice&exercise=fm&seed=3&mode=exam&lock=1"));
        assert!(notices.is_empty() && page.lock, "{notices:?}");
        assert!(page.query_pairs().contains(&("lock", "1".to_string())));
        assert!(page.edit(PracticeEdit::Next).is_none(), "no new problem");
        let (same, notices) = page.with_fields(&[("mode", "learn")]);
        assert_eq!((same.session.exam, notices.len()), (true, 1), "the mode stays exam");
        let (open, _, _) = PracticePage::open(&Query::parse("?view=practice&exercise=fm&seed=3&mode=exam"));
        assert!(!open.lock && !open.query_pairs().iter().any(|(k, _)| *k == "lock"));
        assert!(!open.with_fields(&[("mode", "learn")]).0.session.exam);
    }
}
