//! The xor view (`view=xor`, issue 52): the xor filter and the binary fuse filters built by
//! peeling from typed keys, step by step (each key's slots, the degrees, the queue, each peel, a
//! failed build's core, the assignment in reverse order, a lookup), the reference's sizes for n
//! keys under both segment rules, and the build-success sweep across the threshold. The filters
//! themselves are `engine::xor`.

pub mod fpr;
mod link;
pub mod params;
pub mod sweep;
mod walk;
pub mod window;
mod words;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::engine::filter::{Truth, Verdict};
use crate::engine::xor::{build, key_hash, peel, Attempts, Built, Kind, Layout, SegmentRule, Trace, BUILD_ATTEMPTS};
pub use fpr::FprRun;
pub use params::PARAMS;
pub use sweep::SweepRun;
pub use walk::Step;

/// Most slots whose values the `xor-array` hook lists.
pub const HOOK_SLOTS: usize = 4_096;
/// Most keys drawn one row each (and given an `xor-key` hook).
pub const ROW_KEYS: usize = 64;

/// A built filter and how it was built, for the walkthrough.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    pub built: Built,
    /// Each key's hash under the seed that was used.
    pub hashes: Vec<u64>,
    /// The peeling of that seed, watched.
    pub trace: Trace,
    /// The key that left at each peel, in the trace's order.
    pub order: Vec<usize>,
    pub steps: Vec<Step>,
}

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct XorLab {
    pub kind: Kind,
    pub fp: u32,
    /// The keys, each once, in the order given.
    pub keys: Vec<String>,
    pub query: Option<String>,
    pub seed: u64,
    /// Slots per key for the typed keys (0: the reference's size).
    pub spk: f64,
    /// Keys for the sizes table and the sweep.
    pub n: u64,
    pub walk: Rc<Walk>,
}

impl XorLab {
    /// Builds the typed keys: attempts until one peels (at most the reference's 100), then that
    /// seed's peeling again, watched, for the steps.
    fn walk_of(kind: Kind, fp: u32, keys: &[String], seed: u64, spk: f64) -> Walk {
        let n = keys.len() as u32;
        let layout = if spk > 0.0 {
            Layout::with_ratio(kind, n, spk, SegmentRule::Formula)
        } else {
            Layout::new(kind, n, SegmentRule::Formula)
        };
        let attempts = Attempts { first: seed, max: BUILD_ATTEMPTS };
        let built = build(layout, fp, attempts, |s, out| out.extend(keys.iter().map(|k| key_hash(k, s))));
        let hashes: Vec<u64> = keys.iter().map(|k| key_hash(k, built.seed)).collect();
        let mut trace = Trace::default();
        peel(&layout, &hashes, &mut trace);
        let index: std::collections::HashMap<u64, usize> = hashes.iter().enumerate().map(|(k, &h)| (h, k)).collect();
        let order = trace.peels.iter().filter_map(|p| index.get(&p.hash).copied()).collect();
        let steps = walk::steps(&built, &trace);
        Walk { built, hashes, trace, order, steps }
    }

    /// The key with this hash (under the walk's seed).
    pub fn key_of(&self, hash: u64) -> Option<usize> {
        self.walk.hashes.iter().position(|&h| h == hash)
    }

    /// A key's slots under the walk's seed.
    pub fn slots_of(&self, key: usize) -> Vec<u32> {
        let arity = self.kind.arity();
        let hash = self.walk.hashes.get(key).copied().unwrap_or(0);
        self.walk.built.layout.slots(hash)[..arity].to_vec()
    }

    /// How many keys use each slot.
    pub fn degrees(&self) -> Vec<u32> {
        let mut d = vec![0u32; self.walk.built.layout.array_length as usize];
        for key in 0..self.keys.len() {
            for s in self.slots_of(key) {
                d[s as usize] += 1;
            }
        }
        d
    }

    /// The fingerprint of a key.
    pub fn fingerprint_of(&self, key: usize) -> u16 {
        crate::engine::xor::fingerprint(self.walk.hashes.get(key).copied().unwrap_or(0), self.fp)
    }

    /// The looked-up key's hash, slots, fingerprint and the XOR of its slots; and whether it is
    /// one of the keys (a pass that is not is a false positive).
    pub fn lookup(&self) -> Option<Lookup> {
        let key = self.query.clone()?;
        let hash = key_hash(&key, self.walk.built.seed);
        let arity = self.kind.arity();
        let slots = self.walk.built.layout.slots(hash)[..arity].to_vec();
        let fingerprint = crate::engine::xor::fingerprint(hash, self.fp);
        let xor = self.walk.built.xor_of_slots(hash);
        let member = self.keys.contains(&key);
        Some(Lookup { key, slots, fingerprint, xor, passes: self.walk.built.contains_hash(hash), member })
    }
}

/// A lookup in the built filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub key: String,
    pub slots: Vec<u32>,
    pub fingerprint: u16,
    pub xor: u16,
    pub passes: bool,
    pub member: bool,
}

impl Lookup {
    /// The contract's `data-verdict`: `absent` or `maybe`.
    pub fn verdict(&self) -> &'static str {
        Verdict::of(self.passes).name()
    }

    /// The contract's `data-truth`: `member` or `non-member`.
    pub fn truth(&self) -> &'static str {
        Truth::of(self.member).name()
    }

    /// It passes without being a key.
    pub fn false_positive(&self) -> bool {
        self.passes && !self.member
    }
}
