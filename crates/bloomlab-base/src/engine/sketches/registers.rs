//! The registers LogLog and HyperLogLog share: for each bucket, the largest ρ = tail + 1 seen
//! (0 while the bucket is empty). The two differ only in how they turn registers into a count.

use super::constants::{hll_alpha, loglog_alpha};
use super::{bucket, tail, HASH_BITS};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaxRegisters {
    p: u32,
    pub m: Vec<u8>,
}

impl MaxRegisters {
    /// m = 2^p registers.
    pub fn new(p: u32) -> MaxRegisters {
        let p = p.clamp(1, 16);
        MaxRegisters { p, m: vec![0; 1 << p] }
    }

    pub fn registers(&self) -> u32 {
        1 << self.p
    }

    pub fn p(&self) -> u32 {
        self.p
    }

    #[inline]
    pub fn add(&mut self, hash: u64) {
        let rho = (tail(hash, self.p) + 1) as u8;
        let r = &mut self.m[bucket(hash, self.p)];
        if rho > *r {
            *r = rho;
        }
    }

    pub fn clear(&mut self) {
        self.m.iter_mut().for_each(|r| *r = 0);
    }

    /// The register-wise maximum of two sketches of the same size: the sketch of the union of
    /// their streams. `None` when the sizes differ.
    pub fn union(&self, other: &MaxRegisters) -> Option<MaxRegisters> {
        (self.p == other.p)
            .then(|| MaxRegisters { p: self.p, m: self.m.iter().zip(&other.m).map(|(a, b)| *a.max(b)).collect() })
    }

    /// LogLog: α_m · m · 2^(mean of the registers), with α_m computed for this m.
    pub fn loglog(&self) -> f64 {
        self.loglog_with(loglog_alpha(self.registers()))
    }

    /// LogLog with α_m given (a run computing many estimates computes α once).
    pub fn loglog_with(&self, alpha: f64) -> f64 {
        let mean = self.m.iter().map(|&r| r as f64).sum::<f64>() / self.m.len() as f64;
        alpha * self.registers() as f64 * mean.exp2()
    }

    /// HyperLogLog: α_m·m² / Σ 2^−M, then linear counting m·ln(m/V) when that raw estimate is at
    /// most 2.5·m and V registers are still 0, and the large-range correction when it is above
    /// 2^64/30 (never for counts a page can reach: with 64-bit hashes it is there for the record).
    pub fn hll(&self) -> f64 {
        self.hll_with(hll_alpha(self.registers()))
    }

    pub fn hll_with(&self, alpha: f64) -> f64 {
        let m = self.registers() as f64;
        let sum: f64 = self.m.iter().map(|&r| (-(r as f64)).exp2()).sum();
        let raw = alpha * m * m / sum;
        let zeros = self.m.iter().filter(|&&r| r == 0).count();
        let two_l = (HASH_BITS as f64).exp2();
        if raw <= 2.5 * m && zeros > 0 {
            m * (m / zeros as f64).ln()
        } else if raw > two_l / 30.0 {
            -two_l * (1.0 - raw / two_l).ln()
        } else {
            raw
        }
    }
}
