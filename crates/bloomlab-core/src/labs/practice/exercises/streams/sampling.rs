//! `sampling`: a sample by key by hand, as the sampling view draws it. Each query is hashed to
//! one of b buckets (the sampling view's own bucket of it); the sample keeps the queries whose
//! bucket is below the cut, round(r·b), at every position they occur. The stream also shows a
//! random draw per position, what a sample by position would use, so the two can be told apart.

use crate::labs::practice::drill::Drill;
use crate::labs::practice::problem::json_string;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};
use crate::labs::sampling::cut;
use crate::labs::sampling::stream::{bucket, query_text, stream};

pub const BY_POSITION: Mistake = Mistake { id: "by-position", name: "The sample drawn by position" };
pub const CUT_OFF_BY_ONE: Mistake = Mistake { id: "cut-off-by-one", name: "The cut off by one bucket" };
pub const ONCE_ONLY: Mistake = Mistake { id: "once-only", name: "A repeated query kept once only" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (BY_POSITION, "a sample by key decides by the query's bucket, the same at every position the query occurs; the position's own draw is what a sample by position would use."),
    (CUT_OFF_BY_ONE, "the sample keeps the lowest c buckets, 0 to c − 1: bucket c itself is left out, bucket c − 1 is kept."),
    (ONCE_ONLY, "a sample by key keeps every occurrence of a kept query: that is how it sees which queries are repeated."),
}

/// The answers offered.
pub const CHOICES: [(&str, &str); 2] = [("keep", "kept in the sample"), ("drop", "left out")];

/// A sampling problem: b buckets and the cut; the stream's queries, each one's bucket, and each
/// position's draw (0 to b − 1).
#[derive(Clone, Debug, PartialEq)]
pub struct SamplingProblem {
    pub buckets: u64,
    pub rate: f64,
    pub queries: Vec<String>,
    pub hashes: Vec<u64>,
    pub draws: Vec<u64>,
}

impl Drill for SamplingProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// 10 buckets and a rate of 0.2 to 0.4 over 4 queries asked once and 3 twice; then 14 and 20
    /// positions (20 buckets at level 3). The sampling view's stream and buckets, from a seed drawn
    /// here; the first of 32 seeds that keeps a query and leaves one out.
    fn draw(level: u64, rng: &mut fastrand::Rng) -> SamplingProblem {
        let (once, twice, buckets) = match level {
            1 => (4, 3, 10),
            2 => (6, 4, 10),
            _ => (8, 6, 20),
        };
        let rate = [0.2, 0.3, 0.4][rng.usize(..3)];
        let c = cut(rate, buckets);
        let start = rng.u64(..);
        let make = |seed: u64| {
            let ids = stream(once, twice, seed);
            SamplingProblem {
                buckets,
                rate,
                queries: ids.iter().map(|&q| query_text(q, seed)).collect(),
                hashes: ids.iter().map(|&q| bucket(q, buckets, seed)).collect(),
                draws: Vec::new(),
            }
        };
        let fits = |p: &SamplingProblem| p.hashes.iter().any(|&h| h < c) && p.hashes.iter().any(|&h| h >= c);
        let seed = (0..32).map(|t| start.wrapping_add(t)).find(|&s| fits(&make(s))).unwrap_or(start);
        let mut p = make(seed);
        p.draws = p.queries.iter().map(|_| rng.u64(..buckets)).collect();
        p
    }

    fn steps(&self) -> usize {
        self.queries.len()
    }

    /// Position `i` (0-based), after the student's own answers `prior` for the positions before.
    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let i = i.min(self.queries.len() - 1);
        let c = self.cut();
        let (q, h, d) = (&self.queries[i], self.hashes[i], self.draws[i]);
        let says = |keep: bool| Answer::Choice(if keep { "keep" } else { "drop" });
        let kept_before = prior.iter().take(i).enumerate().any(|(j, a)| self.queries[j] == *q && *a == says(true));
        let mut wrongs = Vec::new();
        if kept_before {
            wrongs.push(Wrong { answer: says(false), mistake: ONCE_ONLY });
        }
        wrongs.push(Wrong { answer: says(h <= c), mistake: CUT_OFF_BY_ONE });
        wrongs.push(Wrong { answer: says(h + 1 < c), mistake: CUT_OFF_BY_ONE });
        wrongs.push(Wrong { answer: says(d < c), mistake: BY_POSITION });
        let worked = || {
            let verdict = if h < c { "below" } else { "not below" };
            format!(
                "{q} is in bucket {h}, {verdict} the cut {c} (buckets 0 to {} are kept): {}. The draw {d} plays no part.",
                c - 1,
                if h < c { "kept" } else { "left out" }
            )
        };
        DrillStep::new(
            w.say(|| format!("Position {} ({q}, draw {d}): kept in the sample by key or left out?", i + 1)),
            Form::Choice { options: CHOICES.to_vec() },
            says(h < c),
            w.say(worked),
            wrongs,
        )
    }

    fn json(&self) -> String {
        let stream: Vec<String> = self.queries.iter().map(|q| json_string(q)).collect();
        let draws: Vec<String> = self.draws.iter().map(u64::to_string).collect();
        let table: Vec<String> = self.bucket_table().iter().map(|(q, h)| format!("{}: {h}", json_string(q))).collect();
        format!(
            "{{\"buckets\": {}, \"rate\": {}, \"cut\": {}, \"stream\": [{}], \"draws\": [{}], \"bucket\": {{{}}}}}",
            self.buckets,
            self.rate,
            self.cut(),
            stream.join(", "),
            draws.join(", "),
            table.join(", ")
        )
    }

    fn statement(&self) -> String {
        let table: Vec<String> = self.bucket_table().iter().map(|(q, h)| format!("{q} → {h}")).collect();
        format!(
            "A sample of {} % by key: each query is hashed to one of {} buckets and the lowest {} buckets are kept. The buckets: {}. The stream: {}; the positions' draws (0 to {}): {}.",
            (self.rate * 100.0).round(),
            self.buckets,
            self.cut(),
            table.join(", "),
            self.queries.join(", "),
            self.buckets - 1,
            self.draws.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        )
    }
}

impl SamplingProblem {
    /// The number of buckets kept.
    pub fn cut(&self) -> u64 {
        cut(self.rate, self.buckets)
    }

    /// Each distinct query with its bucket, in order of first occurrence.
    pub fn bucket_table(&self) -> Vec<(&str, u64)> {
        let mut t: Vec<(&str, u64)> = Vec::new();
        for (q, &h) in self.queries.iter().zip(&self.hashes) {
            if !t.iter().any(|(x, _)| x == q) {
                t.push((q.as_str(), h));
            }
        }
        t
    }
}
