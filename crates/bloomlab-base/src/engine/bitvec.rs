//! A fixed-size vector of bits stored in 64-bit words.

/// A fixed-length array of bits, position 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitVec {
    words: Vec<u64>,
    len: usize,
    ones: usize,
}

impl BitVec {
    /// A vector of `len` bits, all zero.
    pub fn new(len: usize) -> Self {
        Self { words: vec![0; len.div_ceil(64)], len, ones: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of bits set to 1 (kept up to date on every change).
    pub fn count_ones(&self) -> usize {
        self.ones
    }

    /// The bit at `pos`; positions past the end read as 0.
    #[inline]
    pub fn get(&self, pos: usize) -> bool {
        pos < self.len && (self.words[pos >> 6] >> (pos & 63)) & 1 == 1
    }

    /// Sets the bit at `pos` and returns whether it was already 1.
    /// Positions past the end are ignored (and reported as already set).
    #[inline]
    pub fn set(&mut self, pos: usize) -> bool {
        if pos >= self.len {
            return true;
        }
        let word = &mut self.words[pos >> 6];
        let mask = 1u64 << (pos & 63);
        let was = *word & mask != 0;
        if !was {
            *word |= mask;
            self.ones += 1;
        }
        was
    }

    /// Lets a bulk kernel set bits straight in the words: `f` gets the words and the length and
    /// returns how many bits it turned from 0 to 1 (kept in the count of ones).
    #[inline]
    pub fn set_in_bulk(&mut self, f: impl FnOnce(&mut [u64], u64) -> u64) {
        let new = f(&mut self.words, self.len as u64);
        self.ones += new as usize;
    }

    /// Clears every bit.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
        self.ones = 0;
    }

    /// The raw words (bit `i` is bit `i % 64` of word `i / 64`).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Number of ones in positions `start..end` (clamped to the length).
    pub fn count_range(&self, start: usize, end: usize) -> usize {
        let end = end.min(self.len);
        if start >= end {
            return 0;
        }
        let (sw, ew) = (start >> 6, (end - 1) >> 6);
        let lo_mask = !0u64 << (start & 63);
        let hi_mask = !0u64 >> (63 - ((end - 1) & 63));
        if sw == ew {
            return (self.words[sw] & lo_mask & hi_mask).count_ones() as usize;
        }
        let mut total = (self.words[sw] & lo_mask).count_ones() + (self.words[ew] & hi_mask).count_ones();
        for w in &self.words[sw + 1..ew] {
            total += w.count_ones();
        }
        total as usize
    }

    /// The bits as a `0`/`1` string, position 0 first (the contract's `data-bits`).
    pub fn to_bit_string(&self) -> String {
        (0..self.len).map(|i| if self.get(i) { '1' } else { '0' }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_and_count() {
        let mut b = BitVec::new(130);
        assert_eq!(b.count_ones(), 0);
        assert!(!b.set(0));
        assert!(!b.set(64));
        assert!(!b.set(129));
        assert!(b.set(64));
        assert_eq!(b.count_ones(), 3);
        assert!(b.get(129) && b.get(0) && !b.get(1));
        assert!(!b.get(500));
        assert_eq!(b.count_range(0, 130), 3);
        assert_eq!(b.count_range(1, 129), 1);
        assert_eq!(b.count_range(1, 130), 2);
        assert_eq!(b.count_range(64, 65), 1);
        assert_eq!(b.count_range(65, 64), 0);
        b.clear();
        assert_eq!(b.count_ones(), 0);
        assert_eq!(b.count_range(0, 130), 0);
    }

    #[test]
    fn bit_string_is_position_zero_first() {
        let mut b = BitVec::new(11);
        b.set(2);
        b.set(5);
        assert_eq!(b.to_bit_string(), "00100100000");
    }
}
