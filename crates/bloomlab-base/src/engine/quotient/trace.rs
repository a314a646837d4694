//! What an operation did, step by step, as data a view narrates and replays.

use super::Slot;

/// One step of an insert, lookup or delete. The steps that write a slot (`SetOccupied`, `Shift`,
/// `Place`, `Clear`) carry the slot's whole state before and after the write, so applying their
/// `after` in order to the table as it was gives the table as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The fingerprint's canonical slot (its quotient) and its remainder.
    Canonical {
        /// The quotient: the slot the fingerprint belongs in.
        slot: usize,
        /// The remainder the slot would store.
        remainder: u64,
    },
    /// A lookup or delete reads the canonical slot's `is_occupied` bit.
    CheckOccupied {
        /// The canonical slot.
        slot: usize,
        /// Its `is_occupied` bit.
        occupied: bool,
    },
    /// The `is_occupied` bit of `slot` is set (insert) or cleared (delete of a run's last copy).
    SetOccupied {
        /// The slot whose bit changes.
        slot: usize,
        /// The slot before.
        before: Slot,
        /// The slot after.
        after: Slot,
    },
    /// The walk back to the cluster's start passes `slot`, which is shifted.
    WalkBack {
        /// A shifted slot on the way back.
        slot: usize,
    },
    /// The cluster holding the canonical slot starts here (the first unshifted slot at or before
    /// it).
    ClusterStart {
        /// The cluster's first slot.
        slot: usize,
    },
    /// The walk forward passes the run of an earlier quotient of the cluster.
    SkipRun {
        /// The quotient whose run is passed.
        quotient: usize,
        /// The run's first slot.
        start: usize,
        /// The run's number of slots.
        len: usize,
    },
    /// The run of the fingerprint's quotient starts here (insert into a new run: where it will
    /// start).
    RunStart {
        /// The run's first slot.
        slot: usize,
    },
    /// The remainder in `slot`, part of the quotient's run, is compared with the fingerprint's.
    Compare {
        /// The slot read.
        slot: usize,
        /// The remainder stored there.
        remainder: u64,
    },
    /// The remainder is in `slot` (lookup and delete; insert: an equal copy is already stored).
    Found {
        /// The slot holding an equal remainder.
        slot: usize,
    },
    /// The lookup or delete ends without finding the remainder.
    NotFound(Miss),
    /// The first empty slot from the insert position on: the right shift ends there.
    FreeSlot {
        /// The empty slot.
        slot: usize,
    },
    /// A remainder moves one slot, with its `is_continuation` and `is_shifted` bits (right on
    /// insert, left on delete); slot `to` is shown before and after.
    Shift {
        /// The slot the remainder leaves.
        from: usize,
        /// The slot it moves to.
        to: usize,
        /// Slot `to` before the move.
        before: Slot,
        /// Slot `to` after the move.
        after: Slot,
    },
    /// The new remainder is written into `slot` (insert).
    Place {
        /// The slot written.
        slot: usize,
        /// The slot before.
        before: Slot,
        /// The slot after.
        after: Slot,
    },
    /// The remainder in `slot` is the copy a delete takes out (the shifts that follow fill it).
    Remove {
        /// The slot whose remainder is removed.
        slot: usize,
        /// The remainder removed.
        remainder: u64,
    },
    /// The last slot left free by a delete's left shift is emptied (its `is_occupied` bit stays).
    Clear {
        /// The slot emptied.
        slot: usize,
        /// The slot before.
        before: Slot,
        /// The slot after.
        after: Slot,
    },
}

/// Why a lookup or delete did not find the remainder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The canonical slot's `is_occupied` bit is 0: no fingerprint has this quotient.
    NotOccupied,
    /// The run holds a larger remainder in `slot` (the run is sorted, so the rest are larger).
    Greater {
        /// The slot with the first larger remainder.
        slot: usize,
    },
    /// The run ended before `slot` (it is empty or starts another run).
    RunEnd {
        /// The slot after the run's last.
        slot: usize,
    },
}

impl Step {
    /// The write this step makes, if any: (slot, before, after).
    pub fn write(&self) -> Option<(usize, Slot, Slot)> {
        match *self {
            Step::SetOccupied { slot, before, after }
            | Step::Place { slot, before, after }
            | Step::Clear { slot, before, after } => Some((slot, before, after)),
            Step::Shift { to, before, after, .. } => Some((to, before, after)),
            _ => None,
        }
    }
}

/// The record of one operation on one fingerprint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// The fingerprint operated on (already reduced modulo 2^(q+r)).
    pub fingerprint: u64,
    /// Its quotient (canonical slot).
    pub quotient: usize,
    /// Its remainder.
    pub remainder: u64,
    /// Lookup: the fingerprint is stored. Delete: a copy was found and removed. Insert: a copy was
    /// already stored before this one.
    pub found: bool,
    /// The steps, in order.
    pub steps: Vec<Step>,
}
