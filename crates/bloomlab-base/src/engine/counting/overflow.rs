//! Fan et al.'s bound on counter overflow, as log10 so it can be printed far below f64's range.

use super::{MAX_W, MIN_W};

/// Fan, Cao, Almeida, Broder (2000): with k = (m/n) ln 2, the chance that any of m counters
/// reaches `j` is at most m · (e ln 2 / j)^j. Returned as log10 of the bound (never NaN), so
/// that bounds far below the smallest f64 can still be printed.
pub fn fan_overflow_log10(m: u64, j: f64) -> f64 {
    let j = j.max(1.0);
    (m.max(1) as f64).log10() + j * (std::f64::consts::E * std::f64::consts::LN_2 / j).log10()
}

/// The per-counter factor of the bound for 4-bit counters, (e ln 2 / 16)^16 ≈ 1.37e-15.
pub fn fan_factor_4bit() -> f64 {
    (std::f64::consts::E * std::f64::consts::LN_2 / 16.0).powi(16)
}

/// Fan et al.'s bound on the chance that some counter would need more than `w` bits, i.e.
/// reaches 2^w, as log10 (for w = 4: m · (e ln 2 / 16)^16).
pub fn overflow_bound_log10(m: u64, w: u32) -> f64 {
    fan_overflow_log10(m, 2f64.powi(w.clamp(MIN_W, MAX_W) as i32))
}
