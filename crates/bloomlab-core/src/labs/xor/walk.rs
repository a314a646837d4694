//! The xor view as a walkthrough: the steps of a build, their titles and narration, and what
//! the hooks say at each.

use super::{FprRun, SweepRun, XorLab};
use crate::engine::xor::{Built, Trace};
use crate::lectures::model::{Carry, Model};
use crate::lectures::stepper::Stepped;

/// One step of the walkthrough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Each key's slots.
    Slots,
    /// How many keys use each slot, and the queue of slots only one key uses.
    Degrees,
    /// Peel number i (0-based): a key leaves with a slot only it uses.
    Peel(usize),
    /// Peeling stopped with keys left: the core.
    Stuck,
    /// Assignment number i (0-based), the last key peeled first.
    Assign(usize),
    /// The looked-up key.
    Lookup,
}

/// The steps of a build: slots, degrees, every peel, then the core (failed) or every assignment,
/// then the lookup.
pub fn steps(built: &Built, trace: &Trace) -> Vec<Step> {
    let mut steps = vec![Step::Slots, Step::Degrees];
    steps.extend((0..trace.peels.len()).map(Step::Peel));
    if built.built {
        steps.extend((0..built.peeled.stack.len()).map(Step::Assign));
        steps.push(Step::Lookup);
    } else {
        steps.push(Step::Stuck);
    }
    steps
}

fn list(v: impl IntoIterator<Item = impl ToString>) -> String {
    v.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

impl XorLab {
    /// The step at the stepper's place.
    pub fn step_at(&self, step: usize) -> Step {
        self.walk.steps.get(step).copied().unwrap_or(Step::Slots)
    }

    /// Keys peeled after step `step` (their indices, in the order they left).
    pub fn stack_at(&self, step: usize) -> Vec<usize> {
        let done = match self.step_at(step) {
            Step::Slots | Step::Degrees => 0,
            Step::Peel(i) => i + 1,
            _ => self.walk.trace.peels.len(),
        };
        self.walk.order[..done.min(self.walk.order.len())].to_vec()
    }

    /// The slots waiting in the queue after step `step`.
    pub fn queue_at(&self, step: usize) -> Vec<u32> {
        match self.step_at(step) {
            Step::Slots => Vec::new(),
            Step::Degrees => self.walk.trace.first_queue.clone(),
            Step::Peel(i) => self.walk.trace.peels.get(i).map(|p| p.queue.clone()).unwrap_or_default(),
            _ => self.walk.trace.peels.last().map(|p| p.queue.clone()).unwrap_or_default(),
        }
    }

    /// The `xor-peel` hook's values: `data-queue` (slots) and `data-stack` (key indices).
    pub fn peel_hook(&self, step: usize) -> (String, String) {
        (list(self.queue_at(step)), list(self.stack_at(step)))
    }

    /// The slots' values after step `step`: none before the assignment, then those written so
    /// far (the last key peeled is written first; `None` for a slot not written yet), and at the
    /// lookup every slot (a slot no key owns keeps 0).
    pub fn values_at(&self, step: usize) -> Vec<Option<u16>> {
        let built = &self.walk.built;
        let written = match self.step_at(step) {
            Step::Assign(i) => i + 1,
            Step::Lookup => return built.values.iter().map(|&v| Some(v)).collect(),
            _ => 0,
        };
        let mut values = vec![None; built.layout.array_length as usize];
        for &(hash, found) in built.peeled.stack.iter().rev().take(written) {
            let slot = built.layout.slots(hash)[found as usize] as usize;
            values[slot] = built.values.get(slot).copied();
        }
        values
    }

    /// Assignment `i`: the key, its own slot, and its other slots.
    pub fn assignment(&self, i: usize) -> Option<(usize, u32, Vec<u32>)> {
        let &(hash, found) = self.walk.built.peeled.stack.iter().rev().nth(i)?;
        let slots = self.walk.built.layout.slots(hash);
        let arity = self.kind.arity();
        let own = slots[found as usize];
        let others = (1..arity).map(|j| slots[(found as usize + j) % arity]).collect();
        Some((self.key_of(hash)?, own, others))
    }

    /// The keys left in the core of a failed build.
    pub fn core_keys(&self) -> Vec<usize> {
        let gone = self.stack_at(self.walk.steps.len().saturating_sub(1));
        (0..self.keys.len()).filter(|k| !gone.contains(k)).collect()
    }
}

impl Stepped for XorLab {
    fn last_step(&self) -> usize {
        self.walk.steps.len().saturating_sub(1)
    }
}

/// The page runs the walkthrough and, in slices, the build-success sweep, which starts again
/// when the kind or n change.
impl Model for XorLab {
    type Edit = ();
    type Run = SweepRun;
    type Aside = FprRun;
    const BUDGET: crate::engine::slice_budget::SliceBudget = super::sweep::BUDGET;
    const ASIDE_BUDGET: crate::engine::slice_budget::SliceBudget = super::fpr::BUDGET;
    bloomlab_link::walkthrough_model!();

    fn run(&self) -> SweepRun {
        SweepRun::new(self.kind, self.n, self.seed)
    }

    fn aside(&self) -> FprRun {
        FprRun::new(self.kind, self.fp, self.n, self.seed)
    }

    fn carry_aside(&self, before: &Self, _run: &mut FprRun) -> Carry {
        if (self.kind, self.fp, self.n, self.seed) == (before.kind, before.fp, before.n, before.seed) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }

    fn carry_run(&self, before: &Self, _run: &mut SweepRun) -> Carry {
        if (self.kind, self.n, self.seed) == (before.kind, before.n, before.seed) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
