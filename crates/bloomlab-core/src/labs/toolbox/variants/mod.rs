//! Six filters at the same memory, on the same items and probes: classic; partitioned (k slices
//! of M/k bits); blocked (each item in one 512-bit block); counting with 4-bit counters (M/4 of
//! them); a cuckoo filter (fingerprints of f bits in buckets of 4, at most 500 kicks); and a
//! scalable filter that adds filters with tightening rates as it fills.

mod cuckoo;
mod scalable;

pub use cuckoo::{Cuckoo, CuckooDemo};
pub use scalable::{Part, Scalable};

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::engine::bitvec::BitVec;
use crate::engine::formulas::{finite, optimal_k, partitioned};
use crate::engine::hashing::seed;

pub const BLOCK: u64 = 512;
pub const MAX_KICKS: u32 = 500;
pub const SLOTS: usize = 4;

#[inline]
fn h(item: &[u8], i: u32) -> u64 {
    xxh3_64_with_seed(item, seed(i))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Classic,
    Partitioned,
    Blocked,
    Counting,
    Cuckoo,
    Scalable,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Classic,
        Variant::Partitioned,
        Variant::Blocked,
        Variant::Counting,
        Variant::Cuckoo,
        Variant::Scalable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Partitioned => "partitioned",
            Variant::Blocked => "blocked",
            Variant::Counting => "counting",
            Variant::Cuckoo => "cuckoo",
            Variant::Scalable => "scalable",
        }
    }

    pub fn parse(s: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == s)
    }

    /// What it can do: (delete, count, grow, merge).
    pub fn can(self) -> (bool, bool, bool, bool) {
        match self {
            Variant::Classic | Variant::Partitioned | Variant::Blocked => (false, false, false, true),
            Variant::Counting => (true, true, false, true),
            Variant::Cuckoo => (true, false, false, false),
            Variant::Scalable => (false, false, true, false),
        }
    }

    /// Where it breaks, in one line.
    pub fn breaks(self) -> &'static str {
        match self {
            Variant::Classic => "the rate climbs fast once n passes what m was sized for",
            Variant::Partitioned => {
                "slightly more false positives than classic at the same m, in exchange for k independent slices"
            }
            Variant::Blocked => {
                "busy blocks overflow: a higher rate than classic at the same memory, for one cache miss per lookup"
            }
            Variant::Counting => {
                "4 times the memory per position; a counter stuck at 15 can no longer be decremented safely"
            }
            Variant::Cuckoo => {
                "inserts start to fail near 95 % load; deleting an item never inserted can remove another's fingerprint"
            }
            Variant::Scalable => {
                "memory and lookup time grow with every filter added; the rate bound holds only with tightening rates"
            }
        }
    }
}

/// One structure with its own state.
pub enum Structure {
    Classic { bits: BitVec, k: u32 },
    Partitioned { bits: BitVec, k: u32 },
    Blocked { bits: BitVec, k: u32 },
    Counting { counters: Vec<u8>, k: u32 },
    Cuckoo(Cuckoo),
    Scalable(Scalable),
}

impl Structure {
    /// The structure for `n` items in `m` bits (the scalable filter starts small and grows).
    pub fn new(v: Variant, m: u64, n: u64, p: f64, f: u32) -> Structure {
        let k = optimal_k(m, n.max(1), 32);
        match v {
            Variant::Classic => Structure::Classic { bits: BitVec::new(m as usize), k },
            Variant::Partitioned => {
                Structure::Partitioned { bits: BitVec::new((m / k as u64 * k as u64).max(k as u64) as usize), k }
            }
            Variant::Blocked => {
                Structure::Blocked { bits: BitVec::new((m / BLOCK).max(1) as usize * BLOCK as usize), k }
            }
            Variant::Counting => {
                let c = (m / 4).max(1);
                Structure::Counting { counters: vec![0; c as usize], k: optimal_k(c, n.max(1), 32) }
            }
            Variant::Cuckoo => Structure::Cuckoo(Cuckoo::new(m, f)),
            Variant::Scalable => Structure::Scalable(Scalable::new(n, p)),
        }
    }

    pub fn insert(&mut self, item: &[u8]) -> bool {
        match self {
            Structure::Classic { bits, k } => {
                let m = bits.len() as u64;
                (0..*k).for_each(|i| {
                    bits.set((h(item, i) % m) as usize);
                });
                true
            }
            Structure::Partitioned { bits, k } => {
                let s = bits.len() as u64 / *k as u64;
                (0..*k).for_each(|i| {
                    bits.set((i as u64 * s + h(item, i) % s) as usize);
                });
                true
            }
            Structure::Blocked { bits, k } => {
                let base = h(item, 0) % (bits.len() as u64 / BLOCK) * BLOCK;
                (1..=*k).for_each(|i| {
                    bits.set((base + h(item, i) % BLOCK) as usize);
                });
                true
            }
            Structure::Counting { counters, k } => {
                let c = counters.len() as u64;
                for i in 0..*k {
                    let slot = &mut counters[(h(item, i) % c) as usize];
                    *slot = (*slot + 1).min(15);
                }
                true
            }
            Structure::Cuckoo(c) => c.insert(item),
            Structure::Scalable(s) => {
                s.insert(item);
                true
            }
        }
    }

    pub fn contains(&self, item: &[u8]) -> bool {
        match self {
            Structure::Classic { bits, k } => (0..*k).all(|i| bits.get((h(item, i) % bits.len() as u64) as usize)),
            Structure::Partitioned { bits, k } => {
                let s = bits.len() as u64 / *k as u64;
                (0..*k).all(|i| bits.get((i as u64 * s + h(item, i) % s) as usize))
            }
            Structure::Blocked { bits, k } => {
                let base = h(item, 0) % (bits.len() as u64 / BLOCK) * BLOCK;
                (1..=*k).all(|i| bits.get((base + h(item, i) % BLOCK) as usize))
            }
            Structure::Counting { counters, k } => {
                (0..*k).all(|i| counters[(h(item, i) % counters.len() as u64) as usize] > 0)
            }
            Structure::Cuckoo(c) => c.contains(item),
            Structure::Scalable(s) => s.contains(item),
        }
    }

    /// Bits of memory it holds.
    pub fn bits(&self) -> u64 {
        match self {
            Structure::Classic { bits, .. } | Structure::Partitioned { bits, .. } | Structure::Blocked { bits, .. } => {
                bits.len() as u64
            }
            Structure::Counting { counters, .. } => counters.len() as u64 * 4,
            Structure::Cuckoo(c) => c.buckets.len() as u64 * SLOTS as u64 * c.f as u64,
            Structure::Scalable(s) => s.filters.iter().map(|f| f.bits.len() as u64).sum(),
        }
    }

    /// The formula for its false-positive rate with n items in, where one exists.
    pub fn theory(&self, n: u64) -> Option<f64> {
        match self {
            Structure::Classic { bits, k } => Some(finite(bits.len() as u64, n, *k)),
            Structure::Partitioned { bits, k } => Some(partitioned(bits.len() as u64, n, *k)),
            Structure::Blocked { bits, k } => Some(blocked(bits.len() as u64, n, *k)),
            Structure::Counting { counters, k } => Some(finite(counters.len() as u64, n, *k)),
            Structure::Cuckoo(c) => Some(c.theory()),
            Structure::Scalable(s) => Some(s.theory()),
        }
    }

    pub fn k(&self) -> Option<u32> {
        match self {
            Structure::Classic { k, .. }
            | Structure::Partitioned { k, .. }
            | Structure::Blocked { k, .. }
            | Structure::Counting { k, .. } => Some(*k),
            _ => None,
        }
    }
}

/// The blocked filter's rate: the classic formula inside one block of 512 bits, averaged over the
/// Poisson number of items a block gets (mean n·512/m).
pub fn blocked(m: u64, n: u64, k: u32) -> f64 {
    let lambda = n as f64 / (m / BLOCK).max(1) as f64;
    let one_block = |j: f64| (1.0 - (1.0 - 1.0 / BLOCK as f64).powf(k as f64 * j)).powi(k as i32);
    crate::engine::stats::poisson_mean(lambda, one_block)
}
