//! Insert, lookup and delete, on an item or on a raw fingerprint, each with its trace.

use super::walk::Stop;
use super::{Miss, QuotientError, QuotientFilter, Slot, Step, Trace};

impl QuotientFilter {
    /// Inserts `item` (its fingerprint, see [`QuotientFilter::fingerprint`]).
    pub fn insert(&mut self, item: &str) -> Result<Trace, QuotientError> {
        self.insert_fingerprint(self.fingerprint(item))
    }

    /// Looks `item` up: the trace's `found` is the answer.
    pub fn contains(&self, item: &str) -> Trace {
        self.contains_fingerprint(self.fingerprint(item))
    }

    /// Deletes one copy of `item`: the trace's `found` says whether there was one.
    pub fn delete(&mut self, item: &str) -> Trace {
        self.delete_fingerprint(self.fingerprint(item))
    }

    /// A trace with the fingerprint `f` (reduced modulo 2^(q+r)) split, and its first step.
    fn start_trace(&self, f: u64) -> Trace {
        let (quotient, remainder) = self.split(f);
        let fingerprint = self.join(quotient, remainder);
        let steps = vec![Step::Canonical { slot: quotient, remainder }];
        Trace { fingerprint, quotient, remainder, found: false, steps }
    }

    /// Writes `after` into `slot` and returns the slot as it was.
    fn write(&mut self, slot: usize, after: Slot) -> Slot {
        let before = self.slot(slot);
        self.put(slot, after);
        before
    }

    /// Inserts the fingerprint `f` (bits above q + r are ignored). A fingerprint already stored is
    /// stored again, as another copy in its run. Fails with [`QuotientError::Full`], changing
    /// nothing, when every slot is used.
    pub fn insert_fingerprint(&mut self, f: u64) -> Result<Trace, QuotientError> {
        let mut t = self.start_trace(f);
        let (fq, fr) = (t.quotient, t.remainder);
        // Every slot from fq to the first free one is used, and the new remainder goes at or
        // before that free one: without one, the table is full.
        let free = match self.first_free(fq) {
            Some(free) if !self.is_full() => free,
            _ => return Err(QuotientError::Full),
        };
        let home = self.slot(fq);
        if !home.occupied {
            let after = Slot { occupied: true, ..home };
            let before = self.write(fq, after);
            t.steps.push(Step::SetOccupied { slot: fq, before, after });
        }
        // `pos`: where the new remainder goes; `start`: the first slot of its run.
        let (pos, start) = if home.is_empty() {
            (fq, fq)
        } else {
            let start = self.find_run_start(fq, &mut t.steps);
            let stop = if home.occupied { self.scan_run(start, fr, &mut t.steps) } else { Stop::End(start) };
            if let Stop::Equal(slot) = stop {
                t.found = true;
                t.steps.push(Step::Found { slot });
            }
            t.steps.push(Step::FreeSlot { slot: free });
            // A new first remainder of an existing run pushes the old first one into continuation.
            self.shift_right(stop.slot(), free, home.occupied && stop.slot() == start, &mut t.steps);
            (stop.slot(), start)
        };
        // Shifting leaves every slot's `is_occupied` bit in place: keep `pos`'s.
        let after = Slot { continuation: pos != start, shifted: pos != fq, remainder: fr, ..self.slot(pos) };
        let before = self.write(pos, after);
        t.steps.push(Step::Place { slot: pos, before, after });
        self.set_len(self.len() + 1);
        Ok(t)
    }

    /// Moves the remainders in slots `pos ..` up to the free slot `free` one slot right, last
    /// first, leaving `pos` for the new remainder. Each moved remainder is shifted now; when
    /// `new_head` the one at `pos` was its run's first and becomes a continuation.
    fn shift_right(&mut self, pos: usize, free: usize, new_head: bool, steps: &mut Vec<Step>) {
        let mut to = free;
        for _ in 0..self.slot_count() {
            if to == pos {
                break;
            }
            let from = self.prev(to);
            let moving = self.slot(from);
            let before = self.slot(to);
            let continuation = moving.continuation || (new_head && from == pos);
            let after = Slot { continuation, shifted: true, remainder: moving.remainder, ..before };
            self.put(to, after);
            steps.push(Step::Shift { from, to, before, after });
            to = from;
        }
    }

    /// Looks the fingerprint `f` up (bits above q + r are ignored): the trace's `found` is the
    /// answer, and its steps end with `Found` or `NotFound`.
    pub fn contains_fingerprint(&self, f: u64) -> Trace {
        let mut t = self.start_trace(f);
        if let Ok(slot) = self.locate(&mut t) {
            t.found = true;
            t.steps.push(Step::Found { slot });
        }
        t
    }

    /// The slot holding a copy of `t`'s remainder in its quotient's run, or why there is none
    /// (recorded in `t` as `NotFound`).
    fn locate(&self, t: &mut Trace) -> Result<usize, Miss> {
        let occupied = self.slot(t.quotient).occupied;
        t.steps.push(Step::CheckOccupied { slot: t.quotient, occupied });
        let miss = if occupied {
            let start = self.find_run_start(t.quotient, &mut t.steps);
            match self.scan_run(start, t.remainder, &mut t.steps) {
                Stop::Equal(slot) => return Ok(slot),
                Stop::Greater(slot) => Miss::Greater { slot },
                Stop::End(slot) => Miss::RunEnd { slot },
            }
        } else {
            Miss::NotOccupied
        };
        t.steps.push(Step::NotFound(miss));
        Err(miss)
    }

    /// Deletes one copy of the fingerprint `f` (bits above q + r are ignored). When none is
    /// stored, the trace's `found` is false and nothing changes.
    pub fn delete_fingerprint(&mut self, f: u64) -> Trace {
        let mut t = self.start_trace(f);
        let Ok(p) = self.locate(&mut t) else { return t };
        t.found = true;
        t.steps.push(Step::Found { slot: p });
        t.steps.push(Step::Remove { slot: p, remainder: t.remainder });
        let fq = t.quotient;
        let head = !self.slot(p).continuation;
        let last_copy = head && !self.slot(self.next(p)).continuation;
        if last_copy {
            let after = Slot { occupied: false, ..self.slot(fq) };
            let before = self.write(fq, after);
            t.steps.push(Step::SetOccupied { slot: fq, before, after });
        }
        let hole = self.shift_left(p, fq, head && !last_copy, &mut t.steps);
        let before = self.slot(hole);
        let after = Slot { occupied: before.occupied, ..Slot::default() };
        self.put(hole, after);
        t.steps.push(Step::Clear { slot: hole, before, after });
        self.set_len(self.len().saturating_sub(1));
        t
    }

    /// Fills the hole at `p` (in the run of quotient `fq`) by moving the shifted remainders after
    /// it one slot left, and returns the slot left empty. A run's first remainder that lands in
    /// its canonical slot is no longer shifted. When `new_head`, the remainder after `p` becomes
    /// the first of `fq`'s run.
    fn shift_left(&mut self, p: usize, fq: usize, new_head: bool, steps: &mut Vec<Step>) -> usize {
        let (mut hole, mut quotient) = (p, fq);
        for k in 0..self.slot_count() {
            let from = self.next(hole);
            let moving = self.slot(from);
            if moving.is_empty() || !moving.shifted {
                break;
            }
            let continuation = moving.continuation && !(new_head && k == 0);
            if !moving.continuation {
                // The first of the next run: its quotient is the next occupied slot.
                quotient = self.next_occupied(quotient);
            }
            let before = self.slot(hole);
            let shifted = continuation || hole != quotient;
            let after = Slot { continuation, shifted, remainder: moving.remainder, ..before };
            self.put(hole, after);
            steps.push(Step::Shift { from, to: hole, before, after });
            hole = from;
        }
        hole
    }
}
