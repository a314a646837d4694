//! The counting ("spectral") Bloom filter: m counters of w bits instead of m bits, so items can
//! be deleted and their multiplicity estimated. Three estimators from Cohen & Matias, "Spectral
//! Bloom Filters" (SIGMOD 2003):
//!
//! - **Minimum Selection** (`min`): insert adds 1 to each of the item's k counters, delete takes 1
//!   away, and the estimate is the smallest of the k counters. Other items can only add to a
//!   counter, so without deletes of absent items the estimate never falls below the true count.
//! - **Minimal Increase** (`mi`): insert adds 1 only to the counters that hold the item's current
//!   minimum (all of them when several tie). Counters grow less, so estimates are tighter, and it
//!   still never undercounts while there are only inserts. A delete cannot know which counters the
//!   item's inserts really raised; we take 1 from all k (the paper's remark that deletes do not fit
//!   this method is what the view demonstrates): other items' counters drop below their counts.
//! - **Recurring Minimum** (`rm`): our reading of the paper's section on this heuristic. An item
//!   whose smallest counter value occurs at least twice among its k counters ("recurring") is
//!   trusted: a collision would have to hit two counters to fool it. An item whose minimum occurs
//!   once is likely to be inflated, so it is also kept in a second, smaller filter:
//!   - insert: add 1 to all k primary counters; if the minimum is now single, then if the item is
//!     already in the secondary filter (its secondary minimum > 0) add 1 to its secondary counters,
//!     else add the primary minimum to each of its secondary counters (it enters with the count
//!     the primary believes);
//!   - lookup: a recurring minimum is the answer; otherwise, if the item's secondary minimum is
//!     above 0, that is the answer, else the primary minimum;
//!   - delete: take 1 from the k primary counters, and from the k secondary counters when the
//!     item's secondary minimum is above 0.
//!
//!   The secondary filter has half as many counters as the primary (at least 1), the same k,
//!   hash family and counter width: our choice; the paper only asks for a smaller one.
//!
//! Counters saturate: one that reaches 2^w - 1 stays there, and is never decremented (it no longer
//! knows its true value). With w = 1 the filter is a classic Bloom filter that cannot delete.

mod counters;
mod overflow;
#[cfg(test)]
mod tests;

pub use counters::{saturation, Counters, MAX_W, MIN_W};
pub use overflow::{fan_factor_4bit, fan_overflow_log10, overflow_bound_log10};

use std::rc::Rc;

use crate::engine::hashing::{HashError, HashFamily};

/// The estimator in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Minimum Selection.
    Min,
    /// Minimal Increase.
    Mi,
    /// Recurring Minimum, with a secondary filter.
    Rm,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Min, Mode::Mi, Mode::Rm];
    /// The names of `ALL`, in the same order.
    pub const NAMES: [&'static str; 3] = [Mode::Min.name(), Mode::Mi.name(), Mode::Rm.name()];

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Min => "min",
            Mode::Mi => "mi",
            Mode::Rm => "rm",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == s)
    }

    pub fn title(self) -> &'static str {
        match self {
            Mode::Min => "Minimum Selection",
            Mode::Mi => "Minimal Increase",
            Mode::Rm => "Recurring Minimum",
        }
    }
}

/// What happened to one counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountStep {
    /// Which hash, 0..k-1.
    pub index: u32,
    /// The hash value before `mod m`.
    pub raw: u64,
    pub position: u64,
    pub before: u32,
    pub after: u32,
}

/// The kind of operation a trace shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Insert,
    Delete,
    Lookup,
}

impl OpKind {
    pub fn name(self) -> &'static str {
        match self {
            OpKind::Insert => "insert",
            OpKind::Delete => "delete",
            OpKind::Lookup => "lookup",
        }
    }
}

/// How an estimate was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The answer: the estimated count (0 means "certainly absent").
    pub value: u32,
    /// The smallest of the item's primary counters.
    pub primary_min: u32,
    /// How many of the item's k counters hold that minimum (positions counted with repeats).
    pub min_count: u32,
    /// Recurring Minimum only: the smallest of the item's secondary counters.
    pub secondary_min: Option<u32>,
    /// Whether the answer came from the secondary filter.
    pub from_secondary: bool,
}

/// One item's operation, counter by counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountTrace {
    pub item: String,
    pub op: OpKind,
    pub steps: Vec<CountStep>,
    /// Recurring Minimum: the secondary filter's counters (always shown in `rm`, changed or not).
    pub secondary: Vec<CountStep>,
    /// The estimate after the operation.
    pub estimate: Estimate,
}

impl CountTrace {
    pub fn positions(&self) -> Vec<u64> {
        self.steps.iter().map(|s| s.position).collect()
    }
    pub fn positions_csv(&self) -> String {
        self.steps.iter().map(|s| s.position.to_string()).collect::<Vec<_>>().join(",")
    }
    pub fn secondary_positions(&self) -> Vec<u64> {
        self.secondary.iter().map(|s| s.position).collect()
    }
}

/// The smallest value and how often it occurs.
fn min_and_count(values: impl Iterator<Item = u32>) -> (u32, u32) {
    let mut min = u32::MAX;
    let mut count = 0;
    let mut any = false;
    for v in values {
        any = true;
        if v < min {
            min = v;
            count = 1;
        } else if v == min {
            count += 1;
        }
    }
    if any {
        (min, count)
    } else {
        (0, 0)
    }
}

/// A counting Bloom filter with one of the three estimators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingFilter {
    family: HashFamily,
    k: u32,
    w: u32,
    mode: Mode,
    primary: Rc<Counters>,
    /// Recurring Minimum's second filter.
    secondary: Option<Rc<Counters>>,
}

impl CountingFilter {
    pub fn new(family: HashFamily, m: u64, k: u32, w: u32, mode: Mode) -> CountingFilter {
        let k = k.max(1).min(family.max_k().unwrap_or(u32::MAX));
        let w = w.clamp(MIN_W, MAX_W);
        let m = m.max(1);
        let secondary = (mode == Mode::Rm).then(|| Rc::new(Counters::new(Self::secondary_size(m), w)));
        CountingFilter { family, k, w, mode, primary: Rc::new(Counters::new(m, w)), secondary }
    }

    /// The filter with its primary counters replaced by `values` (m becomes their number).
    pub fn with_values(mut self, values: &[u32]) -> CountingFilter {
        self.primary = Rc::new(Counters::from_values(values, self.w));
        self
    }

    /// Counters in Recurring Minimum's secondary filter for a primary of `m`.
    pub fn secondary_size(m: u64) -> u64 {
        (m / 2).max(1)
    }

    pub fn family(&self) -> HashFamily {
        self.family
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn w(&self) -> u32 {
        self.w
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn m(&self) -> u64 {
        self.primary.len() as u64
    }
    pub fn counters(&self) -> &Counters {
        &self.primary
    }
    pub fn shared_counters(&self) -> Rc<Counters> {
        Rc::clone(&self.primary)
    }
    pub fn secondary(&self) -> Option<&Counters> {
        self.secondary.as_deref()
    }
    pub fn shared_secondary(&self) -> Option<Rc<Counters>> {
        self.secondary.clone()
    }

    fn hashes(&self, item: &str, m: u64) -> Result<Vec<(u64, u64)>, HashError> {
        Ok(self.family.hash(item, self.k, m)?.into_iter().map(|h| (h.raw, h.position)).collect())
    }

    fn steps(counters: &Counters, hashes: &[(u64, u64)]) -> Vec<CountStep> {
        hashes
            .iter()
            .enumerate()
            .map(|(i, &(raw, position))| {
                let v = counters.get(position);
                CountStep { index: i as u32, raw, position, before: v, after: v }
            })
            .collect()
    }

    fn positions_into(&self, item: &[u8], m: u64, out: &mut Vec<u64>) -> bool {
        out.clear();
        self.family.for_each_position(item, self.k, m, |p| out.push(p))
    }

    /// The estimate from given positions (primary and, for `rm`, secondary).
    fn estimate_at(&self, primary: &[u64], secondary: &[u64]) -> Estimate {
        let (pmin, count) = min_and_count(primary.iter().map(|&p| self.primary.get(p)));
        let mut e =
            Estimate { value: pmin, primary_min: pmin, min_count: count, secondary_min: None, from_secondary: false };
        if let Some(sec) = &self.secondary {
            let (smin, _) = min_and_count(secondary.iter().map(|&p| sec.get(p)));
            e.secondary_min = Some(smin);
            if count < 2 && smin > 0 {
                e.value = smin;
                e.from_secondary = true;
            }
        }
        e
    }

    /// The estimate of `item`'s count, without a trace (fast path).
    pub fn estimate_bytes(&self, item: &[u8], scratch: &mut Vec<u64>, scratch2: &mut Vec<u64>) -> Option<Estimate> {
        if !self.positions_into(item, self.m(), scratch) {
            return None;
        }
        if let Some(sec) = &self.secondary {
            self.positions_into(item, sec.len() as u64, scratch2);
        } else {
            scratch2.clear();
        }
        Some(self.estimate_at(scratch, scratch2))
    }

    /// The fast insert path; false when the family cannot hash the item.
    pub fn insert_bytes(&mut self, item: &[u8], scratch: &mut Vec<u64>, scratch2: &mut Vec<u64>) -> bool {
        if !self.positions_into(item, self.m(), scratch) {
            return false;
        }
        if let Some(sec) = &self.secondary {
            self.positions_into(item, sec.len() as u64, scratch2);
        }
        self.insert_at(scratch, scratch2);
        true
    }

    fn insert_at(&mut self, primary: &[u64], secondary: &[u64]) {
        let counters = Rc::make_mut(&mut self.primary);
        match self.mode {
            Mode::Min | Mode::Rm => {
                for &p in primary {
                    counters.add(p, 1);
                }
            }
            Mode::Mi => {
                let (min, _) = min_and_count(primary.iter().map(|&p| counters.get(p)));
                // Positions repeated among the k hashes are raised once.
                let mut done: Vec<u64> = Vec::with_capacity(primary.len());
                for &p in primary {
                    if counters.get(p) == min && !done.contains(&p) {
                        counters.add(p, 1);
                        done.push(p);
                    }
                }
            }
        }
        if let Some(sec) = &mut self.secondary {
            let (pmin, count) = min_and_count(primary.iter().map(|&p| self.primary.get(p)));
            if count < 2 {
                let sec = Rc::make_mut(sec);
                let (smin, _) = min_and_count(secondary.iter().map(|&p| sec.get(p)));
                let by = if smin > 0 { 1 } else { pmin };
                for &p in secondary {
                    sec.add(p, by);
                }
            }
        }
    }

    fn delete_at(&mut self, primary: &[u64], secondary: &[u64]) {
        let counters = Rc::make_mut(&mut self.primary);
        for &p in primary {
            counters.decrement(p);
        }
        if let Some(sec) = &mut self.secondary {
            let (smin, _) = min_and_count(secondary.iter().map(|&p| sec.get(p)));
            if smin > 0 {
                let sec = Rc::make_mut(sec);
                for &p in secondary {
                    sec.decrement(p);
                }
            }
        }
    }

    fn traced(&mut self, item: &str, op: OpKind) -> Result<CountTrace, HashError> {
        let hp = self.hashes(item, self.m())?;
        let hs = match &self.secondary {
            Some(sec) => self.hashes(item, sec.len() as u64)?,
            None => Vec::new(),
        };
        let pp: Vec<u64> = hp.iter().map(|h| h.1).collect();
        let sp: Vec<u64> = hs.iter().map(|h| h.1).collect();
        let mut steps = Self::steps(&self.primary, &hp);
        let mut secondary = self.secondary.as_ref().map(|s| Self::steps(s, &hs)).unwrap_or_default();
        match op {
            OpKind::Insert => self.insert_at(&pp, &sp),
            OpKind::Delete => self.delete_at(&pp, &sp),
            OpKind::Lookup => {}
        }
        for s in &mut steps {
            s.after = self.primary.get(s.position);
        }
        if let Some(sec) = &self.secondary {
            for s in &mut secondary {
                s.after = sec.get(s.position);
            }
        }
        let estimate = self.estimate_at(&pp, &sp);
        Ok(CountTrace { item: item.to_string(), op, steps, secondary, estimate })
    }

    pub fn insert(&mut self, item: &str) -> Result<CountTrace, HashError> {
        self.traced(item, OpKind::Insert)
    }

    /// Deletes unconditionally (the caller decides whether a delete is allowed).
    pub fn delete(&mut self, item: &str) -> Result<CountTrace, HashError> {
        self.traced(item, OpKind::Delete)
    }

    pub fn lookup(&self, item: &str) -> Result<CountTrace, HashError> {
        self.clone_for_lookup().traced(item, OpKind::Lookup)
    }

    /// A cheap copy (the counters are shared until written, and a lookup writes nothing).
    fn clone_for_lookup(&self) -> CountingFilter {
        self.clone()
    }

    /// The estimate of `item` (None when the family cannot hash it).
    pub fn estimate(&self, item: &str) -> Option<Estimate> {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        self.estimate_bytes(item.as_bytes(), &mut a, &mut b)
    }
}
