//! Two filters A and B with the same m, k and hash family: how many items each holds, estimated
//! from its fill (Swamidass and Baldi: n̂ = −(m/k)·ln(1 − X/m)); their OR, which is exactly the
//! filter of A ∪ B; and their AND, which contains the filter of A ∩ B — and usually keeps extra bits and
//! answers "maybe" more often.

use std::collections::HashSet;

use crate::data::generate::{item, ItemKind};
use crate::engine::bitvec::BitVec;
use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::engine::stats::{wilson, Z95};

use super::PROBES;

/// The number of items a filter of m bits and k hashes holds, estimated from X bits set; `None`
/// when every bit is set (the estimate is infinite).
pub fn estimate_n(m: u64, k: u32, x: u64) -> Option<f64> {
    if x >= m || m == 0 {
        return None;
    }
    Some(-(m as f64 / k.max(1) as f64) * (1.0 - x as f64 / m as f64).ln())
}

/// The items of one side: typed ones, then `bulk` generated words starting at index `from`.
pub fn side_items(typed: &[String], bulk: u64, from: u64, seed: u64) -> Vec<String> {
    let mut v = typed.to_vec();
    v.extend((from..from + bulk).map(|i| item(ItemKind::Words, seed, i)));
    v
}

/// A filter of the given shape holding `items`.
pub fn filter_of(family: HashFamily, m: u64, k: u32, items: &[String]) -> BloomFilter {
    let mut f = BloomFilter::new(family, m, k);
    for i in items {
        f.insert_bytes(i.as_bytes());
    }
    f
}

/// Bitwise OR or AND of two bit arrays of the same length.
pub fn combine(a: &BitVec, b: &BitVec, and: bool) -> BitVec {
    let mut out = BitVec::new(a.len());
    for i in 0..a.len() {
        if if and { a.get(i) && b.get(i) } else { a.get(i) || b.get(i) } {
            out.set(i);
        }
    }
    out
}

/// The measured false-positive rate of a bit array used as a filter, on the same probes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub hits: u64,
    pub trials: u64,
}

impl Rate {
    pub fn value(&self) -> f64 {
        self.hits as f64 / self.trials.max(1) as f64
    }
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.hits, self.trials, Z95)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SetPair {
    pub family: HashFamily,
    pub m: u64,
    pub k: u32,
    pub a: BitVec,
    pub b: BitVec,
    pub union: BitVec,
    pub intersection: BitVec,
    /// The filter built from A ∩ B directly.
    pub fresh: BitVec,
    /// Whether the OR equals the filter built from A ∪ B.
    pub union_exact: bool,
    /// Bits the AND keeps that the fresh filter does not.
    pub extra_bits: u64,
    /// True sizes: |A|, |B|, |A ∪ B|, |A ∩ B| (distinct items).
    pub truth: [u64; 4],
    pub and_rate: Rate,
    pub fresh_rate: Rate,
}

impl SetPair {
    pub fn new(family: HashFamily, m: u64, k: u32, a_items: &[String], b_items: &[String], seed: u64) -> SetPair {
        let sa: HashSet<&str> = a_items.iter().map(|s| s.as_str()).collect();
        let sb: HashSet<&str> = b_items.iter().map(|s| s.as_str()).collect();
        let both: Vec<String> = sa.intersection(&sb).map(|s| s.to_string()).collect();
        let either: Vec<String> = sa.union(&sb).map(|s| s.to_string()).collect();
        let fa = filter_of(family, m, k, a_items);
        let fb = filter_of(family, m, k, b_items);
        let union = combine(fa.bits(), fb.bits(), false);
        let intersection = combine(fa.bits(), fb.bits(), true);
        let fresh = filter_of(family, m, k, &both);
        let union_exact = union == *filter_of(family, m, k, &either).bits();
        let extra_bits = (0..m as usize).filter(|&i| intersection.get(i) && !fresh.bits().get(i)).count() as u64;
        let (mut and_hits, mut fresh_hits, mut trials) = (0, 0, 0);
        for i in 0..PROBES * 2 {
            if trials >= PROBES {
                break;
            }
            let probe = item(ItemKind::Words, seed ^ 0x9E0B, i);
            if sa.contains(probe.as_str()) || sb.contains(probe.as_str()) {
                continue;
            }
            trials += 1;
            let mut in_and = true;
            family.for_each_position(probe.as_bytes(), k, m, |p| in_and &= intersection.get(p as usize));
            and_hits += in_and as u64;
            fresh_hits += fresh.contains_bytes(probe.as_bytes()) as u64;
        }
        SetPair {
            family,
            m,
            k,
            a: fa.bits().clone(),
            b: fb.bits().clone(),
            truth: [sa.len() as u64, sb.len() as u64, either.len() as u64, both.len() as u64],
            union,
            intersection,
            fresh: fresh.bits().clone(),
            union_exact,
            extra_bits,
            and_rate: Rate { hits: and_hits, trials },
            fresh_rate: Rate { hits: fresh_hits, trials },
        }
    }

    /// n̂ for A, B and A ∪ B, and |A ∩ B| by inclusion–exclusion (`None` when a filter is full).
    pub fn estimates(&self) -> [Option<f64>; 4] {
        let e = |bits: &BitVec| estimate_n(self.m, self.k, bits.count_ones() as u64);
        let (a, b, u) = (e(&self.a), e(&self.b), e(&self.union));
        let i = match (a, b, u) {
            (Some(a), Some(b), Some(u)) => Some(a + b - u),
            _ => None,
        };
        [a, b, u, i]
    }
}
