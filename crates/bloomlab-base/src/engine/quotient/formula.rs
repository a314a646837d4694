//! The filter's expected false-positive rate.

/// The expected false-positive rate of a quotient filter with load factor `alpha` (stored
/// fingerprints / 2^q) and `r` remainder bits: `1 − e^(−α/2^r)` (Bender et al. 2012, section 2).
///
/// Why: n fingerprints of q + r bits are stored, and an absent item's fingerprint is a uniform
/// value of q + r bits. It is a false positive when it equals one of the n, which happens with
/// probability `1 − (1 − 2^−(q+r))^n ≈ 1 − e^(−n/2^(q+r)) = 1 − e^(−α/2^r)`, as n = α·2^q. The
/// rate is at most α/2^r ≤ 2^−r. A load outside 0 ..= 1 is clamped into it; NaN gives NaN.
pub fn expected_fpr(alpha: f64, r: u32) -> f64 {
    let alpha = alpha.clamp(0.0, 1.0);
    let per_slot = (-(r.min(1023) as f64)).exp2();
    -(-alpha * per_slot).exp_m1()
}
