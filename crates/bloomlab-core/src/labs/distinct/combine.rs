//! Combining many Flajolet–Martin estimates: seeded streams, H seeded xxh3 hash functions, and
//! the three ways to combine their 2^R — the mean (dragged up by one lucky long tail), the
//! median (always a power of two), and the median of group means — against the true distinct
//! count. One unit of work is one element hashed by one function; the elements come from
//! `streams::Streams`, which walks each stream once for these runs and the sketches.

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::engine::stats::{histogram, histogram_range, median, median_of_means, share_beyond};

/// Hash function `h` of run seed `s` on element `x`: seeded xxh3 of its 8 bytes.
#[inline]
pub fn hash(x: u64, h: u32, s: u64) -> u64 {
    xxh3_64_with_seed(&x.to_le_bytes(), crate::engine::hashing::seed(h) ^ s)
}

/// The element at position `p` of the run with seed `s`: uniform over the universe `u`, the
/// same however the run is sliced.
#[inline]
pub fn element(p: u64, s: u64, u: u64) -> u64 {
    xxh3_64_with_seed(&p.to_le_bytes(), s ^ 0x5EED) % u.max(1)
}

pub const MAX_LENGTH: u64 = 1_000_000;
pub const MAX_HASHES: u32 = 64;
pub const MAX_RUNS: u64 = 1_000;

/// How the estimates are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Mean,
    Median,
    MedianOfMeans,
}

impl Combine {
    pub const ALL: [Combine; 3] = [Combine::Mean, Combine::Median, Combine::MedianOfMeans];
    pub fn name(self) -> &'static str {
        match self {
            Combine::Mean => "mean",
            Combine::Median => "median",
            Combine::MedianOfMeans => "median-of-means",
        }
    }
    /// The combined estimate of `estimates` (group size `g` for the median of means).
    pub fn apply(self, estimates: &[f64], g: u64) -> f64 {
        match self {
            Combine::Mean => estimates.iter().sum::<f64>() / estimates.len().max(1) as f64,
            Combine::Median => median(&mut estimates.to_vec()),
            Combine::MedianOfMeans => {
                let groups = (estimates.len() as u64 / g.max(1)).max(1);
                median_of_means(estimates, groups)
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CombineSpec {
    pub length: u64,
    pub hashes: u32,
    pub runs: u64,
    /// Group size for the median of means.
    pub group: u64,
    pub seed: u64,
}

/// One run's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    pub truth: u64,
    /// R for each hash.
    pub r: Vec<u32>,
}

impl RunResult {
    pub fn estimates(&self) -> Vec<f64> {
        self.r.iter().map(|&r| 2f64.powi(r as i32)).collect()
    }
    pub fn combined(&self, c: Combine, g: u64) -> f64 {
        c.apply(&self.estimates(), g)
    }
}

/// A shared error range and the bin counts of each combination.
pub type Histograms = ((f64, f64), Vec<(Combine, Vec<u64>)>);

/// The combining runs: each element of each run's stream hashed by every function, R kept per
/// function. It walks no stream itself: `Streams` hands it the elements (and the sketches the
/// same ones), and says when a run ends.
pub struct CombineRun {
    pub spec: CombineSpec,
    /// Elements handed so far, over all runs.
    elements: u64,
    /// R so far for each hash, in the current run.
    r: Vec<u32>,
    pub results: Vec<RunResult>,
}

impl CombineRun {
    pub fn new(spec: CombineSpec) -> CombineRun {
        let hashes = spec.hashes.clamp(1, MAX_HASHES);
        let spec = CombineSpec {
            hashes,
            length: spec.length.clamp(1, MAX_LENGTH),
            runs: spec.runs.clamp(1, MAX_RUNS),
            ..spec
        };
        CombineRun { r: vec![0; hashes as usize], elements: 0, results: Vec::new(), spec }
    }

    /// Hashes the current run's next element `x` (the run's seed `s`) by every function.
    #[inline]
    pub fn add(&mut self, x: u64, s: u64) {
        for (i, r) in self.r.iter_mut().enumerate() {
            let t = hash(x, i as u32, s).trailing_zeros();
            if t > *r {
                *r = t;
            }
        }
        self.elements += 1;
    }

    /// Ends the current run, whose stream held `truth` distinct values: its R per function.
    pub fn end_run(&mut self, truth: u64) {
        let fresh = vec![0; self.r.len()];
        self.results.push(RunResult { truth, r: std::mem::replace(&mut self.r, fresh) });
    }

    /// Elements handed so far, over all runs.
    pub fn elements(&self) -> u64 {
        self.elements
    }

    pub fn ops_total(&self) -> u64 {
        self.spec.runs * self.spec.length * self.spec.hashes as u64
    }
    pub fn ops_done(&self) -> u64 {
        self.elements * self.spec.hashes as u64
    }
    pub fn is_done(&self) -> bool {
        self.results.len() as u64 >= self.spec.runs
    }

    /// Relative errors of one combination over the finished runs.
    pub fn errors(&self, c: Combine) -> Vec<f64> {
        self.results.iter().map(|r| r.combined(c, self.spec.group) / r.truth.max(1) as f64 - 1.0).collect()
    }

    /// The share of runs off by more than `limit` (relative).
    pub fn beyond(&self, c: Combine, limit: f64) -> f64 {
        share_beyond(&self.errors(c), limit)
    }

    /// How often each single-hash estimate 2^R occurred: counts by R.
    pub fn r_counts(&self) -> Vec<u64> {
        let mut c = vec![0u64; 65];
        for r in self.results.iter().flat_map(|r| r.r.iter()) {
            c[*r as usize] += 1;
        }
        c
    }

    /// Error histograms (relative error bins over a shared range) for each combination.
    pub fn histograms(&self) -> Histograms {
        let all: Vec<f64> = Combine::ALL.iter().flat_map(|&c| self.errors(c)).collect();
        let range = histogram_range(&all);
        (range, Combine::ALL.iter().map(|&c| (c, histogram(&self.errors(c), range))).collect())
    }
}

/// The seed of run `run` (from 0) of the runs seeded `seed`: the combining runs and the sketches
/// draw the same streams.
pub fn run_seed(seed: u64, run: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (run + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// The values elements are drawn from: half the stream length, so about 86 % of them occur.
pub fn universe(length: u64) -> u64 {
    (length / 2).max(1)
}
