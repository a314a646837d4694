//! False-positive formulas (page contract, section 3), the optimal k, and sizing.
//!
//! Every function returns a finite probability in [0, 1] for any input; inputs that make no
//! sense (m = 0, k = 0) are treated as the nearest sensible value by the callers, and here give
//! 0 or 1 rather than NaN.

#[cfg(test)]
mod tests;

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
