//! The banding storage: on-the-fly Gaussian elimination over GF(2), one row at a time, and the
//! back-substitution that turns the stored rows into the solution. The traced variants record
//! every step as data for a walkthrough.

use super::{low_mask, Row, MAX_SLOTS};

/// A stored row: its leading 1 is bit 0, in the column of its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Stored {
    coeff: u64,
    result: u64,
}

/// What became of an inserted row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Stored in this slot.
    Stored(usize),
    /// It became all zero with a zero result: a combination of stored rows, nothing to store.
    Redundant,
    /// It became all zero with a non-zero result: no solution.
    Failed,
    /// The row reaches past the last slot (only a row not made by `RibbonParams::row` can).
    OutOfRange,
}

/// One collision during an insertion: the row (start, coefficients, result) met the row stored
/// at its start, was XORed with it, and then moved on by `shift` columns to its next 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BandStep {
    /// The slot whose stored row was met (the row's start before the step).
    pub slot: usize,
    /// The row's coefficients before the XOR, bit 0 at `slot`.
    pub coeff: u64,
    /// The row's result before the XOR.
    pub result: u64,
    /// The stored row's coefficients, bit 0 at `slot`.
    pub stored_coeff: u64,
    /// The stored row's result.
    pub stored_result: u64,
    /// The coefficients after the XOR, bit 0 at `slot` (so bit 0 is now 0).
    pub xor_coeff: u64,
    /// The result after the XOR.
    pub xor_result: u64,
    /// How far the row then moves: the trailing zeros of `xor_coeff` (0 when it is all zero).
    pub shift: u32,
}

/// One key's insertion: the row it arrived as, its collisions, and where it ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InsertTrace {
    /// The row as it arrived.
    pub row: Row,
    /// The collisions, in order.
    pub steps: Vec<BandStep>,
    /// Where it ended.
    pub outcome: Outcome,
}

/// One row of the back-substitution: Z[row] = the stored result (0 for an empty slot, a free
/// column) XOR the solution rows `terms` (each a row and its value), those the stored row's
/// coefficients pick after its leading 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BackStep {
    /// The row computed.
    pub row: usize,
    /// The stored row of this slot (coefficients, result), if any.
    pub stored: Option<(u64, u64)>,
    /// The later solution rows XORed in, with their values.
    pub terms: Vec<(usize, u64)>,
    /// Z[row].
    pub value: u64,
}

/// The slots of the elimination: at most one row per column, whose leading 1 is that column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banding {
    slots: Vec<Option<Stored>>,
}

impl Banding {
    /// Empty storage of `slots` slots (at most `MAX_SLOTS`: more are cut to that).
    pub fn new(slots: usize) -> Banding {
        Banding { slots: vec![None; slots.min(MAX_SLOTS)] }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no slots at all.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The stored row (coefficients, result) of a slot, if any.
    pub fn stored(&self, slot: usize) -> Option<(u64, u64)> {
        self.slots.get(slot).copied().flatten().map(|s| (s.coeff, s.result))
    }

    /// Inserts a row (one equation).
    pub fn insert(&mut self, row: Row) -> Outcome {
        self.insert_inner(row, None)
    }

    /// Inserts a row and records its steps.
    pub fn insert_traced(&mut self, row: Row) -> InsertTrace {
        let mut steps = Vec::new();
        let outcome = self.insert_inner(row, Some(&mut steps));
        InsertTrace { row, steps, outcome }
    }

    fn insert_inner(&mut self, row: Row, mut steps: Option<&mut Vec<BandStep>>) -> Outcome {
        let Row { mut start, mut coeff, mut result } = row;
        if coeff == 0 {
            return if result == 0 { Outcome::Redundant } else { Outcome::Failed };
        }
        // A row given with bit 0 clear starts at its first 1.
        start = start.saturating_add(coeff.trailing_zeros() as usize);
        coeff >>= coeff.trailing_zeros();
        let top = 63 - coeff.leading_zeros() as usize;
        if start.checked_add(top).is_none_or(|last| last >= self.slots.len()) {
            return Outcome::OutOfRange;
        }
        loop {
            let Some(slot) = self.slots.get_mut(start) else { return Outcome::OutOfRange };
            let Some(stored) = *slot else {
                *slot = Some(Stored { coeff, result });
                return Outcome::Stored(start);
            };
            let (xor_coeff, xor_result) = (coeff ^ stored.coeff, result ^ stored.result);
            let shift = if xor_coeff == 0 { 0 } else { xor_coeff.trailing_zeros() };
            if let Some(s) = steps.as_deref_mut() {
                let (stored_coeff, stored_result) = (stored.coeff, stored.result);
                s.push(BandStep {
                    slot: start,
                    coeff,
                    result,
                    stored_coeff,
                    stored_result,
                    xor_coeff,
                    xor_result,
                    shift,
                });
            }
            if xor_coeff == 0 {
                return if xor_result == 0 { Outcome::Redundant } else { Outcome::Failed };
            }
            // Both rows lay within the slots, so the shifted row does too.
            start += shift as usize;
            coeff = xor_coeff >> shift;
            result = xor_result;
        }
    }

    /// The solution: one value per slot, from the last slot to the first.
    pub fn solve(&self) -> Vec<u64> {
        self.solve_inner(None)
    }

    /// The solution, and the step that computed each row (last row first).
    pub fn solve_traced(&self) -> (Vec<u64>, Vec<BackStep>) {
        let mut steps = Vec::with_capacity(self.slots.len());
        let z = self.solve_inner(Some(&mut steps));
        (z, steps)
    }

    fn solve_inner(&self, mut steps: Option<&mut Vec<BackStep>>) -> Vec<u64> {
        let mut z = vec![0u64; self.slots.len()];
        for i in (0..self.slots.len()).rev() {
            let stored = self.slots.get(i).copied().flatten();
            let mut value = stored.map_or(0, |s| s.result);
            let mut terms = Vec::new();
            // Bits after the leading 1: the columns i + j, all already solved.
            let mut rest = stored.map_or(0, |s| s.coeff & !1);
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let v = z.get(i + j).copied().unwrap_or(0);
                value ^= v;
                if steps.is_some() {
                    terms.push((i + j, v));
                }
            }
            if let Some(slot) = z.get_mut(i) {
                *slot = value;
            }
            if let Some(s) = steps.as_deref_mut() {
                s.push(BackStep { row: i, stored: stored.map(|s| (s.coeff, s.result)), terms, value });
            }
        }
        z
    }
}

/// The XOR of the solution rows a row's coefficients pick, in `result_bits` bits (a row reaching
/// past the solution picks 0 there).
pub fn row_value(z: &[u64], row: &Row, result_bits: u32) -> u64 {
    let mut acc = 0;
    let mut rest = row.coeff;
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        acc ^= row.start.checked_add(j).and_then(|c| z.get(c)).copied().unwrap_or(0);
    }
    acc & low_mask(result_bits)
}
