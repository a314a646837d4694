//! The sketches' constants from their closed forms: Flajolet and Martin's φ, LogLog's α_m and
//! HyperLogLog's α_m. Each is computed once and kept.

use std::f64::consts::LN_2;
use std::sync::OnceLock;

pub use crate::engine::stats::{ln_gamma, ln_gamma_from_half};

/// Euler's constant γ.
const EULER_GAMMA: f64 = 0.577_215_664_901_532_9;

/// Flajolet and Martin's φ = e^γ·√2/3 · ∏_{p≥1} ((4p+1)(4p+2) / (4p(4p+3)))^((−1)^ν(p)), ν(p)
/// the number of 1 bits of p (about 0.77351). The product is taken to p = 2^20: its factors are
/// 1 + O(1/p²), so what is left out moves φ by less than 10^−6.
pub fn fm_phi() -> f64 {
    static PHI: OnceLock<f64> = OnceLock::new();
    *PHI.get_or_init(|| {
        let mut log_product = 0.0;
        for p in 1..=(1u64 << 20) {
            let p4 = 4.0 * p as f64;
            let factor = ((p4 + 1.0) * (p4 + 2.0) / (p4 * (p4 + 3.0))).ln();
            log_product += if p.count_ones() % 2 == 0 { factor } else { -factor };
        }
        EULER_GAMMA.exp() * 2f64.sqrt() / 3.0 * log_product.exp()
    })
}

/// LogLog's α_m = (Γ(−1/m)·(1 − 2^(1/m)) / ln 2)^(−m), which tends to about 0.39701. Written
/// with Γ(−1/m) = −m·Γ(1 − 1/m) and in logarithms, so large m lose no precision.
pub fn loglog_alpha(m: u32) -> f64 {
    let m = m.max(2) as f64;
    // m ≥ 2, so 1 − 1/m ≥ 0.5: no reflection needed.
    let inner = m.ln() + ln_gamma_from_half(1.0 - 1.0 / m) + (LN_2 / m).exp_m1().ln() - LN_2.ln();
    (-m * inner).exp()
}

/// HyperLogLog's α_m = 1 / (m ∫₀^∞ (log2((2 + u)/(1 + u)))^m du) (about 0.673 for m = 16 and
/// 0.7213/(1 + 1.079/m) for large m), for m = 2^p, p ≤ 16.
pub fn hll_alpha(m: u32) -> f64 {
    static ALPHA: OnceLock<Vec<f64>> = OnceLock::new();
    let p = m.max(2).ilog2().min(16) as usize;
    ALPHA.get_or_init(|| (0..=16).map(|p| hll_alpha_integral(1u32 << p)).collect())[p]
}

/// The integral above, with u = t/m (so the integrand looks alike for every m) and
/// t = c·x/(1 − x) (so [0, ∞) becomes [0, 1)), by Simpson's rule.
fn hll_alpha_integral(m: u32) -> f64 {
    const STEPS: usize = 4_000;
    const C: f64 = 4.0;
    let m = m as f64;
    let integrand = |x: f64| {
        if x >= 1.0 {
            return 0.0;
        }
        let t = C * x / (1.0 - x);
        let u = t / m;
        let f = (1.0 / (1.0 + u)).ln_1p() / LN_2;
        (m * f.ln()).exp() * C / ((1.0 - x) * (1.0 - x))
    };
    let h = 1.0 / STEPS as f64;
    let mut sum = integrand(0.0) + integrand(1.0);
    for i in 1..STEPS {
        sum += integrand(i as f64 * h) * if i % 2 == 1 { 4.0 } else { 2.0 };
    }
    // ∫ over t is m·∫ over u; α = 1/(m·∫ over u) = 1/∫ over t.
    1.0 / (sum * h / 3.0)
}
