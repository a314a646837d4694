//! Ullman's lecture example as data: an 11-bit filter, two hashes that read the odd-numbered and
//! even-numbered bits of an integer, a stream of inserts, lookups, then the false-positive
//! reasoning and the "darts" analysis. Each step carries the state it shows.

#[cfg(test)]
mod tests;

use crate::engine::bitvec::BitVec;
use crate::engine::filter::Truth;
use crate::engine::filter::{BloomFilter, Trace, Verdict};
use crate::engine::formulas;
use crate::engine::hashing::{parse_ullman, ullman_split, HashFamily};
use crate::link::notice::Notice;
use crate::link::params::read_u64;
use crate::link::params::tokens;
use crate::link::query::Query;
use crate::link::state::{Field, LinkState, Stepped};
use crate::text::{format_probability, shorten};

pub const DEFAULT_M: u64 = 11;
pub const MAX_M: u64 = 4096;
pub const DEFAULT_STREAM: [u64; 3] = [25, 159, 585];
pub const DEFAULT_LOOKUPS: [u64; 1] = [118];
pub const MAX_STREAM: usize = 64;
pub const MAX_LOOKUPS: usize = 16;
/// The lecture uses two hash functions.
pub const K: u32 = 2;

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
    pub notices: Vec<Notice>,
}

/// A list of whole numbers (`stream`, `lookups`): commas and spaces separate them alike.
fn read_integers(q: &Query, name: &str, default: &[u64], max: usize, notices: &mut Vec<Notice>) -> Vec<u64> {
    let Some(raw) = q.raw(name) else { return default.to_vec() };
    let mut out = Vec::new();
    for piece in tokens(raw) {
        match piece {
            Ok(text) => match parse_ullman(&text) {
                Ok(x) if out.len() < max => out.push(x),
                Ok(_) => {
                    notices.push(Notice::param(name, format!("{name} keeps at most {max} numbers; the rest were left out")));
                    break;
                }
                Err(_) => notices.push(Notice::param(
                    name,
                    format!(
                        "{name}: \u{201c}{}\u{201d} is not a whole number from 0 to 18446744073709551615; it was left out",
                        shorten(&text, 30)
                    ),
                )),
            },
            Err(bad) => notices.push(Notice::param(name, format!("{name}: an element {}; it was left out", bad.error))),
        }
    }
    out
}

fn positions_text(trace: &Trace) -> String {
    trace.steps.iter().map(|s| s.position.to_string()).collect::<Vec<_>>().join(" and ")
}

impl UllmanLecture {
    /// Reads `stream`, `lookups` and `m` from the link.
    pub fn from_query(q: &Query) -> UllmanLecture {
        let mut notices = Vec::new();
        let m = read_u64(q.raw("m"), "m", 1, MAX_M, DEFAULT_M, &mut notices);
        let stream = read_integers(q, "stream", &DEFAULT_STREAM, MAX_STREAM, &mut notices);
        let lookups = read_integers(q, "lookups", &DEFAULT_LOOKUPS, MAX_LOOKUPS, &mut notices);
        let mut lecture = UllmanLecture::new(m, stream, lookups);
        lecture.notices = notices;
        lecture
    }

    /// The parameters that reproduce this lecture (defaults left out).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let list = |v: &[u64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let mut pairs = Vec::new();
        if self.m != DEFAULT_M {
            pairs.push(("m", self.m.to_string()));
        }
        if self.stream != DEFAULT_STREAM {
            pairs.push(("stream", if self.stream.is_empty() { ",".into() } else { list(&self.stream) }));
        }
        if self.lookups != DEFAULT_LOOKUPS {
            pairs.push(("lookups", if self.lookups.is_empty() { ",".into() } else { list(&self.lookups) }));
        }
        pairs
    }

    pub fn new(m: u64, stream: Vec<u64>, lookups: Vec<u64>) -> UllmanLecture {
        let m = m.clamp(1, MAX_M);
        let mut filter = BloomFilter::new(HashFamily::Ullman, m, K);
        let mut steps = vec![LectureStep {
            title: "An empty filter".into(),
            narration: format!(
                "The filter is {m} bits, all 0. Elements are whole numbers. Write an element in binary and number its \
                 digits from 1 at the right: h1 reads the odd-numbered digits (1st, 3rd, 5th, …) as a binary number, \
                 h2 the even-numbered ones (2nd, 4th, …), and each result is taken mod {m}."
            ),
            kind: StepKind::Start,
            bits: filter.bits().clone(),
        }];
        for &x in &stream {
            let split = BinarySplit::of(x);
            let Ok(trace) = filter.insert(&x.to_string()) else { continue };
            let already_set: Vec<u64> = trace.steps.iter().filter(|s| s.was_set).map(|s| s.position).collect();
            let mut narration = format!(
                "{x} = {} in binary. The odd-numbered digits read {} = {}, and {} mod {m} = {}; the even-numbered \
                 digits read {} = {}, and {} mod {m} = {}. Set bits {}.",
                split.binary(),
                split.odd_digits,
                split.odd_value,
                split.odd_value,
                trace.steps[0].position,
                if split.even_digits.is_empty() { "0".to_string() } else { split.even_digits.clone() },
                split.even_value,
                split.even_value,
                trace.steps[1].position,
                positions_text(&trace),
            );
            if !already_set.is_empty() {
                let list: Vec<String> = already_set.iter().map(|p| p.to_string()).collect();
                narration.push_str(&format!(
                    " Note: bit {} was already 1, so this element sets fewer new bits than it has hashes.",
                    list.join(" and ")
                ));
            }
            steps.push(LectureStep {
                title: format!("Insert {x}"),
                narration,
                kind: StepKind::Insert { split, trace, already_set },
                bits: filter.bits().clone(),
            });
        }
        for &y in &lookups {
            let split = BinarySplit::of(y);
            let Ok((trace, verdict)) = filter.lookup(&y.to_string()) else { continue };
            let truth = if stream.contains(&y) { Truth::Member } else { Truth::NonMember };
            let zeros: Vec<String> =
                trace.steps.iter().filter(|s| !s.was_set).map(|s| s.position.to_string()).collect();
            let ones: Vec<String> = trace.steps.iter().filter(|s| s.was_set).map(|s| s.position.to_string()).collect();
            let head = format!(
                "Look up {y} = {}: h1 = {} = {} mod {m} = {}, h2 = {} = {} mod {m} = {}. ",
                split.binary(),
                split.odd_digits,
                split.odd_value,
                trace.steps[0].position,
                if split.even_digits.is_empty() { "0".to_string() } else { split.even_digits.clone() },
                split.even_value,
                trace.steps[1].position,
            );
            let tail = match (verdict, truth) {
                (Verdict::Absent, _) => format!(
                    "{}bit {} is 0, so {y} was certainly never inserted.",
                    if ones.is_empty() { String::new() } else { format!("Bit {} is 1, but ", ones.join(" and ")) },
                    zeros.join(" and ")
                ),
                (Verdict::Maybe, Truth::Member) => format!("Both bits are 1: {y} may have been inserted — and it was."),
                (Verdict::Maybe, Truth::NonMember) => format!(
                    "Both bits are 1, so the filter says \u{201c}seen before\u{201d} — but {y} was never inserted: a false positive."
                ),
            };
            steps.push(LectureStep {
                title: format!("Look up {y}"),
                narration: head + &tail,
                kind: StepKind::Lookup { split, trace, verdict, truth },
                bits: filter.bits().clone(),
            });
        }
        let n = stream.len() as u64;
        let ones = filter.bits().count_ones() as u64;
        let this_filter = (ones as f64 / m as f64).powi(K as i32);
        let (approx, finite, exact) = (formulas::approx(m, n, K), formulas::finite(m, n, K), formulas::exact(m, n, K));
        steps.push(LectureStep {
            title: "How likely is a false positive?".into(),
            narration: format!(
                "A non-member is let through when every one of its bits is 1. If its bits fall at random, that happens \
                 with probability (fraction of 1s) to the power of the number of hashes: here ({ones}/{m})^{K} = {}. \
                 The number of 1s is about the number of elements times the number of hashes ({n} × {K} = {}), but \
                 collisions make it a little lower ({ones} here). Averaged over all ways {n} elements could have \
                 landed: approx (1 − e^(−kn/m))^k = {}, finite (1 − (1 − 1/m)^(kn))^k = {}, exact = {}.",
                format_probability(this_filter),
                n * K as u64,
                format_probability(approx),
                format_probability(finite),
                format_probability(exact),
            ),
            kind: StepKind::Density { ones, this_filter, approx, finite, exact },
            bits: filter.bits().clone(),
        });
        let darts = n * K as u64;
        let miss_exact = formulas::zero_probability_finite(m, n, K);
        let miss_approx = formulas::zero_fraction_approx(m, n, K);
        steps.push(LectureStep {
            title: "Throwing darts".into(),
            narration: format!(
                "Setting bits at random is like throwing d darts at t targets. One dart misses a given target with \
                 probability 1 − 1/t, so all d miss it with probability (1 − 1/t)^d = ((1 − 1/t)^t)^(d/t) ≈ e^(−d/t), \
                 because (1 − 1/t)^t ≈ 1/e. Here t = {m} bits and d = {darts} darts: (1 − 1/{m})^{darts} = {:.4}, \
                 e^(−{darts}/{m}) = {:.4}. So about {:.2} bits should be 1; this filter has {ones}.",
                miss_exact,
                miss_approx,
                m as f64 * (1.0 - miss_exact),
            ),
            kind: StepKind::Darts {
                targets: m,
                darts,
                miss_exact,
                miss_approx,
                expected_ones: m as f64 * (1.0 - miss_exact),
                actual_ones: ones,
            },
            bits: filter.bits().clone(),
        });
        let slide = slide_darts();
        if let StepKind::SlideDarts { zeros, ones, fp, ones_rounded, fp_rounded } = slide {
            steps.push(LectureStep {
                title: "The slides' example: a billion bits".into(),
                narration: format!(
                    "An array of t = 1,000,000,000 bits, 5 hash functions and 100,000,000 elements: d = 500,000,000 darts. \
                     The fraction of 0s is e^(−1/2) = {zeros:.6}, so the density of 1s is {ones:.6} and a false positive \
                     has probability {ones:.6}^5 = {fp:.7}. The slide prints {fp_rounded:.5} because it first rounds the \
                     density to {ones_rounded} ({ones_rounded}^5 = {fp_rounded:.6}); raising a rounded number to the 5th \
                     power multiplies its relative error by about 5."
                ),
                kind: slide,
                bits: filter.bits().clone(),
            });
        }
        let rows: Vec<(u32, f64)> = (1..=4).map(|k| (k, formulas::approx(8_000_000_000, 1_000_000_000, k))).collect();
        steps.push(LectureStep {
            title: "The book's example: 8 billion bits".into(),
            narration: format!(
                "Mining of Massive Datasets uses 8 billion bits for 1 billion elements. With one hash function the \
                 fraction of 1s is 1 − e^(−1/8) = {:.6}, and that is the false-positive rate. With two, the fraction of \
                 1s is 1 − e^(−1/4) and the rate is its square, {:.6}. More hashes help only up to a point: 3 give \
                 {:.6}, 4 give {:.6}; the best k here is about (m/n) ln 2 = {:.1}.",
                rows[0].1,
                rows[1].1,
                rows[2].1,
                rows[3].1,
                formulas::optimal_k_real(8_000_000_000, 1_000_000_000),
            ),
            kind: StepKind::BookDarts { rows },
            bits: filter.bits().clone(),
        });
        UllmanLecture { m, stream, lookups, steps, notices: Vec::new() }
    }

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
    fn read(q: &Query) -> (UllmanLecture, Vec<Notice>) {
        let lecture = UllmanLecture::from_query(q);
        let notices = lecture.notices.clone();
        (lecture, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        UllmanLecture::query_pairs(self)
    }
    fn field(name: &str) -> Field {
        match name {
            "stream" | "lookups" => Field::Tokens,
            _ => Field::Value,
        }
    }
}

impl Stepped for UllmanLecture {
    fn last_step(&self) -> usize {
        UllmanLecture::last_step(self)
    }
}
