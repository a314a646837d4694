//! One filter of the measured chart while it is built and probed: keys go in a chunk at a time
//! (the xor, fuse and ribbon filters gather them first), a static filter is then built in one
//! go, and probes go through a chunk at a time.

use std::ops::Range;

use super::sizes::{cuckoo_buckets, quotient_shape, ribbon_params, split_blocks, xor_layout, Size, RIBBON_ATTEMPTS};
use crate::data::generate::{write_item, ItemKind};
use crate::engine::filter::BloomFilter;
use crate::engine::formulas::optimal_k;
use crate::engine::hashing::{attempt_seed, HashFamily};
use crate::engine::quotient::QuotientFilter;
use crate::engine::ribbon::banding::row_value;
use crate::engine::ribbon::{Banding, Outcome, RibbonParams};
use crate::engine::split_block::SplitBlock;
use crate::engine::xor::{build, key_hash, Attempts, Built, Layout, BUILD_ATTEMPTS};
use crate::labs::toolbox::variants::Cuckoo;

/// The generated keys: key i of the run is word i of the seed's batch; probes are the words
/// after the keys, so no probe is a key.
pub struct Keys {
    pub seed: u64,
    buf: String,
}

impl Keys {
    pub fn new(seed: u64) -> Keys {
        Keys { seed, buf: String::new() }
    }

    /// Word `i` of the batch.
    pub fn get(&mut self, i: u64) -> &str {
        write_item(ItemKind::Words, self.seed, i, &mut self.buf);
        &self.buf
    }
}

/// An xor or binary fuse filter: its keys' hashes under the first seed, then the filter.
pub struct PeeledBuild {
    layout: Layout,
    fp: u32,
    first: u64,
    hashes: Vec<u64>,
    built: Option<Built>,
}

/// A ribbon filter: the elimination so far under the current seed, then the solution.
pub struct RibbonBuild {
    params: RibbonParams,
    first: u64,
    attempt: u32,
    banding: Banding,
    solution: Vec<u64>,
    gave_up: bool,
}

/// A filter being built or probed.
pub enum Building {
    Bloom(BloomFilter),
    Split(SplitBlock),
    Cuckoo(Box<Cuckoo>),
    Peeled(Box<PeeledBuild>),
    Ribbon(Box<RibbonBuild>),
    Quotient(QuotientFilter),
    /// A shape the engine refused (none of the plan's sizes is; kept so nothing panics).
    Refused,
}

/// What inserting a chunk came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inserted {
    /// Keys went in; `lost` of them could not (a cuckoo filter's failed inserts).
    Done { lost: u64 },
    /// The ribbon elimination failed for this seed: start the keys again with the next one.
    Retry,
}

impl Building {
    /// An empty filter of `size` for `n` keys; the static ones build with first seed `seed`.
    pub fn new(size: Size, n: u64, seed: u64) -> Building {
        match size {
            Size::Bloom { bits } => {
                let m = u64::from(bits) * n;
                Building::Bloom(BloomFilter::new(HashFamily::Xxh3, m, optimal_k(m, n, 64)))
            }
            Size::SplitBlock { bits } => {
                SplitBlock::new(split_blocks(bits, n) as usize).map_or(Building::Refused, Building::Split)
            }
            Size::Cuckoo { f } => Building::Cuckoo(Box::new(Cuckoo::new(cuckoo_buckets(n) * 4 * u64::from(f), f))),
            Size::Peeled { kind, fp } => Building::Peeled(Box::new(PeeledBuild {
                layout: xor_layout(kind, n),
                fp,
                first: seed,
                hashes: Vec::new(),
                built: None,
            })),
            Size::Ribbon { r } => match ribbon_params(n, r) {
                Some(params) => Building::Ribbon(Box::new(RibbonBuild {
                    params,
                    first: seed,
                    attempt: 0,
                    banding: Banding::new(params.slots()),
                    solution: Vec::new(),
                    gave_up: false,
                })),
                None => Building::Refused,
            },
            Size::Quotient { r } => {
                QuotientFilter::new(quotient_shape(n).0, r).map_or(Building::Refused, Building::Quotient)
            }
        }
    }

    /// Inserts keys `range`.
    pub fn insert(&mut self, keys: &mut Keys, range: Range<u64>) -> Inserted {
        let mut lost = 0;
        match self {
            Building::Bloom(f) => {
                f.insert_generated(ItemKind::Words, keys.seed, range);
            }
            Building::Split(f) => range.for_each(|i| f.insert(keys.get(i))),
            Building::Cuckoo(f) => {
                let before = f.failed;
                range.for_each(|i| {
                    f.insert(keys.get(i).as_bytes());
                });
                lost = f.failed - before;
            }
            Building::Peeled(p) => {
                let seed = p.first;
                p.hashes.extend(range.map(|i| key_hash(keys.get(i), seed)));
            }
            Building::Ribbon(r) => return r.insert(keys, range),
            Building::Quotient(f) => {
                lost = range.filter(|&i| f.insert(keys.get(i)).is_err()).count() as u64;
            }
            Building::Refused => {}
        }
        Inserted::Done { lost }
    }

    /// Builds a static filter from the keys gathered (`count` of them).
    pub fn seal(&mut self, keys: &mut Keys, count: u64) {
        match self {
            Building::Peeled(p) => p.seal(keys, count),
            Building::Ribbon(r) if !r.gave_up => {
                r.solution = std::mem::replace(&mut r.banding, Banding::new(0)).solve();
            }
            _ => {}
        }
    }

    /// How many of probes `range` pass.
    pub fn probe(&self, keys: &mut Keys, range: Range<u64>) -> u64 {
        match self {
            Building::Bloom(f) => f.count_generated_hits(ItemKind::Words, keys.seed, range),
            Building::Split(f) => count(keys, range, |k| f.contains(k)),
            Building::Cuckoo(f) => count(keys, range, |k| f.contains(k.as_bytes())),
            Building::Peeled(p) => match &p.built {
                Some(b) if b.built => count(keys, range, |k| b.contains_hash(key_hash(k, b.seed))),
                _ => 0,
            },
            Building::Ribbon(r) if !r.gave_up => {
                let seed = attempt_seed(r.first, r.attempt);
                let bits = r.params.result_bits();
                count(keys, range, |k| {
                    let row = r.params.row(seed, k);
                    row_value(&r.solution, &row, bits) == row.result
                })
            }
            Building::Quotient(f) => count(keys, range, |k| f.contains(k).found),
            _ => 0,
        }
    }

    /// Whether the filter holds every key (a static build that worked; any dynamic filter).
    pub fn built(&self) -> bool {
        match self {
            Building::Peeled(p) => p.built.as_ref().is_some_and(|b| b.built),
            Building::Ribbon(r) => !r.gave_up,
            Building::Refused => false,
            _ => true,
        }
    }

    /// The filter's bits, read from the structure itself.
    pub fn bits(&self) -> u64 {
        match self {
            Building::Bloom(f) => f.m(),
            Building::Split(f) => f.blocks() as u64 * crate::engine::split_block::BLOCK_BITS as u64,
            Building::Cuckoo(f) => (f.buckets.len() * crate::labs::toolbox::variants::SLOTS) as u64 * u64::from(f.f),
            Building::Peeled(p) => u64::from(p.layout.array_length) * u64::from(p.fp),
            Building::Ribbon(r) => r.params.slots() as u64 * u64::from(r.params.result_bits()),
            Building::Quotient(f) => f.slot_count() as u64 * u64::from(f.r() + 3),
            Building::Refused => 0,
        }
    }

    /// Seeds a static build tried (1 for the others).
    pub fn attempts(&self) -> u32 {
        match self {
            Building::Peeled(p) => p.built.as_ref().map_or(0, |b| b.attempts),
            Building::Ribbon(r) => r.attempt + 1,
            _ => 1,
        }
    }
}

/// How many of the words `range` pass `pass`.
fn count(keys: &mut Keys, range: Range<u64>, mut pass: impl FnMut(&str) -> bool) -> u64 {
    range.map(|i| u64::from(pass(keys.get(i)))).sum()
}

impl PeeledBuild {
    /// Peels with the hashes gathered under the first seed; a later attempt hashes the keys
    /// again with its own seed. Only the values are kept.
    fn seal(&mut self, keys: &mut Keys, count: u64) {
        let hashes = std::mem::take(&mut self.hashes);
        let first = self.first;
        let attempts = Attempts { first, max: BUILD_ATTEMPTS };
        let mut built = build(self.layout, self.fp, attempts, |seed, out| {
            if seed == first {
                out.extend_from_slice(&hashes);
            } else {
                out.extend((0..count).map(|i| key_hash(keys.get(i), seed)));
            }
        });
        built.peeled = Default::default();
        self.built = Some(built);
    }
}

impl RibbonBuild {
    fn insert(&mut self, keys: &mut Keys, range: Range<u64>) -> Inserted {
        if self.gave_up {
            return Inserted::Done { lost: 0 };
        }
        let seed = attempt_seed(self.first, self.attempt);
        for i in range {
            match self.banding.insert(self.params.row(seed, keys.get(i))) {
                Outcome::Stored(_) | Outcome::Redundant => {}
                Outcome::Failed | Outcome::OutOfRange => {
                    if self.attempt + 1 >= RIBBON_ATTEMPTS {
                        self.gave_up = true;
                        self.banding = Banding::new(0);
                        return Inserted::Done { lost: 0 };
                    }
                    self.attempt += 1;
                    self.banding = Banding::new(self.params.slots());
                    return Inserted::Retry;
                }
            }
        }
        Inserted::Done { lost: 0 }
    }
}
