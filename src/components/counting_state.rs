//! The counting view's state and actions: a reducer around the pure `CountingLab`.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::counting::Mode;
use crate::core::counting_lab::CountingLab;
use crate::core::hashing::HashFamily;
use crate::core::query::Query;
use crate::web;

/// Experiment work units per slice at first; adapted to about `SLICE_MS` per slice.
const FIRST_BUDGET: u64 = 5_000;
const SLICE_MS: f64 = 12.0;

#[derive(Clone, Debug, PartialEq)]
pub struct CountingState {
    pub lab: Rc<CountingLab>,
    budget: u64,
}

impl CountingState {
    pub fn from_query(q: &Query) -> CountingState {
        CountingState { lab: Rc::new(CountingLab::from_query(q)), budget: FIRST_BUDGET }
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
                let start = web::now_ms();
                let done = lab.work(budget);
                let spent = web::now_ms() - start;
                if spent > 0.5 && done >= budget {
                    budget = ((budget as f64) * SLICE_MS / spent).clamp(1_000.0, 500_000.0) as u64;
                }
            }
            CountingAction::Clear => lab.clear(),
            CountingAction::DismissNotices => lab.dismiss_notices(),
        }
        Rc::new(CountingState { lab: Rc::new(lab), budget })
    }
}
