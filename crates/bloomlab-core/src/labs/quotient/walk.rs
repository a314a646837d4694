//! The quotient view as a walkthrough: its steps, and the table as it stands at each.
//!
//! Step 0 is the empty filter; then every step of every operation's trace, in order. At a step
//! the slots (`slots_at`, the `qf-slots` hook) are those before the operation with the writes of
//! its steps so far applied: a walk shows the table as the operation found it, a shift step
//! shows the one slot it wrote, and the operation's last step shows the table after it. The
//! runs and clusters (`runs_at`, `clusters_at`) belong to a table whose bits agree, so they are
//! those before the operation until its last step, and those after it from then on.

use super::{Done, LoadRun, QuotientLab};
use crate::engine::quotient::{Miss, QuotientFilter, Run, Slot, Span, Step as Did};
use crate::lectures::model::{Carry, Model};
use crate::lectures::stepper::Stepped;

/// One step of the walkthrough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The empty filter, before the history.
    Empty,
    /// Step `at` of the trace of operation `op` (the lookup of `query` is the last operation).
    Op { op: usize, at: usize },
}

/// The walkthrough's steps for the operations done.
pub fn steps(done: &[Done]) -> Vec<Step> {
    let mut steps = vec![Step::Empty];
    for (op, d) in done.iter().enumerate() {
        steps.extend((0..d.trace.steps.len()).map(|at| Step::Op { op, at }));
    }
    steps
}

/// The slots `start`, `start + 1`, … of a span, wrapping in a table of `n` slots.
pub(super) fn span_slots(span: Span, n: usize) -> Vec<usize> {
    (0..span.len.min(n)).map(|k| (span.start + k) % n.max(1)).collect()
}

impl QuotientLab {
    /// The step at the stepper's place (the empty filter past the end).
    pub fn step_at(&self, step: usize) -> Step {
        self.walk.steps.get(step).copied().unwrap_or(Step::Empty)
    }

    /// The operation under way at `step`.
    pub fn done_at(&self, step: usize) -> Option<&Done> {
        match self.step_at(step) {
            Step::Empty => None,
            Step::Op { op, .. } => self.walk.done.get(op),
        }
    }

    /// The engine's step shown at `step`.
    pub fn did_at(&self, step: usize) -> Option<Did> {
        match self.step_at(step) {
            Step::Empty => None,
            Step::Op { op, at } => self.walk.done.get(op)?.trace.steps.get(at).copied(),
        }
    }

    /// `step` is its operation's last.
    pub fn ends_op(&self, step: usize) -> bool {
        match self.step_at(step) {
            Step::Empty => false,
            Step::Op { op, at } => self.walk.done.get(op).is_some_and(|d| at + 1 == d.trace.steps.len()),
        }
    }

    /// The item of the operation at `step`.
    pub fn item_at(&self, step: usize) -> Option<&str> {
        self.done_at(step).map(|d| d.op.item.as_str())
    }

    /// The fingerprint of the operation's item at `step`, its quotient and its remainder.
    pub fn fingerprint_at(&self, step: usize) -> Option<(u64, usize, u64)> {
        self.done_at(step).map(|d| (d.trace.fingerprint, d.trace.quotient, d.trace.remainder))
    }

    /// The table whose runs and clusters are drawn at `step`: before the operation while it
    /// works, after it at its last step.
    pub fn filter_at(&self, step: usize) -> Option<&QuotientFilter> {
        let index = match self.step_at(step) {
            Step::Empty => 0,
            Step::Op { op, .. } if self.ends_op(step) => op + 1,
            Step::Op { op, .. } => op,
        };
        self.walk.filters.get(index)
    }

    /// The slots at `step`: before the operation, with the writes of its steps up to this one.
    pub fn slots_at(&self, step: usize) -> Vec<Slot> {
        let (op, upto) = match self.step_at(step) {
            Step::Empty => (0, 0),
            Step::Op { op, at } => (op, at + 1),
        };
        let Some(before) = self.walk.filters.get(op) else { return Vec::new() };
        let mut slots = before.slots().to_vec();
        let did = self.walk.done.get(op).map(|d| &d.trace.steps[..upto.min(d.trace.steps.len())]).unwrap_or(&[]);
        for (slot, _, after) in did.iter().filter_map(Did::write) {
            if let Some(s) = slots.get_mut(slot) {
                *s = after;
            }
        }
        slots
    }

    /// The `qf-slots` hook's `data-slots` at `step`: each slot as `occupied continuation shifted
    /// remainder`, `-` when empty, joined by `;` from slot 0 on.
    pub fn slots_hook_at(&self, step: usize) -> String {
        self.slots_at(step).iter().map(Slot::hook).collect::<Vec<_>>().join(";")
    }

    /// The slots the step at `step` marks (ascending, each once).
    pub fn marked(&self, step: usize) -> Vec<usize> {
        let Some(did) = self.did_at(step) else { return Vec::new() };
        let n = self.slot_count();
        let mut slots = match did {
            Did::Canonical { slot, .. }
            | Did::CheckOccupied { slot, .. }
            | Did::SetOccupied { slot, .. }
            | Did::WalkBack { slot }
            | Did::ClusterStart { slot }
            | Did::RunStart { slot }
            | Did::Compare { slot, .. }
            | Did::Found { slot }
            | Did::FreeSlot { slot }
            | Did::Place { slot, .. }
            | Did::Remove { slot, .. }
            | Did::Clear { slot, .. }
            | Did::NotFound(Miss::Greater { slot })
            | Did::NotFound(Miss::RunEnd { slot }) => vec![slot],
            Did::NotFound(Miss::NotOccupied) => self.fingerprint_at(step).map(|f| vec![f.1]).unwrap_or_default(),
            Did::SkipRun { start, len, .. } => span_slots(Span { start, len }, n),
            Did::Shift { from, to, .. } => vec![from, to],
        };
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// The runs drawn at `step` (see `filter_at`).
    pub fn runs_at(&self, step: usize) -> Vec<Run> {
        self.filter_at(step).map(QuotientFilter::runs).unwrap_or_default()
    }

    /// The clusters drawn at `step` (see `filter_at`).
    pub fn clusters_at(&self, step: usize) -> Vec<Span> {
        self.filter_at(step).map(QuotientFilter::clusters).unwrap_or_default()
    }

    /// The remainders stored at `step` (see `filter_at`) and the load factor.
    pub fn load_at(&self, step: usize) -> (usize, f64) {
        self.filter_at(step).map(|f| (f.len(), f.load())).unwrap_or((0, 0.0))
    }
}

impl Stepped for QuotientLab {
    fn last_step(&self) -> usize {
        self.walk.steps.len().saturating_sub(1)
    }
}

/// The page runs the walkthrough and, in slices, the long run, which starts again when its own
/// parameters change.
impl Model for QuotientLab {
    type Edit = ();
    type Run = LoadRun;
    type Aside = ();
    const BUDGET: crate::engine::slice_budget::SliceBudget = super::load::BUDGET;
    bloomlab_link::walkthrough_model!();

    fn run(&self) -> LoadRun {
        LoadRun::new(self.mq, self.r, self.seed)
    }

    fn aside(&self) {}

    fn carry_run(&self, before: &Self, _run: &mut LoadRun) -> Carry {
        if (self.mq, self.r, self.seed) == (before.mq, before.r, before.seed) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
