//! Practice (`view=practice`): students run an algorithm by hand on a generated problem, one
//! gradeable step at a time. The model answer of every step is computed by the core's own code;
//! a wrong answer is named when it is one of the catalogued mistakes (each computed by running the
//! mistaken method), with the worked step. In `learn` mode each step is checked when submitted and
//! a wrong one is undone (try again) or fixed (the page does it; the step scores nothing); in
//! `exam` mode every step is checked at the end. A result code carries the answers, so a score is
//! recomputed from it, never trusted.
//!
//! Each exercise's problem, steps and mistakes are in `exercises/`, each problem a `Drill`
//! (`drill`); the session around them is here: the step and answer types (`step`), the table of
//! exercises (`exercise`), the table of drills and the problem of any exercise (`problem`), a
//! problem given in the link (`given`), result codes (`code`), a class's tally (`tally`) and the
//! student's progress (`progress`).

pub mod code;
pub mod course;
pub mod drill;
pub mod exercise;
pub mod exercises;
pub mod given;
pub mod lms;
pub mod outbox;
pub mod page;
pub mod problem;
pub mod progress;
pub mod step;
pub mod tally;
#[cfg(test)]
mod tests;

pub use problem::{Exercise, Problem};
pub use step::{Answer, Bare, DrillStep, Form, Mistake, Response, Verdict, Worded, Words};

use crate::link::notice::Notice;
use crate::link::params::{Choice, Declared, Flag, Whole};
use crate::link::query::Query;
use crate::link::state::LinkState;

pub const EXERCISE: Choice = Choice {
    name: "exercise",
    about: "the algorithm run by hand",
    what: "an exercise",
    names: &Exercise::NAMES,
    default: "bloom-insert",
    example: "fm",
};
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the seed the problem is drawn from",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "7",
};
pub const MODE: Choice = Choice {
    name: "mode",
    about: "`learn`: each step checked when submitted; `exam`: every step checked at the end",
    what: "a mode",
    names: &["learn", "exam"],
    default: "learn",
    example: "exam",
};
pub const LEVEL: Whole = Whole {
    name: "level",
    about: "the problem's size (1: the lecture's, 3: larger)",
    min: 1,
    max: 3,
    default: 1,
    example: "2",
};

pub const LOCK: Flag = Flag {
    name: "lock",
    about: "`1`: the exercise, mode, level and seed are fixed (no controls to change them: an exam link)",
    default: false,
};

/// The parameters this view reads from its link.
pub const PARAMS: &[&dyn Declared] = &[
    &EXERCISE,
    &SEED,
    &MODE,
    &LEVEL,
    &LOCK,
    &given::ITEMS,
    &given::LOOKUPS,
    &given::M,
    &given::STREAM,
    &given::A,
    &given::B,
    &given::W,
    &given::QUERIES,
    &given::HASHES,
    &given::DRAWS,
    &given::BUCKETS,
    &given::CUT,
    &given::TOKENS,
    &given::POSITIONS,
    &given::ARRIVALS,
    &given::COLS,
    &given::ROWS,
    &given::UPDATE,
    &given::ESTIMATE,
    &given::IDS,
    &given::K,
    &given::BITS,
    &given::N,
    // An assignment's own (`mode` is above): a link with any of them runs an assignment.
    &lms::assignment::TASKS,
    &lms::assignment::PASS,
    &lms::assignment::PER,
    &lms::assignment::ASEED,
    &lms::assignment::TITLE,
    &lms::assignment::ABOUT,
];

/// The share of the steps right at the first try that marks a student proficient.
pub const PROFICIENT: f64 = 0.8;

/// A finished step.
#[derive(Clone, Debug, PartialEq)]
pub struct Done {
    /// The first answer given (the one that scores).
    pub first: Response,
    pub verdict: Verdict,
    /// The answer the next steps build on: the student's own, or the model's when fixed.
    pub accepted: Answer,
    /// Right at the first try (what scores).
    pub scored: bool,
    pub fixed: bool,
}

impl Done {
    /// The verdict the page shows once the step is done: the first answer's, unless a later try
    /// was right (then "right", though it scored nothing).
    pub fn shown(&self) -> Verdict {
        if self.verdict.right || self.fixed {
            self.verdict.clone()
        } else {
            Verdict {
                right: true,
                mistake: None,
                also: Vec::new(),
                message: "It scores nothing: the first try was not right.".into(),
                ..self.verdict.clone()
            }
        }
    }
}

/// A practice session: the problem and the student's steps so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Practice {
    pub exercise: Exercise,
    pub seed: u64,
    pub level: u64,
    pub exam: bool,
    pub problem: Problem,
    /// The problem came from the link (`given`) rather than from the seed.
    pub given: bool,
    pub done: Vec<Done>,
    /// Learn mode: the first answer to the current step and its verdict, once it was wrong.
    pub first_try: Option<(Response, Verdict)>,
    /// Learn mode: a wrong answer on screen, waiting to be undone or fixed.
    pub pending: Option<(Response, Verdict)>,
}

impl Practice {
    pub fn new(exercise: Exercise, seed: u64, level: u64, exam: bool) -> Practice {
        let problem = Problem::generate(exercise, seed, level);
        Practice {
            exercise,
            seed,
            level,
            exam,
            problem,
            given: false,
            done: Vec::new(),
            first_try: None,
            pending: None,
        }
    }

    /// The answers the steps so far left (what the next step builds on).
    pub fn accepted(&self) -> Vec<Answer> {
        self.done.iter().map(|d| d.accepted.clone()).collect()
    }

    /// The current step (the last one once every step is done), with its words.
    pub fn current(&self) -> DrillStep {
        self.current_as(Worded)
    }

    /// The current step without its words (`Problem::bare_step`): what grading an answer needs.
    pub fn graded(&self) -> DrillStep {
        self.current_as(Bare)
    }

    /// The current step, with its words or bare.
    pub fn current_as<W: Words>(&self, w: W) -> DrillStep {
        let i = self.done.len().min(self.problem.steps() - 1);
        self.problem.step_as(i, &self.accepted()[..i], w)
    }

    /// The last typed cells among the accepted answers (counters, the variables' values).
    pub fn last_cells(&self) -> Option<Vec<i64>> {
        self.done.iter().rev().find_map(|d| match &d.accepted {
            Answer::Counters(v) => Some(v.clone()),
            _ => None,
        })
    }

    /// What the cells of the current step start from, when it is a step of typed cells: the last
    /// typed cells accepted, when they are as many, else 0s (empty for other steps).
    pub fn start_cells(&self) -> Vec<i64> {
        let i = self.done.len().min(self.problem.steps() - 1);
        if let Some(v) = self.problem.start_cells(i, &self.accepted()[..i]) {
            return v;
        }
        match self.current().form {
            Form::Counters { len, .. } => self.last_cells().filter(|v| v.len() == len).unwrap_or_else(|| vec![0; len]),
            _ => Vec::new(),
        }
    }

    pub fn finished(&self) -> bool {
        self.done.len() >= self.problem.steps()
    }

    pub fn score(&self) -> usize {
        self.done.iter().filter(|d| d.scored).count()
    }

    pub fn max(&self) -> usize {
        self.problem.steps()
    }

    /// Right at the first try on at least 80 % of the steps, once finished.
    pub fn proficient(&self) -> bool {
        self.finished() && self.score() as f64 >= PROFICIENT * self.max() as f64
    }

    /// The student submits `r` for the current step.
    pub fn submit(&mut self, r: Response) {
        self.submit_as(r, Worded);
    }

    /// `submit`, grading with the step built with its words or bare (`Words`): the same verdict
    /// either way. The practice view grades with the worded steps it shows anyway; replaying a
    /// result code grades bare, so a page that only replays codes builds no prose.
    pub fn submit_as<W: Words>(&mut self, r: Response, w: W) {
        if self.finished() || self.pending.is_some() {
            return;
        }
        let step = self.current_as(w);
        let verdict = step.grade(&r);
        if self.exam {
            let accepted = step.read(&r).unwrap_or_else(|| step.answer.clone());
            self.done.push(Done { scored: verdict.right, first: r, verdict, accepted, fixed: false });
        } else if verdict.right {
            let (first, verdict, scored) = match self.first_try.take() {
                Some((first, v)) => (first, v, false),
                None => (r, verdict, true),
            };
            self.done.push(Done { first, verdict, accepted: step.answer, scored, fixed: false });
        } else {
            if self.first_try.is_none() {
                self.first_try = Some((r.clone(), verdict.clone()));
            }
            self.pending = Some((r, verdict));
        }
    }

    /// Learn mode: take the wrong answer back and try the step again.
    pub fn undo(&mut self) {
        self.pending = None;
    }

    /// Learn mode: the page does the step (the model answer); it scores nothing.
    pub fn fix(&mut self) {
        self.fix_as(Worded);
    }

    /// `fix`, with the step built with its words or bare (as `submit_as`).
    pub fn fix_as<W: Words>(&mut self, w: W) {
        if self.pending.take().is_none() || self.finished() {
            return;
        }
        let step = self.current_as(w);
        let Some((first, verdict)) = self.first_try.take() else { return };
        self.done.push(Done { first, verdict, accepted: step.answer, scored: false, fixed: true });
    }

    /// A new problem: the next seed's, with the same exercise, level and mode.
    pub fn with_next_seed(&self) -> (Practice, Vec<Notice>) {
        let next = self.seed.wrapping_add(1).to_string();
        let mut raw: Vec<(&str, Option<String>)> = given::NAMES.iter().map(|&n| (n, None)).collect();
        raw.push((SEED.name, Some(next)));
        self.with_raw(&raw)
    }

    /// The result code of a finished session (`code::encode`), without a student id.
    pub fn code(&self) -> String {
        code::encode(self, &code::StudentId::default())
    }

    /// The result code of a finished session carrying the student id `id` (empty: `code`'s).
    pub fn code_with(&self, id: &code::StudentId) -> String {
        code::encode(self, id)
    }
}

impl LinkState for Practice {
    fn read(q: &Query) -> (Practice, Vec<Notice>) {
        let mut notices = Vec::new();
        let exercise = Exercise::parse(EXERCISE.read(q, &mut notices)).unwrap_or(Exercise::BloomInsert);
        let seed = SEED.read(q, &mut notices);
        let exam = MODE.read(q, &mut notices) == "exam";
        let level = LEVEL.read(q, &mut notices);
        let mut p = Practice::new(exercise, seed, level, exam);
        if let Some(problem) = given::read(exercise, q, &mut notices) {
            (p.problem, p.given) = (problem, true);
        }
        (p, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        [
            EXERCISE.pair(self.exercise.name()),
            SEED.pair(self.seed),
            MODE.pair(if self.exam { "exam" } else { "learn" }),
            LEVEL.pair(self.level),
        ]
        .into_iter()
        .flatten()
        .chain(if self.given { given::pairs_of(&self.problem) } else { Vec::new() })
        .collect()
    }
}
