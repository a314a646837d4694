//! The distinct view's state: the pure `DistinctLab`, the stepper, the combining runs and the
//! sketches on one walk through their streams (in slices) and the random graph's recurrence
//! (also in slices); the model says which of them start again when a setting changes
//! (`labs::distinct::update`).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::lecture::{Lecture, LectureAction};
use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::distinct::graph::GraphRun;
use bloomlab_core::labs::distinct::registers::{trace, union_check, Trace, UnionCheck};
use bloomlab_core::labs::distinct::streams::Streams;
use bloomlab_core::labs::distinct::update::Restart;
use bloomlab_core::labs::distinct::{DistinctLab, GRAPH_HASHES};
use bloomlab_core::lectures::distinct::StepKind;
use bloomlab_core::link::Query;
use bloomlab_core::plot::Plot;

/// Units per slice of the streams' walk (an element hashed by one combining function, or added
/// to the sketches): 100,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(100_000, 10_000, 50_000_000, 8.0);

pub struct DistinctState {
    /// The walkthrough: the lab, its stepper and notices.
    pub lecture: Lecture<DistinctLab>,
    /// The combining runs, and PCSA, LogLog and HyperLogLog on the same streams.
    pub runs: SlicedRun<Streams>,
    pub graph: SlicedRun<GraphRun>,
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

fn make_union(lab: &DistinctLab) -> Rc<UnionCheck> {
    Rc::new(union_check(lab.combine.length, lab.seed(), lab.registers.ilog2()))
}

impl DistinctState {
    pub fn read(q: &Query) -> DistinctState {
        let lecture = Lecture::<DistinctLab>::read(q);
        let lab = &lecture.model;
        let mut state = DistinctState {
            runs: SlicedRun::new(Streams::new(lab.combine.clone()), BUDGET),
            graph: SlicedRun::new(graph_run(lab), GRAPH_BUDGET),
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
            runs: self.runs.clone(),
            graph: self.graph.clone(),
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

    /// Starts again the parts `restart` names.
    fn restart(&mut self, restart: Restart) {
        let lab = self.lab().clone();
        if restart.sketches {
            self.runs.restart(Streams::new(lab.combine.clone()));
        } else if restart.combine {
            // The sketches keep their work; the walk goes over the streams again for the
            // combining runs.
            self.runs.edit(|r| r.restart_combine(lab.combine.clone()));
            self.runs.renew();
        }
        if restart.union {
            self.union = make_union(&lab);
        }
        if restart.trace {
            self.trace = Rc::new(trace(&lab.stream, lab.seed()));
        }
        if restart.graph {
            self.graph.restart(graph_run(&lab));
        }
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
    /// One slice of the walk through the streams (the combining runs and the sketches).
    Work { run: u64, slice: u64 },
    /// One slice of the random graph's recurrence.
    GraphWork { run: u64, slice: u64 },
}

impl Reducible for DistinctState {
    type Action = DistinctAction;

    fn reduce(self: Rc<Self>, action: DistinctAction) -> Rc<Self> {
        let mut next = self.copy();
        // What the model's change asks to start again; a slice of work changes no setting.
        let restart = match action {
            DistinctAction::Lecture(a) => match self.lecture.after(a) {
                Some(lecture) => {
                    next.lecture = lecture;
                    self.lab().restarts(next.lab())
                }
                None => return self,
            },
            DistinctAction::Set(field, value) => {
                let update = self.lab().update(&[(field, value.as_str())]);
                next.lecture.notices = update.notices;
                next.lecture.model = Rc::new(update.lab);
                update.restart
            }
            DistinctAction::Work { run, slice } => {
                if !next.runs.step(run, slice) {
                    return self;
                }
                Restart::default()
            }
            DistinctAction::GraphWork { run, slice } => {
                if !next.graph.step(run, slice) {
                    return self;
                }
                Restart::default()
            }
        };
        next.restart(restart);
        next.build_theory();
        Rc::new(next)
    }
}
