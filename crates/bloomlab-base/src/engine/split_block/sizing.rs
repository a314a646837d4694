//! How big a split-block filter must be, two ways.
//!
//! - **The spec's formula** (`Formula::Spec`): Parquet's `BloomFilter.md` gives the bits per
//!   distinct value for a false positive rate `p` as `c = -8 / ln(1 - p^(1/8))`. That is the
//!   classic Bloom filter's approximation `p = (1 - e^(-k n / m))^k` with k = 8, solved for m/n: it
//!   treats the filter as one array of m bits, as if the eight bits could fall anywhere.
//! - **The blocked formula** (`Formula::Blocked`): each value's eight bits fall in one block of
//!   256 bits, and the number of values in a block is close to Poisson with mean
//!   λ = n / blocks. A block holding i values has each word's bit set with chance
//!   1 - (1 - 1/32)^i, independently per word (one bit per word per value), so
//!   `FPR = Σ_i Poisson(i; λ) · (1 - (31/32)^i)^8`. Blocks with more than their share of values
//!   are much worse than the average block is good, so this is higher than the spec's number.
//!
//! What the spec claims that its own formula does not give: "these filters are most space
//! efficient when used with an expected false positive rate of about 0.5%. This is achieved when
//! there are about 11.54 bits for every distinct value". 11.54 is 8 / ln 2, the bits per value at
//! which k = 8 is the classic filter's best number of hash functions, and there the spec's formula
//! gives p = 2^-8 = 0.39%, not 0.5%; for 0.5% its formula asks 11.03 bits per value. The blocked
//! formula gives 0.65% at 11.54 bits per value and asks 12.20 bits per value for 0.5%. The
//! measured rate of a built filter follows the blocked formula: 20,000 values in 902 blocks
//! (11.54 bits per value) gave 0.641% false positives over 400,000 absent values, against 0.651%
//! blocked and 0.390% by the spec's formula (`tests::measured_rate_…`). So the spec's
//! formula sizes filters too small: at its recommended 1% (9.68 bits per value, "1.2MB for one
//! million distinct values", which does follow from its formula) a filter's rate is about 1.46%.
//! Writers also round the size up to a power of two bytes, which the formulas leave out.

use super::{BLOCK_BITS, BLOCK_BYTES, MAX_BLOCKS};

/// Which formula to size with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Formula {
    /// The Parquet spec's `c = -8 / ln(1 - p^(1/8))` bits per value, as it is written.
    Spec,
    /// The Poisson average over blocks of a 256-bit block's rate with eight one-bit words.
    Blocked,
}

/// Bits per value that the search for a target covers: from 0.01 to 10,000.
const BPV_RANGE: (f64, f64) = (0.01, 10_000.0);

impl Formula {
    /// Both formulas, the spec's first.
    pub const ALL: [Formula; 2] = [Formula::Spec, Formula::Blocked];

    /// A short name.
    pub const fn name(self) -> &'static str {
        match self {
            Formula::Spec => "spec",
            Formula::Blocked => "blocked",
        }
    }

    /// The false positive rate at `bpv` bits per distinct value (0 or below: 1; infinite: 0).
    pub fn fpr_at_bits_per_value(self, bpv: f64) -> f64 {
        if bpv.is_nan() || bpv <= 0.0 {
            return 1.0;
        }
        match self {
            Formula::Spec => (1.0 - (-8.0 / bpv).exp()).powi(8),
            Formula::Blocked => blocked_fpr(BLOCK_BITS as f64 / bpv),
        }
    }

    /// The false positive rate of a filter of `bytes` bytes holding `n` distinct values.
    pub fn fpr(self, n: u64, bytes: u64) -> f64 {
        if n == 0 {
            return 0.0;
        }
        self.fpr_at_bits_per_value(8.0 * bytes as f64 / n as f64)
    }

    /// The bits per distinct value for a target false positive rate (None unless 0 < `fpr` < 1
    /// and the answer is within 0.01 ..= 10,000 bits).
    pub fn bits_per_value(self, fpr: f64) -> Option<f64> {
        if !(fpr > 0.0 && fpr < 1.0) {
            return None;
        }
        if let Formula::Spec = self {
            let c = -8.0 / (1.0 - fpr.powf(1.0 / 8.0)).ln();
            return (c.is_finite() && c <= BPV_RANGE.1).then_some(c);
        }
        // The rate falls as the bits per value grow: bisect, on a log scale.
        let (mut lo, mut hi) = (BPV_RANGE.0.ln(), BPV_RANGE.1.ln());
        if self.fpr_at_bits_per_value(hi.exp()) > fpr {
            return None;
        }
        for _ in 0..100 {
            let mid = (lo + hi) / 2.0;
            if self.fpr_at_bits_per_value(mid.exp()) > fpr {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi.exp())
    }

    /// The bytes for `n` distinct values at a target rate, before any rounding to whole blocks.
    pub fn bytes(self, n: u64, fpr: f64) -> Option<u64> {
        let bits = self.bits_per_value(fpr)? * n as f64;
        Some((bits / 8.0).ceil() as u64)
    }

    /// The whole blocks for `n` distinct values at a target rate (at least 1; None above
    /// `MAX_BLOCKS`).
    pub fn blocks(self, n: u64, fpr: f64) -> Option<usize> {
        let blocks = self.bytes(n, fpr)?.div_ceil(BLOCK_BYTES as u64).max(1);
        usize::try_from(blocks).ok().filter(|b| *b <= MAX_BLOCKS)
    }
}

/// The chance that a 256-bit block holding `i` values has all eight of a probe's bits set.
fn block_fpr(i: f64) -> f64 {
    (1.0 - (31.0f64 / 32.0).powf(i)).powi(8)
}

/// `Σ_i Poisson(i; λ) · block_fpr(i)` (`stats::poisson_mean`).
pub fn blocked_fpr(lambda: f64) -> f64 {
    crate::engine::stats::poisson_mean(lambda, block_fpr)
}
