//! PCSA, probabilistic counting with stochastic averaging: m bitmaps of tail lengths.

use super::constants::fm_phi;
use super::{bucket, tail};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcsa {
    p: u32,
    /// Bit r of bitmap j is set once an element of bucket j had tail length r.
    pub bitmaps: Vec<u64>,
}

impl Pcsa {
    /// m = 2^p bitmaps (p ≥ 1, so every tail length 0..=64 − p fits in 64 bits).
    pub fn new(p: u32) -> Pcsa {
        let p = p.clamp(1, 16);
        Pcsa { p, bitmaps: vec![0; 1 << p] }
    }

    pub fn registers(&self) -> u32 {
        1 << self.p
    }

    #[inline]
    pub fn add(&mut self, hash: u64) {
        self.bitmaps[bucket(hash, self.p)] |= 1u64 << tail(hash, self.p);
    }

    /// R of bitmap j: the lowest tail length that never occurred in it.
    pub fn r(&self, j: usize) -> u32 {
        (!self.bitmaps[j]).trailing_zeros()
    }

    /// The mean of R over the m bitmaps.
    pub fn mean_r(&self) -> f64 {
        (0..self.bitmaps.len()).map(|j| self.r(j) as f64).sum::<f64>() / self.bitmaps.len() as f64
    }

    /// m·2^(mean R)/φ.
    pub fn estimate(&self) -> f64 {
        self.registers() as f64 * self.mean_r().exp2() / fm_phi()
    }

    pub fn clear(&mut self) {
        self.bitmaps.iter_mut().for_each(|b| *b = 0);
    }
}
