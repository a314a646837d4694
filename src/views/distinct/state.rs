//! The distinct view's state: the pure `DistinctLab`, the stepper, the combining run (in slices)
//! and the random graph's recurrence (computed when asked).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::core::engine::slice_budget::SliceBudget;
use crate::core::labs::distinct::combine::{CombineRun, CombineSpec};
use crate::core::labs::distinct::DistinctLab;
use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::link::notice::Notice;
use crate::core::link::params::read_step;
use crate::core::link::query::Query;
use crate::hooks::stepper::tick_is_current;
use crate::web;

/// (element, hash) pairs per slice: 100,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(100_000, 10_000, 50_000_000, 8.0);

pub struct DistinctState {
    pub lab: Rc<DistinctLab>,
    pub stepper: Stepper,
    pub generation: u64,
    pub notices: Vec<Notice>,
    pub run: Rc<RefCell<CombineRun>>,
    pub run_id: u64,
    pub slice: u64,
    budget: SliceBudget,
    started_ms: f64,
    pub elapsed_ms: Option<f64>,
}

impl DistinctState {
    pub fn from_query(q: &Query) -> DistinctState {
        let lab = DistinctLab::from_query(q);
        let mut notices = lab.notices.clone();
        let step = read_step(q, lab.last_step(), &mut notices);
        DistinctState {
            stepper: Stepper::new(lab.last_step(), step),
            run: Rc::new(RefCell::new(CombineRun::new(lab.combine.clone()))),
            lab: Rc::new(lab),
            generation: 0,
            notices,
            run_id: 0,
            slice: 0,
            budget: BUDGET,
            started_ms: web::now_ms(),
            elapsed_ms: None,
        }
    }

    fn copy(&self) -> DistinctState {
        DistinctState {
            lab: self.lab.clone(),
            stepper: self.stepper,
            generation: self.generation,
            notices: self.notices.clone(),
            run: self.run.clone(),
            run_id: self.run_id,
            slice: self.slice,
            budget: self.budget,
            started_ms: self.started_ms,
            elapsed_ms: self.elapsed_ms,
        }
    }
}

pub enum DistinctAction {
    Step(StepAction, u64),
    /// A new example from the form, as a query string (`stream`, `hashes`, `w`).
    Rebuild(String),
    SetCombine(CombineSpec),
    /// The random graph's size, the node and d.
    SetGraph(u32, String, u32),
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl Reducible for DistinctState {
    type Action = DistinctAction;

    fn reduce(self: Rc<Self>, action: DistinctAction) -> Rc<Self> {
        let mut next = self.copy();
        match action {
            DistinctAction::Step(a, sent_at) => {
                if !tick_is_current(a, sent_at, self.generation, &self.stepper) {
                    return self;
                }
                next.generation += 1;
                next.stepper.apply(a);
            }
            DistinctAction::Work { run, slice } => {
                if run != self.run_id || slice != self.slice || self.run.borrow().is_done() {
                    return self;
                }
                let mut r = self.run.borrow_mut();
                next.budget.run(web::now_ms, |units| r.work(units));
                if r.is_done() {
                    next.elapsed_ms = Some((web::now_ms() - next.started_ms).max(0.0));
                }
                next.slice += 1;
            }
            DistinctAction::Rebuild(search) => {
                let lab = self.lab.with_example(&search);
                next.notices = lab.notices.clone();
                next.stepper = Stepper::new(lab.last_step(), 1.min(lab.last_step()));
                next.generation += 1;
                next.lab = Rc::new(lab);
            }
            DistinctAction::SetCombine(spec) => {
                let mut lab = (*self.lab).clone();
                lab.group = spec.group;
                lab.seed = spec.seed;
                lab.combine = spec;
                next.run = Rc::new(RefCell::new(CombineRun::new(lab.combine.clone())));
                next.run_id += 1;
                next.slice = 0;
                next.started_ms = web::now_ms();
                next.elapsed_ms = None;
                next.lab = Rc::new(lab);
            }
            DistinctAction::SetGraph(nodes, node, d) => {
                let mut lab = (*self.lab).clone();
                lab.graph_nodes = nodes;
                lab.node = node;
                lab.d = d;
                next.lab = Rc::new(lab);
            }
            DistinctAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
