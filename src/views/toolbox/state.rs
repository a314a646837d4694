//! The toolbox's state: the lab from the link, the two filters computed from it, and two sliced
//! measurements (the wrong-n points and the variants), shared and mutated in place.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::toolbox::run::{VariantRun, WrongN};
use bloomlab_core::labs::toolbox::sets::SetPair;
use bloomlab_core::labs::toolbox::{Side, ToolboxLab};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

const BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);

pub struct ToolboxState {
    pub lab: Rc<ToolboxLab>,
    pub pair: Rc<SetPair>,
    pub notices: Vec<Notice>,
    pub wrong: Rc<RefCell<WrongN>>,
    pub variants: Rc<RefCell<VariantRun>>,
    pub run_id: u64,
    pub slice: u64,
    budget: SliceBudget,
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
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl ToolboxState {
    pub fn from_query(q: &Query) -> ToolboxState {
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
        let wrong = match same(&same_wrong) {
            Some(b) => b.wrong.clone(),
            None => Rc::new(RefCell::new(WrongN::new(lab.n, lab.p, lab.seed))),
        };
        let variants = match same(&|old| same_wrong(old) && old.variants == lab.variants && old.f == lab.f) {
            Some(b) => b.variants.clone(),
            None => Rc::new(RefCell::new(VariantRun::new(&lab.variants, lab.n, lab.p, lab.f, lab.seed))),
        };
        ToolboxState {
            pair,
            notices,
            wrong,
            variants,
            lab: Rc::new(lab),
            run_id: before.map_or(0, |b| b.run_id + 1),
            slice: 0,
            budget: BUDGET,
        }
    }

    pub fn measuring(&self) -> bool {
        !self.wrong.borrow().is_done() || !self.variants.borrow().is_done()
    }
}

impl Reducible for ToolboxState {
    type Action = ToolboxAction;

    fn reduce(self: Rc<Self>, action: ToolboxAction) -> Rc<Self> {
        match action {
            ToolboxAction::Work { run, slice } => {
                if run != self.run_id || slice != self.slice || !self.measuring() {
                    return self;
                }
                let mut budget = self.budget;
                if !self.wrong.borrow().is_done() {
                    self.wrong.borrow_mut().work_one();
                } else {
                    budget.run(web::now_ms, |u| self.variants.borrow_mut().work(u));
                }
                Rc::new(ToolboxState {
                    lab: self.lab.clone(),
                    pair: self.pair.clone(),
                    notices: self.notices.clone(),
                    wrong: self.wrong.clone(),
                    variants: self.variants.clone(),
                    run_id: self.run_id,
                    slice: slice + 1,
                    budget,
                })
            }
            ToolboxAction::Set(name, value) => {
                let (lab, notices) = self.lab.with_fields(&[(name, &value)]);
                Rc::new(ToolboxState::with_lab(lab, notices, Some(&self)))
            }
            ToolboxAction::AddItem(side, text) => {
                let (lab, notices) = self.lab.with_item(side, &text);
                Rc::new(ToolboxState::with_lab(lab, notices, Some(&self)))
            }
            ToolboxAction::AddWords(side, more) => {
                let (lab, notices) = self.lab.with_more_words(side, more);
                Rc::new(ToolboxState::with_lab(lab, notices, Some(&self)))
            }
            ToolboxAction::Empty => {
                let (lab, notices) = self.lab.emptied();
                Rc::new(ToolboxState::with_lab(lab, notices, Some(&self)))
            }
            ToolboxAction::DismissNotices => Rc::new(ToolboxState {
                lab: self.lab.clone(),
                pair: self.pair.clone(),
                notices: Vec::new(),
                wrong: self.wrong.clone(),
                variants: self.variants.clone(),
                run_id: self.run_id,
                slice: self.slice,
                budget: self.budget,
            }),
        }
    }
}
