//! What the comparison measured of one method at one n.

use super::Method;
use crate::engine::timing::Summary;

/// One method at one n.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodResult {
    pub method: Method,
    pub n: u64,
    /// Nanoseconds per insert, per member lookup and per non-member lookup: the median over the
    /// rounds with the fastest and slowest round.
    pub insert: Summary,
    pub member: Summary,
    pub nonmember: Summary,
    /// Inserts timed per round: n when whole structures were built, else the last s.
    pub inserts_timed: u64,
    /// Queries of each kind per round (members, non-members).
    pub queries: u64,
    /// Non-members answered "maybe" (in the warm-up pass: every pass answers the same).
    pub fp: u64,
    /// Members answered "no" (must be 0).
    pub missed: u64,
    pub bytes: u64,
    /// (m, k) for the filters.
    pub shape: Option<(u64, u32)>,
}

impl MethodResult {
    pub fn fp_rate(&self) -> f64 {
        self.fp as f64 / self.queries.max(1) as f64
    }
    pub fn bits_per_item(&self) -> f64 {
        self.bytes as f64 * 8.0 / self.n.max(1) as f64
    }
    /// The timings whose rounds spread wider than 2×: ("insert" | "member" | "non-member", summary).
    pub fn wide(&self) -> Vec<(&'static str, Summary)> {
        [("insert", self.insert), ("member", self.member), ("non-member", self.nonmember)]
            .into_iter()
            .filter(|(_, s)| s.wide())
            .collect()
    }
}
