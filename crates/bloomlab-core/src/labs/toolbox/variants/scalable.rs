//! The scalable filter: filters added with growing capacities and tightening rates as it fills.

use super::h;
use crate::engine::bitvec::BitVec;
use crate::engine::formulas::{finite, size_for};

/// A scalable filter (Almeida et al. 2007): filters of growing capacity (×2 each) and tightening
/// rates (×½ each), the first with rate p/2, so the rates add up to at most p.
pub struct Scalable {
    pub filters: Vec<Part>,
}

pub struct Part {
    pub bits: BitVec,
    pub k: u32,
    pub capacity: u64,
    pub count: u64,
    pub p: f64,
}

impl Part {
    fn new(capacity: u64, p: f64) -> Part {
        let (m, k) = size_for(capacity.max(1), p).unwrap_or((capacity.max(1) * 10, 7));
        Part { bits: BitVec::new(m as usize), k, capacity, count: 0, p }
    }
}

impl Scalable {
    pub fn new(n: u64, p: f64) -> Scalable {
        Scalable { filters: vec![Part::new((n / 8).max(64), p / 2.0)] }
    }

    pub fn insert(&mut self, item: &[u8]) {
        if self.filters.last().is_some_and(|f| f.count >= f.capacity) {
            let last = self.filters.last().expect("one filter");
            let next = Part::new(last.capacity * 2, last.p / 2.0);
            self.filters.push(next);
        }
        let f = self.filters.last_mut().expect("one filter");
        let m = f.bits.len() as u64;
        for i in 0..f.k {
            f.bits.set((h(item, i) % m) as usize);
        }
        f.count += 1;
    }

    pub fn contains(&self, item: &[u8]) -> bool {
        self.filters.iter().any(|f| (0..f.k).all(|i| f.bits.get((h(item, i) % f.bits.len() as u64) as usize)))
    }

    /// 1 − Π(1 − rate of each filter at its count).
    pub fn theory(&self) -> f64 {
        1.0 - self.filters.iter().map(|f| 1.0 - finite(f.bits.len() as u64, f.count, f.k)).product::<f64>()
    }
}
