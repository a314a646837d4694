//! The ribbon panel: the typed keys' rows in a band of width w, the on-the-fly elimination key by
//! key and the back-substitution as steps (`Ribbon::build_traced`), a failed build, and the
//! space a chosen chance of failure per seed asks for.

use crate::engine::hashing::attempt_seed;
use crate::engine::ribbon::{sweep, BuildTrace, Outcome, Ribbon, RibbonParams, Row};

/// Room the walkthrough's filter has: m = ⌈(1 + ε)·n⌉ slots with ε = 0.25 (at least w).
pub const WALK_OVERHEAD: f64 = 0.25;
/// Result bits r of the walkthrough's rows.
pub const WALK_RESULT_BITS: u32 = 4;
/// Seeds tried before the walkthrough gives up.
pub const WALK_ATTEMPTS: u32 = 100;
/// The overheads ε the space search tries: 0, 0.05, …, 2.
pub const SPACE_STEPS: usize = 41;

/// One step of the walkthrough (the state before the first is step 0, the hashed rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RibbonStep {
    /// Key i's row arrives at its start.
    Arrive(usize),
    /// Key i's row meets the row stored at its slot (collision j of its insertion): XOR, shift.
    Xor(usize, usize),
    /// Key i's row is stored, found redundant, or fails.
    Settle(usize),
    /// Back-substitution step j (the last row first).
    Back(usize),
}

/// A build that failed: its shape, seed and trace (ending at the key that failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedBuild {
    pub params: RibbonParams,
    pub seed: u64,
    pub trace: BuildTrace,
}

/// The walkthrough of the typed keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RibbonPanel {
    pub params: RibbonParams,
    /// The seed of the build shown: the first that worked, or the last tried.
    pub seed: u64,
    /// Seeds tried (the working one included).
    pub attempts: u32,
    pub trace: BuildTrace,
    /// A failed build to show: the first seed's, when it failed; otherwise the first failure
    /// with no room at all (m = max(n, w) slots), if any of the seeds fails there.
    pub failed: Option<FailedBuild>,
    pub steps: Vec<RibbonStep>,
}

/// The space a chance of failure asks for, as measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpaceAt {
    /// The least overhead ε tried whose share of failing seeds is at most the chance.
    pub overhead: f64,
    pub slots: usize,
    /// Slots × r ÷ n.
    pub bits_per_key: f64,
    pub failed: u32,
    pub seeds: u32,
}

fn traced(params: RibbonParams, seed: u64, keys: &[String]) -> BuildTrace {
    Ribbon::build_traced(params, seed, keys)
}

impl RibbonPanel {
    /// The walkthrough of `keys` (at least one) with band width `w`, first seed `seed`. `None`
    /// only for a width the ribbon core refuses.
    pub fn new(keys: &[String], w: u32, seed: u64) -> Option<RibbonPanel> {
        let params = RibbonParams::for_keys(keys.len(), WALK_OVERHEAD, w, WALK_RESULT_BITS).ok()?;
        let works = (0..WALK_ATTEMPTS).find(|a| Ribbon::build(params, attempt_seed(seed, *a), keys).is_ok());
        let attempt = works.unwrap_or(WALK_ATTEMPTS - 1);
        let shown = attempt_seed(seed, attempt);
        let trace = traced(params, shown, keys);
        let failed = if attempt > 0 {
            Some(FailedBuild { params, seed, trace: traced(params, seed, keys) })
        } else {
            tight_failure(keys, w, seed)
        };
        let steps = steps_of(&trace);
        Some(RibbonPanel { params, seed: shown, attempts: attempt + 1, trace, failed, steps })
    }

    /// Every key went in.
    pub fn built(&self) -> bool {
        self.trace.ribbon.is_some()
    }

    /// Each key's row after `step` steps (0: as hashed): a key being eliminated has its row as
    /// the last XOR and shift left it; a row that became all zero keeps the slot where it did.
    /// Keys after the one that failed keep their hashed rows.
    pub fn rows_at(&self, step: usize, keys: &[String]) -> Vec<Row> {
        let mut rows: Vec<Row> = keys.iter().map(|k| self.params.row(self.seed, k)).collect();
        for s in self.steps.iter().take(step) {
            if let RibbonStep::Xor(key, j) = *s {
                let at = self.trace.inserts.get(key).and_then(|t| t.steps.get(j));
                if let (Some(b), Some(row)) = (at, rows.get_mut(key)) {
                    let shift = b.shift.min(63);
                    *row = Row { start: b.slot + shift as usize, coeff: b.xor_coeff >> shift, result: b.xor_result };
                }
            }
        }
        rows
    }

    /// The `ribbon-rows` hook at `step`: per key `start:bits` (w coefficient bits from the
    /// start, bit 0 first), keys joined by `;`, as `RibbonParams::rows_hook` writes step 0.
    pub fn rows_hook(&self, step: usize, keys: &[String]) -> String {
        let w = self.params.width();
        let rows = self.rows_at(step, keys);
        rows.iter().map(|r| format!("{}:{}", r.start, r.bits(w))).collect::<Vec<_>>().join(";")
    }

    /// How key `i`'s insertion ended, if it was inserted.
    pub fn outcome(&self, key: usize) -> Option<Outcome> {
        self.trace.inserts.get(key).map(|t| t.outcome)
    }

    /// The space the chance `chance` of failure per seed asks for with this band width, r and
    /// the typed keys' number, measured over `seeds` seeds (`ribbon::sweep`) at ε = 0, 0.05, …,
    /// 2: the least ε whose share of failing seeds is at most `chance`; `None` if none is.
    pub fn space_at(&self, keys: usize, chance: f64, seeds: u32) -> Option<SpaceAt> {
        space_at(keys, self.params.width(), self.params.result_bits(), chance, seeds, self.seed)
    }
}

/// `RibbonPanel::space_at` for any n, w and r (n ≤ a few thousand: each ε tried builds `seeds`
/// filters of n keys).
pub fn space_at(n: usize, w: u32, r: u32, chance: f64, seeds: u32, seed: u64) -> Option<SpaceAt> {
    if n == 0 || seeds == 0 || chance.is_nan() {
        return None;
    }
    (0..SPACE_STEPS).find_map(|i| {
        let overhead = i as f64 * 0.05;
        let done = sweep(n, overhead, w, r, seeds, seed).ok()?;
        let failed = done.seeds - done.succeeded;
        let slots = RibbonParams::for_keys(n, overhead, w, r).ok()?.slots();
        (f64::from(failed) <= chance * f64::from(seeds)).then(|| SpaceAt {
            overhead,
            slots,
            bits_per_key: (slots as f64 * f64::from(r)) / n as f64,
            failed,
            seeds,
        })
    })
}

/// The first seed whose build fails with no room (m = max(n, w) slots), if one of the
/// walkthrough's seeds does.
fn tight_failure(keys: &[String], w: u32, seed: u64) -> Option<FailedBuild> {
    let params = RibbonParams::for_keys(keys.len(), 0.0, w, WALK_RESULT_BITS).ok()?;
    let a = (0..WALK_ATTEMPTS).find(|a| Ribbon::build(params, attempt_seed(seed, *a), keys).is_err())?;
    let seed = attempt_seed(seed, a);
    Some(FailedBuild { params, seed, trace: traced(params, seed, keys) })
}

/// The steps of a trace: each key's arrival, collisions and end, then the back-substitution.
pub fn steps_of(trace: &BuildTrace) -> Vec<RibbonStep> {
    let mut steps = Vec::new();
    for (i, t) in trace.inserts.iter().enumerate() {
        steps.push(RibbonStep::Arrive(i));
        steps.extend((0..t.steps.len()).map(|j| RibbonStep::Xor(i, j)));
        steps.push(RibbonStep::Settle(i));
    }
    steps.extend((0..trace.back.len()).map(RibbonStep::Back));
    steps
}
