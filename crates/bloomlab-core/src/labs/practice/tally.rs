//! A class tally without a server (`view=tally`): the students' result codes, pasted or read from
//! a file in the page, each replayed (`code::decode`) so every score is recomputed; then the
//! scores per exercise and the most frequent mistakes per step.

use std::collections::BTreeMap;

use super::code;
use super::Exercise;
use crate::plot::{Plot, Series};
use crate::text::shorten;

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

/// The tally of `text`: one code per line (spaces around it and empty lines ignored).
pub fn tally(text: &str) -> Tally {
    let mut t = Tally::default();
    let mut by: BTreeMap<usize, ExerciseTally> = BTreeMap::new();
    let mut counts: BTreeMap<(usize, usize, &'static str), (&'static str, usize)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()) {
        t.codes += 1;
        if t.codes > MAX_CODES {
            t.skipped += 1;
            continue;
        }
        let p = match code::decode(line) {
            Ok(p) => p,
            Err(why) => {
                t.refused.push((i, shorten(line, 40), why));
                continue;
            }
        };
        t.valid += 1;
        let slot = Exercise::ALL.iter().position(|e| *e == p.exercise).unwrap_or(0);
        let e = by.entry(slot).or_insert_with(|| ExerciseTally {
            exercise: p.exercise,
            scores: Vec::new(),
            proficient: 0,
            mistakes: Vec::new(),
        });
        e.scores.push((p.score(), p.max()));
        e.proficient += p.proficient() as usize;
        for (step, d) in p.done.iter().enumerate() {
            if let Some(m) = d.verdict.mistake {
                counts.entry((slot, step, m.id)).or_insert((m.name, 0)).1 += 1;
            }
        }
    }
    for ((slot, step, id), (name, count)) in counts {
        if let Some(e) = by.get_mut(&slot) {
            e.mistakes.push(MistakeCount { step, id, name, count });
        }
    }
    for e in by.values_mut() {
        e.mistakes.sort_by(|a, b| b.count.cmp(&a.count).then(a.step.cmp(&b.step)));
    }
    t.exercises = by.into_values().collect();
    t
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

/// The tally as its page runs it: the codes as typed or read from a file, and the tally made of
/// them when asked. Neither is in the link: the codes stay in the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyPage {
    pub text: String,
    pub tally: Option<std::rc::Rc<Tally>>,
}

/// What the lecturer does.
pub enum TallyEdit {
    Type(String),
    /// Tally the codes typed.
    Apply,
    /// A file's bytes: its codes, tallied at once.
    Loaded(Vec<u8>),
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

    /// A file that cannot be read says why, in place of the notices before it.
    fn edit(&self, edit: TallyEdit) -> Option<(TallyPage, Option<Vec<crate::link::notice::Notice>>)> {
        let tallied = |text: String| TallyPage { tally: Some(std::rc::Rc::new(tally(&text))), text };
        match edit {
            TallyEdit::Type(text) => Some((TallyPage { text, ..self.clone() }, None)),
            TallyEdit::Apply => Some((tallied(self.text.clone()), None)),
            TallyEdit::Loaded(bytes) => match text_of_file(&bytes) {
                Ok(text) => Some((tallied(text), None)),
                Err(why) => Some((
                    self.clone(),
                    Some(vec![crate::link::notice::Notice::input(format!("The codes could not be read: {why}."))]),
                )),
            },
        }
    }
}
