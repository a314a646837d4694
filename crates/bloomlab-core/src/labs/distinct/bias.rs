//! Why the slides' recipe — the median of group means of 2^R — runs high, computed: the tail of
//! R makes E[2^R] grow with the hash width (each further bit adds about n/2), and a group's mean
//! sees more of that tail the larger the group. Closed forms for one hash, and the bias measured
//! against the group size over the combining runs.

use super::combine::{Combine, CombineRun};
use crate::engine::stats::median;
use crate::plot::{Plot, Series};

/// P(R ≥ i) for n distinct elements and w-bit hashes: the theory's 1 − (1 − 2^−i)^n up to w,
/// and 0 beyond (no tail is longer than the hash).
pub fn p_r_at_least(n: u64, i: u32, w: u32) -> f64 {
    if i > w {
        0.0
    } else {
        super::theory::p_r_at_least(n, i)
    }
}

/// E[2^R] for n distinct elements and w-bit hashes: 1 + Σ_{i=1..w} 2^(i−1)·P(R ≥ i).
pub fn expected_two_pow_r(n: u64, w: u32) -> f64 {
    1.0 + (1..=w).map(|i| 2f64.powi(i as i32 - 1) * p_r_at_least(n, i, w)).sum::<f64>()
}

/// The median of 2^R for one hash function: the smallest 2^i with P(R ≤ i) ≥ 1/2.
pub fn median_two_pow_r(n: u64, w: u32) -> f64 {
    let i = (0..=w).find(|&i| p_r_at_least(n, i + 1, w) <= 0.5).unwrap_or(w);
    2f64.powi(i as i32)
}

/// Where the median of group means settles with ever more groups of a fixed size `g`: the
/// median of one group's mean of g independent 2^R, over n, for n distinct elements and w-bit
/// hashes, computed exactly from R's distribution (no sampling); g up to 256. It is not 1 for any g.
pub fn settled_median(n: u64, w: u32, g: u64) -> f64 {
    let (n, g) = (n.max(1), g.clamp(1, 256) as usize);
    // The sum of a group's 2^R counted in units of 2^u, with 2^u so small against n that a tail
    // shorter than u has a chance below e^−32 (those rare values count as one unit).
    let u = (0..=w).rev().find(|&u| (n as f64) * 0.5f64.powi(u as i32) >= 32.0).unwrap_or(0);
    let below_u = 1.0 - p_r_at_least(n, u, w);
    // P(R = i) for the values counted, as (2^(i − u), chance).
    let p: Vec<(u64, f64)> = (u..=w)
        .map(|i| {
            let chance = p_r_at_least(n, i, w) - p_r_at_least(n, i + 1, w);
            (1u64 << (i - u).min(63), if i == u { chance + below_u } else { chance })
        })
        .collect();
    // The sum's distribution up to `cap` units (everything above lumped at `cap`); the cap
    // doubles until the median lies below it.
    let bits = (64 - (n - 1).leading_zeros()).saturating_sub(u);
    let mut cap = g << (bits + 2).min(20);
    loop {
        let small: Vec<(usize, f64)> =
            p.iter().filter(|(v, _)| *v < cap as u64).map(|&(v, q)| (v as usize, q)).collect();
        let over: f64 = p.iter().filter(|(v, _)| *v >= cap as u64).map(|(_, q)| q).sum();
        let mut dist = vec![0.0f64; cap + 1];
        dist[0] = 1.0;
        for _ in 0..g {
            let mut next = vec![0.0f64; cap + 1];
            for (s, &d) in dist.iter().enumerate().filter(|(_, d)| **d > 0.0) {
                for &(v, q) in &small {
                    next[(s + v).min(cap)] += d * q;
                }
                next[cap] += d * over;
            }
            dist = next;
        }
        let mut below = 0.0;
        let median = dist.iter().position(|&d| {
            below += d;
            below >= 0.5
        });
        match median {
            Some(t) if t < cap || cap >= 1 << 24 => {
                return t as f64 * 2f64.powi(u as i32) / g as f64 / n as f64;
            }
            _ => cap *= 2,
        }
    }
}

/// The group sizes measured: powers of two up to the number of hash functions, and that number.
pub fn group_sizes(functions: u32) -> Vec<u64> {
    let h = functions.max(1) as u64;
    let mut g: Vec<u64> = (0..).map(|e| 1u64 << e).take_while(|&g| g <= h).collect();
    if g.last() != Some(&h) {
        g.push(h);
    }
    g
}

/// The median, 10th and 90th percentile of `v` (sorted in place).
fn spread(v: &mut [f64]) -> (f64, f64, f64) {
    let q = |v: &[f64], f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
    let m = median(v);
    crate::engine::stats::sort_floats(v);
    (m, q(v, 0.1), q(v, 0.9))
}

/// One group size's outcome over the runs: estimate/truth as median, 10th and 90th percentile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupBias {
    pub group: u64,
    pub median: f64,
    pub p10: f64,
    pub p90: f64,
}

impl CombineRun {
    /// estimate/truth of the median of group means for each group size (1 is the plain median,
    /// all functions the plain mean), over the finished runs.
    pub fn bias_by_group(&self) -> Vec<GroupBias> {
        if self.results.is_empty() {
            return Vec::new();
        }
        group_sizes(self.spec.hashes)
            .into_iter()
            .map(|g| {
                let mut ratios: Vec<f64> = self
                    .results
                    .iter()
                    .map(|r| r.combined(Combine::MedianOfMeans, g) / r.truth.max(1) as f64)
                    .collect();
                let (median, p10, p90) = spread(&mut ratios);
                GroupBias { group: g, median, p10, p90 }
            })
            .collect()
    }

    /// The bias against the group size: the median of estimate/truth (dots), its 10th and 90th
    /// percentiles (dashed), and 1 (exact).
    pub fn bias_chart(&self) -> Plot {
        let bias = self.bias_by_group();
        let x = |g: u64| (g as f64).log2();
        let hi = x(self.spec.hashes.max(2) as u64);
        let pts = |f: fn(&GroupBias) -> f64| bias.iter().map(|b| (x(b.group), f(b))).collect::<Vec<_>>();
        Plot {
            series: vec![
                Series::dots("median of estimate/true", 0, pts(|b| b.median)),
                Series::dashed("10th percentile", 0, pts(|b| b.p10)),
                Series::dashed("90th percentile", 0, pts(|b| b.p90)),
                Series::line("exact", 2, vec![(0.0, 1.0), (hi, 1.0)]),
            ],
            x_ticks_at: Some(bias.iter().map(|b| (x(b.group), b.group.to_string())).collect()),
            x_log_base: Some(2.0),
            ..Plot::new("group size (log scale)", "estimate / true count", (0.0, hi))
        }
    }
}

/// The numbers the page's explanation of the bias quotes, for n distinct elements and w-bit
/// hashes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TailFacts {
    /// E[2^R]/n.
    pub mean_ratio: f64,
    /// The median of one 2^R, over n.
    pub median_ratio: f64,
    /// E[2^R] with one more bit of hash width, minus E[2^R], over n (about 1/2).
    pub per_bit: f64,
    /// log2 n, what the slides' group size is a small multiple of.
    pub log2n: f64,
}

pub fn tail_facts(n: u64, w: u32) -> TailFacts {
    let nf = n.max(1) as f64;
    let e = expected_two_pow_r(n, w);
    TailFacts {
        mean_ratio: e / nf,
        median_ratio: median_two_pow_r(n, w) / nf,
        per_bit: (expected_two_pow_r(n, w + 1) - e) / nf,
        log2n: nf.log2(),
    }
}
