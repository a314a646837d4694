//! The toolbox's state: the lab from the link, the two filters computed from it, and two sliced
//! measurements (the wrong-n points and the variants), shared and mutated in place.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::core::engine::slice_budget::SliceBudget;
use crate::core::labs::toolbox::run::{VariantRun, WrongN};
use crate::core::labs::toolbox::sets::SetPair;
use crate::core::labs::toolbox::ToolboxLab;
use crate::core::link::notice::Notice;
use crate::core::link::query::Query;
use crate::web;

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
    /// A new lab from a query string (the view's own parameters).
    Set(String),
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl ToolboxState {
    pub fn from_query(q: &Query) -> ToolboxState {
        let lab = ToolboxLab::from_query(q);
        ToolboxState {
            pair: Rc::new(lab.pair()),
            notices: lab.notices.clone(),
            wrong: Rc::new(RefCell::new(WrongN::new(lab.n, lab.p, lab.seed))),
            variants: Rc::new(RefCell::new(VariantRun::new(&lab.variants, lab.n, lab.p, lab.f, lab.seed))),
            lab: Rc::new(lab),
            run_id: 0,
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
            ToolboxAction::Set(search) => {
                let mut next = ToolboxState::from_query(&Query::parse(&search));
                // Only the measurements whose settings changed start again.
                if next.lab.n == self.lab.n && next.lab.p == self.lab.p && next.lab.seed == self.lab.seed {
                    next.wrong = self.wrong.clone();
                    if next.lab.variants == self.lab.variants && next.lab.f == self.lab.f {
                        next.variants = self.variants.clone();
                    }
                }
                next.run_id = self.run_id + 1;
                Rc::new(next)
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
