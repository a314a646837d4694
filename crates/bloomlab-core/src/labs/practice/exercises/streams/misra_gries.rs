//! `misra-gries`: Misra–Gries's k counters by hand, as the frequencies view keeps them. Items are
//! the numbers 0 to u − 1; after each arrival the student writes every item's count (0 for an
//! item without a counter): an item with a counter gains 1, a new one takes a free counter with
//! count 1, and when none is free every counter loses 1 (those at 0 are freed) and the new item
//! takes none. Then the threshold N/(k+1), and which items may occur more often than it: the
//! counts give the number of decrements, D = (N − Σ counts)/(k+1) (each took k + 1 arrivals'
//! worth of count), an item occurs at most its count + D times, so the candidates are the items
//! whose count + D is above N/(k+1) — not every item holding a counter.

use crate::engine::streams::misra_gries::MisraGries;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const REPLACE_SMALLEST: Mistake = Mistake { id: "replace-smallest", name: "The smallest counter replaced" };
pub const NO_DECREMENT_NEW: Mistake =
    Mistake { id: "no-decrement-new", name: "The new item counted after the decrement" };
pub const KEEP_ZEROS: Mistake = Mistake { id: "keep-zeros", name: "Counters at 0 kept" };
pub const OFF_BY_ONE_THRESHOLD: Mistake = Mistake { id: "off-by-one-threshold", name: "N/k for N/(k+1)" };
pub const OVER_THRESHOLD_ONLY: Mistake =
    Mistake { id: "over-threshold-only", name: "Only the counts above the threshold" };
pub const EVERY_HELD: Mistake =
    Mistake { id: "every-held", name: "Every item holding a counter, the decrements left out" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (REPLACE_SMALLEST, "that is SpaceSaving's rule. In Misra–Gries, a new item that finds no free counter takes none: every counter loses 1 instead, and the new item is not counted."),
    (NO_DECREMENT_NEW, "when no counter is free, every counter loses 1 and the arriving item takes no counter: its one arrival is what the decrement cancels, with one from each of the k counters."),
    (KEEP_ZEROS, "a counter that falls to 0 is freed: a new item takes it with count 1, without a decrement."),
    (OFF_BY_ONE_THRESHOLD, "each decrement removes k + 1 arrivals' worth of count (one from each of the k counters and the arriving item's), so there are at most N/(k+1) decrements: the threshold is N/(k+1)."),
    (OVER_THRESHOLD_ONLY, "a count is below its item's true count by up to D, the number of decrements, so an item whose count is N/(k+1) or less still may occur more than N/(k+1) times when its count + D is above N/(k+1)."),
    (EVERY_HELD, "the counts tell how many decrements there were: each took k + 1 arrivals' worth of count, so D = (N − the sum of the counts)/(k+1). An item occurs at most its count + D times, so an item whose count + D is N/(k+1) or less is ruled out even though it holds a counter."),
}

/// The tolerance of a typed threshold.
pub const TOLERANCE: f64 = 0.01;

/// What a summary's counts say about the true counts, in whole numbers: N arrivals, k counters
/// and the counts' sum Σ. The decrements D took (k+1)·D = N − Σ away (counts below 0 read as 0;
/// a sum above N, which no run gives, reads as D = 0). An item occurs at most c + D times, and
/// may occur more than N/(k+1) times only when c + D > N/(k+1), that is (k+1)·c + N − Σ > N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub n: i64,
    pub k1: i64,
    pub sum: i64,
}

impl Bound {
    /// The bound `counts` (one per item) give after `n` arrivals with `k` counters.
    pub fn of(n: usize, k: usize, counts: &[i64]) -> Bound {
        let sum = counts.iter().fold(0i64, |s, &c| s.saturating_add(c.max(0)));
        Bound { n: n as i64, k1: k as i64 + 1, sum }
    }

    /// (k+1)·D: the count the decrements took away.
    fn taken(&self) -> i64 {
        self.n.saturating_sub(self.sum).max(0)
    }

    /// The decrements D.
    pub fn decrements(&self) -> f64 {
        self.taken() as f64 / self.k1 as f64
    }

    /// N/(k+1).
    pub fn threshold(&self) -> f64 {
        self.n as f64 / self.k1 as f64
    }

    /// Whether an item counted `c` may occur more than N/(k+1) times: c + D > N/(k+1).
    pub fn may_exceed(&self, c: i64) -> bool {
        self.k1.saturating_mul(c).saturating_add(self.taken()) > self.n
    }

    /// Whether the count `c` itself is above N/(k+1).
    pub fn over(&self, c: i64) -> bool {
        self.k1.saturating_mul(c) > self.n
    }

    /// The worked candidates step: D from the counts, then each counted item's c + D against
    /// N/(k+1).
    fn worked(&self, last: &[i64], right: &[bool]) -> String {
        let f = |v: f64| crate::text::trim_float(v, 4);
        let (d, t) = (self.decrements(), self.threshold());
        let sum = if self.sum > self.n {
            format!("(the counts add up to {}, more than N: no run gives that) 0", self.sum)
        } else {
            format!("({} − {})/{} = {}", self.n, self.sum, self.k1, f(d))
        };
        let each: Vec<String> = (0..last.len())
            .filter(|&x| last[x] > 0)
            .map(|x| {
                let side = if right[x] { "above" } else { "not above" };
                format!("{x}: {} + {} = {}, {side} {}", last[x], f(d), f(last[x] as f64 + d), f(t))
            })
            .collect();
        let kept: Vec<String> = (0..last.len()).filter(|&x| right[x]).map(|x| x.to_string()).collect();
        let or_none = |v: &[String], sep: &str| if v.is_empty() { "none".to_string() } else { v.join(sep) };
        format!(
            "Each decrement took k + 1 = {} arrivals' worth of count, so D = (N − Σ counts)/(k+1) = {sum} decrements, and an item occurs at most its count + D times. Against N/(k+1) = {}: {}. The candidates: {} (an item without a counter occurs at most D times, no more than N/(k+1)).",
            self.k1,
            f(t),
            or_none(&each, "; "),
            or_none(&kept, ", ")
        )
    }
}

/// A Misra–Gries problem: k counters and a stream of items 0 to u − 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MgProblem {
    pub k: usize,
    pub u: usize,
    pub stream: Vec<u32>,
}

/// The counts of items 0 to u − 1 in a summary.
fn counts(s: &MisraGries, u: usize) -> Vec<i64> {
    (0..u as u32).map(|x| s.count(x) as i64).collect()
}

impl Drill for MgProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// Level 1: k = 2, items 0 to 3, 9 arrivals; level 2: k = 3, items 0 to 4, 12; level 3:
    /// k = 3, items 0 to 5, 15. Items are drawn skewed (item 0 most often). Of 300 draws the
    /// first whose run on the stream both adds into a freed counter and decrements is kept.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> MgProblem {
        let (k, u, n) = match level {
            1 => (2, 4, 9),
            2 => (3, 5, 12),
            _ => (3, 6, 15),
        };
        let mut last = None;
        for _ in 0..300 {
            // Item x with weight u − x: skewed towards 0.
            let stream: Vec<u32> = (0..n)
                .map(|_| {
                    let mut r = rng.usize(..u * (u + 1) / 2);
                    let mut x = 0;
                    while r >= u - x {
                        r -= u - x;
                        x += 1;
                    }
                    x as u32
                })
                .collect();
            let p = MgProblem { k, u, stream };
            if p.interesting() {
                return p;
            }
            last = Some(p);
        }
        last.unwrap_or(MgProblem { k, u, stream: vec![0] })
    }

    /// One step per arrival, then the threshold and the candidates.
    fn steps(&self) -> usize {
        self.stream.len() + 2
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let n = self.stream.len();
        if i < n {
            return self.arrival_step(i, &self.counts_after(prior, i), &prior[..i.min(prior.len())], w);
        }
        let last = self.counts_after(prior, n);
        if i == n {
            return self.threshold_step(w);
        }
        self.candidates_step(&last, w)
    }

    /// The candidates step's cells, one per item, none clicked.
    fn start_bits(&self) -> Option<Vec<bool>> {
        Some(vec![false; self.u])
    }

    fn json(&self) -> String {
        let s: Vec<String> = self.stream.iter().map(u32::to_string).collect();
        format!("{{\"k\": {}, \"items\": {}, \"stream\": [{}]}}", self.k, self.u, s.join(", "))
    }

    fn statement(&self) -> String {
        let s: Vec<String> = self.stream.iter().map(u32::to_string).collect();
        format!(
            "Misra–Gries with k = {} counters, all free; the items are 0 to {}. The stream (N = {}): {}.",
            self.k,
            self.u - 1,
            self.stream.len(),
            s.join(", ")
        )
    }
}

impl MgProblem {
    /// The run decrements at least twice and some item takes a counter after a decrement.
    fn interesting(&self) -> bool {
        let mut s = MisraGries::new(self.k);
        let (mut decrements, mut refilled) = (0, false);
        for &x in &self.stream {
            let had = s.counters().len();
            match s.push(x) {
                crate::engine::streams::misra_gries::MgEvent::Decremented { .. } => decrements += 1,
                crate::engine::streams::misra_gries::MgEvent::Added => refilled |= decrements > 0 && had > 0,
                _ => {}
            }
        }
        decrements >= 2 && refilled
    }

    /// The counts the student wrote after the first `i` arrivals (all 0 before the first).
    fn counts_after(&self, prior: &[Answer], i: usize) -> Vec<i64> {
        match prior.get(..i).and_then(|p| p.last()) {
            Some(Answer::Counters(v)) if v.len() == self.u => v.clone(),
            _ => vec![0; self.u],
        }
    }

    /// The summary the student's counts make.
    fn summary(&self, prev: &[i64], i: usize) -> MisraGries {
        let held: Vec<(u32, u64)> = prev.iter().enumerate().map(|(x, &c)| (x as u32, c.max(0) as u64)).collect();
        MisraGries::with_counters(self.k, &held, i as u64)
    }

    /// Arrival `i` (0-based), from the student's counts `prev`; `before` the answers before it.
    fn arrival_step<W: Words>(&self, i: usize, prev: &[i64], before: &[Answer], w: W) -> DrillStep {
        let x = self.stream[i];
        let mut s = self.summary(prev, i);
        s.push(x);
        let right = counts(&s, self.u);
        let held = prev.iter().filter(|&&c| c > 0).count();
        let has = prev.get(x as usize).is_some_and(|&c| c > 0);
        let decremented: Vec<i64> = prev.iter().map(|&c| (c - 1).max(0)).collect();
        let mut wrongs = Vec::new();
        if !has && held >= self.k {
            let min = prev.iter().copied().filter(|&c| c > 0).min().unwrap_or(0);
            for (y, _) in prev.iter().enumerate().filter(|(_, &c)| c == min) {
                let mut v = prev.to_vec();
                v[y] = 0;
                v[x as usize] = min + 1;
                wrongs.push(Wrong { answer: Answer::Counters(v), mistake: REPLACE_SMALLEST });
            }
            let mut v = decremented.clone();
            v[x as usize] = 1;
            wrongs.push(Wrong { answer: Answer::Counters(v), mistake: NO_DECREMENT_NEW });
        }
        // Counters at 0 kept: an item that once had a counter and now shows 0 still holds it.
        let once: Vec<bool> = (0..self.u)
            .map(|y| before.iter().any(|a| matches!(a, Answer::Counters(v) if v.get(y).is_some_and(|&c| c > 0))))
            .collect();
        let zeros_held = (0..self.u).filter(|&y| prev[y] <= 0 && once[y]).count();
        if !has && !once[x as usize] && held < self.k && held + zeros_held >= self.k {
            wrongs.push(Wrong { answer: Answer::Counters(decremented.clone()), mistake: KEEP_ZEROS });
        }
        let worked = w.say(|| {
            if has {
                format!("{x} has a counter: it goes from {} to {}.", prev[x as usize], right[x as usize])
            } else if held < self.k {
                format!("{x} has no counter and {} of {} are taken: it takes a free one with count 1.", held, self.k)
            } else {
                format!("{x} has no counter and all {} are taken: every counter loses 1 (those at 0 are freed), and {x} takes none.", self.k)
            }
        });
        DrillStep::new(
            w.say(|| format!("Arrival {}: {x}. Every item's count after it (0 without a counter).", i + 1)),
            Form::Counters { len: self.u, name: "item", from: 0 },
            Answer::Counters(right),
            worked,
            wrongs,
        )
    }

    fn threshold_step<W: Words>(&self, w: W) -> DrillStep {
        let (n, k) = (self.stream.len() as f64, self.k as f64);
        DrillStep::new(
            w.say(|| {
                "The threshold N/(k+1): an item occurring more often than this surely holds a counter. To within 0.01."
                    .into()
            }),
            Form::Decimal { field: "N/(k+1)", tolerance: TOLERANCE },
            Answer::Decimal(n / (k + 1.0)),
            w.say(|| format!("N = {n}, k = {k}: {n}/{} = {}.", k + 1.0, crate::text::trim_float(n / (k + 1.0), 4))),
            vec![Wrong { answer: Answer::Decimal(n / k), mistake: OFF_BY_ONE_THRESHOLD }],
        )
    }

    /// Which items may occur more than N/(k+1) times, from the student's final counts: those
    /// whose count plus the decrements D = (N − Σ counts)/(k+1) is above N/(k+1) (`Bound`).
    fn candidates_step<W: Words>(&self, last: &[i64], w: W) -> DrillStep {
        let b = Bound::of(self.stream.len(), self.k, last);
        let right: Vec<bool> = last.iter().map(|&c| b.may_exceed(c)).collect();
        let held: Vec<bool> = last.iter().map(|&c| c > 0).collect();
        let over: Vec<bool> = last.iter().map(|&c| b.over(c)).collect();
        let worked = w.say(|| b.worked(last, &right));
        DrillStep::new(
            w.say(|| "Click every item that may occur more than N/(k+1) times in the stream (the candidates for heavy hitters).".into()),
            Form::Bits { len: self.u },
            Answer::Bits(right),
            worked,
            vec![
                Wrong { answer: Answer::Bits(held), mistake: EVERY_HELD },
                Wrong { answer: Answer::Bits(over), mistake: OVER_THRESHOLD_ONLY },
            ],
        )
    }
}
