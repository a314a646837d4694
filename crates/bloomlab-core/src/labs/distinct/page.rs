//! The distinct view as its page runs it: the walkthrough with its questions, the settings of
//! its panels as typed edits, the combining runs and the sketches on one walk through their
//! streams (the run) and the random graph's recurrence beside it (the second run), each kept,
//! renewed or started again as `DistinctLab::restarts` says.

use super::graph::GraphRun;
use super::streams::Streams;
use super::{DistinctLab, GRAPH_HASHES};
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::lectures::questions::{Question, Quizzed};
use crate::link::notice::Notice;
use crate::link::state::LinkState;

impl DistinctLab {
    /// The random graph's run for the lab's settings (each node links to 3 others).
    pub fn graph_run(&self) -> GraphRun {
        GraphRun::new(self.graph_nodes, 3, &self.graph_node.to_string(), self.d, GRAPH_HASHES, self.seed())
    }
}

impl Model for DistinctLab {
    /// A panel's setting as typed or chosen: (parameter, text), read as the link's value is.
    type Edit = (&'static str, String);
    type Run = Streams;
    type Aside = GraphRun;
    /// An element hashed by one combining function, or added to the sketches: 100,000 per slice
    /// at first, then about 8 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(100_000, 10_000, 50_000_000, 8.0);
    /// Node visits of the graph's recurrence: 20,000 at first, then about 8 ms' worth.
    const ASIDE_BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);
    bloomlab_link::walkthrough_model!();

    fn edit(&self, (field, text): Self::Edit) -> Option<(Self, Option<Vec<Notice>>)> {
        let (lab, notices) = self.with_fields(&[(field, text.as_str())]);
        Some((lab, Some(notices)))
    }

    fn asked(&self, step: usize) -> Option<Question> {
        self.question(step)
    }

    fn run(&self) -> Streams {
        Streams::new(self.combine.clone())
    }

    fn aside(&self) -> GraphRun {
        self.graph_run()
    }

    /// New streams start the walk again; new combining settings alone go over the same streams
    /// again, the sketches keeping their work.
    fn carry_run(&self, before: &Self, run: &mut Streams) -> Carry {
        let restart = before.restarts(self);
        if restart.sketches {
            Carry::Restart
        } else if restart.combine {
            run.restart_combine(self.combine.clone());
            Carry::Renew
        } else {
            Carry::Keep
        }
    }

    fn carry_aside(&self, before: &Self, _aside: &mut GraphRun) -> Carry {
        if before.restarts(self).graph {
            Carry::Restart
        } else {
            Carry::Keep
        }
    }
}
