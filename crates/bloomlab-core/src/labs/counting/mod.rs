//! The counting view's model: the filter, the operation history that built it, the true multiset
//! kept beside it, the last operation shown, the damage done, and the experiment's seed (the
//! experiment itself is the page's run, `Option<Experiment>`).

mod actions;
mod link;
mod page;
mod question;
#[cfg(test)]
mod tests;

pub mod experiment;
pub mod presets;

use std::collections::HashMap;

use crate::engine::counting::{saturation, CountTrace, CountingFilter, Mode, MAX_W, MIN_W};
use crate::engine::formulas;
use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::check_item;
use crate::link::query::{self};
use crate::text::{group_digits, shorten};

pub use link::{EXP, FORCE, K, M, MODE, OPS, PARAMS, QUERY, SHAPE, W};
pub use page::CountingEdit;

pub const DEFAULT_M: u64 = 32;
pub const DEFAULT_K: u32 = 3;
pub const DEFAULT_W: u32 = 4;
pub const MIN_M: u64 = 1;
pub const MAX_M: u64 = 1 << 20;
pub const MAX_K: u32 = 32;
/// Most operations in the history.
pub const MAX_OPS: usize = 5000;
/// Items listed in the multiset table.
pub const TABLE_ROWS: usize = 200;

/// One recorded operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Insert(String),
    Delete(String),
}

impl Op {
    pub fn item(&self) -> &str {
        match self {
            Op::Insert(s) | Op::Delete(s) => s,
        }
    }
    /// `i:ITEM` or `d:ITEM`, the item percent-encoded.
    pub fn encode(&self) -> String {
        match self {
            Op::Insert(s) => format!("i:{}", query::encode(s)),
            Op::Delete(s) => format!("d:{}", query::encode(s)),
        }
    }
}

/// The answer of a lookup: the classic filter's verdict, as the contract names it.
pub use crate::engine::filter::Verdict;

/// The last operation shown with its counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastOp {
    pub trace: CountTrace,
    /// The item's true count after the operation.
    pub true_count: u64,
    /// A delete of an item that was never inserted (the filter could not tell).
    pub phantom_delete: bool,
    /// A delete forced past an "absent" answer.
    pub forced: bool,
    /// Items this operation turned into false negatives.
    pub new_false_negatives: Vec<String>,
}

impl LastOp {
    pub fn verdict(&self) -> Verdict {
        if self.trace.estimate.value > 0 {
            Verdict::Maybe
        } else {
            Verdict::Absent
        }
    }
    pub fn is_member(&self) -> bool {
        self.true_count > 0
    }
}

/// An item whose estimate is below its true count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    pub item: String,
    pub true_count: u64,
    pub estimate: u32,
}

/// One row of the multiset table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub item: String,
    pub true_count: u64,
    pub estimate: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CountingLab {
    filter: CountingFilter,
    ops: Vec<Op>,
    /// True counts, and the order items first appeared in.
    truth: HashMap<String, u64>,
    order: Vec<String>,
    force: bool,
    shown: Option<LastOp>,
    damage: Vec<Damaged>,
    /// The Zipf experiment's seed, once it was asked for.
    exp: Option<u64>,
}

impl Default for CountingLab {
    fn default() -> Self {
        CountingLab::new(HashFamily::Xxh3, DEFAULT_M, DEFAULT_K, DEFAULT_W, Mode::Min)
    }
}

impl CountingLab {
    pub fn new(family: HashFamily, m: u64, k: u32, w: u32, mode: Mode) -> CountingLab {
        let k = k.clamp(1, family.max_k().unwrap_or(MAX_K).min(MAX_K));
        CountingLab {
            filter: CountingFilter::new(family, m.clamp(MIN_M, MAX_M), k, w.clamp(MIN_W, MAX_W), mode),
            ops: Vec::new(),
            truth: HashMap::new(),
            order: Vec::new(),
            force: false,
            shown: None,
            damage: Vec::new(),
            exp: None,
        }
    }

    // ----- reading -----

    pub fn filter(&self) -> &CountingFilter {
        &self.filter
    }
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }
    pub fn force(&self) -> bool {
        self.force
    }
    pub fn shown(&self) -> Option<&LastOp> {
        self.shown.as_ref()
    }
    pub fn damage(&self) -> &[Damaged] {
        &self.damage
    }
    /// The Zipf experiment's seed, once it was asked for.
    pub fn exp(&self) -> Option<u64> {
        self.exp
    }
    pub fn m(&self) -> u64 {
        self.filter.m()
    }
    pub fn k(&self) -> u32 {
        self.filter.k()
    }
    pub fn w(&self) -> u32 {
        self.filter.w()
    }
    pub fn mode(&self) -> Mode {
        self.filter.mode()
    }
    pub fn family(&self) -> HashFamily {
        self.filter.family()
    }

    /// The true count of `item`.
    pub fn true_count(&self, item: &str) -> u64 {
        self.truth.get(item).copied().unwrap_or(0)
    }

    /// Distinct items present in the true multiset: the n of the false-positive formulas.
    pub fn n(&self) -> u64 {
        self.truth.values().filter(|&&c| c > 0).count() as u64
    }

    /// Items in the true multiset, counted with multiplicity.
    pub fn total_count(&self) -> u64 {
        self.truth.values().sum()
    }

    /// Rows of the multiset table: items ever named, in order of first appearance (at most `TABLE_ROWS`).
    pub fn rows(&self) -> Vec<Row> {
        self.order
            .iter()
            .take(TABLE_ROWS)
            .map(|item| Row {
                item: item.clone(),
                true_count: self.true_count(item),
                estimate: self.filter.estimate(item).map(|e| e.value).unwrap_or(0),
            })
            .collect()
    }
    pub fn distinct_named(&self) -> usize {
        self.order.len()
    }

    /// Memory of the counters in bits (primary plus, in `rm`, secondary), and of a plain Bloom filter.
    pub fn memory_bits(&self) -> (u64, u64) {
        let counters = self.m() + self.filter.secondary().map(|s| s.len() as u64).unwrap_or(0);
        (counters * self.w() as u64, self.m())
    }

    /// The chance that a random non-member passes this very filter: (non-zero counters / m)^k.
    pub fn fill_fp(&self) -> f64 {
        (self.filter.counters().nonzero() as f64 / self.m() as f64).powi(self.k() as i32)
    }

    pub fn optimal_k(&self) -> u32 {
        formulas::optimal_k(self.m(), self.n(), MAX_K)
    }
}
