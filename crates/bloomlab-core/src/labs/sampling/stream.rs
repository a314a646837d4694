//! A seeded stream of search queries, sampled by position and by key, and a sample kept within
//! a size limit by dropping the highest kept bucket.

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::data::generate::{item, ItemKind};
use crate::plot::{Plot, Series, VMark};

/// The stream: query ids, 0 .. s − 1 once and s .. s + d − 1 twice, shuffled.
pub fn stream(s: u64, d: u64, seed: u64) -> Vec<u32> {
    let mut v: Vec<u32> = (0..s as u32).collect();
    for j in 0..d as u32 {
        v.push(s as u32 + j);
        v.push(s as u32 + j);
    }
    fastrand::Rng::with_seed(seed).shuffle(&mut v);
    v
}

/// What query id `q` reads as (a generated word, reproducible).
pub fn query_text(q: u32, seed: u64) -> String {
    item(ItemKind::Words, seed ^ 0x5A, q as u64)
}

/// The bucket of query `q` among `buckets`.
pub fn bucket(q: u32, buckets: u64, seed: u64) -> u64 {
    xxh3_64_with_seed(&q.to_le_bytes(), seed ^ 0xB0C4E7) % buckets.max(1)
}

/// Counts in a sample: distinct queries seen once and seen more than once, and the sample's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub once: u64,
    pub repeated: u64,
    pub size: u64,
}

impl Tally {
    pub fn of(sample: impl Iterator<Item = u32>, ids: u64) -> Tally {
        let mut seen = vec![0u8; ids as usize];
        let mut size = 0;
        for q in sample {
            seen[q as usize] = seen[q as usize].saturating_add(1);
            size += 1;
        }
        let once = seen.iter().filter(|&&c| c == 1).count() as u64;
        let repeated = seen.iter().filter(|&&c| c > 1).count() as u64;
        Tally { once, repeated, size }
    }

    /// The fraction of distinct queries in the sample that appear more than once.
    pub fn repeated_fraction(&self) -> f64 {
        self.repeated as f64 / (self.once + self.repeated).max(1) as f64
    }
    pub fn unique_fraction(&self) -> f64 {
        self.once as f64 / (self.once + self.repeated).max(1) as f64
    }
}

/// Which positions a sample by position keeps: each independently with probability r.
pub fn by_position(stream: &[u32], r: f64, seed: u64) -> Vec<bool> {
    position_draws(stream.len(), seed).into_iter().map(|u| u < r).collect()
}

/// The draw in [0, 1) of each of the first `n` positions: a sample by position at rate r keeps
/// the positions whose draw is below r.
pub fn position_draws(n: usize, seed: u64) -> Vec<f64> {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x9051);
    (0..n).map(|_| rng.f64()).collect()
}

/// The bounded sample: buckets below `cut` are kept; whenever the sample grows past `limit`,
/// the highest kept bucket is dropped (its queries leave the sample) and the cut moves down.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounded {
    /// The sample's size after each element.
    pub sizes: Vec<u64>,
    /// (position, bucket dropped, size after dropping).
    pub drops: Vec<(u64, u64, u64)>,
    pub final_cut: u64,
    pub final_size: u64,
    pub limit: u64,
}

pub fn bounded(stream: &[u32], buckets: u64, cut: u64, limit: u64, seed: u64) -> Bounded {
    let mut per_bucket = vec![0u64; buckets as usize];
    let mut cut = cut.min(buckets);
    let mut size = 0u64;
    let mut sizes = Vec::with_capacity(stream.len());
    let mut drops = Vec::new();
    for (i, &q) in stream.iter().enumerate() {
        let b = bucket(q, buckets, seed);
        if b < cut {
            per_bucket[b as usize] += 1;
            size += 1;
        }
        while size > limit && cut > 0 {
            cut -= 1;
            size -= per_bucket[cut as usize];
            per_bucket[cut as usize] = 0;
            drops.push((i as u64 + 1, cut, size));
        }
        sizes.push(size);
    }
    Bounded { sizes, drops, final_cut: cut, final_size: size, limit }
}

impl Bounded {
    /// The sample's size against the position in the stream, the limit, and the drops marked.
    pub fn chart(&self) -> Plot {
        let n = self.sizes.len().max(2);
        let step = (n / 400).max(1);
        let points: Vec<(f64, f64)> = self
            .sizes
            .iter()
            .enumerate()
            .filter(|(i, _)| i % step == 0 || *i + 1 == n)
            .map(|(i, &s)| ((i + 1) as f64, s as f64))
            .collect();
        Plot {
            series: vec![
                Series::line("sample size", 0, points),
                Series::dashed(
                    format!("limit {}", self.limit),
                    1,
                    vec![(1.0, self.limit as f64), (n as f64, self.limit as f64)],
                ),
            ],
            marks: self
                .drops
                .iter()
                .take(12)
                .map(|&(p, b, _)| VMark { x: p as f64, label: format!("drop {b}"), dashed: true })
                .collect(),
            ..Plot::new("position in the stream", "queries in the sample", (1.0, n as f64))
        }
    }
}
