//! Counting distinct elements with one hash function and m registers — stochastic averaging, the
//! practical form of Flajolet and Martin's idea. The low p = log2 m bits of an element's hash
//! choose its register (its bucket); the tail length of the remaining 64 − p bits is what the
//! register remembers:
//! - **PCSA** (Flajolet and Martin, 1985): each register is a bitmap of the tail lengths that
//!   occurred; R is the lowest one that never did; the estimate is m·2^(mean R)/φ.
//! - **LogLog** (Durand and Flajolet, 2003): each register keeps the largest ρ = tail + 1; the
//!   estimate is α·m·2^(mean of the maxima).
//! - **HyperLogLog** (Flajolet, Fusy, Gandouet and Meunier, 2007): the same registers, combined
//!   by a harmonic mean of 2^−M, with linear counting for small counts.
//!
//! The constants φ and α are computed from their closed forms (`constants`), never typed in.

pub mod constants;
mod pcsa;
mod registers;
#[cfg(test)]
mod tests;

pub use pcsa::Pcsa;
pub use registers::MaxRegisters;

/// Smallest and largest register counts: m = 2^4 .. 2^16.
pub const MIN_BITS: u32 = 4;
pub const MAX_BITS: u32 = 16;

/// The width of the hashes the sketches read.
pub const HASH_BITS: u32 = 64;

/// The register (bucket) a hash goes to with m = 2^p registers: its low p bits.
#[inline]
pub fn bucket(hash: u64, p: u32) -> usize {
    (hash & ((1u64 << p) - 1)) as usize
}

/// The tail length of a hash's remaining 64 − p bits: how many of them, from the lowest, are 0
/// (all of them when they are all 0).
#[inline]
pub fn tail(hash: u64, p: u32) -> u32 {
    (hash >> p).trailing_zeros().min(HASH_BITS - p)
}

/// The three estimators built on registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sketch {
    Pcsa,
    LogLog,
    HyperLogLog,
}

impl Sketch {
    pub const ALL: [Sketch; 3] = [Sketch::Pcsa, Sketch::LogLog, Sketch::HyperLogLog];

    /// The name used in links and hooks.
    pub fn name(self) -> &'static str {
        match self {
            Sketch::Pcsa => "pcsa",
            Sketch::LogLog => "loglog",
            Sketch::HyperLogLog => "hll",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Sketch::Pcsa => "PCSA",
            Sketch::LogLog => "LogLog",
            Sketch::HyperLogLog => "HyperLogLog",
        }
    }

    /// The relative standard error the literature gives for m registers (for counts well above
    /// m): 0.78/√m, 1.30/√m, 1.04/√m.
    pub fn theory_rse(self, m: u32) -> f64 {
        let c = match self {
            Sketch::Pcsa => 0.78,
            Sketch::LogLog => 1.30,
            Sketch::HyperLogLog => 1.04,
        };
        c / (m as f64).sqrt()
    }

    /// Bits of memory for m registers: a PCSA bitmap holds one bit per possible tail length
    /// (64 − p + 1 of them); a LogLog or HyperLogLog register holds a maximum of at most
    /// 64 − p + 1, which fits in 6 bits (5 would do for 32-bit hashes).
    pub fn memory_bits(self, m: u32) -> u64 {
        let p = m.max(1).ilog2();
        let per = match self {
            Sketch::Pcsa => (HASH_BITS - p + 1) as u64,
            Sketch::LogLog | Sketch::HyperLogLog => bits_for(HASH_BITS - p + 1),
        };
        m as u64 * per
    }
}

/// Bits needed to write the numbers 0..=v.
pub fn bits_for(v: u32) -> u64 {
    (u32::BITS - v.leading_zeros()) as u64
}

/// m = 2^p for a register count, if it is a power of two within 16 .. 65,536.
pub fn register_bits(m: u64) -> Option<u32> {
    (m.is_power_of_two() && (1u64 << MIN_BITS..=1u64 << MAX_BITS).contains(&m)).then(|| m.ilog2())
}
