//! The built filter: construction for one seed (plain or traced), retries with new seeds, the
//! query, and the sweep that measures how often a seed works.

use super::banding::{row_value, BackStep, Banding, InsertTrace, Outcome};
use super::{RibbonError, RibbonParams, Row};

/// The step between seeds of successive attempts (the contract's G), and the seed of attempt `a`:
/// the schedule every filter that retries shares (`hashing::attempt_seed`).
pub use crate::engine::hashing::{attempt_seed, SEED_STEP as GOLDEN};

/// A built ribbon filter: its shape, the seed its keys were hashed with, and the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ribbon {
    params: RibbonParams,
    seed: u64,
    solution: Vec<u64>,
}

/// A filter built by retrying, and the number of seeds tried (1 when the first one worked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The filter.
    pub ribbon: Ribbon,
    /// Seeds tried, the working one included.
    pub attempts: u32,
}

/// A construction recorded step by step, for a hand-sized walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildTrace {
    /// Every key's insertion, in order, up to and including the first that failed.
    pub inserts: Vec<InsertTrace>,
    /// The back-substitution, last row first (empty when an insertion failed).
    pub back: Vec<BackStep>,
    /// The filter, if every key went in.
    pub ribbon: Option<Ribbon>,
}

/// The result of a sweep: how many seeds were tried and how many gave a solvable system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sweep {
    /// Seeds tried.
    pub seeds: u32,
    /// Seeds whose system was solvable.
    pub succeeded: u32,
}

impl Sweep {
    /// The fraction of seeds that worked (0 when none was tried).
    pub fn fraction(&self) -> f64 {
        crate::engine::stats::rate(u64::from(self.succeeded), u64::from(self.seeds))
    }
}

/// The banding of `keys` under `seed`, or the index of the first key that failed.
fn band<S: AsRef<str>>(params: &RibbonParams, seed: u64, keys: &[S]) -> Result<Banding, RibbonError> {
    let mut banding = Banding::new(params.slots());
    for (i, k) in keys.iter().enumerate() {
        match banding.insert(params.row(seed, k.as_ref())) {
            Outcome::Stored(_) | Outcome::Redundant => {}
            Outcome::Failed | Outcome::OutOfRange => return Err(RibbonError::Unsolvable { key: i }),
        }
    }
    Ok(banding)
}

impl Ribbon {
    /// Builds the filter of `keys` with one seed (an error when that seed's system has no
    /// solution).
    pub fn build<S: AsRef<str>>(params: RibbonParams, seed: u64, keys: &[S]) -> Result<Ribbon, RibbonError> {
        let banding = band(&params, seed, keys)?;
        Ok(Ribbon { params, seed, solution: banding.solve() })
    }

    /// Builds with seeds `attempt_seed(seed, a)` for a = 0, 1, … until one works, at most
    /// `max_attempts` of them.
    pub fn build_retrying<S: AsRef<str>>(
        params: RibbonParams,
        seed: u64,
        keys: &[S],
        max_attempts: u32,
    ) -> Result<Built, RibbonError> {
        for a in 0..max_attempts {
            if let Ok(ribbon) = Ribbon::build(params, attempt_seed(seed, a), keys) {
                return Ok(Built { ribbon, attempts: a + 1 });
            }
        }
        Err(RibbonError::NoSeedWorked { attempts: max_attempts })
    }

    /// Builds with one seed and records every step (meant for a few keys: the trace grows with
    /// the keys' collisions and the slots).
    pub fn build_traced<S: AsRef<str>>(params: RibbonParams, seed: u64, keys: &[S]) -> BuildTrace {
        let mut banding = Banding::new(params.slots());
        let mut inserts = Vec::with_capacity(keys.len());
        for k in keys {
            let t = banding.insert_traced(params.row(seed, k.as_ref()));
            let failed = matches!(t.outcome, Outcome::Failed | Outcome::OutOfRange);
            inserts.push(t);
            if failed {
                return BuildTrace { inserts, back: Vec::new(), ribbon: None };
            }
        }
        let (solution, back) = banding.solve_traced();
        BuildTrace { inserts, back, ribbon: Some(Ribbon { params, seed, solution }) }
    }

    /// The shape.
    pub fn params(&self) -> RibbonParams {
        self.params
    }

    /// The seed the keys were hashed with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The solution Z: one r-bit value per slot.
    pub fn solution(&self) -> &[u64] {
        &self.solution
    }

    /// A key's equation in this filter.
    pub fn row(&self, key: &str) -> Row {
        self.params.row(self.seed, key)
    }

    /// The XOR of the solution rows a row's coefficients pick.
    pub fn value_of(&self, row: &Row) -> u64 {
        row_value(&self.solution, row, self.params.result_bits())
    }

    /// Whether a key may be in the set: its XOR equals its result (always for an added key; with
    /// chance 2^−r for another).
    pub fn contains(&self, key: &str) -> bool {
        let row = self.row(key);
        self.value_of(&row) == row.result
    }

    /// Bits of solution per slot times slots: m·r.
    pub fn bits(&self) -> u64 {
        self.params.slots() as u64 * u64::from(self.params.result_bits())
    }
}

/// The fraction of seeds whose system is solvable for `n` keys (`key0`, `key1`, …) with band
/// width `width`, `result_bits` and overhead ε: seeds `attempt_seed(seed, a)` for a in
/// 0..`seeds`.
pub fn sweep(
    n: usize,
    overhead: f64,
    width: u32,
    result_bits: u32,
    seeds: u32,
    seed: u64,
) -> Result<Sweep, RibbonError> {
    let params = RibbonParams::for_keys(n, overhead, width, result_bits)?;
    let keys: Vec<String> = (0..n).map(|i| format!("key{i}")).collect();
    let succeeded = (0..seeds).filter(|a| band(&params, attempt_seed(seed, *a), &keys).is_ok()).count();
    Ok(Sweep { seeds, succeeded: succeeded as u32 })
}
