//! The table itself: its parameters, its slots, and the questions a view asks about its state
//! (load, clusters and runs, the stored fingerprints, the test hook).

use bloomlab_kernels::xxh3::xxh3_64_with_seed;

use super::{QuotientError, Slot, MAX_Q};

/// A quotient filter with 2^q slots of r-bit remainders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientFilter {
    q: u32,
    r: u32,
    /// 2^q - 1: slot arithmetic wraps with `& mask`.
    mask: usize,
    /// How many remainders are stored (copies of a duplicate count each).
    len: usize,
    slots: Vec<Slot>,
}

/// A stretch of slots: `len` slots from `start` on, wrapping past the table's end to slot 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The first slot.
    pub start: usize,
    /// The number of slots.
    pub len: usize,
}

/// The run of one quotient: where its remainders lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The quotient (canonical slot) the run's remainders share.
    pub quotient: usize,
    /// The slots the run takes.
    pub span: Span,
}

impl QuotientFilter {
    /// An empty filter with `q` quotient bits (2^q slots) and `r` remainder bits. Errors when q is
    /// 0 or above [`MAX_Q`], when r is 0, when q + r is above 64, or when the slots cannot be
    /// allocated.
    pub fn new(q: u32, r: u32) -> Result<QuotientFilter, QuotientError> {
        if q == 0 || q > MAX_Q {
            return Err(QuotientError::QuotientBits(q));
        }
        if r == 0 {
            return Err(QuotientError::RemainderBits);
        }
        if q.saturating_add(r) > 64 {
            return Err(QuotientError::TooWide { q, r });
        }
        let n = 1usize << q;
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| QuotientError::NoMemory)?;
        slots.resize(n, Slot::default());
        Ok(QuotientFilter { q, r, mask: n - 1, len: 0, slots })
    }

    /// The number of quotient bits.
    pub fn q(&self) -> u32 {
        self.q
    }

    /// The number of remainder bits.
    pub fn r(&self) -> u32 {
        self.r
    }

    /// The number of slots, 2^q.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The number of stored remainders (each copy of a duplicate counts).
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when every slot is used, so an insert would fail.
    pub fn is_full(&self) -> bool {
        self.len >= self.slots.len()
    }

    /// The load factor α: used slots / 2^q.
    pub fn load(&self) -> f64 {
        self.len as f64 / self.slots.len().max(1) as f64
    }

    /// The expected false-positive rate at the current load (see [`super::expected_fpr`]).
    pub fn expected_fpr(&self) -> f64 {
        super::expected_fpr(self.load(), self.r)
    }

    /// The slot at `index` (wrapped into the table: any index is accepted).
    pub fn slot(&self, index: usize) -> Slot {
        self.slots.get(index & self.mask).copied().unwrap_or_default()
    }

    /// All slots, slot 0 first.
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The fingerprint of `item`: xxh3-64 (seed 0) of its UTF-8 bytes, modulo 2^(q+r).
    pub fn fingerprint(&self, item: &str) -> u64 {
        xxh3_64_with_seed(item.as_bytes(), 0) & self.fingerprint_mask()
    }

    /// The fingerprint `f` (bits above q + r ignored) split into its quotient and remainder.
    pub fn split(&self, f: u64) -> (usize, u64) {
        let f = f & self.fingerprint_mask();
        (((f >> self.r) as usize) & self.mask, f & self.remainder_mask())
    }

    /// The fingerprint whose quotient is `quotient` and remainder `remainder` (both masked).
    pub fn join(&self, quotient: usize, remainder: u64) -> u64 {
        (((quotient & self.mask) as u64) << self.r) | (remainder & self.remainder_mask())
    }

    /// 2^(q+r) - 1.
    fn fingerprint_mask(&self) -> u64 {
        let bits = self.q + self.r;
        if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        }
    }

    /// 2^r - 1 (r is at most 63 as q is at least 1).
    fn remainder_mask(&self) -> u64 {
        if self.r >= 64 {
            u64::MAX
        } else {
            (1u64 << self.r) - 1
        }
    }

    /// The slot after `i`, wrapping.
    pub(super) fn next(&self, i: usize) -> usize {
        i.wrapping_add(1) & self.mask
    }

    /// The slot before `i`, wrapping.
    pub(super) fn prev(&self, i: usize) -> usize {
        i.wrapping_sub(1) & self.mask
    }

    /// Writes slot `index` (wrapped).
    pub(super) fn put(&mut self, index: usize, slot: Slot) {
        if let Some(s) = self.slots.get_mut(index & self.mask) {
            *s = slot;
        }
    }

    /// Counts one more (or one fewer) stored remainder.
    pub(super) fn set_len(&mut self, len: usize) {
        self.len = len;
    }

    /// The clusters: each begins at a used, unshifted slot and takes the used, shifted slots after
    /// it. Ordered by their first slot.
    pub fn clusters(&self) -> Vec<Span> {
        let n = self.slots.len();
        let mut out = Vec::new();
        for (start, s) in self.slots.iter().enumerate() {
            if s.is_used() && !s.shifted {
                let mut len = 1;
                while len < n && self.slot(start + len).shifted {
                    len += 1;
                }
                out.push(Span { start, len });
            }
        }
        out
    }

    /// The runs, cluster by cluster and in quotient order within each cluster.
    pub fn runs(&self) -> Vec<Run> {
        let mut out = Vec::new();
        for c in self.clusters() {
            let mut quotient = c.start;
            let mut run = Span { start: c.start, len: 0 };
            for k in 0..c.len {
                let at = (c.start + k) & self.mask;
                if k > 0 && !self.slot(at).continuation {
                    out.push(Run { quotient, span: run });
                    quotient = self.next_occupied(quotient);
                    run = Span { start: at, len: 0 };
                }
                run.len += 1;
            }
            out.push(Run { quotient, span: run });
        }
        out
    }

    /// The first occupied slot after `i` (wrapping; `i` itself when no other is occupied).
    pub(super) fn next_occupied(&self, i: usize) -> usize {
        let mut j = self.next(i);
        for _ in 0..self.slots.len() {
            if self.slot(j).occupied {
                return j;
            }
            j = self.next(j);
        }
        i
    }

    /// The average number of slots in a cluster (None when the table is empty).
    pub fn average_cluster_len(&self) -> Option<f64> {
        let clusters = self.clusters();
        if clusters.is_empty() {
            return None;
        }
        let used: usize = clusters.iter().map(|c| c.len).sum();
        Some(used as f64 / clusters.len() as f64)
    }

    /// Every stored fingerprint, read back from the runs (each copy of a duplicate once), sorted.
    pub fn fingerprints(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.len);
        for run in self.runs() {
            for k in 0..run.span.len {
                out.push(self.join(run.quotient, self.slot(run.span.start + k).remainder));
            }
        }
        out.sort_unstable();
        out
    }

    /// The public test hook `data-slots`: each slot as `occupied continuation shifted remainder`
    /// (bits as 0 or 1, the remainder in decimal, single spaces), an empty slot as `-`, the slots
    /// joined by `;` from slot 0 on. Example: `-;1 0 0 5;0 1 1 7`.
    pub fn slots_hook(&self) -> String {
        let parts: Vec<String> = self.slots.iter().map(Slot::hook).collect();
        parts.join(";")
    }
}
