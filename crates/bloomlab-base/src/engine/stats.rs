//! Statistics the labs share: rates with Wilson score intervals, medians and medians of means,
//! shares of large errors and histograms of relative errors.

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Bins of an error histogram.
pub const HIST_BINS: usize = 40;

/// The Wilson score interval for `hits` successes in `trials` trials, at normal quantile `z`.
/// Always within [0, 1]; (0, 1) when there are no trials.
pub fn wilson(hits: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let t = trials as f64;
    let p = hits.min(trials) as f64 / t;
    let z2 = z * z;
    let denom = 1.0 + z2 / t;
    let centre = (p + z2 / (2.0 * t)) / denom;
    let half = z / denom * (p * (1.0 - p) / t + z2 / (4.0 * t * t)).sqrt();
    let lo = if hits == 0 { 0.0 } else { (centre - half).max(0.0) };
    let hi = if hits >= trials { 1.0 } else { (centre + half).min(1.0) };
    (lo, hi)
}

/// The fraction of `trials` probes that passed (0 when there were none).
pub fn rate(hits: u64, trials: u64) -> f64 {
    if trials == 0 {
        0.0
    } else {
        hits as f64 / trials as f64
    }
}

/// The mean of `f(i)` over a Poisson-distributed count i with mean `lambda` (a blocked filter's
/// rate: the rate of one block averaged over the number of items a block gets); `f(0)` for a mean
/// that is not positive. The weights are walked out from the mode in both directions relative to
/// the mode's own weight and normalised by their sum, so a large λ neither underflows e^−λ nor
/// needs factorials; above 10⁶ the weights lie within a few √λ of λ and `f(λ)` is taken.
pub fn poisson_mean(lambda: f64, f: impl Fn(f64) -> f64) -> f64 {
    if lambda.is_nan() || lambda <= 0.0 {
        return f(0.0);
    }
    if lambda > 1e6 {
        return f(lambda);
    }
    let mode = lambda.floor();
    let (mut weights, mut sum) = (1.0, f(mode));
    let (mut t, mut i) = (1.0, mode);
    while t > 1e-18 {
        i += 1.0;
        t *= lambda / i;
        weights += t;
        sum += t * f(i);
    }
    let (mut t, mut i) = (1.0, mode);
    while t > 1e-18 && i > 0.0 {
        t *= i / lambda;
        i -= 1.0;
        weights += t;
        sum += t * f(i);
    }
    sum / weights
}

/// The median of the means of `groups` groups of consecutive values (the last groups one larger
/// when they do not divide evenly). One group is the plain mean; as many groups as values is the
/// median.
pub fn median_of_means(xs: &[f64], groups: u64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let g = (groups.max(1) as usize).min(xs.len());
    let mut means = Vec::with_capacity(g);
    let base = xs.len() / g;
    let extra = xs.len() % g;
    let mut start = 0;
    for i in 0..g {
        let len = base + usize::from(i >= g - extra);
        let slice = &xs[start..start + len];
        means.push(slice.iter().sum::<f64>() / len as f64);
        start += len;
    }
    median(&mut means)
}

/// `v` sorted in place, for short lists only (a chart's few sizes, the AMS positions, a
/// walkthrough's handful of estimates): an insertion sort, quadratic in the length but a few dozen
/// bytes of wasm per element type, where the standard sort is 2–6 KB per type.
pub fn sort_short<T: Ord + Copy>(v: &mut [T]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// `v` sorted in place by `f64::total_cmp` (stable). Every float sort goes through this one
/// function: each `sort_by` closure is its own ~3 KB copy of the sort in the wasm.
#[inline(never)]
pub fn sort_floats(v: &mut [f64]) {
    v.sort_by(f64::total_cmp);
}

/// The median (the mean of the two middle values for an even count).
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    sort_floats(v);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// The share of relative errors larger than `limit` in size (0 when there are none).
pub fn share_beyond(errors: &[f64], limit: f64) -> f64 {
    if errors.is_empty() {
        return 0.0;
    }
    errors.iter().filter(|e| e.abs() > limit).count() as f64 / errors.len() as f64
}

/// The histogram's range: symmetric around 0, wide enough for 98 % of the errors, at least ±10 %.
pub fn histogram_range(errors: &[f64]) -> (f64, f64) {
    let mut a: Vec<f64> = errors.iter().filter(|e| e.is_finite()).map(|e| e.abs()).collect();
    sort_floats(&mut a);
    let q = a.get(((a.len() as f64 * 0.98) as usize).min(a.len().saturating_sub(1))).copied().unwrap_or(0.1);
    let step = [0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0].into_iter().find(|s| *s >= q).unwrap_or(10.0);
    (-step.min(1.0), step)
}

/// Counts of relative errors in `HIST_BINS` equal bins over `range`; errors outside go to the
/// first or last bin.
pub fn histogram(errors: &[f64], range: (f64, f64)) -> Vec<u64> {
    let mut out = vec![0u64; HIST_BINS];
    let width = (range.1 - range.0) / HIST_BINS as f64;
    for &e in errors {
        let i = ((e - range.0) / width).floor();
        let i = if i.is_finite() { (i.max(0.0) as usize).min(HIST_BINS - 1) } else { HIST_BINS - 1 };
        out[i] += 1;
    }
    out
}

/// ln Γ(x) for x > 0 (Lanczos' approximation, g = 7, nine terms: about 15 digits).
pub fn ln_gamma(x: f64) -> f64 {
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1 − x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma_from_half(1.0 - x);
    }
    ln_gamma_from_half(x)
}

/// ln Γ(x) for x ≥ 0.5, the same value as `ln_gamma` there, without the reflection below 0.5:
/// a caller whose arguments are never below 0.5 does not carry the sine (its argument reduction
/// and tables, about 6 KB of wasm) that only the reflection needs.
pub fn ln_gamma_from_half(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_short_sorts_as_the_standard_sort_does() {
        let mut rng = fastrand::Rng::with_seed(7);
        for len in 0..40 {
            for _ in 0..20 {
                let v: Vec<u64> = (0..len).map(|_| rng.u64(0..12)).collect();
                let (mut a, mut b) = (v.clone(), v);
                sort_short(&mut a);
                b.sort_unstable();
                assert_eq!(a, b);
            }
        }
        let mut wide = [u128::MAX, 0, 1 << 64, 3, 1 << 64];
        sort_short(&mut wide);
        assert_eq!(wide, [0, 3, 1 << 64, 1 << 64, u128::MAX]);
    }

    #[test]
    fn ln_gamma_from_half_is_ln_gamma_from_half_on() {
        for i in 0..2_000 {
            let x = 0.5 + i as f64 * 0.037;
            assert_eq!(ln_gamma_from_half(x).to_bits(), ln_gamma(x).to_bits(), "x = {x}");
        }
        // Below 0.5 ln_gamma still reflects: Γ(1/4) = 3.625609908221908…
        assert!((ln_gamma(0.25) - 3.625_609_908_221_908_f64.ln()).abs() < 1e-13);
    }

    #[test]
    fn wilson_interval_values() {
        // 10 of 100 at 95%: the textbook interval (0.0552, 0.1744).
        let (lo, hi) = wilson(10, 100, Z95);
        assert!((lo - 0.05523).abs() < 1e-4 && (hi - 0.17437).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson(0, 100, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.03699).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(100, 100, Z95).1, 1.0);
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
        assert_eq!(wilson(7, 3, Z95).1, 1.0);
        for (h, t) in [(1, 1), (0, 1), (5, 7), (1, 1_000_000), (999_999, 1_000_000)] {
            let (lo, hi) = wilson(h, t, Z95);
            assert!(lo.is_finite() && hi.is_finite() && 0.0 <= lo && lo <= hi && hi <= 1.0);
            let p = h as f64 / t as f64;
            assert!(lo <= p && p <= hi);
        }
        assert_eq!((rate(3, 4), rate(3, 0)), (0.75, 0.0));
    }

    #[test]
    fn combining_rules() {
        let xs = [1.0, 9.0, 2.0, 100.0, 3.0, 4.0];
        assert_eq!(median_of_means(&xs, 1), xs.iter().sum::<f64>() / 6.0);
        assert_eq!(median_of_means(&xs, 6), median(&mut xs.clone()));
        assert_eq!(median_of_means(&xs, 2), median(&mut [4.0, 107.0 / 3.0]));
        assert_eq!(median_of_means(&[], 3), 0.0);
        let errs = [-1.0, -0.95, 0.0, 0.05, 5.0, f64::NAN];
        assert_eq!(histogram_range(&errs), (-1.0, 5.0));
        assert_eq!(histogram_range(&[0.01, -0.03]), (-0.1, 0.1));
        let h = histogram(&errs, (-1.0, 5.0));
        assert_eq!(h.iter().sum::<u64>(), 6);
        assert_eq!((h[0], h[HIST_BINS - 1]), (2, 2));
        assert_eq!(share_beyond(&[0.05, -0.2, 0.6, 0.0], 0.1), 0.5);
        assert_eq!(share_beyond(&[], 0.1), 0.0);
    }
}
