//! The false-positive lab's state and actions: a reducer around the pure `FpLab`, kept in a
//! `SlicedRun` whose long work is the measurements (a new run whenever they start again), and
//! what the page shows of them while they run (`OnScreen`).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use crate::web;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::fp::shown::OnScreen;
use bloomlab_core::labs::fp::FpLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Inserts and probes per slice: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 4_000_000, 8.0);

#[derive(Clone)]
pub struct FpState {
    pub lab: SlicedRun<FpLab>,
    /// What the page shows of the measurements while they run.
    pub shown: OnScreen,
}

impl FpState {
    pub fn read(q: &Query) -> FpState {
        FpState { lab: SlicedRun::new(FpLab::read(q).0, BUDGET), shown: OnScreen::start(web::now_ms()) }
    }
}

pub enum FpAction {
    /// The m and n sliders' text (positions on their log scales).
    SlideM(String),
    SlideN(String),
    /// A slider's, a choice's or a field's text for a parameter (`k`, `x`, `layers`, `hash`,
    /// `trials`, `seed`), read by the core.
    Set(&'static str, String),
    SetLog(bool),
    ToggleFormula(Formula),
    /// Text typed into the calculator's fields.
    TypeP(String),
    TypeN(String),
    TypeM(String),
    ApplyCalculator,
    /// Measure the next slice of run `run`.
    Work {
        run: u64,
    },
    DismissNotices,
}

/// Two states compare equal when the page shows them the same (`use_reducer_eq` then skips the
/// render): a slice whose points and progress the page does not show yet (`OnScreen`) changes
/// nothing on it, and most slices are such.
impl PartialEq for FpState {
    fn eq(&self, other: &Self) -> bool {
        self.lab.shows_same(&other.lab) && self.shown == other.shown
    }
}

impl Reducible for FpState {
    type Action = FpAction;

    fn reduce(self: Rc<Self>, action: FpAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let lab = &mut next.lab;
        let before = lab.borrow().run();
        match action {
            FpAction::Work { run } => {
                if !lab.step_next(run) {
                    return self;
                }
                next.shown.follow(lab.borrow().experiment(), web::now_ms());
            }
            FpAction::SlideM(text) => lab.edit(|l| l.slide_m(&text)),
            FpAction::SlideN(text) => lab.edit(|l| l.slide_n(&text)),
            FpAction::Set(name, text) => lab.edit(|l| l.set_field(name, &text)),
            FpAction::SetLog(on) => lab.edit(|l| l.set_log(on)),
            FpAction::ToggleFormula(f) => lab.edit(|l| l.toggle_formula(f)),
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
            next.shown = OnScreen::start(web::now_ms());
        }
        Rc::new(next)
    }
}
