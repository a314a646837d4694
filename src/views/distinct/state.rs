//! The distinct view's state: the pure `DistinctLab`, the stepper, the combining run (in slices)
//! and the random graph's recurrence (also in slices, started again when its settings change).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::lecture::{Lecture, LectureAction};
use crate::hooks::sliced::SlicedRun;
use bloomlab_core::draw::plot::Plot;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::distinct::combine::CombineRun;
use bloomlab_core::labs::distinct::graph::GraphRun;
use bloomlab_core::labs::distinct::registers::{trace, union_check, Trace, UnionCheck};
use bloomlab_core::labs::distinct::sketches::SketchRun;
use bloomlab_core::labs::distinct::{DistinctLab, GRAPH_HASHES};
use bloomlab_core::lectures::distinct::StepKind;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// (element, hash) pairs per slice: 100,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(100_000, 10_000, 50_000_000, 8.0);

pub struct DistinctState {
    /// The walkthrough: the lab, its stepper and notices.
    pub lecture: Lecture<DistinctLab>,
    pub run: SlicedRun<CombineRun>,
    pub graph: SlicedRun<GraphRun>,
    /// PCSA, LogLog and HyperLogLog on the combining runs' streams.
    pub sketches: SlicedRun<SketchRun>,
    /// The register trace of the walkthrough's stream and the union check, computed when their
    /// inputs change.
    pub trace: Rc<Trace>,
    pub union: Rc<UnionCheck>,
    /// The theory step's chart (thousands of hashes), built when that step is shown and kept
    /// for as long as its stream and seed stay: never built while drawing.
    pub theory: Option<((u64, u64), Rc<Plot>)>,
}

/// Node visits of the graph's recurrence per slice: 20,000 at first, then about 8 ms' worth.
const GRAPH_BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);

/// The random graph's run for the lab's settings (each node links to 3 others).
fn graph_run(lab: &DistinctLab) -> GraphRun {
    GraphRun::new(lab.graph_nodes, 3, &lab.graph_node.to_string(), lab.d, GRAPH_HASHES, lab.seed())
}

/// What the graph's run depends on.
fn graph_key(lab: &DistinctLab) -> (u32, u32, u32, u64) {
    (lab.graph_nodes, lab.graph_node, lab.d, lab.seed())
}

/// Elements per slice of the sketches' run (each feeds 26 sketches): 20,000 at first, then
/// about 8 ms' worth.
const SKETCH_BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 10_000_000, 8.0);

fn sketch_run(lab: &DistinctLab) -> SketchRun {
    let c = &lab.combine;
    SketchRun::new(c.length, c.runs, c.seed)
}

/// What the sketches' run depends on: the streams (length, runs, seed).
fn sketch_key(lab: &DistinctLab) -> (u64, u64, u64) {
    (lab.combine.length, lab.combine.runs, lab.combine.seed)
}

/// What the union check depends on.
fn union_key(lab: &DistinctLab) -> (u64, u64, u32) {
    (lab.combine.length, lab.combine.seed, lab.registers)
}

fn make_union(lab: &DistinctLab) -> Rc<UnionCheck> {
    Rc::new(union_check(lab.combine.length, lab.seed(), lab.registers.ilog2()))
}

impl DistinctState {
    pub fn from_query(q: &Query) -> DistinctState {
        let lecture = Lecture::<DistinctLab>::read(q);
        let lab = &lecture.model;
        let mut state = DistinctState {
            run: SlicedRun::new(CombineRun::new(lab.combine.clone()), BUDGET),
            graph: SlicedRun::new(graph_run(lab), GRAPH_BUDGET),
            sketches: SlicedRun::new(sketch_run(lab), SKETCH_BUDGET),
            trace: Rc::new(trace(&lab.stream, lab.seed())),
            union: make_union(lab),
            lecture,
            theory: None,
        };
        state.build_theory();
        state
    }

    fn copy(&self) -> DistinctState {
        DistinctState {
            lecture: self.lecture.clone(),
            run: self.run.clone(),
            graph: self.graph.clone(),
            sketches: self.sketches.clone(),
            trace: self.trace.clone(),
            union: self.union.clone(),
            theory: self.theory.clone(),
        }
    }

    pub fn lab(&self) -> &Rc<DistinctLab> {
        &self.lecture.model
    }

    /// The step the stepper shows.
    pub fn step_kind(&self) -> &StepKind {
        &self.lab().steps[self.lecture.step()].kind
    }

    /// Builds the theory chart when the theory step is shown and its inputs changed.
    fn build_theory(&mut self) {
        let key = self.lab().theory_key();
        if *self.step_kind() == StepKind::Theory && self.theory.as_ref().map(|t| t.0) != Some(key) {
            self.theory = Some((key, Rc::new(self.lab().theory_chart())));
        }
    }
}

pub enum DistinctAction {
    /// The walkthrough's stepper, its form and its notices.
    Lecture(LectureAction),
    /// A panel's setting as typed or chosen (the combining runs' and the random graph's; the
    /// core clamps it, with a notice).
    Set(&'static str, String),
    Work {
        run: u64,
        slice: u64,
    },
    /// One slice of the random graph's recurrence.
    GraphWork {
        run: u64,
        slice: u64,
    },
    /// One slice of the sketches' run.
    SketchWork {
        run: u64,
        slice: u64,
    },
}

impl Reducible for DistinctState {
    type Action = DistinctAction;

    fn reduce(self: Rc<Self>, action: DistinctAction) -> Rc<Self> {
        let mut next = self.copy();
        match action {
            DistinctAction::Lecture(a) => match self.lecture.after(a) {
                Some(lecture) => next.lecture = lecture,
                None => return self,
            },
            DistinctAction::Work { run, slice } => {
                if !next.run.step(run, slice) {
                    return self;
                }
            }
            DistinctAction::Set(field, value) => {
                let (lab, notices) = self.lab().with_fields(&[(field, value.as_str())]);
                next.lecture.notices = notices;
                next.lecture.model = Rc::new(lab);
            }
            DistinctAction::GraphWork { run, slice } => {
                if !next.graph.step(run, slice) {
                    return self;
                }
            }
            DistinctAction::SketchWork { run, slice } => {
                if !next.sketches.step(run, slice) {
                    return self;
                }
            }
        }
        if sketch_key(next.lab()) != sketch_key(self.lab()) {
            next.sketches.restart(sketch_run(next.lab()));
        }
        if union_key(next.lab()) != union_key(self.lab()) {
            next.union = make_union(next.lab());
        }
        if (&next.lab().stream, next.lab().seed()) != (&self.lab().stream, self.lab().seed()) {
            next.trace = Rc::new(trace(&next.lab().stream, next.lab().seed()));
        }
        if next.lab().combine != self.lab().combine {
            next.run.restart(CombineRun::new(next.lab().combine.clone()));
        }
        if graph_key(next.lab()) != graph_key(self.lab()) {
            next.graph.restart(graph_run(next.lab()));
        }
        next.build_theory();
        Rc::new(next)
    }
}
