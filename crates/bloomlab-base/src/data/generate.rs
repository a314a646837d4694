//! Reproducible generated items (words and URLs) for bulk inserts and experiments, and Zipf
//! streams of ranks.
//!
//! Item `i` of a batch with seed `s` is a pure function of (kind, s, i), so a batch of a million
//! items is stored as three numbers, regenerated on demand, and recognised again from its text:
//! every index maps through a bijection of 32-bit numbers, so items within a batch are distinct.
//! The generator itself is a hot loop: it lives in `bloomlab-kernels` (built at opt-level 3),
//! re-exported here; this module reads items back and draws Zipf streams.

pub use bloomlab_kernels::bulk::generated_bytes;
use bloomlab_kernels::generate::{read_syllables, unscramble, HOSTS};
pub use bloomlab_kernels::generate::{write_item, write_item_bytes, ItemKind};

/// The most items one batch may hold.
pub const MAX_BATCH: u64 = 1 << 32;

/// Item `index` of the batch as a new string.
pub fn item(kind: ItemKind, seed: u64, index: u64) -> String {
    let mut s = String::new();
    write_item(kind, seed, index, &mut s);
    s
}

/// The index of `text` in the batch (`kind`, `seed`) of `count` items, if it is one of them.
pub fn index_of(kind: ItemKind, seed: u64, count: u64, text: &str) -> Option<u64> {
    let v = match kind {
        ItemKind::Words => read_syllables(text)?,
        ItemKind::Urls => {
            let rest = text.strip_prefix("https://www.")?;
            let (host_part, path) = rest.split_once('/')?;
            let (host_word, _tld) = host_part.split_once('.')?;
            let host = read_syllables(host_word)?.checked_sub(100)?;
            let mut q: u64 = 0;
            for seg in path.split('/').rev() {
                q = q.checked_mul(10_000)?.checked_add(read_syllables(seg)?)?;
            }
            q.checked_mul(HOSTS)?.checked_add(host)?
        }
    };
    let v = u32::try_from(v).ok()?;
    let index = unscramble(v, seed) as u64;
    (index < count && item(kind, seed, index) == text).then_some(index)
}

/// One bulk insert: `count` generated items of one kind. The batch's seed is its place in the
/// list of batches, so that batches differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    pub kind: ItemKind,
    pub count: u64,
    pub seed: u64,
}

impl Batch {
    pub fn contains(&self, text: &str) -> bool {
        index_of(self.kind, self.seed, self.count, text).is_some()
    }
}

/// `len` ranks (1-based) drawn from Zipf(`universe`, `s`) with a generator seeded by `seed`.
pub fn zipf_stream(seed: u64, len: u64, universe: u64, s: f64) -> Vec<u32> {
    let mut draws = ZipfDraws::new(seed, universe, s);
    (0..len).map(|_| draws.next_rank()).collect()
}

/// Zipf(`universe`, `s`) ranks drawn one at a time, the same sequence as `zipf_stream` (which
/// uses it): for work that draws a long stream in slices.
#[derive(Clone, Debug, PartialEq)]
pub struct ZipfDraws {
    cumulative: Vec<f64>,
    total: f64,
    rng: fastrand::Rng,
}

impl ZipfDraws {
    pub fn new(seed: u64, universe: u64, s: f64) -> ZipfDraws {
        let universe = universe.clamp(1, u32::MAX as u64);
        let mut cumulative = Vec::with_capacity(universe as usize);
        let mut total = 0.0;
        for r in 1..=universe {
            total += 1.0 / (r as f64).powf(s);
            cumulative.push(total);
        }
        ZipfDraws { cumulative, total, rng: fastrand::Rng::with_seed(seed) }
    }

    /// The next rank, 1 ..= universe.
    pub fn next_rank(&mut self) -> u32 {
        let x = self.rng.f64() * self.total;
        let i = self.cumulative.partition_point(|&c| c <= x).min(self.cumulative.len() - 1);
        (i + 1) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn zipf_stream_is_reproducible_and_skewed() {
        let a = zipf_stream(7, 5000, 100, 1.0);
        assert_eq!(a, zipf_stream(7, 5000, 100, 1.0));
        assert_ne!(a, zipf_stream(8, 5000, 100, 1.0));
        assert!(a.iter().all(|&r| (1..=100).contains(&r)));
        let ones = a.iter().filter(|&&r| r == 1).count() as f64 / 5000.0;
        // P(rank 1) = 1 / H_100 = 0.1928
        assert!((ones - 0.1928).abs() < 0.02, "{ones}");
    }

    #[test]
    fn items_are_distinct_readable_and_recognised() {
        for kind in ItemKind::ALL {
            let mut seen = HashSet::new();
            for i in 0..20_000 {
                let s = item(kind, 3, i);
                assert!(s.is_ascii() && !s.contains(','), "{s}");
                assert!(seen.insert(s.clone()), "duplicate {s}");
                assert_eq!(index_of(kind, 3, 20_000, &s), Some(i));
                assert_eq!(index_of(kind, 3, i, &s), None, "beyond the batch");
            }
            assert_eq!(index_of(kind, 3, 100, "hello"), None);
            assert_eq!(index_of(kind, 3, 100, ""), None);
        }
        assert!(item(ItemKind::Urls, 0, 5).starts_with("https://www."));
        assert_eq!(index_of(ItemKind::Urls, 0, 10, "https://www.x/"), None);
        assert_eq!(index_of(ItemKind::Words, 0, 10, "babababababababababababababa"), None);
    }

    #[test]
    fn items_are_reproducible_and_seeds_differ() {
        assert_eq!(item(ItemKind::Words, 1, 42), item(ItemKind::Words, 1, 42));
        assert_ne!(item(ItemKind::Words, 1, 42), item(ItemKind::Words, 2, 42));
    }
}
