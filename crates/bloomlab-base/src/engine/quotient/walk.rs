//! The walks every operation shares: back to the cluster's start, forward over the runs to the
//! quotient's own run, and along that run comparing remainders. Each walk is bounded by the number
//! of slots, so a table that broke its invariants could give a wrong answer but never loop forever.

use super::{QuotientFilter, Step};

/// Where a walk along a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The slot holds the remainder looked for.
    Equal(usize),
    /// The slot holds a larger remainder (the first in the run).
    Greater(usize),
    /// The run ended: the slot is the one after its last.
    End(usize),
}

impl Stop {
    /// The slot the walk stopped at: where an insert puts the new remainder.
    pub(super) fn slot(self) -> usize {
        match self {
            Stop::Equal(s) | Stop::Greater(s) | Stop::End(s) => s,
        }
    }
}

impl QuotientFilter {
    /// The first slot of the run of quotient `fq`, whose `is_occupied` bit must be set (an insert
    /// into a new run sets it first; the slot found is then where the new run goes). Walks back
    /// over shifted slots to the cluster's start, then forward one run per occupied quotient until
    /// it reaches `fq`'s, recording each step.
    pub(super) fn find_run_start(&self, fq: usize, steps: &mut Vec<Step>) -> usize {
        let n = self.slot_count();
        let mut b = fq;
        for _ in 0..n {
            if !self.slot(b).shifted {
                break;
            }
            steps.push(Step::WalkBack { slot: b });
            b = self.prev(b);
        }
        steps.push(Step::ClusterStart { slot: b });
        // `b` runs over the cluster's occupied quotients, `s` over the starts of their runs.
        let mut s = b;
        for _ in 0..n {
            if b == fq {
                break;
            }
            let start = s;
            let mut len = 1;
            s = self.next(s);
            while len < n && self.slot(s).continuation {
                s = self.next(s);
                len += 1;
            }
            steps.push(Step::SkipRun { quotient: b, start, len });
            b = self.next_occupied(b);
        }
        steps.push(Step::RunStart { slot: s });
        s
    }

    /// Walks the run that starts at `start`, comparing each remainder with `fr`, until it finds an
    /// equal one, a larger one, or the run's end.
    pub(super) fn scan_run(&self, start: usize, fr: u64, steps: &mut Vec<Step>) -> Stop {
        let mut s = start;
        for k in 0..self.slot_count() {
            let slot = self.slot(s);
            if k > 0 && !slot.continuation {
                return Stop::End(s);
            }
            steps.push(Step::Compare { slot: s, remainder: slot.remainder });
            if slot.remainder == fr {
                return Stop::Equal(s);
            }
            if slot.remainder > fr {
                return Stop::Greater(s);
            }
            s = self.next(s);
        }
        Stop::End(s)
    }

    /// The first empty slot at or after `from`, wrapping (None when every slot is used).
    pub(super) fn first_free(&self, from: usize) -> Option<usize> {
        let mut s = from;
        for _ in 0..self.slot_count() {
            if self.slot(s).is_empty() {
                return Some(s);
            }
            s = self.next(s);
        }
        None
    }
}
