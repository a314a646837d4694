//! The false-positive lab's state and actions: a reducer around the pure `FpLab`, plus the
//! bookkeeping of the sliced measurements (which run, which slice, how long it took).

use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::fp::{Axis, FpLab};
use bloomlab_core::link::Query;

/// Inserts and probes per slice: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 4_000_000, 8.0);

#[derive(Clone, Debug, PartialEq)]
pub struct FpState {
    pub lab: Rc<FpLab>,
    budget: SliceBudget,
    /// Slices done in the current run; a `Work` for another (run, slice) is stale and ignored,
    /// so a restarted run never has two chains of slices.
    pub slice: u64,
    started_ms: f64,
    /// Milliseconds from the start of the run to its last measurement.
    pub elapsed_ms: Option<f64>,
}

impl FpState {
    pub fn from_query(q: &Query) -> FpState {
        let lab = FpLab::from_query(q);
        let elapsed_ms = lab.experiment().is_done().then_some(0.0);
        FpState { lab: Rc::new(lab), budget: BUDGET, slice: 0, started_ms: web::now_ms(), elapsed_ms }
    }
}

pub enum FpAction {
    SetM(u64),
    SetN(u64),
    SetK(u32),
    SetAxis(Axis),
    SetLog(bool),
    ToggleFormula(Formula),
    SetLayers(u32),
    SetFamily(HashFamily),
    SetTrials(u64),
    SetSeed(u64),
    /// Text typed into the calculator's fields.
    TypeP(String),
    TypeN(String),
    TypeM(String),
    ApplyCalculator,
    /// Measure one slice of run `run` after slice `slice`.
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl Reducible for FpState {
    type Action = FpAction;

    fn reduce(self: Rc<Self>, action: FpAction) -> Rc<Self> {
        if let FpAction::Work { run, slice } = action {
            if run != self.lab.run() || slice != self.slice || self.lab.experiment().is_done() {
                return self;
            }
        }
        let mut lab = (*self.lab).clone();
        let mut next = FpState { lab: self.lab.clone(), ..(*self).clone() };
        match action {
            FpAction::SetM(m) => lab.set_m(m),
            FpAction::SetN(n) => lab.set_n(n),
            FpAction::SetK(k) => lab.set_k(k),
            FpAction::SetAxis(a) => lab.set_axis(a),
            FpAction::SetLog(on) => lab.set_log(on),
            FpAction::ToggleFormula(f) => lab.toggle_formula(f),
            FpAction::SetLayers(l) => lab.set_layers(l),
            FpAction::SetFamily(f) => lab.set_family(f),
            FpAction::SetTrials(t) => lab.set_trials(t),
            FpAction::SetSeed(s) => lab.set_seed(s),
            FpAction::TypeP(t) => {
                let _ = lab.set_p_text(&t);
            }
            FpAction::TypeN(t) => {
                let _ = lab.set_n_text(&t);
            }
            FpAction::TypeM(t) => {
                let _ = lab.set_m_text(&t);
            }
            FpAction::ApplyCalculator => lab.apply_calculator(),
            FpAction::Work { .. } => {
                next.budget.run(web::now_ms, |units| lab.work(units));
                next.slice += 1;
                if lab.experiment().is_done() {
                    next.elapsed_ms = Some((web::now_ms() - next.started_ms).max(0.0));
                }
            }
            FpAction::DismissNotices => lab.dismiss_notices(),
        }
        if lab.run() != self.lab.run() {
            next.slice = 0;
            next.started_ms = web::now_ms();
            next.elapsed_ms = lab.experiment().is_done().then_some(0.0);
        }
        next.lab = Rc::new(lab);
        Rc::new(next)
    }
}
