//! The build-success sweep: how often one attempt peels, as the slots per key run across the
//! threshold.

use super::build::key_hash;
use super::layout::{Kind, Layout, SegmentRule};
use super::peel::peel;

/// One point of the sweep: at `ratio` slots per key, `successes` of `trials` seeds peeled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepPoint {
    pub ratio: f64,
    pub successes: u64,
    pub trials: u64,
}

impl SweepPoint {
    pub fn rate(&self) -> f64 {
        crate::engine::stats::rate(self.successes, self.trials)
    }
}

/// One trial: `n` generated keys (`"k<trial>-<i>"`, a fresh set per trial) hashed with `seed`
/// into a layout of about `ratio · n` slots; whether peeling took every key.
pub fn sweep_trial(kind: Kind, n: u32, ratio: f64, rule: SegmentRule, trial: u64, seed: u64) -> bool {
    let layout = Layout::with_ratio(kind, n, ratio, rule);
    let hashes: Vec<u64> = (0..n).map(|i| key_hash(&format!("k{trial}-{i}"), seed)).collect();
    peel(&layout, &hashes, &mut ()).complete(hashes.len())
}
