//! Flajolet–Martin on a small stream, step by step: each element hashed by each `linear` hash
//! h(x) = (a·x + b) mod 2^w, written in binary with its tail of 0s, the running maximum tail R
//! and the estimate 2^R; and, for a hash that cannot estimate well, the reason, computed from a
//! and b; the walkthrough's list of steps.

use crate::engine::hashing::{linear, tail_length};
use crate::engine::stats::sort_short;
use crate::text::{count_of, exact_ratio};

/// One element under one hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub x: u64,
    pub h: u64,
    /// h in binary, w digits.
    pub binary: String,
    pub tail: u32,
    /// The largest tail so far, this element included.
    pub r: u32,
}

impl Row {
    /// 2^R (R is at most 64, so 2^R fits a u128 exactly).
    pub fn estimate(&self) -> u128 {
        estimate(self.r)
    }
}

/// 2^R, exactly (R is a tail length of at most 64 bits; anything longer reads as 2^127).
pub fn estimate(r: u32) -> u128 {
    1u128.checked_shl(r).unwrap_or(1 << 127)
}

/// Every element under every hash: `rows[j][i]` is element i under hash j.
pub fn rows(stream: &[u64], hashes: &[(u64, u64)], w: u32) -> Vec<Vec<Row>> {
    hashes
        .iter()
        .map(|&(a, b)| {
            let mut r = 0;
            stream
                .iter()
                .map(|&x| {
                    let h = linear(x, a, b, w);
                    let tail = tail_length(h, w);
                    r = r.max(tail);
                    Row { x, h, binary: format!("{h:0width$b}", width = w as usize), tail, r }
                })
                .collect()
        })
        .collect()
}

/// The estimates step's sentence: the mean and the median of the hashes' final 2^R, computed
/// in integers (2^R reaches 2^64, far beyond what an f64 holds exactly) and written exactly.
pub fn summary_text(rows: &[Vec<Row>]) -> String {
    let mut last: Vec<u128> = rows.iter().filter_map(|r| r.last()).map(Row::estimate).collect();
    if last.is_empty() {
        return "No hash has seen an element yet.".to_string();
    }
    sort_short(&mut last);
    let count = last.len();
    let sum = last.iter().fold(0u128, |a, &e| a.saturating_add(e));
    let median = if count % 2 == 1 {
        last[count / 2].to_string()
    } else {
        exact_ratio(last[count / 2 - 1].saturating_add(last[count / 2]), 2)
    };
    format!("The mean of the {count} estimates is {}, their median {median}.", exact_ratio(sum, count as u64))
}

/// The number of distinct elements: those not seen before in the stream. A walkthrough's stream
/// is short (the view reads at most 1,000 elements), so each is looked for among the ones before it;
/// a sort would bring its own 3 KB of code into the page.
pub fn distinct(stream: &[u64]) -> u64 {
    stream.iter().enumerate().filter(|&(i, x)| !stream[..i].contains(x)).count() as u64
}

/// The fewest trailing 0s any value a·x + b (mod 2^w) can have, and the most: both are fixed by
/// the lowest set bits of a and b alone. Returns (min, max) tail lengths over all x.
pub fn tail_range(a: u64, b: u64, w: u32) -> (u32, u32) {
    let w = w.clamp(1, 64);
    let ta = tail_length(linear(a, 1, 0, w), w);
    let tb = tail_length(linear(b, 1, 0, w), w);
    // a·x has at least ta trailing 0s, and exactly ta when x is odd.
    if ta >= w {
        // a ≡ 0: h(x) = b for every x.
        (tb, tb)
    } else if tb < ta {
        // The low tb bits come from b alone: every h has exactly tb trailing 0s.
        (tb, tb)
    } else {
        // h = 2^ta · (odd·x' + b/2^ta): any tail from ta up to w is possible.
        (ta, w)
    }
}

/// Why hash (a, b) estimates badly whatever the stream, or `None` when it can reach every tail.
pub fn weakness(a: u64, b: u64, w: u32) -> Option<String> {
    let (lo, hi) = tail_range(a, b, w);
    let wm = linear(a, 1, 0, w);
    if wm == 0 {
        return Some(format!(
            "a = {a} is a multiple of 2^{w}, so h(x) = {b} mod 2^{w} for every x: all elements look alike and R is always {lo}, \
             an estimate of {} whatever the stream",
            estimate(lo)
        ));
    }
    if lo == 0 && hi == 0 {
        return Some(format!(
            "a = {a} is even and b = {b} is odd, so a·x + b is odd for every x: its last bit is always 1, no hash value ends in 0, \
             R stays 0 and the estimate is 1 whatever the stream"
        ));
    }
    if lo == hi {
        return Some(format!(
            "b = {b} has {} and a = {a} has more, so the last {} of a·x + b are those of b: every h(x) ends in \
             exactly {}, R is always {lo} and the estimate always {}",
            count_of(lo as u64, "trailing 0", "trailing 0s"),
            count_of(lo as u64 + 1, "bit", "bits"),
            count_of(lo as u64, "zero", "zeros"),
            estimate(lo)
        ));
    }
    if lo > 0 {
        return Some(format!(
            "a = {a} and b = {b} are both multiples of 2^{lo}, so every h(x) ends in at least {}: R is never below {lo}, \
             and small streams are over-estimated",
            count_of(lo as u64, "zero", "zeros")
        ));
    }
    None
}

/// Why one would count distinct elements at all: the slides' applications (slide 21), in our
/// words; the intro step shows it.
pub const APPLICATIONS: &str = "Why count distinct elements (slide 21): the number of different words a crawler \
    finds on one site's pages (far fewer or far more than usual can give away artificial, spam pages); the number \
    of different users who visited a site this month; and, for each page crawled, the number of different pages \
    linking to it, a rough guide to its PageRank and so to which pages the crawler should fetch first. Each asks \
    for a count, not for the elements themselves.";

/// What a walkthrough step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    Intro,
    /// The first `seen` elements have been hashed.
    Element(usize),
    Summary,
    Theory,
    /// The slides' graph at distance d.
    Graph(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub title: String,
}

/// The walkthrough's steps for a stream: the intro, one step per element, the estimates, the
/// theory and the slides' graph at distances 0 to 3, each with the slides it follows. With the
/// default example (`exercise`), the steps say it is MMDS exercise 4.4.1 and where its answers are.
pub fn steps(stream: &[u64], exercise: bool) -> Vec<Step> {
    let intro = if exercise {
        "MMDS exercise 4.4.1: the stream and the hashes (slide 23)"
    } else {
        "The stream and the hashes (slide 23)"
    };
    let mut steps = vec![Step { kind: StepKind::Intro, title: intro.into() }];
    for (i, x) in stream.iter().enumerate() {
        steps.push(Step { kind: StepKind::Element(i + 1), title: format!("Element {}: {x}", i + 1) });
    }
    let summary = if exercise { "The exercise's answers: the estimates" } else { "The estimates" };
    steps.push(Step { kind: StepKind::Summary, title: summary.into() });
    steps.push(Step { kind: StepKind::Theory, title: "Why it works (slides 24–25)".into() });
    for d in 0..=3 {
        steps.push(Step { kind: StepKind::Graph(d), title: format!("Neighbourhoods, d = {d} (slides 28–34)") });
    }
    steps
}
