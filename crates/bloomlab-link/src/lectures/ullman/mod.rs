//! Ullman's lecture example as data: an 11-bit filter, two hashes that read the odd-numbered and
//! even-numbered bits of an integer, a stream of inserts, lookups, then the false-positive
//! reasoning and the "darts" analysis. Each step carries the state it shows.

mod steps;
pub use steps::{expected_ones_text, plan, Planned};
#[cfg(test)]
mod tests;

use crate::engine::bitvec::BitVec;
use crate::engine::filter::Truth;
use crate::engine::filter::{Trace, Verdict};
use crate::engine::formulas;
use crate::engine::hashing::{parse_ullman, ullman_split};
use crate::lectures::stepper::{self, Stepped};
use crate::link::notice::{Notes, Notice};
use crate::link::params::tokens;
use crate::link::params::{Declared, Text, Whole};
use crate::link::query::Query;
use crate::link::state::{FieldText, LinkState};
use crate::text::shorten;

pub const DEFAULT_M: u64 = 11;
pub const MAX_M: u64 = 4096;
pub const DEFAULT_STREAM: [u64; 3] = [25, 159, 585];
pub const DEFAULT_LOOKUPS: [u64; 1] = [118];
pub const MAX_STREAM: usize = 64;
pub const MAX_LOOKUPS: usize = 16;
/// The lecture uses two hash functions.
pub const K: u32 = 2;

/// `step`: the shared declaration, with a step this lecture's example link has.
pub const STEP: Text =
    Text { values: "0 (the empty filter, before the first element) .. the last step", example: "4", ..stepper::STEP };

/// `stream`: the elements inserted.
pub const STREAM: Text = Text {
    name: "stream",
    about: "the elements inserted, in order",
    values: "whole numbers 0 .. 2^64-1 separated by commas or spaces, at most 64",
    default: "`25,159,585`",
    bad: "a non-integer, negative or over-long number is left out with a notice",
    example: "25,159,585,7",
    bad_example: Some("25,apple"),
};

/// `lookups`: the elements looked up after the inserts.
pub const LOOKUPS: Text = Text {
    name: "lookups",
    about: "the elements looked up after the inserts",
    values: "the same, at most 16",
    default: "`118`",
    bad: "the same",
    example: "118,4",
    bad_example: Some("-3"),
};

/// `m`: the filter's bits.
pub const M: Whole =
    Whole { name: "m", about: "bits in the filter", min: 1, max: MAX_M, default: DEFAULT_M, example: "13" };

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&STEP, &STREAM, &LOOKUPS, &M];

/// Which hash reads a binary digit: numbering digits from 1 at the right, odd-numbered digits
/// feed h1 and even-numbered digits feed h2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    Odd,
    Even,
}

/// An integer written in binary with its digits told apart for the two hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinarySplit {
    pub x: u64,
    /// Digits left to right (most significant first), each with its number from the right.
    pub digits: Vec<(char, u32, Parity)>,
    /// The odd-numbered digits, in order, as the slide writes them (e.g. 159 -> "0111").
    pub odd_digits: String,
    pub even_digits: String,
    /// The numbers they read as.
    pub odd_value: u64,
    pub even_value: u64,
}

impl BinarySplit {
    pub fn of(x: u64) -> BinarySplit {
        let binary = format!("{x:b}");
        let len = binary.len() as u32;
        let digits: Vec<(char, u32, Parity)> = binary
            .chars()
            .enumerate()
            .map(|(i, c)| {
                let number = len - i as u32;
                (c, number, if number % 2 == 1 { Parity::Odd } else { Parity::Even })
            })
            .collect();
        let pick = |p: Parity| -> String { digits.iter().filter(|d| d.2 == p).map(|d| d.0).collect() };
        let (odd_value, even_value) = ullman_split(x);
        BinarySplit { x, odd_digits: pick(Parity::Odd), even_digits: pick(Parity::Even), digits, odd_value, even_value }
    }

    pub fn binary(&self) -> String {
        self.digits.iter().map(|d| d.0).collect()
    }
}

/// What a step shows.
#[derive(Clone, Debug, PartialEq)]
pub enum StepKind {
    /// Before the first element: the empty filter and the two hash functions.
    Start,
    Insert {
        split: BinarySplit,
        trace: Trace,
        already_set: Vec<u64>,
    },
    Lookup {
        split: BinarySplit,
        trace: Trace,
        verdict: Verdict,
        truth: Truth,
    },
    /// The false-positive probability of this filter: density of 1s to the power k.
    Density {
        ones: u64,
        this_filter: f64,
        approx: f64,
        finite: f64,
        exact: f64,
    },
    /// Turning bits on is like throwing darts: this filter's numbers.
    Darts {
        targets: u64,
        darts: u64,
        miss_exact: f64,
        miss_approx: f64,
        expected_ones: f64,
        actual_ones: u64,
    },
    /// The slides' large example: t = 10^9 bits, 5 hashes, 10^8 items.
    SlideDarts {
        zeros: f64,
        ones: f64,
        fp: f64,
        ones_rounded: f64,
        fp_rounded: f64,
    },
    /// The MMDS book's example: 8 billion bits, 1 billion items, k = 1 and 2 (and 3, 4).
    BookDarts {
        rows: Vec<(u32, f64)>,
    },
}

/// One step of the walkthrough.
#[derive(Clone, Debug, PartialEq)]
pub struct LectureStep {
    pub title: String,
    pub narration: String,
    pub kind: StepKind,
    /// The filter as it stands at this step.
    pub bits: BitVec,
}

/// The whole walkthrough for one stream, set of lookups and m.
#[derive(Clone, Debug, PartialEq)]
pub struct UllmanLecture {
    pub m: u64,
    pub stream: Vec<u64>,
    pub lookups: Vec<u64>,
    pub steps: Vec<LectureStep>,
}

/// A list of whole numbers 0 ..= 2^64 − 1 (`stream`, `lookups`; `tokens`: commas and spaces alike),
/// at most `max`; `default` when the link leaves it out; each bad piece left out with a notice.
pub fn read_integers<N: Notes>(q: &Query, name: &str, default: &[u64], max: usize, notices: &mut N) -> Vec<u64> {
    let Some(raw) = q.raw(name) else { return default.to_vec() };
    let mut out = Vec::new();
    for piece in tokens(raw) {
        match piece {
            Ok(text) => match parse_ullman(&text) {
                Ok(x) if out.len() < max => out.push(x),
                Ok(_) => {
                    notices.note(name, || format!("{name} keeps at most {max} numbers; the rest were left out"));
                    break;
                }
                Err(_) => notices.note(name, || {
                    format!(
                        "{name}: \u{201c}{}\u{201d} is not a whole number from 0 to 18446744073709551615; it was left out",
                        shorten(&text, 30)
                    )
                }),
            },
            Err(bad) => notices.note(name, || format!("{name}: an element {}; it was left out", bad.error)),
        }
    }
    out
}

impl UllmanLecture {
    /// Number of steps after step 0 (the contract's `data-steps`).
    pub fn last_step(&self) -> usize {
        self.steps.len() - 1
    }

    /// A short label for the step list.
    pub fn label(&self, i: usize) -> String {
        self.steps.get(i).map(|s| s.title.clone()).unwrap_or_default()
    }
}

/// The slides' darts numbers, computed: t = 10^9, 5 hashes, 10^8 items.
pub fn slide_darts() -> StepKind {
    let zeros = formulas::zero_fraction_approx(1_000_000_000, 100_000_000, 5);
    let ones = 1.0 - zeros;
    let fp = formulas::approx(1_000_000_000, 100_000_000, 5);
    let ones_rounded = (ones * 1000.0).round() / 1000.0;
    StepKind::SlideDarts { zeros, ones, fp, ones_rounded, fp_rounded: ones_rounded.powi(5) }
}

impl LinkState for UllmanLecture {
    /// Reads `stream`, `lookups` and `m` from the link.
    fn read(q: &Query) -> (UllmanLecture, Vec<Notice>) {
        let mut notices = Vec::new();
        let m = M.read(q, &mut notices);
        let stream = read_integers(q, STREAM.name, &DEFAULT_STREAM, MAX_STREAM, &mut notices);
        let lookups = read_integers(q, LOOKUPS.name, &DEFAULT_LOOKUPS, MAX_LOOKUPS, &mut notices);
        (UllmanLecture::new(m, stream, lookups), notices)
    }

    /// The parameters that reproduce this lecture (defaults left out).
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let list = |v: &[u64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let mut pairs: Vec<(&'static str, String)> = M.pair(self.m).into_iter().collect();
        if self.stream != DEFAULT_STREAM {
            pairs.push((STREAM.name, if self.stream.is_empty() { ",".into() } else { list(&self.stream) }));
        }
        if self.lookups != DEFAULT_LOOKUPS {
            pairs.push((LOOKUPS.name, if self.lookups.is_empty() { ",".into() } else { list(&self.lookups) }));
        }
        pairs
    }
    fn field(name: &str) -> FieldText {
        if name == STREAM.name || name == LOOKUPS.name {
            FieldText::Tokens
        } else {
            FieldText::Value
        }
    }
}

/// The walkthrough as its page runs it: a form's example and the questions, nothing long.
impl crate::lectures::model::Model for UllmanLecture {
    type Edit = ();
    crate::walkthrough_model!();
    crate::no_runs!();

    fn asked(&self, step: usize) -> Option<crate::lectures::questions::Question> {
        crate::lectures::questions::Quizzed::question(self, step)
    }
}

impl Stepped for UllmanLecture {
    fn last_step(&self) -> usize {
        UllmanLecture::last_step(self)
    }
}
