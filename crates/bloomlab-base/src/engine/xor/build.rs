//! A whole build: attempts with new seeds until peeling succeeds, then the slots written in
//! reverse peeling order.

use super::layout::Layout;
use super::peel::{peel, Peeled};
use crate::engine::hashing::attempt_seed;

/// The reference gives up after 100 attempts.
pub const BUILD_ATTEMPTS: u32 = 100;

/// A key's 64-bit hash: xxh3 of its UTF-8 bytes with the attempt's seed.
pub fn key_hash(key: &str, seed: u64) -> u64 {
    bloomlab_kernels::xxh3::xxh3_64_with_seed(key.as_bytes(), seed)
}

/// A key's fingerprint: `hash ^ (hash >> 32)`, its low `fp` bits.
pub fn fingerprint(hash: u64, fp: u32) -> u16 {
    let mask = if fp >= 16 { u16::MAX } else { (1u16 << fp) - 1 };
    (hash ^ (hash >> 32)) as u16 & mask
}

/// Where a build starts and how long it may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempts {
    /// The seed of attempt 0; attempt a uses `first + a·G`.
    pub first: u64,
    pub max: u32,
}

impl Attempts {
    pub fn seed(&self, attempt: u32) -> u64 {
        attempt_seed(self.first, attempt)
    }
}

/// A filter built, or the last attempt's peeling when every attempt failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub layout: Layout,
    pub fp: u32,
    /// The seed of the attempt that succeeded (or of the last one tried).
    pub seed: u64,
    /// How many attempts were made.
    pub attempts: u32,
    /// The slots' values; all zero when the build failed.
    pub values: Vec<u16>,
    /// The last attempt's peeling.
    pub peeled: Peeled,
    pub built: bool,
}

impl Built {
    /// Whether a key with this hash (under `self.seed`) passes: the XOR of its slots equals
    /// its fingerprint.
    pub fn contains_hash(&self, hash: u64) -> bool {
        self.built && self.xor_of_slots(hash) == fingerprint(hash, self.fp)
    }

    /// The XOR of the values in a key's slots.
    pub fn xor_of_slots(&self, hash: u64) -> u16 {
        let arity = self.layout.kind.arity();
        self.layout.slots(hash)[..arity].iter().fold(0, |x, s| x ^ self.values[*s as usize])
    }

    pub fn contains(&self, key: &str) -> bool {
        self.contains_hash(key_hash(key, self.seed))
    }
}

/// Builds a filter of these keys (hashed with `key_hash`, so each attempt rehashes them).
pub fn build_keys(layout: Layout, fp: u32, keys: &[&str], attempts: Attempts) -> Built {
    build(layout, fp, attempts, |seed, out| out.extend(keys.iter().map(|k| key_hash(k, seed))))
}

/// Builds a filter: for attempt a, `hashes(seed, out)` writes every key's hash under that seed.
/// (A walkthrough peels the successful seed again with a `Trace` watching.)
pub fn build(layout: Layout, fp: u32, attempts: Attempts, mut hashes: impl FnMut(u64, &mut Vec<u64>)) -> Built {
    let tries = attempts.max.max(1);
    let mut hashed = Vec::new();
    let mut last = Peeled::default();
    for a in 0..tries {
        let seed = attempts.seed(a);
        hashed.clear();
        hashes(seed, &mut hashed);
        last = peel(&layout, &hashed, &mut ());
        if last.complete(hashed.len()) {
            let values = assign(&layout, fp, &last);
            return Built { layout, fp, seed, attempts: a + 1, values, peeled: last, built: true };
        }
    }
    let values = vec![0; layout.array_length as usize];
    Built { layout, fp, seed: attempts.seed(tries - 1), attempts: tries, values, peeled: last, built: false }
}

/// The slots written in reverse peeling order: each key's own slot gets its fingerprint XOR the
/// values already in its other slots.
fn assign(layout: &Layout, fp: u32, peeled: &Peeled) -> Vec<u16> {
    let arity = layout.kind.arity();
    let mut values = vec![0u16; layout.array_length as usize];
    for &(hash, found) in peeled.stack.iter().rev() {
        let slots = layout.slots(hash);
        let others = (1..arity).fold(0, |x, j| x ^ values[slots[(found as usize + j) % arity] as usize]);
        values[slots[found as usize] as usize] = fingerprint(hash, fp) ^ others;
    }
    values
}
