//! The counting view's state and actions: a reducer around the pure `CountingLab`.

use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use bloomlab_core::engine::counting::Mode;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::link::Query;

/// Experiment work units per slice: 5,000 at first, then about 12 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(5_000, 1_000, 500_000, 12.0);

#[derive(Clone, Debug, PartialEq)]
pub struct CountingState {
    pub lab: Rc<CountingLab>,
    budget: SliceBudget,
}

impl CountingState {
    pub fn from_query(q: &Query) -> CountingState {
        CountingState { lab: Rc::new(CountingLab::from_query(q)), budget: BUDGET }
    }
}

pub enum CountingAction {
    Insert(String),
    Delete(String),
    Lookup(String),
    SetM(u64),
    SetK(u32),
    SetW(u32),
    SetMode(Mode),
    SetFamily(HashFamily),
    SetForce(bool),
    RunExperiment(u64),
    /// One slice of the experiment.
    Work,
    Clear,
    DismissNotices,
}

impl Reducible for CountingState {
    type Action = CountingAction;

    fn reduce(self: Rc<Self>, action: CountingAction) -> Rc<Self> {
        let mut budget = self.budget;
        if matches!(action, CountingAction::Work) && self.lab.pending() == 0 {
            return self;
        }
        let mut lab = (*self.lab).clone();
        match action {
            CountingAction::Insert(t) => {
                let _ = lab.insert(&t);
            }
            CountingAction::Delete(t) => {
                let _ = lab.delete(&t);
            }
            CountingAction::Lookup(t) => {
                let _ = lab.lookup(&t);
            }
            CountingAction::SetM(m) => lab.set_m(m),
            CountingAction::SetK(k) => lab.set_k(k),
            CountingAction::SetW(w) => lab.set_w(w),
            CountingAction::SetMode(mode) => lab.set_mode(mode),
            CountingAction::SetFamily(f) => lab.set_family(f),
            CountingAction::SetForce(f) => lab.set_force(f),
            CountingAction::RunExperiment(seed) => lab.start_experiment(seed),
            CountingAction::Work => {
                budget.run(web::now_ms, |units| lab.work(units));
            }
            CountingAction::Clear => lab.clear(),
            CountingAction::DismissNotices => lab.dismiss_notices(),
        }
        Rc::new(CountingState { lab: Rc::new(lab), budget })
    }
}
