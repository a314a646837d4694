//! False-positive formulas (page contract, section 3), the optimal k, and sizing.
//!
//! Every function returns a finite probability in [0, 1] for any input; inputs that make no
//! sense (m = 0, k = 0) are treated as the nearest sensible value by the callers, and here give
//! 0 or 1 rather than NaN.

/// The formulas the app can show, by their contract names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Formula {
    Approx,
    Finite,
    Exact,
    Skiena,
    Partitioned,
    Mlbf,
}

impl Formula {
    pub const ALL: [Formula; 6] =
        [Formula::Approx, Formula::Finite, Formula::Exact, Formula::Skiena, Formula::Partitioned, Formula::Mlbf];

    pub fn name(self) -> &'static str {
        match self {
            Formula::Approx => "approx",
            Formula::Finite => "finite",
            Formula::Exact => "exact",
            Formula::Skiena => "skiena",
            Formula::Partitioned => "partitioned",
            Formula::Mlbf => "mlbf",
        }
    }

    pub fn parse(s: &str) -> Option<Formula> {
        Formula::ALL.into_iter().find(|f| f.name() == s)
    }

    /// The formula as people write it.
    pub fn expression(self) -> &'static str {
        match self {
            Formula::Approx => "(1 − e^(−kn/m))^k",
            Formula::Finite => "(1 − (1 − 1/m)^(kn))^k",
            Formula::Exact => "Σ P(i bits set)·(i/m)^k",
            Formula::Skiena => "min(1, (kn/m)^k)",
            Formula::Partitioned => "(1 − (1 − k/m)^n)^k",
            Formula::Mlbf => "approx^L",
        }
    }

    /// The formula's value for m bits, n items, k hashes (and L layers for `mlbf`).
    pub fn evaluate(self, m: u64, n: u64, k: u32, layers: u32) -> f64 {
        match self {
            Formula::Approx => approx(m, n, k),
            Formula::Finite => finite(m, n, k),
            Formula::Exact => exact(m, n, k),
            Formula::Skiena => skiena(m, n, k),
            Formula::Partitioned => partitioned(m, n, k),
            Formula::Mlbf => mlbf(m, n, k, layers),
        }
    }
}

fn clamp01(p: f64) -> f64 {
    if p.is_nan() {
        0.0
    } else {
        p.clamp(0.0, 1.0)
    }
}

/// Fraction of bits still 0 in the usual approximation: e^(-kn/m).
pub fn zero_fraction_approx(m: u64, n: u64, k: u32) -> f64 {
    if m == 0 {
        return 0.0;
    }
    (-(k as f64) * n as f64 / m as f64).exp()
}

/// `approx`: (1 - e^(-kn/m))^k.
pub fn approx(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    if m == 0 {
        return 1.0;
    }
    let ones = -(-(k as f64) * n as f64 / m as f64).exp_m1();
    clamp01(ones.powi(k as i32))
}

/// Probability that a given bit is still 0 after kn throws: (1 - 1/m)^(kn).
pub fn zero_probability_finite(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 1.0;
    }
    if m <= 1 {
        return 0.0;
    }
    clamp01(((k as f64) * n as f64 * (-1.0 / m as f64).ln_1p()).exp())
}

/// `finite`: (1 - (1 - 1/m)^(kn))^k.
pub fn finite(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    if m <= 1 {
        return 1.0;
    }
    let ones = -((k as f64) * n as f64 * (-1.0 / m as f64).ln_1p()).exp_m1();
    clamp01(ones.powi(k as i32))
}

/// `skiena`: min(1, (kn/m)^k), the union bound.
pub fn skiena(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    if m == 0 {
        return 1.0;
    }
    clamp01((k as f64 * n as f64 / m as f64).powi(k as i32))
}

/// `partitioned`: (1 - (1 - k/m)^n)^k, k slices of m/k bits. With k >= m every slice is at
/// most one bit, which is full after the first item.
pub fn partitioned(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    if (k as u64) >= m {
        return 1.0;
    }
    let ones = -(n as f64 * (-(k as f64) / m as f64).ln_1p()).exp_m1();
    clamp01(ones.powi(k as i32))
}

/// `mlbf`: approx^L for L layers of m bits each.
pub fn mlbf(m: u64, n: u64, k: u32, layers: u32) -> f64 {
    clamp01(approx(m, n, k).powi(layers.max(1) as i32))
}

/// Stirling numbers of the second kind S2(k, j) for j = 0..=k, as f64 (exact for the small k
/// that filters use; k up to about 170 stays finite).
fn stirling2_row(k: u32) -> Vec<f64> {
    let k = k as usize;
    let mut row = vec![0.0f64; k + 1];
    row[0] = 1.0;
    for r in 1..=k {
        for j in (1..=r).rev() {
            row[j] = j as f64 * row[j] + row[j - 1];
        }
        row[0] = 0.0;
    }
    row
}

/// Probability that j given bins are all hit by `throws` uniform throws into m bins.
/// The number of given bins hit is a pure-birth chain; its transition matrix is raised to the
/// power `throws` by repeated squaring. All entries stay non-negative, so nothing cancels.
fn all_hit_probability(m: u64, j: usize, throws: u128) -> f64 {
    let size = j + 1;
    let mf = m as f64;
    // Upper bidiagonal step matrix, row-major.
    let mut step = vec![0.0f64; size * size];
    for s in 0..size {
        let miss = (j - s) as f64;
        step[s * size + s] = (mf - miss) / mf;
        if s < j {
            step[s * size + s + 1] = miss / mf;
        }
    }
    // Row vector of the state distribution, starting with none hit.
    let mut dist = vec![0.0f64; size];
    dist[0] = 1.0;
    let mut e = throws;
    let mut tmp = vec![0.0f64; size * size];
    while e > 0 {
        if e & 1 == 1 {
            let mut next = vec![0.0f64; size];
            for a in 0..size {
                if dist[a] == 0.0 {
                    continue;
                }
                for b in a..size {
                    next[b] += dist[a] * step[a * size + b];
                }
            }
            dist = next;
        }
        e >>= 1;
        if e > 0 {
            // step = step * step (upper triangular).
            tmp.iter_mut().for_each(|x| *x = 0.0);
            for a in 0..size {
                for c in a..size {
                    let v = step[a * size + c];
                    if v == 0.0 {
                        continue;
                    }
                    for b in c..size {
                        tmp[a * size + b] += v * step[c * size + b];
                    }
                }
            }
            std::mem::swap(&mut step, &mut tmp);
        }
    }
    dist[j]
}

/// The largest k for which `exact` is computed (beyond it the work grows as k^4).
pub const EXACT_MAX_K: u32 = 100;

/// `exact`: the exact false-positive probability of a random non-member whose k positions are
/// independent and uniform, after kn uniform throws into m bits:
/// m^(-k(n+1)) Σ_i i^k i! C(m,i) S2(kn,i)  =  E[(X/m)^k], X the number of bits set.
///
/// Computed without cancellation as Σ_j w_j P_j: a query's k positions take exactly j distinct
/// values in C(m,j) j! S2(k,j) of the m^k cases (weight w_j), and P_j is the probability that j
/// given bits are all set. Falls back to `finite` above `EXACT_MAX_K`.
#[allow(clippy::needless_range_loop)] // j and i are also the formula's indices
pub fn exact(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    if m <= 1 {
        return 1.0;
    }
    if k > EXACT_MAX_K {
        return finite(m, n, k);
    }
    let throws = k as u128 * n as u128;
    let s2 = stirling2_row(k);
    let ln_m = (m as f64).ln();
    let mut total = 0.0;
    let mut ln_falling = 0.0; // ln(m (m-1) ... (m-j+1))
    for j in 1..=k as usize {
        if j as u64 > m {
            break;
        }
        ln_falling += ((m - (j as u64 - 1)) as f64).ln();
        let ln_w = s2[j].ln() + ln_falling - k as f64 * ln_m;
        let w = ln_w.exp();
        if w == 0.0 {
            continue;
        }
        total += w * all_hit_probability(m, j, throws);
    }
    clamp01(total)
}

/// `exact` written as the contract writes it, term by term in log space:
/// m^(-k(n+1)) Σ_{i=1..m} i^k i! C(m,i) S2(kn,i). Costs O(kn · min(m, kn)); used to check
/// `exact` on small cases.
#[allow(clippy::needless_range_loop)] // i is also the formula's index
pub fn exact_by_stirling_sum(m: u64, n: u64, k: u32) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    let t = (k as u64 * n) as usize;
    let top = (m as usize).min(t);
    // ln S2(t, i) for i = 0..=top, by the recurrence in log space.
    let mut row = vec![f64::NEG_INFINITY; top + 1];
    row[0] = 0.0;
    for r in 1..=t {
        for i in (1..=top.min(r)).rev() {
            let a = (i as f64).ln() + row[i];
            let b = row[i - 1];
            row[i] = log_add(a, b);
        }
        row[0] = f64::NEG_INFINITY;
    }
    let mf = m as f64;
    let mut terms = Vec::with_capacity(top);
    let mut ln_fall = 0.0; // ln(i! C(m,i)) = ln(m (m-1) ... (m-i+1))
    for i in 1..=top {
        ln_fall += (mf - (i - 1) as f64).ln();
        terms.push(k as f64 * (i as f64).ln() + ln_fall + row[i] - (k as f64) * (n as f64 + 1.0) * mf.ln());
    }
    let max = terms.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    clamp01(max.exp() * terms.iter().map(|t| (t - max).exp()).sum::<f64>())
}

fn log_add(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi + (lo - hi).exp().ln_1p()
}

/// The real-valued optimum k = (m/n) ln 2.
pub fn optimal_k_real(m: u64, n: u64) -> f64 {
    if n == 0 {
        return f64::INFINITY;
    }
    m as f64 / n as f64 * std::f64::consts::LN_2
}

/// The whole number of hashes that minimises `approx` for m bits and n items (at least 1,
/// at most `max_k`).
pub fn optimal_k(m: u64, n: u64, max_k: u32) -> u32 {
    if n == 0 {
        return 1;
    }
    let real = optimal_k_real(m, n);
    let lo = (real.floor() as u32).clamp(1, max_k.max(1));
    let hi = (lo + 1).min(max_k.max(1));
    if approx(m, n, hi) < approx(m, n, lo) {
        hi
    } else {
        lo
    }
}

/// The usual sizing for n items and target false-positive rate p:
/// m = ceil(-n ln p / (ln 2)^2), k = round((m / n) ln 2). `None` unless n >= 1 and 0 < p < 1.
pub fn size_for(n: u64, p: f64) -> Option<(u64, u32)> {
    if n == 0 || !(p > 0.0 && p < 1.0) {
        return None;
    }
    let ln2 = std::f64::consts::LN_2;
    let m = (-(n as f64) * p.ln() / (ln2 * ln2)).ceil();
    if !m.is_finite() || m > 1e18 {
        return None;
    }
    let m = m as u64;
    let k = ((m as f64 / n as f64) * ln2).round().max(1.0) as u32;
    Some((m, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs().max(1e-300)
    }

    #[track_caller]
    fn assert_close(got: f64, want: f64, rel: f64) {
        assert!(close(got, want, rel), "got {got}, want {want}");
    }

    #[test]
    fn reference_exact_vs_approximate() {
        // (m, k, n) -> approx / finite / exact, from reference-numbers.md (rounded there).
        let cases = [
            (2, 2, 1, 0.39958, 0.5625, 0.625),
            (16, 4, 2, 0.023969, 0.026450, 0.029674),
            (100, 5, 10, 0.0094309, 0.0096151, 0.0099514),
        ];
        for (m, k, n, a, f, e) in cases {
            assert_close(approx(m, n, k), a, 5e-5);
            assert_close(finite(m, n, k), f, 5e-5);
            assert_close(exact(m, n, k), e, 5e-5);
        }
    }

    #[test]
    fn ullman_filter_numbers() {
        assert_close(approx(11, 3, 2), 0.176754, 3e-6);
        assert_close(finite(11, 3, 2), 0.189683, 3e-6);
        assert_close(exact(11, 3, 2), 3801581.0 / 19487171.0, 1e-12);
        assert_close(exact_by_stirling_sum(11, 3, 2), 3801581.0 / 19487171.0, 1e-12);
    }

    /// Enumerates every outcome of kn throws into m bits; returns the exact fraction
    /// (sum of ones^k over outcomes, outcomes · m^k), whose ratio is E[(ones/m)^k].
    fn enumerate_exact(m: u64, n: u64, k: u32) -> (u128, u128) {
        let throws = (k as u64 * n) as u32;
        let outcomes = m.pow(throws);
        let mut num: u128 = 0;
        for code in 0..outcomes {
            let mut c = code;
            let mut set = 0u64;
            for _ in 0..throws {
                set |= 1 << (c % m);
                c /= m;
            }
            num += (set.count_ones() as u128).pow(k);
        }
        (num, outcomes as u128 * (m as u128).pow(k))
    }

    #[test]
    fn exact_matches_enumeration_on_tiny_cases() {
        let (num, den) = enumerate_exact(11, 3, 2);
        assert_eq!(num * 19487171, 3801581 * den, "11^6 outcomes give 3801581/19487171");
        for (m, n, k) in [(2, 1, 2), (3, 2, 2), (4, 1, 3), (5, 3, 1), (6, 2, 3), (7, 1, 4), (3, 4, 2), (8, 2, 2)] {
            let (num, den) = enumerate_exact(m, n, k);
            let want = num as f64 / den as f64;
            assert_close(exact(m, n, k), want, 1e-12);
            assert_close(exact_by_stirling_sum(m, n, k), want, 1e-12);
        }
    }

    #[test]
    fn exact_agrees_with_the_stirling_sum_on_medium_cases() {
        for (m, n, k) in [(100, 10, 5), (64, 20, 3), (500, 40, 7), (1000, 100, 7), (50, 200, 2)] {
            assert_close(exact(m, n, k), exact_by_stirling_sum(m, n, k), 1e-9);
        }
    }

    #[test]
    fn exact_approaches_finite_for_large_m_and_stays_finite_everywhere() {
        let m = 9_585_059;
        let e = exact(m, 1_000_000, 7);
        assert_close(e, finite(m, 1_000_000, 7), 1e-3);
        assert!(e > finite(m, 1_000_000, 7));
        for (m, n, k) in [(1, 1, 1), (1 << 40, 1, 30), (10, 1_000_000_000, 64), (u64::MAX, u64::MAX, 100)] {
            let v = exact(m, n, k);
            assert!((0.0..=1.0).contains(&v), "{m} {n} {k} -> {v}");
        }
    }

    #[test]
    fn darts_numbers() {
        // 1 billion bits, 5 hashes, 100 million items.
        assert_close(zero_fraction_approx(1_000_000_000, 100_000_000, 5), 0.606531, 1e-6);
        assert_close(approx(1_000_000_000, 100_000_000, 5), 0.0094309, 1e-4);
        // MMDS: 8 billion bits, 1 billion items.
        let m = 8_000_000_000;
        for (k, want) in [(1, 0.117503), (2, 0.048929), (3, 0.030579), (4, 0.023969)] {
            assert_close(approx(m, 1_000_000_000, k), want, 2e-5);
        }
    }

    #[test]
    fn skiena_numbers() {
        // load 5%: m = 20 n.
        let want = [0.05, 0.01, 0.003375, 0.0016, 0.0009765625];
        for (i, w) in want.iter().enumerate() {
            assert_close(skiena(2000, 100, i as u32 + 1), *w, 1e-12);
        }
        assert_close(skiena(2000, 100, 1) / skiena(2000, 100, 5), 51.2, 1e-12);
        let std = [0.048771, 0.009056, 0.002703, 0.001080, 0.000530];
        for (i, w) in std.iter().enumerate() {
            assert_close(approx(2000, 100, i as u32 + 1), *w, 2e-3);
        }
        assert_close(approx(2000, 100, 1) / approx(2000, 100, 5), 92.1, 1e-3);
        // The bound passes 1 at load 0.2 with k = 5: clipped.
        assert_eq!(skiena(500, 100, 5), 1.0);
    }

    #[test]
    fn partitioned_and_mlbf() {
        assert_close(partitioned(1000, 100, 7), 0.0083338, 1e-4);
        assert_close(finite(1000, 100, 7), 0.0082136, 1e-4);
        assert_close(approx(1000, 100, 7), 0.0081937, 1e-4);
        assert_eq!(partitioned(5, 1, 5), 1.0);
        assert_close(mlbf(1000, 100, 7, 4), approx(1000, 100, 7).powi(4), 1e-12);
    }

    #[test]
    fn sizing_reference() {
        assert_eq!(size_for(1_000_000, 0.01), Some((9_585_059, 7)));
        let (m, k) = size_for(40_000_000, 1e-6).unwrap();
        assert_eq!((m, k), (1_150_207_006, 20));
        assert_close(m as f64 / 8.0 / 1024.0 / 1024.0, 137.12, 1e-4);
        assert_eq!(size_for(0, 0.01), None);
        assert_eq!(size_for(10, 1.0), None);
        assert_eq!(size_for(10, 0.0), None);
        assert_eq!(size_for(10, f64::NAN), None);
        assert_eq!(optimal_k(9_585_059, 1_000_000, 64), 7);
        // At the optimum, FP ≈ 0.6185^(m/n).
        assert_close(approx(9_585_059, 1_000_000, 7), 0.6185f64.powf(9.585059), 2e-2);
    }

    #[test]
    fn no_nan_or_infinity_anywhere() {
        let sizes = [0u64, 1, 2, 11, 1 << 20, u64::MAX];
        for &m in &sizes {
            for &n in &sizes {
                for k in [0u32, 1, 2, 7, 64] {
                    for f in Formula::ALL {
                        let v = f.evaluate(m, n, k, 4);
                        assert!(v.is_finite() && (0.0..=1.0).contains(&v), "{f:?} {m} {n} {k} -> {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn formula_names_round_trip() {
        for f in Formula::ALL {
            assert_eq!(Formula::parse(f.name()), Some(f));
        }
    }
}
