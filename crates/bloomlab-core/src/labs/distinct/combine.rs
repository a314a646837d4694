//! Combining many Flajolet–Martin estimates: seeded streams, H seeded xxh3 hash functions, and
//! the three ways to combine their 2^R — the mean (dragged up by one lucky long tail), the
//! median (always a power of two), and the median of group means — against the true distinct
//! count. Runs in slices: one unit is one element hashed by one function.

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

pub struct CombineRun {
    pub spec: CombineSpec,
    walk: StreamWalk,
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
        let walk = StreamWalk::new(spec.length, spec.runs, spec.seed);
        CombineRun { r: vec![0; hashes as usize], walk, results: Vec::new(), spec }
    }

    pub fn ops_total(&self) -> u64 {
        self.spec.runs * self.spec.length * self.spec.hashes as u64
    }
    pub fn ops_done(&self) -> u64 {
        self.walk.elements_done() * self.spec.hashes as u64
    }
    pub fn is_done(&self) -> bool {
        self.walk.is_done()
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

impl crate::engine::sliced::Sliced for CombineRun {
    /// Hashes about `units` (element, function) pairs; returns how many.
    fn work(&mut self, units: u64) -> u64 {
        let h = self.spec.hashes as u64;
        let mut done = 0;
        while done < units.max(1) && !self.is_done() {
            let r = &mut self.r;
            let (count, truth) = self.walk.walk((units.max(1) - done) / h, |x, s| {
                for (i, r) in r.iter_mut().enumerate() {
                    let t = hash(x, i as u32, s).trailing_zeros();
                    if t > *r {
                        *r = t;
                    }
                }
            });
            done += count * h;
            if let Some(truth) = truth {
                self.results.push(RunResult { truth, r: std::mem::replace(&mut self.r, vec![0; h as usize]) });
            }
        }
        done
    }
    fn is_done(&self) -> bool {
        CombineRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        CombineRun::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        CombineRun::ops_total(self)
    }
}

/// A walk through the runs' streams: which run, which position in it, and which values of the
/// universe went by in this run, for its true distinct count. The combining runs and the
/// sketches walk the same streams with it.
#[derive(Clone, Debug)]
pub struct StreamWalk {
    length: u64,
    runs: u64,
    seed: u64,
    run: u64,
    /// Element position within the current run.
    at: u64,
    seen: Vec<u64>,
}

impl StreamWalk {
    pub fn new(length: u64, runs: u64, seed: u64) -> StreamWalk {
        let length = length.max(1);
        let seen = vec![0; universe(length).div_ceil(64) as usize];
        StreamWalk { length, runs: runs.max(1), seed, run: 0, at: 0, seen }
    }

    pub fn is_done(&self) -> bool {
        self.run >= self.runs
    }

    /// Elements in each run's stream.
    pub fn length(&self) -> u64 {
        self.length
    }

    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// Elements walked so far, over all runs.
    pub fn elements_done(&self) -> u64 {
        self.run * self.length + self.at
    }

    /// Hands the current run's next `count` elements (at least one, at most the rest of the run)
    /// to `each`, with the run's seed. Returns how many it handed, and the run's true distinct
    /// count when the run ended with them.
    pub fn walk(&mut self, count: u64, mut each: impl FnMut(u64, u64)) -> (u64, Option<u64>) {
        if self.is_done() {
            return (0, None);
        }
        let (s, u) = (run_seed(self.seed, self.run), universe(self.length));
        let count = count.max(1).min(self.length - self.at);
        for p in self.at..self.at + count {
            let x = element(p, s, u);
            self.seen[(x / 64) as usize] |= 1 << (x % 64);
            each(x, s);
        }
        self.at += count;
        if self.at < self.length {
            return (count, None);
        }
        let truth = self.seen.iter().map(|w| w.count_ones() as u64).sum();
        self.seen.iter_mut().for_each(|w| *w = 0);
        self.at = 0;
        self.run += 1;
        (count, Some(truth))
    }
}

/// The values elements are drawn from: half the stream length, so about 86 % of them occur.
pub fn universe(length: u64) -> u64 {
    (length / 2).max(1)
}
