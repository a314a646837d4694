//! The exercises and the problems they generate from a seed: each problem's steps, computed by
//! the same core code as the views, and its data as JSON for the `practice-problem` hook.

pub use super::exercise::Exercise;
use super::exercises::ams::AmsProblem;
use super::exercises::cm_update::CmProblem;
use super::exercises::counting::CountingProblem;
use super::exercises::dgim::DgimProblem;
use super::exercises::fm::FmProblem;
use super::exercises::hll::HllProblem;
use super::exercises::misra_gries::MgProblem;
use super::exercises::quotient_insert::QuotientInsertProblem;
use super::exercises::reservoir::ReservoirProblem;
use super::exercises::sampling::SamplingProblem;
use super::exercises::xor::XorProblem;
use super::exercises::xor_peel::XorPeelProblem;
#[cfg(feature = "filter-drills")]
use super::exercises::{bloom, formula};
use super::step::{Answer, Bare, Form, Step, Worded, Words};

/// A generated problem.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    Insert { m: usize, items: Vec<u64> },
    Lookup { m: usize, items: Vec<u64>, lookups: Vec<u64> },
    Fm(FmProblem),
    Formula { m: u64, n: u64, k: u32 },
    Counting(CountingProblem),
    Xor(XorProblem),
    Hll(HllProblem),
    Ams(AmsProblem),
    Reservoir(ReservoirProblem),
    Sampling(SamplingProblem),
    CountMin(CmProblem),
    MisraGries(MgProblem),
    Dgim(DgimProblem),
    XorPeel(XorPeelProblem),
    QuotientInsert(QuotientInsertProblem),
}

/// `s` as a JSON string.
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

impl Problem {
    /// The problem of `exercise` that `seed` and `level` give.
    pub fn generate(exercise: Exercise, seed: u64, level: u64) -> Problem {
        let mut rng = fastrand::Rng::with_seed(seed ^ (level << 56) ^ ((exercise as u64) << 48));
        match exercise {
            #[cfg(feature = "filter-drills")]
            Exercise::BloomInsert => {
                let (m, items, _) = bloom::draw(level, &mut rng);
                Problem::Insert { m, items }
            }
            #[cfg(feature = "filter-drills")]
            Exercise::BloomLookup => {
                let (m, items, lookups) = bloom::draw(level, &mut rng);
                Problem::Lookup { m, items, lookups }
            }
            #[cfg(feature = "stream-drills")]
            Exercise::Fm => Problem::Fm(FmProblem::draw(level, &mut rng)),
            #[cfg(feature = "filter-drills")]
            Exercise::FpFormula => {
                let (m, n, k) = formula::draw(level, &mut rng);
                Problem::Formula { m, n, k }
            }
            #[cfg(feature = "filter-drills")]
            Exercise::Counting => Problem::Counting(CountingProblem::draw(level, &mut rng)),
            #[cfg(feature = "filter-drills")]
            Exercise::MlbfXor => Problem::Xor(XorProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::Hll => Problem::Hll(HllProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::Ams => Problem::Ams(AmsProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::Reservoir => Problem::Reservoir(ReservoirProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::Sampling => Problem::Sampling(SamplingProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::CmUpdate => Problem::CountMin(CmProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::MisraGries => Problem::MisraGries(MgProblem::draw(level, &mut rng)),
            #[cfg(feature = "stream-drills")]
            Exercise::Dgim => Problem::Dgim(DgimProblem::draw(level, &mut rng)),
            #[cfg(feature = "filter-drills")]
            Exercise::XorPeel => Problem::XorPeel(XorPeelProblem::draw(level, &mut rng)),
            #[cfg(feature = "filter-drills")]
            Exercise::QuotientInsert => Problem::QuotientInsert(QuotientInsertProblem::draw(level, &mut rng)),
            #[allow(unreachable_patterns)]
            _ => Problem::generate(Exercise::first_here(), seed, level),
        }
    }

    /// The number of gradeable steps.
    pub fn steps(&self) -> usize {
        match self {
            #[cfg(feature = "filter-drills")]
            Problem::Insert { items, .. } => items.len(),
            #[cfg(feature = "filter-drills")]
            Problem::Lookup { lookups, .. } => lookups.len(),
            #[cfg(feature = "stream-drills")]
            Problem::Fm(p) => p.steps(),
            #[cfg(feature = "filter-drills")]
            Problem::Formula { .. } => 2,
            #[cfg(feature = "filter-drills")]
            Problem::Counting(p) => p.steps(),
            #[cfg(feature = "filter-drills")]
            Problem::Xor(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::Hll(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::Ams(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::Reservoir(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::Sampling(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::CountMin(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::MisraGries(p) => p.steps(),
            #[cfg(feature = "stream-drills")]
            Problem::Dgim(p) => p.steps(),
            #[cfg(feature = "filter-drills")]
            Problem::XorPeel(p) => p.steps(),
            #[cfg(feature = "filter-drills")]
            Problem::QuotientInsert(p) => p.steps(),
            #[allow(unreachable_patterns)]
            _ => 1,
        }
    }

    /// Step `i`, given the answers accepted for the steps before it (a filter's bits carry over
    /// from the last accepted array; R and the estimate follow the student's own earlier answers),
    /// with its words: what the practice view shows.
    pub fn step(&self, i: usize, prior: &[Answer]) -> Step {
        self.step_as(i, prior, Worded)
    }

    /// Step `i` as `step` builds it, without its words: what grading needs, and all it needs.
    pub fn bare_step(&self, i: usize, prior: &[Answer]) -> Step {
        self.step_as(i, prior, Bare)
    }

    /// Step `i`, with its words or bare (`Words`); the numbers are the same either way.
    pub fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> Step {
        match self {
            #[cfg(feature = "filter-drills")]
            Problem::Insert { m, items } => {
                let prev = match prior.last() {
                    Some(Answer::Bits(b)) if b.len() == *m => b.clone(),
                    _ => vec![false; *m],
                };
                bloom::insert_step(items[i.min(items.len() - 1)], &prev, w)
            }
            #[cfg(feature = "filter-drills")]
            Problem::Lookup { m, items, lookups } => {
                bloom::lookup_step(lookups[i.min(lookups.len() - 1)], &bloom::filter(items, *m), items, w)
            }
            #[cfg(feature = "stream-drills")]
            Problem::Fm(p) => p.step(i, prior, w),
            #[cfg(feature = "filter-drills")]
            Problem::Formula { m, n, k } => formula::step(i, (*m, *n, *k), w),
            #[cfg(feature = "filter-drills")]
            Problem::Counting(p) => p.step(i, prior, w),
            #[cfg(feature = "filter-drills")]
            Problem::Xor(p) => p.step(i, w),
            #[cfg(feature = "stream-drills")]
            Problem::Hll(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::Ams(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::Reservoir(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::Sampling(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::CountMin(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::MisraGries(p) => p.step(i, prior, w),
            #[cfg(feature = "stream-drills")]
            Problem::Dgim(p) => p.step(i, prior, w),
            #[cfg(feature = "filter-drills")]
            Problem::XorPeel(p) => p.step(i, prior, w),
            #[cfg(feature = "filter-drills")]
            Problem::QuotientInsert(p) => p.step(i, prior, w),
            #[allow(unreachable_patterns)]
            _ => Step::new(String::new(), Form::Whole { field: "answer" }, Answer::Whole(0), String::new(), Vec::new()),
        }
    }

    /// The bits the page shows before the first step (the filter a lookup exercise starts from).
    pub fn start_bits(&self) -> Option<Vec<bool>> {
        match self {
            #[cfg(feature = "filter-drills")]
            Problem::Insert { m, .. } => Some(vec![false; *m]),
            #[cfg(feature = "filter-drills")]
            Problem::Lookup { m, items, .. } => Some(bloom::filter(items, *m)),
            #[cfg(feature = "stream-drills")]
            Problem::MisraGries(p) => Some(vec![false; p.u]),
            _ => None,
        }
    }

    /// What the typed cells of step `i` start from, when the problem says (a count-min row starts
    /// as the student left that row, not as the last row typed); `None` leaves it to the session.
    pub fn start_cells(&self, i: usize, prior: &[Answer]) -> Option<Vec<i64>> {
        match self {
            #[cfg(feature = "stream-drills")]
            Problem::CountMin(p) => p.start_cells(i, prior),
            #[cfg(feature = "filter-drills")]
            Problem::QuotientInsert(p) => p.start_cells(i, prior),
            _ => None,
        }
    }

    /// The problem as JSON (`practice-problem`'s `data-problem`).
    pub fn json(&self) -> String {
        match self {
            #[cfg(feature = "filter-drills")]
            Problem::Insert { m, items } => {
                format!("{{\"m\": {m}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}]}}", list(items))
            }
            #[cfg(feature = "filter-drills")]
            Problem::Lookup { m, items, lookups } => format!(
                "{{\"m\": {m}, \"k\": 2, \"hash\": \"ullman\", \"items\": [{}], \"lookups\": [{}]}}",
                list(items),
                list(lookups)
            ),
            #[cfg(feature = "stream-drills")]
            Problem::Fm(p) => {
                format!("{{\"a\": {}, \"b\": {}, \"w\": {}, \"stream\": [{}]}}", p.a, p.b, p.w, list(&p.stream))
            }
            #[cfg(feature = "filter-drills")]
            Problem::Formula { m, n, k } => format!("{{\"m\": {m}, \"n\": {n}, \"k\": {k}}}"),
            #[cfg(feature = "filter-drills")]
            Problem::Counting(p) => p.json(),
            #[cfg(feature = "filter-drills")]
            Problem::Xor(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::Hll(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::Ams(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::Reservoir(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::Sampling(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::CountMin(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::MisraGries(p) => p.json(),
            #[cfg(feature = "stream-drills")]
            Problem::Dgim(p) => p.json(),
            #[cfg(feature = "filter-drills")]
            Problem::XorPeel(p) => p.json(),
            #[cfg(feature = "filter-drills")]
            Problem::QuotientInsert(p) => p.json(),
            #[allow(unreachable_patterns)]
            _ => "{}".into(),
        }
    }

    /// The problem in words.
    pub fn statement(&self) -> String {
        match self {
            #[cfg(feature = "filter-drills")]
            Problem::Insert { m, items } => format!("A filter of m = {m} bits, k = 2 hashes. Insert {}.", list(items)),
            #[cfg(feature = "filter-drills")]
            Problem::Lookup { m, items, lookups } => format!(
                "A filter of m = {m} bits, k = 2 hashes, holding {} (its bits are shown). Look up {}.",
                list(items),
                list(lookups)
            ),
            #[cfg(feature = "stream-drills")]
            Problem::Fm(p) => format!(
                "h(x) = ({}·x + {}) mod 2^{} = ({}·x + {}) mod {}. The stream: {}.",
                p.a,
                p.b,
                p.w,
                p.a,
                p.b,
                1u64 << p.w,
                list(&p.stream)
            ),
            #[cfg(feature = "filter-drills")]
            Problem::Formula { m, n, k } => format!("m = {m} bits, n = {n} items, k = {k} hash functions."),
            #[cfg(feature = "filter-drills")]
            Problem::Counting(p) => p.statement(),
            #[cfg(feature = "filter-drills")]
            Problem::Xor(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::Hll(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::Ams(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::Reservoir(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::Sampling(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::CountMin(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::MisraGries(p) => p.statement(),
            #[cfg(feature = "stream-drills")]
            Problem::Dgim(p) => p.statement(),
            #[cfg(feature = "filter-drills")]
            Problem::XorPeel(p) => p.statement(),
            #[cfg(feature = "filter-drills")]
            Problem::QuotientInsert(p) => p.statement(),
            #[allow(unreachable_patterns)]
            _ => String::new(),
        }
    }
}
