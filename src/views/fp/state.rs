//! The false-positive lab's state and actions: a reducer around the pure `FpLab`, kept in a
//! `SlicedRun` whose long work is the measurements (a new run whenever they start again), and
//! what the page shows of them while they run (`Shown`).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use crate::web;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::{Paced, SliceBudget};
use bloomlab_core::labs::fp::experiment::Experiment;
use bloomlab_core::labs::fp::{Axis, FpLab};
use bloomlab_core::link::Query;

/// Inserts and probes per slice: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 4_000_000, 8.0);

/// While measuring, the progress line follows the lab at most every `PROGRESS_MS`, and the plot
/// and the table take in new points at most every `REDRAW_MS`; the last slice shows it all. A
/// change to the page costs the next frame a layout and a paint (about 2 ms, a quarter of a
/// slice), a redraw of the plot and the table several times that.
const PROGRESS_MS: f64 = 50.0;
const REDRAW_MS: f64 = 100.0;

/// What the page shows of the measurements while they run.
#[derive(Clone, Copy)]
pub struct Shown {
    /// The progress line: points and inserts and probes done.
    pub progress: Paced<(usize, u64)>,
    /// The measured points in the plot and the table (the lab may have a few more).
    pub points: Paced<usize>,
}

impl Shown {
    /// Nothing measured, shown from `now_ms` on (the start of a run).
    fn start(now_ms: f64) -> Shown {
        Shown { progress: Paced::new((0, 0), PROGRESS_MS, now_ms), points: Paced::new(0, REDRAW_MS, now_ms) }
    }

    /// Catches up with `exp` as far as the pace allows.
    fn follow(&mut self, exp: &Experiment, now_ms: f64) {
        let (points, done) = (exp.measured_done(), exp.is_done());
        self.progress.offer((points, exp.ops_done()), now_ms, done);
        self.points.offer(points, now_ms, done);
    }
}

#[derive(Clone)]
pub struct FpState {
    pub lab: SlicedRun<FpLab>,
    pub shown: Shown,
}

impl FpState {
    pub fn from_query(q: &Query) -> FpState {
        FpState { lab: SlicedRun::new(FpLab::from_query(q), BUDGET), shown: Shown::start(web::now_ms()) }
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
        let mut next = (*self).clone();
        let lab = &mut next.lab;
        let before = lab.borrow().run();
        match action {
            FpAction::Work { run, slice } => {
                if !lab.step(run, slice) {
                    return self;
                }
                next.shown.follow(lab.borrow().experiment(), web::now_ms());
            }
            FpAction::SetM(m) => lab.edit(|l| l.set_m(m)),
            FpAction::SetN(n) => lab.edit(|l| l.set_n(n)),
            FpAction::SetK(k) => lab.edit(|l| l.set_k(k)),
            FpAction::SetAxis(a) => lab.edit(|l| l.set_axis(a)),
            FpAction::SetLog(on) => lab.edit(|l| l.set_log(on)),
            FpAction::ToggleFormula(f) => lab.edit(|l| l.toggle_formula(f)),
            FpAction::SetLayers(l) => lab.edit(|lab| lab.set_layers(l)),
            FpAction::SetFamily(f) => lab.edit(|l| l.set_family(f)),
            FpAction::SetTrials(t) => lab.edit(|l| l.set_trials(t)),
            FpAction::SetSeed(s) => lab.edit(|l| l.set_seed(s)),
            FpAction::TypeP(t) => {
                let _ = lab.edit(|l| l.set_p_text(&t));
            }
            FpAction::TypeN(t) => {
                let _ = lab.edit(|l| l.set_n_text(&t));
            }
            FpAction::TypeM(t) => {
                let _ = lab.edit(|l| l.set_m_text(&t));
            }
            FpAction::ApplyCalculator => lab.edit(FpLab::apply_calculator),
            FpAction::DismissNotices => lab.edit(FpLab::dismiss_notices),
        }
        if lab.borrow().run() != before {
            // The measurements started again: a new run, its clock from now, nothing shown.
            lab.renew();
            next.shown = Shown::start(web::now_ms());
        }
        Rc::new(next)
    }
}
