//! The standard ribbon filter (Dillinger & Walzer, "Ribbon filter: practically smaller than Bloom
//! and Xor", 2021): a static filter that stores the solution of a linear system over GF(2).
//!
//! Each key hashes (`xxh3_64_with_seed`) to one equation: a start `s` in `0..=m−w`, a w-bit
//! coefficient row whose bit 0 is always 1 (bit j stands for column s + j) and an r-bit result.
//! The filter is a solution Z, m rows of r bits, such that for every key the XOR of the rows
//! `Z[s + j]` over the row's set bits j equals the key's result. A query computes that XOR and
//! compares: a key that was added always matches; another matches with chance 2^−r.
//!
//! Construction (`banding`) is Gaussian elimination done on the fly, one key at a time: a slot per
//! column holds at most one row whose leading 1 is in that column. A key's row goes to the slot of
//! its start; if that slot is taken, the row is XORed with the stored one, which clears its
//! leading one, and shifted on to its next 1. A row that becomes all zero was a combination of
//! stored rows: fine if its result became 0 too (redundant), a failure otherwise (the system has
//! no solution for this seed: try another). Back-substitution then fills Z from the last row to
//! the first; empty slots are free columns, set to 0.
//!
//! With m = (1 + ε)·n slots the chance of failure falls as ε and w grow (`filter::sweep` measures
//! it); a failed seed is retried with seed `s + a·G` (G = 0x9E3779B97F4A7C15).

pub mod banding;
pub mod filter;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_dense;

pub use banding::{BackStep, BandStep, Banding, InsertTrace, Outcome};
pub use filter::{attempt_seed, sweep, BuildTrace, Built, Ribbon, Sweep, GOLDEN};

/// The most slots a filter may have: 2^22, 32 MiB of solution at 64 bits a row (and 96 MiB of
/// banding storage while it is built).
pub const MAX_SLOTS: usize = 1 << 22;
/// The widest band: a coefficient row is one `u64`.
pub const MAX_WIDTH: u32 = 64;
/// The most result bits.
pub const MAX_RESULT_BITS: u32 = 32;

/// Why a filter cannot be made.
#[derive(Clone, Debug, PartialEq)]
pub enum RibbonError {
    /// The band width must be 1 ..= 64.
    BadWidth(u32),
    /// The result must have 1 ..= 32 bits.
    BadResultBits(u32),
    /// There must be at least as many slots as the band is wide (and at least one).
    TooFewSlots { slots: usize, width: u32 },
    /// More slots than `MAX_SLOTS`.
    TooManySlots(usize),
    /// The overhead ε must be a number from 0 to 10.
    BadOverhead(f64),
    /// The system has no solution for this seed: key `key` (its index) failed to insert.
    Unsolvable { key: usize },
    /// No seed among `attempts` gave a solvable system.
    NoSeedWorked { attempts: u32 },
}

impl std::fmt::Display for RibbonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RibbonError::BadWidth(w) => write!(f, "the band width must be 1 to {MAX_WIDTH}, not {w}"),
            RibbonError::BadResultBits(r) => write!(f, "the result must have 1 to {MAX_RESULT_BITS} bits, not {r}"),
            RibbonError::TooFewSlots { slots, width } => {
                write!(f, "{slots} slots are fewer than the band width {width}")
            }
            RibbonError::TooManySlots(m) => write!(f, "{m} slots is more than the {MAX_SLOTS} allowed"),
            RibbonError::BadOverhead(e) => write!(f, "the overhead must be from 0 to 10, not {e}"),
            RibbonError::Unsolvable { key } => write!(f, "key {key} made the system unsolvable for this seed"),
            RibbonError::NoSeedWorked { attempts } => write!(f, "none of {attempts} seeds gave a solvable system"),
        }
    }
}

/// A filter's shape: m slots (rows of the solution), band width w and r result bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RibbonParams {
    slots: usize,
    width: u32,
    result_bits: u32,
}

/// The equation of one key: a start, the coefficient row from there, the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// The column of the row's bit 0.
    pub start: usize,
    /// Bit j is the coefficient of column `start + j`.
    pub coeff: u64,
    /// The value the row's XOR of solution rows must give.
    pub result: u64,
}

impl Row {
    /// The coefficient bits from column `start` on, `width` of them, as `0`/`1` (bit 0 first).
    pub fn bits(&self, width: u32) -> String {
        (0..width.min(64)).map(|j| if self.coeff >> j & 1 == 1 { '1' } else { '0' }).collect()
    }
}

/// The low `bits` bits set (all 64 for 64 or more).
pub(crate) fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// SplitMix64's finaliser: spreads every bit of `z` over the whole word.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
    z ^ (z >> 31)
}

impl RibbonParams {
    /// A shape: `width` in 1 ..= 64, `result_bits` in 1 ..= 32, `width` ≤ `slots` ≤ `MAX_SLOTS`.
    pub fn new(slots: usize, width: u32, result_bits: u32) -> Result<RibbonParams, RibbonError> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(RibbonError::BadWidth(width));
        }
        if !(1..=MAX_RESULT_BITS).contains(&result_bits) {
            return Err(RibbonError::BadResultBits(result_bits));
        }
        if slots < width as usize {
            return Err(RibbonError::TooFewSlots { slots, width });
        }
        if slots > MAX_SLOTS {
            return Err(RibbonError::TooManySlots(slots));
        }
        Ok(RibbonParams { slots, width, result_bits })
    }

    /// The shape for `n` keys with overhead ε: m = ⌈(1 + ε)·n⌉ slots, at least `width`.
    pub fn for_keys(n: usize, overhead: f64, width: u32, result_bits: u32) -> Result<RibbonParams, RibbonError> {
        if !(0.0..=10.0).contains(&overhead) {
            return Err(RibbonError::BadOverhead(overhead));
        }
        // n + ⌈ε·n⌉, with a hair off ε·n so that 0.1 · 100 (110.00000000000001 in floating point)
        // asks 10 slots more, not 11.
        let m = n as f64 + (overhead * n as f64 * (1.0 - 1e-12)).ceil();
        if m > MAX_SLOTS as f64 {
            return Err(RibbonError::TooManySlots(m as usize));
        }
        RibbonParams::new((m as usize).max(width as usize), width, result_bits)
    }

    /// m, the slots (rows of the solution).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// w, the band width.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// r, the result bits.
    pub fn result_bits(&self) -> u32 {
        self.result_bits
    }

    /// A key's equation under `seed`: one xxh3 hash; its top 32 bits pick the start in 0 ..= m−w
    /// (multiply-shift), and two remixes of it give the coefficients (w bits, bit 0 forced to 1)
    /// and the result (r bits).
    pub fn row(&self, seed: u64, key: &str) -> Row {
        let h = bloomlab_kernels::xxh3::xxh3_64_with_seed(key.as_bytes(), seed);
        let starts = (self.slots - self.width as usize + 1) as u64;
        let start = (((h >> 32) * starts) >> 32) as usize;
        let coeff = (mix(h) & low_mask(self.width)) | 1;
        let result = mix(h ^ GOLDEN) & low_mask(self.result_bits);
        Row { start, coeff, result }
    }

    /// The test hook of the keys' rows under `seed`: per key its start, `:`, and its coefficient
    /// bits from the start on (w of them, bit 0 first), keys joined by `;`. With w = 8:
    /// `3:10110001;0:11000000`.
    pub fn rows_hook<S: AsRef<str>>(&self, seed: u64, keys: &[S]) -> String {
        let row = |k: &S| {
            let r = self.row(seed, k.as_ref());
            format!("{}:{}", r.start, r.bits(self.width))
        };
        keys.iter().map(row).collect::<Vec<_>>().join(";")
    }
}
