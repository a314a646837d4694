//! The toolbox's state: the lab from the link, the two filters computed from it, and two sliced
//! measurements (the wrong-n points and the variants), shared and mutated in place.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::toolbox::run::{VariantRun, WrongN};
use bloomlab_core::labs::toolbox::sets::SetPair;
use bloomlab_core::labs::toolbox::{Side, ToolboxLab};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Inserts and probes of the variants per slice: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);
/// One wrong-n point (its inserts and probes at once) per slice.
const WRONG_BUDGET: SliceBudget = SliceBudget::new(1, 1, 1, 8.0);

#[derive(Clone)]
pub struct ToolboxState {
    pub lab: Rc<ToolboxLab>,
    pub pair: Rc<SetPair>,
    pub notices: Vec<Notice>,
    /// The wrong-n points, measured first.
    pub wrong: SlicedRun<WrongN>,
    /// The variants, measured once the wrong-n points are.
    pub variants: SlicedRun<VariantRun>,
}

pub enum ToolboxAction {
    /// A setting as typed: its parameter and text.
    Set(&'static str, String),
    /// An item typed into one side.
    AddItem(Side, String),
    /// More generated words on one side.
    AddWords(Side, u64),
    /// Both sides emptied.
    Empty,
    /// One wrong-n point (slice `slice` of run `run`).
    WrongWork {
        run: u64,
        slice: u64,
    },
    /// One slice of the variants.
    VariantsWork {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl ToolboxState {
    pub fn read(q: &Query) -> ToolboxState {
        let (lab, notices) = ToolboxLab::read(q);
        ToolboxState::with_lab(lab, notices, None)
    }

    /// The state for `lab`. Only what its changed settings feed is built again: the pair of
    /// filters (and its probes) when the sets or their shape changed, each measurement when
    /// its own settings did.
    fn with_lab(lab: ToolboxLab, notices: Vec<Notice>, before: Option<&ToolboxState>) -> ToolboxState {
        let same = |f: &dyn Fn(&ToolboxLab) -> bool| before.filter(|b| f(&b.lab));
        let pair = match same(&|old| old.same_pair(&lab)) {
            Some(b) => b.pair.clone(),
            None => Rc::new(lab.pair()),
        };
        let same_wrong = |old: &ToolboxLab| old.n == lab.n && old.p == lab.p && old.seed == lab.seed;
        let fresh_wrong = || WrongN::new(lab.n, lab.p, lab.seed);
        let wrong = match (before, same(&same_wrong)) {
            (_, Some(b)) => b.wrong.clone(),
            (Some(b), None) => {
                let mut run = b.wrong.clone();
                run.restart(fresh_wrong());
                run
            }
            (None, None) => SlicedRun::new(fresh_wrong(), WRONG_BUDGET),
        };
        let fresh_variants = || VariantRun::new(&lab.variants, lab.n, lab.p, lab.f, lab.seed);
        let variants = match (before, same(&|old| same_wrong(old) && old.variants == lab.variants && old.f == lab.f)) {
            (_, Some(b)) => b.variants.clone(),
            (Some(b), None) => {
                let mut run = b.variants.clone();
                run.restart(fresh_variants());
                run
            }
            (None, None) => SlicedRun::new(fresh_variants(), BUDGET),
        };
        ToolboxState { pair, notices, wrong, variants, lab: Rc::new(lab) }
    }
}

impl Reducible for ToolboxState {
    type Action = ToolboxAction;

    fn reduce(self: Rc<Self>, action: ToolboxAction) -> Rc<Self> {
        let (lab, notices) = match action {
            ToolboxAction::WrongWork { run, slice } => {
                let mut next = (*self).clone();
                return if next.wrong.step(run, slice) { Rc::new(next) } else { self };
            }
            ToolboxAction::VariantsWork { run, slice } => {
                let mut next = (*self).clone();
                return if next.variants.step(run, slice) { Rc::new(next) } else { self };
            }
            ToolboxAction::DismissNotices => {
                let mut next = (*self).clone();
                next.notices.clear();
                return Rc::new(next);
            }
            ToolboxAction::Set(name, value) => self.lab.with_fields(&[(name, &value)]),
            ToolboxAction::AddItem(side, text) => self.lab.with_item(side, &text),
            ToolboxAction::AddWords(side, more) => self.lab.with_more_words(side, more),
            ToolboxAction::Empty => self.lab.emptied(),
        };
        Rc::new(ToolboxState::with_lab(lab, notices, Some(&self)))
    }
}
