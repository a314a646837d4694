//! Stochastic averaging on a small stream, element by element: the bucket each element goes to,
//! its tail, and the registers after it; and the union of two HyperLogLog sketches.

use super::combine::{element, hash, run_seed, universe};
use super::sketches::SKETCH_HASH;
use crate::engine::bitvec::BitVec;
use crate::engine::sketches::{bucket, tail, MaxRegisters, Pcsa};

/// Registers shown in the trace: 8 (3 bits choose the bucket).
pub const TRACE_BITS: u32 = 3;

/// One element of the trace.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceRow {
    pub x: u64,
    pub hash: u64,
    pub bucket: usize,
    pub tail: u32,
    /// The bucket's LogLog/HyperLogLog register before and after this element.
    pub before: u8,
    pub after: u8,
    /// Every register after this element.
    pub registers: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub rows: Vec<TraceRow>,
    pub pcsa: Pcsa,
    pub regs: MaxRegisters,
}

/// The stream through 2^TRACE_BITS registers, with the sketches' hash seeded `seed`.
pub fn trace(stream: &[u64], seed: u64) -> Trace {
    let s = run_seed(seed, 0);
    let mut pcsa = Pcsa::new(TRACE_BITS);
    let mut regs = MaxRegisters::new(TRACE_BITS);
    let rows = stream
        .iter()
        .map(|&x| {
            let h = hash(x, SKETCH_HASH, s);
            let b = bucket(h, TRACE_BITS);
            let before = regs.m[b];
            pcsa.add(h);
            regs.add(h);
            TraceRow {
                x,
                hash: h,
                bucket: b,
                tail: tail(h, TRACE_BITS),
                before,
                after: regs.m[b],
                registers: regs.m.clone(),
            }
        })
        .collect();
    Trace { rows, pcsa, regs }
}

/// The union check: the first run's stream cut in two halves, A and B, each sketched with 2^p
/// registers; the register-wise maximum of the two against the sketch of the whole stream.
#[derive(Clone, Debug, PartialEq)]
pub struct UnionCheck {
    pub registers: u32,
    pub truth_a: u64,
    pub truth_b: u64,
    pub truth_union: u64,
    pub a: f64,
    pub b: f64,
    pub union: f64,
    /// The maximum's registers equal the whole stream's, register for register.
    pub equal: bool,
}

pub fn union_check(length: u64, seed: u64, p: u32) -> UnionCheck {
    let s = run_seed(seed, 0);
    let u = universe(length);
    let xs: Vec<u64> = (0..length.max(2)).map(|i| element(i, s, u)).collect();
    let (first, second) = xs.split_at(xs.len() / 2);
    let sketch = |part: &[u64]| {
        let mut r = MaxRegisters::new(p);
        part.iter().for_each(|&x| r.add(hash(x, SKETCH_HASH, s)));
        r
    };
    // Every element is below the universe's size: a bit for each value counts them (as the runs
    // do), with no sort of its own in the page.
    let distinct = |part: &[u64]| {
        let mut seen = BitVec::new(u as usize);
        part.iter().for_each(|&x| {
            seen.set(x as usize);
        });
        seen.count_ones() as u64
    };
    let (a, b, whole) = (sketch(first), sketch(second), sketch(&xs));
    let union = a.union(&b).unwrap_or_else(|| whole.clone());
    UnionCheck {
        registers: a.registers(),
        truth_a: distinct(first),
        truth_b: distinct(second),
        truth_union: distinct(&xs),
        a: a.hll(),
        b: b.hll(),
        union: union.hll(),
        equal: union == whole,
    }
}
