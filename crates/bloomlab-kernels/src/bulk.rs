//! Positions of the text hash families, and bulk inserts and probes over a filter's words.
//!
//! Position `i` of an item is the contract's: `xxh3` takes hash `i` seeded `i · G`, `naive` seeded
//! `i`, `double` `h1 + i·h2`, `enhanced` `h1 + i·h2 + (i³ − i)/6` (h1, h2: the first two `xxh3`
//! hashes), each mod m. Bulk inserts gather the positions of a group of items first and then set
//! the bits in one branch-free pass, so that the bit array's reads and writes (1.2 MB for a million
//! items, past the first caches) do not wait on hashing.

use std::ops::Range;

use crate::generate::{write_item_bytes, ItemKind};
use crate::xxh3::{xxh3_one, xxh3_seeds};

/// The 64-bit golden-ratio constant G: hash i of `xxh3` is seeded with i · G.
pub const SEED_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of hash `i` of the `xxh3` family: s_i = i · G mod 2^64 (s_0 = 0).
#[inline(always)]
pub fn seed(i: u32) -> u64 {
    (i as u64).wrapping_mul(SEED_STEP)
}

/// The hash families that hash any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Xxh3,
    Naive,
    Double,
    Enhanced,
}

/// h1 and h2 of the double-hashing families: the first two `xxh3` hashes (seeds s_0, s_1).
#[inline(never)]
pub fn double_base(item: &[u8]) -> (u64, u64) {
    base2(item)
}

#[inline]
fn base2(item: &[u8]) -> (u64, u64) {
    let mut h = [0u64; 2];
    let mut i = 0;
    xxh3_seeds(item, 2, seed, |x| {
        h[i] = x;
        i += 1;
        true
    });
    (h[0], h[1])
}

/// Hash `i` of enhanced double hashing: (h1 + i·h2 + (i³ − i)/6) mod 2^64.
#[inline(always)]
pub fn enhanced(h1: u64, h2: u64, i: u32) -> u64 {
    let i = i as u64;
    let cubic = i.wrapping_mul(i).wrapping_mul(i).wrapping_sub(i) / 6;
    h1.wrapping_add(i.wrapping_mul(h2)).wrapping_add(cubic)
}

/// Calls `f` with each position (i = 0..k-1, in a filter of `m` ≥ 1 bits) until it returns
/// false; whether every call said true. One copy for every caller outside the kernels (the
/// core's item-at-a-time paths): the loops here inline `visit` itself.
#[inline(never)]
pub fn visit_dyn(family: Family, item: &[u8], k: u32, m: u64, f: &mut dyn FnMut(u64) -> bool) -> bool {
    visit(family, item, k, m, f)
}

/// `visit_dyn` inlined, for the loops of this crate.
#[inline(always)]
pub(crate) fn visit(family: Family, item: &[u8], k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    let m = m.max(1);
    match family {
        Family::Xxh3 => xxh3_seeds(item, k, seed, |h| f(h % m)),
        // The lesson's flawed seeds: not a bulk path worth a copy of its own.
        Family::Naive => (0..k).all(|i| f(xxh3_one(item, i as u64) % m)),
        Family::Enhanced => {
            let (h1, h2) = double_base(item);
            (0..k).all(|i| f(enhanced(h1, h2, i) % m))
        }
        Family::Double => {
            // pos_i = ((h1 + i·h2) mod 2^64) mod m, kept incrementally: adding h2 adds h2 mod m,
            // and each wrap past 2^64 takes away 2^64 mod m. Three divisions instead of k.
            let (h1, h2) = double_base(item);
            let step = h2 % m;
            let wrap = (u64::MAX % m + 1) % m;
            let (mut h, mut r) = (h1, h1 % m);
            for i in 0..k {
                if !f(r) {
                    return false;
                }
                if i + 1 == k {
                    break;
                }
                let (next, carried) = h.overflowing_add(h2);
                h = next;
                let (sum, over) = r.overflowing_add(step);
                r = if over || sum >= m { sum.wrapping_sub(m) } else { sum };
                if carried {
                    r = if r >= wrap { r - wrap } else { r + (m - wrap) };
                }
            }
            true
        }
    }
}

/// Positions gathered before their bits are set.
const GROUP: usize = 256;

/// A filter's bits: `m` bits in `words` (bit `p` is bit `p % 64` of word `p / 64`).
pub struct Bits<'a> {
    pub words: &'a mut [u64],
    pub m: u64,
}

impl Bits<'_> {
    /// Sets the bits at `positions`; how many were 0 before. Positions past the words are ignored.
    #[inline(always)]
    fn set_all(&mut self, positions: &[u64]) -> u64 {
        let mut new = 0;
        for &p in positions {
            if let Some(w) = self.words.get_mut((p >> 6) as usize) {
                let old = *w;
                let set = old | 1 << (p & 63);
                new += (set != old) as u64;
                *w = set;
            }
        }
        new
    }
}

/// Positions gathered for a group of items, then set in one pass.
struct Group {
    positions: [u64; GROUP],
    len: usize,
    /// Bits turned from 0 to 1 so far.
    new: u64,
}

impl Group {
    fn new() -> Group {
        Group { positions: [0; GROUP], len: 0, new: 0 }
    }

    /// Adds the positions of `item`, setting the group's bits first when they would not fit
    /// (and whenever the group is full, for k larger than a group). One copy for every bulk
    /// insert (a call per item costs far less than its k hashes).
    #[inline(never)]
    fn add(&mut self, bits: &mut Bits, family: Family, k: u32, item: &[u8]) {
        if self.len + (k as usize).min(GROUP) > GROUP {
            self.new += bits.set_all(&self.positions[..self.len]);
            self.len = 0;
        }
        let Group { positions, len, new } = self;
        visit(family, item, k, bits.m, |p| {
            if *len == GROUP {
                *new += bits.set_all(&positions[..]);
                *len = 0;
            }
            positions[*len] = p;
            *len += 1;
            true
        });
    }

    /// Sets what is left; how many bits went from 0 to 1 in all.
    fn finish(mut self, bits: &mut Bits) -> u64 {
        self.new += bits.set_all(&self.positions[..self.len]);
        self.new
    }
}

/// Inserts items `range` of the generated batch (`kind`, `seed`) with `k` hashes of `family`;
/// how many bits went from 0 to 1.
pub fn insert_generated(mut bits: Bits, family: Family, k: u32, kind: ItemKind, seed: u64, range: Range<u64>) -> u64 {
    let mut buf = Vec::with_capacity(64);
    let mut group = Group::new();
    for i in range {
        write_item_bytes(kind, seed, i, &mut buf);
        group.add(&mut bits, family, k, &buf);
    }
    group.finish(&mut bits)
}

/// Inserts one item with `k` hashes of `family` (the core's item-at-a-time inserts: one call,
/// not one per position); how many bits went from 0 to 1.
#[inline(never)]
pub fn insert_one(mut bits: Bits, family: Family, k: u32, item: &[u8]) -> u64 {
    let mut new = 0;
    visit(family, item, k, bits.m, |p| {
        new += bits.set_all(&[p]);
        true
    });
    new
}

/// Inserts `items` with `k` hashes of `family`; how many bits went from 0 to 1.
pub fn insert_items(mut bits: Bits, family: Family, k: u32, items: &[String]) -> u64 {
    let mut group = Group::new();
    for item in items {
        group.add(&mut bits, family, k, item.as_bytes());
    }
    group.finish(&mut bits)
}

/// The total length in bytes of items `range` of the generated batch (`kind`, `seed`): the
/// generator alone, timed apart from the hashing (and a checksum of the items).
pub fn generated_bytes(kind: ItemKind, seed: u64, range: Range<u64>) -> u64 {
    let mut buf = Vec::with_capacity(64);
    let mut total = 0;
    for i in range {
        write_item_bytes(kind, seed, i, &mut buf);
        total += buf.len() as u64;
    }
    total
}

/// Whether every position of `item` is set in `words` (a filter of `m` bits). `xxh3` and `naive`
/// stop at the first 0 (each position costs a hash); the double-hashing families read all k
/// bits, so that the memory loads overlap.
#[inline(never)]
pub fn contains(words: &[u64], m: u64, family: Family, k: u32, item: &[u8]) -> bool {
    let early = matches!(family, Family::Xxh3 | Family::Naive);
    let mut all = true;
    visit(family, item, k, m, |p| {
        all &= words.get((p >> 6) as usize).is_some_and(|w| (w >> (p & 63)) & 1 == 1);
        all || !early
    });
    all
}

/// How many items of `range` of the generated batch (`kind`, `seed`) pass the filter.
pub fn probe_generated(
    words: &[u64],
    m: u64,
    family: Family,
    k: u32,
    kind: ItemKind,
    seed: u64,
    range: Range<u64>,
) -> u64 {
    let mut buf = Vec::with_capacity(64);
    let mut hits = 0;
    for i in range {
        write_item_bytes(kind, seed, i, &mut buf);
        hits += contains(words, m, family, k, &buf) as u64;
    }
    hits
}

#[cfg(test)]
mod tests;
