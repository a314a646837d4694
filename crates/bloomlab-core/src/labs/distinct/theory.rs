//! Why Flajolet–Martin works: with m distinct elements, the chance that the largest tail R is at
//! least i, exactly and approximately, and R's distribution measured over seeded runs.

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::engine::hashing::seed;
use crate::engine::stats::{wilson, Z95};
use crate::plot::{MeasuredPoint, Plot, Series};

/// P(tail ≥ i) for a random 64-bit hash: 2^−i.
pub fn p_tail_at_least(i: u32) -> f64 {
    0.5f64.powi(i as i32)
}

/// P(R ≥ i) with m distinct elements: 1 − (1 − 2^−i)^m, written as −expm1(m·ln1p(−2^−i)) so
/// it keeps its precision where 2^−i is far below m's reciprocal (there 1 − 2^−i rounds to 1
/// and the plain form says 0, losing the tail that E[2^R] is made of).
pub fn p_r_at_least(m: u64, i: u32) -> f64 {
    if i == 0 {
        return 1.0;
    }
    -((m as f64) * (-p_tail_at_least(i)).ln_1p()).exp_m1()
}

/// The approximation 1 − e^(−m·2^−i).
pub fn p_r_at_least_approx(m: u64, i: u32) -> f64 {
    1.0 - (-(m as f64) * p_tail_at_least(i)).exp()
}

/// P(R = i).
pub fn p_r_equals(m: u64, i: u32) -> f64 {
    p_r_at_least(m, i) - p_r_at_least(m, i + 1)
}

/// R for `m` distinct keys (`first` .. `first + m`) under seeded xxh3 hash `h`.
pub fn max_tail(first: u64, m: u64, h: u32, run_seed: u64) -> u32 {
    (first..first + m)
        .map(|x| xxh3_64_with_seed(&x.to_le_bytes(), seed(h) ^ run_seed))
        .map(|v| v.trailing_zeros())
        .max()
        .unwrap_or(0)
}

/// How often R took each value 0 ..= 64 over `runs` runs of m distinct elements.
pub fn measure_r(m: u64, runs: u64, run_seed: u64) -> Vec<u64> {
    let mut counts = vec![0u64; 65];
    for r in 0..runs {
        let first = r.wrapping_mul(m).wrapping_add(run_seed.rotate_left(17));
        counts[max_tail(first, m, 0, run_seed) as usize] += 1;
    }
    counts
}

/// The chart: P(R = i) and P(R ≥ i) against i, with the measured P(R = i).
pub fn chart(m: u64, counts: &[u64]) -> Plot {
    let runs: u64 = counts.iter().sum();
    let centre = (m.max(1) as f64).log2();
    let lo = (centre - 6.0).max(0.0).floor() as u32;
    let hi = (centre + 8.0).min(64.0).ceil() as u32;
    let series = vec![
        Series::line("P(R = i)", 0, (lo..=hi).map(|i| (i as f64, p_r_equals(m, i))).collect()),
        Series::dashed("P(R ≥ i) = 1 − (1 − 2^−i)^n", 1, (lo..=hi).map(|i| (i as f64, p_r_at_least(m, i))).collect()),
    ];
    let measured = (lo..=hi)
        .map(|i| {
            let c = counts.get(i as usize).copied().unwrap_or(0);
            let (l, h) = wilson(c, runs, Z95);
            MeasuredPoint { x: i as f64, rate: c as f64 / runs.max(1) as f64, lo: l, hi: h }
        })
        .collect();
    Plot {
        series,
        measured,
        measured_label: format!("R measured over {runs} runs"),
        y_fixed: Some((0.0, 1.0)),
        ..Plot::new("i (tail length)", "probability", (lo as f64, hi as f64))
    }
}
