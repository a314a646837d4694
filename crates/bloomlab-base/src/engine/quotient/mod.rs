//! The quotient filter of Bender et al., "Don't thrash: how to cache your hash on flash" (PVLDB
//! 2012): a compact hash table of fingerprints that answers membership with false positives only,
//! and, unlike a classic Bloom filter, can delete.
//!
//! An item's fingerprint is `f = xxh3_64(item) mod 2^(q+r)`. Its top q bits are the quotient `fq`,
//! the slot it belongs in (its canonical slot); its low r bits are the remainder `fr`, what the
//! slot stores. The table has 2^q slots and is circular: the slot after the last is slot 0. Each
//! slot holds a remainder and three bits:
//!
//! - `is_occupied`: some stored fingerprint has this slot as its quotient (a property of the
//!   slot, which stays put when remainders move);
//! - `is_continuation`: this remainder belongs to the same run as the one in the slot before;
//! - `is_shifted`: this remainder is not in its canonical slot.
//!
//! A run is the remainders of one quotient, kept in neighbouring slots and sorted ascending. Runs
//! sit in quotient order; a run that finds its canonical slot taken starts after the run before it,
//! shifted right. A cluster is a maximal stretch of used slots that begins with an unshifted slot.
//! A slot is empty when its three bits are all 0.
//!
//! Duplicates: the filter holds a multiset, as the paper's does. Inserting a fingerprint already
//! stored adds another copy of its remainder to the run (next to the ones there); delete removes
//! one copy; `contains` reports whether at least one copy is stored.
//!
//! Every operation returns a [`Trace`], a list of typed [`Step`]s (data, no prose) that a view can
//! narrate and replay: each step that writes a slot carries the slot's state before and after.

mod formula;
mod ops;
mod table;
mod trace;
mod walk;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use formula::expected_fpr;
pub use table::{QuotientFilter, Run, Span};
pub use trace::{Miss, Step, Trace};

/// The largest number of quotient bits the filter takes (2^24 slots, about 268 MB of slots).
pub const MAX_Q: u32 = 24;

/// Why a quotient filter could not be made, or could not take an insert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// The number of quotient bits is 0 or more than [`MAX_Q`].
    QuotientBits(u32),
    /// The number of remainder bits is 0.
    RemainderBits,
    /// q + r is more than 64, the bits of the hash.
    TooWide {
        /// The quotient bits asked for.
        q: u32,
        /// The remainder bits asked for.
        r: u32,
    },
    /// The memory for the table's slots could not be had.
    NoMemory,
    /// Every slot is used: an insert has nowhere to go (nothing was changed).
    Full,
}

impl std::fmt::Display for QuotientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuotientError::QuotientBits(q) => {
                write!(f, "the quotient needs 1 to {MAX_Q} bits, not {q}")
            }
            QuotientError::RemainderBits => write!(f, "the remainder needs at least 1 bit"),
            QuotientError::TooWide { q, r } => {
                write!(f, "quotient and remainder together may have at most 64 bits, not {q} + {r}")
            }
            QuotientError::NoMemory => write!(f, "there is not enough memory for a table that large"),
            QuotientError::Full => write!(f, "the table is full: every slot is in use"),
        }
    }
}

impl std::error::Error for QuotientError {}

/// One slot of the table: its three bits and its remainder (0 in an empty slot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slot {
    /// Some stored fingerprint has this slot's index as its quotient.
    pub occupied: bool,
    /// The remainder here continues the run of the slot before.
    pub continuation: bool,
    /// The remainder here is not in its canonical slot.
    pub shifted: bool,
    /// The remainder stored here.
    pub remainder: u64,
}

impl Slot {
    /// True when the slot holds no remainder: all three bits are 0.
    pub fn is_empty(&self) -> bool {
        !self.occupied && !self.continuation && !self.shifted
    }

    /// True when the slot holds a remainder. Every used slot has `occupied` or `shifted` set: a
    /// remainder in its canonical slot sets that slot's `occupied`, any other is shifted.
    pub fn is_used(&self) -> bool {
        !self.is_empty()
    }

    /// The slot as the test hook writes it: `occupied continuation shifted remainder` (bits as 0
    /// or 1, the remainder in decimal), or `-` when the slot is empty.
    pub fn hook(&self) -> String {
        if self.is_empty() {
            return "-".to_string();
        }
        let bit = |b: bool| if b { '1' } else { '0' };
        format!("{} {} {} {}", bit(self.occupied), bit(self.continuation), bit(self.shifted), self.remainder)
    }
}
