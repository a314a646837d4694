//! Sampling a stream (`view=sampling`, slides 13–19): by position the sample misreports how
//! many queries repeat; by key (hashing each query to a bucket) every copy is in or out
//! together; a sample kept within a limit by dropping buckets; and key–value data.

pub mod questions;
pub mod salaries;
pub mod stream;
pub mod theory;

#[cfg(test)]
mod tests;

use crate::lectures::sampling::STEPS;
use crate::link::notice::Notice;
use crate::link::params::{parse_rate, Declared, Text, Whole};
use crate::link::query::Query;
use crate::link::state::LinkState;
use stream::{bounded, bucket, by_position, Bounded, Tally};

pub const MAX_QUERIES: u64 = 1_000_000;
pub const DEFAULT_RATE: f64 = 0.1;

pub const S: Whole =
    Whole { name: "s", about: "queries asked once", min: 0, max: MAX_QUERIES, default: 1_000, example: "2000" };
pub const D: Whole = Whole {
    name: "d",
    about: "queries asked twice (s + d must be above 0)",
    min: 0,
    max: MAX_QUERIES,
    default: 500,
    example: "400",
};
pub const RATE: Text = Text {
    name: "rate",
    about: "the sampling rate r",
    values: "0 < r ≤ 1: `10%25` (10%), `0.1`, `1/10`",
    default: "0.1",
    bad: "anything else: 0.1",
    example: "0.2",
    bad_example: Some("1.5"),
};
pub const BUCKETS: Whole = Whole {
    name: "buckets",
    about: "the buckets a query hashes to",
    min: 2,
    max: 1_000_000,
    default: 100,
    example: "50",
};
pub const LIMIT: Whole = Whole {
    name: "limit",
    about: "the bounded sample's size",
    min: 1,
    max: 2 * MAX_QUERIES,
    default: 150,
    example: "100",
};
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the seed of the stream and the hashes",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "2",
};
pub const STEP: Text = Text { example: "2", ..crate::lectures::stepper::STEP };

pub const DEFAULT_S: u64 = S.default;
pub const DEFAULT_D: u64 = D.default;
pub const DEFAULT_BUCKETS: u64 = BUCKETS.default;
pub const DEFAULT_LIMIT: u64 = LIMIT.default;
pub const DEFAULT_SEED: u64 = SEED.default;
pub const DEPARTMENTS: u32 = 40;
/// Seeded samples the salary answers are averaged over.
pub const SALARY_RUNS: u64 = 200;

/// The buckets kept for rate r: round(r·b), at least 1.
pub fn cut(r: f64, buckets: u64) -> u64 {
    ((r * buckets as f64).round() as u64).clamp(1, buckets.max(1))
}

#[derive(Clone, Debug, PartialEq)]
pub struct SamplingLab {
    pub s: u64,
    pub d: u64,
    pub rate: f64,
    pub buckets: u64,
    pub limit: u64,
    pub seed: u64,
    /// Measured on the seeded stream.
    pub stream: Tally,
    pub position: Tally,
    pub key: Tally,
    pub bounded: Bounded,
    pub salaries: salaries::SalaryStudy,
    /// The two salary answers averaged over `SALARY_RUNS` seeded samples of the same data.
    pub salary_bias: salaries::SalaryBias,
    /// The first queries of the stream with whether each sample kept them (for drawing).
    pub head: Vec<(u32, bool, bool)>,
}

impl SamplingLab {
    pub fn new(s: u64, d: u64, rate: f64, buckets: u64, limit: u64, seed: u64) -> SamplingLab {
        let st = stream::stream(s, d, seed);
        let ids = s + d;
        let keep = by_position(&st, rate, seed);
        let c = cut(rate, buckets);
        let key_in = |q: u32| bucket(q, buckets, seed) < c;
        let stream_tally = Tally::of(st.iter().copied(), ids);
        let position = Tally::of(st.iter().zip(&keep).filter(|(_, k)| **k).map(|(q, _)| *q), ids);
        let key = Tally::of(st.iter().copied().filter(|&q| key_in(q)), ids);
        let head = st.iter().zip(&keep).take(60).map(|(&q, &k)| (q, k, key_in(q))).collect();
        SamplingLab {
            s,
            d,
            rate,
            buckets,
            limit,
            seed,
            stream: stream_tally,
            position,
            key,
            bounded: bounded(&st, buckets, c, limit, seed),
            salaries: salaries::study(DEPARTMENTS, rate, buckets, seed),
            salary_bias: salaries::bias(DEPARTMENTS, rate, buckets, seed, SALARY_RUNS),
            head,
        }
    }

    pub fn last_step(&self) -> usize {
        STEPS.len() - 1
    }

    /// Whether query id `q` is one of the doubled ones.
    pub fn is_doubled(&self, q: u32) -> bool {
        q as u64 >= self.s
    }

    /// How close the sample by key's repeated fraction is to the stream's, against what a sample
    /// of its size is expected to show: its standard error and 95 % range, and whether this
    /// sample is within it.
    pub fn key_match_words(&self) -> String {
        let pct = |x: f64| format!("{:.2} %", 100.0 * x);
        let points = |x: f64| format!("{:.2} percentage points", 100.0 * x);
        let (got, truth) = (self.key.repeated_fraction(), self.stream.repeated_fraction());
        let kept = self.key.once + self.key.repeated;
        if kept == 0 {
            return "The sample by key holds no query, so it says nothing about the fraction.".to_string();
        }
        let se = theory::key_fraction_error(truth, kept, self.s + self.d);
        let off = (got - truth).abs();
        let verdict = if off <= 1.96 * se { "within it" } else { "outside it (about 1 sample in 20 is)" };
        format!(
            "Repeated: {} in the sample, {} in the stream, {} apart. Keeping {} of {} distinct queries gives a \
             standard error of {}: about 95 % of such samples land within ±{}; this one is {verdict}.",
            pct(got),
            pct(truth),
            points(off),
            crate::text::group_digits(kept),
            crate::text::group_digits(self.s + self.d),
            points(se),
            points(1.96 * se)
        )
    }

    /// The cut of the sample by key.
    pub fn cut(&self) -> u64 {
        cut(self.rate, self.buckets)
    }
}

/// The walkthrough as its page runs it: a form's settings and the questions, nothing long.
impl crate::lectures::model::Model for SamplingLab {
    type Edit = ();
    bloomlab_link::walkthrough_model!();
    bloomlab_link::no_runs!();

    fn asked(&self, step: usize) -> Option<crate::lectures::questions::Question> {
        crate::lectures::questions::Quizzed::question(self, step)
    }
}

impl LinkState for SamplingLab {
    fn read(q: &Query) -> (SamplingLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut s = S.read(q, &mut notices);
        let mut d = D.read(q, &mut notices);
        if s + d == 0 {
            notices.push(Notice::param("s", "s = 0 and d = 0 leave an empty stream; using the defaults"));
            (s, d) = (DEFAULT_S, DEFAULT_D);
        }
        if s + 2 * d > 2 * MAX_QUERIES {
            notices.push(Notice::param(
                "d",
                format!("s + 2d is more than {} positions; using d = {}", 2 * MAX_QUERIES, (2 * MAX_QUERIES - s) / 2),
            ));
            d = (2 * MAX_QUERIES - s) / 2;
        }
        let rate = match q.raw(RATE.name) {
            None => DEFAULT_RATE,
            Some(raw) => {
                let text = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
                match text.trim() {
                    "1" | "100%" | "1/1" => 1.0,
                    t => parse_rate(t).unwrap_or_else(|| {
                        notices.push(Notice::bad(
                            RATE.name,
                            &crate::text::shorten(&text, 20),
                            "is not a rate above 0 and at most 1 (such as 10%, 0.1 or 1/10); using 10%",
                        ));
                        DEFAULT_RATE
                    }),
                }
            }
        };
        let buckets = BUCKETS.read(q, &mut notices);
        let limit = LIMIT.read(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        (SamplingLab::new(s, d, rate, buckets, limit, seed), notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p: Vec<(&'static str, String)> =
            [S.pair(self.s), D.pair(self.d), BUCKETS.pair(self.buckets), LIMIT.pair(self.limit), SEED.pair(self.seed)]
                .into_iter()
                .flatten()
                .collect();
        if self.rate != DEFAULT_RATE {
            p.push((RATE.name, self.rate.to_string()));
        }
        p
    }
}

impl crate::lectures::stepper::Stepped for SamplingLab {
    fn last_step(&self) -> usize {
        SamplingLab::last_step(self)
    }

    /// New numbers keep the step: the walkthrough's steps are the same whatever the numbers.
    fn stepper_after_rebuild(&self, before: &crate::lectures::stepper::Stepper) -> crate::lectures::stepper::Stepper {
        crate::lectures::stepper::Stepper::new(self.last_step(), before.step().min(self.last_step()))
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`).
pub const PARAMS: &[&dyn Declared] = &[&S, &D, &RATE, &BUCKETS, &LIMIT, &SEED, &STEP];
