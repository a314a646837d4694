//! The distinct view's state: the pure `DistinctLab`, the stepper, the combining run (in slices)
//! and the random graph's recurrence (also in slices, started again when its settings change).

use std::rc::Rc;

use yew::prelude::*;

use crate::core::engine::slice_budget::SliceBudget;
use crate::core::labs::distinct::combine::{CombineRun, CombineSpec};
use crate::core::labs::distinct::graph::GraphRun;
use crate::core::labs::distinct::{DistinctLab, GRAPH_HASHES};
use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::link::notice::Notice;
use crate::core::link::params::read_step;
use crate::core::link::query::Query;
use crate::hooks::sliced::{Sliced, SlicedRun};
use crate::hooks::stepper::tick_is_current;

/// (element, hash) pairs per slice: 100,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(100_000, 10_000, 50_000_000, 8.0);

pub struct DistinctState {
    pub lab: Rc<DistinctLab>,
    pub stepper: Stepper,
    pub generation: u64,
    pub notices: Vec<Notice>,
    pub run: SlicedRun<CombineRun>,
    pub graph: SlicedRun<GraphRun>,
}

/// Node visits of the graph's recurrence per slice: 20,000 at first, then about 8 ms' worth.
const GRAPH_BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);

/// The random graph's run for the lab's settings (each node links to 3 others).
fn graph_run(lab: &DistinctLab) -> GraphRun {
    GraphRun::new(lab.graph_nodes, 3, &lab.node, lab.d, GRAPH_HASHES, lab.seed)
}

/// What the graph's run depends on.
fn graph_key(lab: &DistinctLab) -> (u32, &str, u32, u64) {
    (lab.graph_nodes, lab.node.as_str(), lab.d, lab.seed)
}

impl Sliced for GraphRun {
    fn work(&mut self, units: u64) -> u64 {
        GraphRun::work(self, units)
    }
    fn is_done(&self) -> bool {
        GraphRun::is_done(self)
    }
}

impl Sliced for CombineRun {
    fn work(&mut self, units: u64) -> u64 {
        CombineRun::work(self, units)
    }
    fn is_done(&self) -> bool {
        CombineRun::is_done(self)
    }
}

impl DistinctState {
    pub fn from_query(q: &Query) -> DistinctState {
        let lab = DistinctLab::from_query(q);
        let mut notices = lab.notices.clone();
        let step = read_step(q, lab.last_step(), &mut notices);
        DistinctState {
            stepper: Stepper::new(lab.last_step(), step),
            run: SlicedRun::new(CombineRun::new(lab.combine.clone()), BUDGET),
            graph: SlicedRun::new(graph_run(&lab), GRAPH_BUDGET),
            lab: Rc::new(lab),
            generation: 0,
            notices,
        }
    }

    fn copy(&self) -> DistinctState {
        DistinctState {
            lab: self.lab.clone(),
            stepper: self.stepper,
            generation: self.generation,
            notices: self.notices.clone(),
            run: self.run.clone(),
            graph: self.graph.clone(),
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
    /// One slice of the random graph's recurrence.
    GraphWork {
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
                if !next.run.step(run, slice) {
                    return self;
                }
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
                next.run.restart(CombineRun::new(lab.combine.clone()));
                next.lab = Rc::new(lab);
            }
            DistinctAction::SetGraph(nodes, node, d) => {
                let mut lab = (*self.lab).clone();
                lab.graph_nodes = nodes;
                lab.node = node;
                lab.d = d;
                next.lab = Rc::new(lab);
            }
            DistinctAction::GraphWork { run, slice } => {
                if !next.graph.step(run, slice) {
                    return self;
                }
            }
            DistinctAction::DismissNotices => next.notices.clear(),
        }
        if graph_key(&next.lab) != graph_key(&self.lab) {
            next.graph.restart(graph_run(&next.lab));
        }
        Rc::new(next)
    }
}
