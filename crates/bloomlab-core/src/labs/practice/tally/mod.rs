//! A class tally without a server (`view=tally`): the students' result codes, pasted or read from
//! a file in the page, each replayed (`code::read`) so every score is recomputed; then one row per
//! student and code (`class`: ids from the line or the code, repeats counted once, conflicts
//! flagged), the scores per exercise and the most frequent mistakes per step, in the mode chosen
//! (every code, exams only, learn mode only), and the grades for an LMS (`export`). Moodle's SCORM
//! interactions report gives the same mistake counts (`scorm`).
//!
//! - `fields`: CSV in and out (csv-core);
//! - `lines`: what a line holds (a bare code, an id and a code, a row under a header);
//! - `class`: the rows, their flags, and the aggregates made of them;
//! - `export`: the grades as Moodle's and Canvas's grade imports read them;
//! - `scorm`: the mistakes per step from Moodle's SCORM interactions report.

pub mod class;
pub mod codes;
pub mod export;
pub mod fields;
pub mod lines;
pub mod scorm;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lms;

pub use class::{Class, Flag, IdFrom, Modes, StudentRow};

use super::Exercise;
use crate::plot::{Plot, Series};

/// The most codes a tally reads (a class or a whole course).
pub const MAX_CODES: usize = 5_000;

/// How often one catalogued mistake was made at one step of one exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MistakeCount {
    pub step: usize,
    pub id: &'static str,
    pub name: &'static str,
    pub count: usize,
}

/// The sessions of one exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct ExerciseTally {
    pub exercise: Exercise,
    /// (score, max) of each session.
    pub scores: Vec<(usize, usize)>,
    pub proficient: usize,
    /// Most frequent first.
    pub mistakes: Vec<MistakeCount>,
}

impl ExerciseTally {
    /// The mean share of steps right at the first try.
    pub fn mean(&self) -> f64 {
        let shares: Vec<f64> = self.scores.iter().map(|&(s, m)| s as f64 / m.max(1) as f64).collect();
        shares.iter().sum::<f64>() / shares.len().max(1) as f64
    }
}

/// What a list of codes gives.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Non-empty lines read.
    pub codes: usize,
    pub valid: usize,
    /// (line number from 1, the line shortened, why it was refused).
    pub refused: Vec<(usize, String, String)>,
    pub exercises: Vec<ExerciseTally>,
    /// Lines past `MAX_CODES`, not read.
    pub skipped: usize,
    /// Codes pasted again for the same student, counted once.
    pub duplicates: usize,
    /// Rows of the mode not chosen, left out.
    pub other_mode: usize,
}

impl Tally {
    /// The mean share right at the first try over every valid code.
    pub fn mean(&self) -> f64 {
        let all: Vec<f64> =
            self.exercises.iter().flat_map(|e| e.scores.iter().map(|&(s, m)| s as f64 / m.max(1) as f64)).collect();
        all.iter().sum::<f64>() / all.len().max(1) as f64
    }

    /// The scores as a histogram: for each exercise, how many students got each share right, in
    /// tenths (0–10 %, 10–20 %, …, 90–100 %, a share on a boundary in the bin above it, 100 % in
    /// the last), counted on a y axis of whole numbers.
    pub fn chart(&self) -> Plot {
        let series = self
            .exercises
            .iter()
            .enumerate()
            .map(|(i, e)| Series::histogram(e.exercise.name(), i % 6, (0.0, 10.0), self::bins(&e.scores)))
            .collect();
        Plot { series, ..Plot::new("share of steps right at the first try (%)", "students", (0.0, 100.0)) }
            .with_counts_on_y()
    }
}

/// How many of `scores` (right, of steps) fall in each tenth of the shares.
fn bins(scores: &[(usize, usize)]) -> [f64; 10] {
    let mut bins = [0.0; 10];
    for &(s, m) in scores {
        bins[(10 * s / m.max(1)).min(9)] += 1.0;
    }
    bins
}

/// The tally of `text` in every mode (`Class::read`: one code per line, an id beside it or not).
pub fn tally(text: &str) -> Tally {
    Class::read(text).tally(Modes::All)
}

/// The place of `e` among the exercises (their order in tables and exports).
pub fn slot(e: Exercise) -> usize {
    Exercise::ALL.iter().position(|x| *x == e).unwrap_or(0)
}

/// Mistake counts sorted most frequent first, then by step.
pub fn most_frequent_first(m: &mut [MistakeCount]) {
    m.sort_by(|a, b| b.count.cmp(&a.count).then(a.step.cmp(&b.step)));
}

/// The text of a file of codes, or why it is not one (empty, binary, too large).
pub fn text_of_file(bytes: &[u8]) -> Result<String, String> {
    if bytes.is_empty() {
        return Err("the file is empty".into());
    }
    if bytes.len() > MAX_CODES * 200 {
        return Err(format!("the file is larger than {} KB: a class's codes are far smaller", MAX_CODES * 200 / 1000));
    }
    if bytes.contains(&0) {
        return Err("the file is not text (it holds binary data)".into());
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

/// The tally as its page runs it: the codes as typed or read from a file, the class read from
/// them when asked, and its aggregates in the mode chosen. None of it is in the link: the codes
/// stay in the page, and a mode without them would show nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyPage {
    pub text: String,
    pub class: Option<std::rc::Rc<Class>>,
    pub mode: Modes,
    pub tally: Option<std::rc::Rc<Tally>>,
    /// An LMS's interactions report read in place of codes: its mistakes per step.
    pub report: Option<std::rc::Rc<scorm::ScormMistakes>>,
}

/// What the lecturer does.
pub enum TallyEdit {
    Type(String),
    /// Tally the codes typed.
    Apply,
    /// Count only the sessions in this mode.
    Mode(Modes),
}

impl TallyPage {
    /// The page with `text` read and tallied in `mode`: as codes, or as an LMS's interactions
    /// report when its first line is one's header (with a notice when it cannot be read).
    fn tallied(text: String, mode: Modes) -> (TallyPage, Option<Vec<crate::link::notice::Notice>>) {
        if scorm::is_report(&text) {
            return match scorm::mistakes(&text) {
                Ok(r) => (TallyPage { text, mode, report: Some(std::rc::Rc::new(r)), ..TallyPage::default() }, None),
                Err(why) => {
                    let notice = format!("This looks like an LMS's interactions report, but {why}.");
                    (
                        TallyPage { text, mode, ..TallyPage::default() },
                        Some(vec![crate::link::notice::Notice::input(notice)]),
                    )
                }
            };
        }
        let class = Class::read(&text);
        let tally = class.tally(mode);
        let page = TallyPage {
            text,
            class: Some(std::rc::Rc::new(class)),
            mode,
            tally: Some(std::rc::Rc::new(tally)),
            report: None,
        };
        (page, None)
    }
}

impl crate::link::state::LinkState for TallyPage {
    fn read(_: &crate::link::query::Query) -> (TallyPage, Vec<crate::link::notice::Notice>) {
        (TallyPage::default(), Vec::new())
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

impl crate::lectures::model::Model for TallyPage {
    type Edit = TallyEdit;
    bloomlab_link::no_runs!();

    /// The codes (typed, or a file's, read by the tally's page: `codes::TallyCodes`) tallied; an
    /// LMS's report that cannot be read says why.
    fn edit(&self, edit: TallyEdit) -> Option<(TallyPage, Option<Vec<crate::link::notice::Notice>>)> {
        match edit {
            TallyEdit::Type(text) => Some((TallyPage { text, ..self.clone() }, None)),
            TallyEdit::Apply => Some(TallyPage::tallied(self.text.clone(), self.mode)),
            TallyEdit::Mode(mode) => {
                let tally = self.class.as_ref().map(|c| std::rc::Rc::new(c.tally(mode)));
                Some((TallyPage { mode, tally, ..self.clone() }, None))
            }
        }
    }
}
