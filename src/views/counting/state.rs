//! The counting view's state and actions: a reducer around the pure `CountingLab`, kept in a
//! `SlicedRun` (changed in place: its counters and its experiment are large) whose long work is
//! the Zipf experiment, run in slices.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Experiment work units per slice: 5,000 at first, then about 12 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(5_000, 1_000, 500_000, 12.0);

#[derive(Clone)]
pub struct CountingState {
    pub lab: SlicedRun<CountingLab>,
}

impl CountingState {
    pub fn read(q: &Query) -> CountingState {
        CountingState { lab: SlicedRun::new(CountingLab::read(q).0, BUDGET) }
    }
}

pub enum CountingAction {
    Insert(String),
    Delete(String),
    Lookup(String),
    /// The m field's or slider's text (the model reads it as the link's `m`).
    SetM(String),
    /// The k slider's text.
    SetK(String),
    /// The w slider's text.
    SetW(String),
    /// The estimator select's value.
    SetMode(String),
    SetFamily(HashFamily),
    SetForce(bool),
    /// Run the experiment with the seed field's text.
    RunExperiment(String),
    /// One slice of the experiment (slice `slice` of run `run`).
    Work {
        run: u64,
        slice: u64,
    },
    Clear,
    DismissNotices,
}

impl Reducible for CountingState {
    type Action = CountingAction;

    fn reduce(self: Rc<Self>, action: CountingAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let lab = &mut next.lab;
        match action {
            CountingAction::Work { run, slice } => {
                if !lab.step(run, slice) {
                    return self;
                }
            }
            CountingAction::Insert(t) => {
                let _ = lab.edit(|l| l.insert(&t));
            }
            CountingAction::Delete(t) => {
                let _ = lab.edit(|l| l.delete(&t));
            }
            CountingAction::Lookup(t) => {
                let _ = lab.edit(|l| l.lookup(&t));
            }
            CountingAction::SetM(text) => lab.edit(|l| l.set_m_text(&text)),
            CountingAction::SetK(text) => lab.edit(|l| l.set_k_text(&text)),
            CountingAction::SetW(text) => lab.edit(|l| l.set_w_text(&text)),
            CountingAction::SetMode(text) => lab.edit(|l| l.set_mode_text(&text)),
            CountingAction::SetFamily(f) => lab.edit(|l| l.set_family(f)),
            CountingAction::SetForce(f) => lab.edit(|l| l.set_force(f)),
            CountingAction::RunExperiment(seed) => {
                lab.edit(|l| l.start_experiment_from_field(&seed));
                lab.renew();
            }
            CountingAction::Clear => lab.edit(CountingLab::clear),
            CountingAction::DismissNotices => lab.edit(CountingLab::dismiss_notices),
        }
        Rc::new(next)
    }
}
