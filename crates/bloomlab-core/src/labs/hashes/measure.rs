//! What the hash lab measures for one family: the false-positive rate on non-members with its
//! Wilson interval beside `finite` and `exact` and beside what ideal hashes would pass given this
//! filter's own fill, how evenly positions spread (a chi-square test over buckets), and how often
//! an item's k positions are not all distinct.

use std::collections::HashMap;

use xxhash_rust::xxh3::xxh3_64_with_seed;

use super::items::Items;
use crate::engine::bitvec::BitVec;
use crate::engine::formulas;
use crate::engine::hashing::{double_base, HashFamily};
use crate::engine::stats::{ln_gamma, rate, wilson, Z95};

/// Buckets of the uniformity test (fewer when m is smaller).
pub const BUCKETS: u64 = 64;

/// One family's results.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyResult {
    pub family: HashFamily,
    pub hits: u64,
    pub trials: u64,
    pub finite: f64,
    pub exact: f64,
    /// (ones / m)^k for the bits this filter set: the chance that k independent uniform positions
    /// all land on a 1, so the rate ideal hashes would pass non-members at given this very fill.
    /// `finite` and `exact` average over every fill n items could leave; this one does not, so the
    /// probes' interval is the whole uncertainty around it.
    pub given_fill: f64,
    /// Positions of the members' hashes per bucket (bucket b holds positions b·m/B .. ).
    pub buckets: Vec<u64>,
    pub chi2: f64,
    /// The chance of a chi-square at least this large if positions were uniform.
    pub p: f64,
    /// Items (members and probes) whose k positions are not all distinct.
    pub repeats: u64,
    /// Items whose positions were looked at: members and probes.
    pub hashed: u64,
}

impl FamilyResult {
    pub fn rate(&self) -> f64 {
        rate(self.hits, self.trials)
    }
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.hits, self.trials, Z95)
    }
    /// Marked: what ideal hashes would pass given this fill lies outside the measured rate's 95%
    /// interval. An ideal family is marked about 1 run in 20, however many probes there are.
    pub fn off(&self) -> bool {
        let (lo, hi) = self.interval();
        self.given_fill < lo || self.given_fill > hi
    }
}

/// The chance that k ideal hashes into m cells are not all distinct: 1 − Π (1 − j/m).
pub fn ideal_repeat_chance(m: u64, k: u32) -> f64 {
    let mut all_distinct = 1.0;
    for j in 0..k as u64 {
        all_distinct *= (1.0 - j as f64 / m.max(1) as f64).max(0.0);
    }
    1.0 - all_distinct
}

/// Measures `family` on members 0 .. n-1 and non-members n .. n+trials-1 of `items`.
pub fn measure(family: HashFamily, m: u64, k: u32, n: u64, items: Items, trials: u64, seed: u64) -> FamilyResult {
    let m = m.max(1);
    let mut bits = BitVec::new(m as usize);
    let buckets_n = BUCKETS.min(m).max(1);
    let mut buckets = vec![0u64; buckets_n as usize];
    let mut repeats = 0;
    // Each item is hashed once: its positions set the bits (members), answer the lookup (probes),
    // fill the buckets and show repeats.
    let mut positions = Vec::with_capacity(k as usize);
    let hash = |i: u64, positions: &mut Vec<u64>| {
        positions.clear();
        family.for_each_position(items.get(seed, i).as_bytes(), k, m, |p| positions.push(p));
    };
    for i in 0..n {
        hash(i, &mut positions);
        for &p in &positions {
            bits.set(p as usize);
            buckets[((p as u128 * buckets_n as u128) / m as u128) as usize] += 1;
        }
        if has_repeat(&mut positions) {
            repeats += 1;
        }
    }
    let given_fill = (bits.count_ones() as f64 / m as f64).powi(k as i32);
    let mut hits = 0;
    for i in n..n + trials {
        hash(i, &mut positions);
        if positions.iter().all(|&p| bits.get(p as usize)) {
            hits += 1;
        }
        if has_repeat(&mut positions) {
            repeats += 1;
        }
    }
    let total: u64 = buckets.iter().sum();
    let expected = total as f64 / buckets_n as f64;
    let chi2 =
        if expected > 0.0 { buckets.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum() } else { 0.0 };
    let p = chi_square_tail(chi2, (buckets_n - 1).max(1) as f64);
    FamilyResult {
        family,
        hits,
        trials,
        finite: formulas::finite(m, n, k),
        exact: formulas::exact(m, n, k),
        given_fill,
        buckets,
        chi2,
        p,
        repeats,
        hashed: n + trials,
    }
}

fn has_repeat(positions: &mut [u64]) -> bool {
    positions.sort_unstable();
    positions.windows(2).any(|w| w[0] == w[1])
}

/// P(X ≥ x) for a chi-square variable with `dof` degrees of freedom: Q(dof/2, x/2).
pub fn chi_square_tail(x: f64, dof: f64) -> f64 {
    if x.is_nan() || dof.is_nan() || x <= 0.0 || dof <= 0.0 {
        return 1.0;
    }
    upper_gamma_q(dof / 2.0, x / 2.0).clamp(0.0, 1.0)
}

/// The regularised upper incomplete gamma function Q(a, x): a series below a + 1, a continued
/// fraction above (Lentz's method).
fn upper_gamma_q(a: f64, x: f64) -> f64 {
    let ln_front = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let (mut sum, mut term, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * ln_front.exp()
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        ln_front.exp() * h
    }
}

/// Two items of the first `limit` of `items` that share a full xxh3 hash across the naive
/// seeds: item `a` under seed `s` equals item `b` under seed 0.
pub fn naive_collision(items: Items, seed: u64, k: u32, limit: u64) -> Option<(String, String, u32)> {
    let count = items.universe().map_or(limit, |u| u.min(limit));
    let mut under_zero: HashMap<u64, u64> = HashMap::with_capacity(count as usize);
    for i in 0..count {
        under_zero.insert(xxh3_64_with_seed(items.get(seed, i).as_bytes(), 0), i);
    }
    for i in 0..count {
        let a = items.get(seed, i);
        for s in 1..k.max(2) {
            if let Some(&j) = under_zero.get(&xxh3_64_with_seed(a.as_bytes(), s as u64)) {
                if j != i {
                    return Some((a, items.get(seed, j), s));
                }
            }
        }
    }
    None
}

/// One of the first `limit` items whose double-hashing positions repeat at m, with its h1 and h2.
pub fn double_repeat(items: Items, seed: u64, m: u64, k: u32, limit: u64) -> Option<(String, u64, u64)> {
    let count = items.universe().map_or(limit, |u| u.min(limit));
    (0..count).map(|i| items.get(seed, i)).find_map(|item| {
        let mut pos = Vec::with_capacity(k as usize);
        HashFamily::Double.for_each_position(item.as_bytes(), k, m, |p| pos.push(p));
        pos.sort_unstable();
        if pos.windows(2).any(|w| w[0] == w[1]) {
            let (h1, h2) = double_base(item.as_bytes());
            Some((item, h1, h2))
        } else {
            None
        }
    })
}
