//! What a change of settings asks of the page's runs: the model says which of its runs and
//! computed parts depend on what changed, so the view starts again exactly those and keeps the
//! rest going.

use super::DistinctLab;

/// The parts of the page that must start again (each computed from some of the settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Restart {
    /// The combining runs (length, runs, functions, group size, seed). Alone, they start again
    /// on the same walk (`Streams::restart_combine`), and the sketches keep their work.
    pub combine: bool,
    /// PCSA, LogLog and HyperLogLog on the combining runs' streams (length, runs, seed): the
    /// streams themselves change, so the whole walk starts again, the combining runs with it.
    pub sketches: bool,
    /// The union of two HyperLogLog sketches (length, seed, registers).
    pub union: bool,
    /// The register trace of the walkthrough's stream (stream, seed).
    pub trace: bool,
    /// The random graph's recurrence (nodes, node, d, seed).
    pub graph: bool,
}

impl Restart {
    /// Whether anything must start again.
    pub fn any(&self) -> bool {
        self.combine || self.sketches || self.union || self.trace || self.graph
    }
}

impl DistinctLab {
    /// What must start again going from this model to `next`.
    pub fn restarts(&self, next: &DistinctLab) -> Restart {
        let (a, b) = (&self.combine, &next.combine);
        let seed = a.seed != b.seed;
        let streams = seed || a.length != b.length || a.runs != b.runs;
        Restart {
            combine: a != b,
            sketches: streams,
            union: seed || a.length != b.length || self.registers != next.registers,
            trace: seed || self.stream != next.stream,
            graph: seed || (self.graph_nodes, self.graph_node, self.d) != (next.graph_nodes, next.graph_node, next.d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::notice::Notice;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    /// The model with a setting's field read as the link's value is, its notices, and what must
    /// start again.
    fn update(lab: &DistinctLab, fields: &[(&str, &str)]) -> (DistinctLab, Vec<Notice>, Restart) {
        let (next, notices) = lab.with_fields(fields);
        let restart = lab.restarts(&next);
        (next, notices, restart)
    }

    fn restart_of(name: &str, text: &str) -> Restart {
        let base = DistinctLab::read(&Query::parse("?graph=1000&graph-node=900&length=2000&runs=10")).0;
        update(&base, &[(name, text)]).2
    }

    #[test]
    fn each_setting_restarts_what_depends_on_it() {
        let none = Restart::default();
        let all = Restart { combine: true, sketches: true, union: true, trace: true, graph: true };
        assert_eq!(restart_of("seed", "5"), all);
        assert_eq!(restart_of("length", "3000"), Restart { combine: true, sketches: true, union: true, ..none });
        assert_eq!(restart_of("runs", "20"), Restart { combine: true, sketches: true, ..none });
        assert_eq!(restart_of("functions", "16"), Restart { combine: true, ..none });
        assert_eq!(restart_of("group-size", "4"), Restart { combine: true, ..none });
        assert_eq!(restart_of("registers", "256"), Restart { union: true, ..none });
        assert_eq!(restart_of("stream", "1 2 3"), Restart { trace: true, ..none });
        for (name, text) in [("graph", "2000"), ("graph-node", "3"), ("d", "4")] {
            assert_eq!(restart_of(name, text), Restart { graph: true, ..none }, "{name}");
        }
        // Settings only drawn, and values that change nothing, restart nothing.
        for (name, text) in [("estimators", "hll"), ("node", "B"), ("w", "8"), ("hashes", "5:1"), ("runs", "10")] {
            assert!(!restart_of(name, text).any(), "{name}={text}");
        }
    }

    #[test]
    fn a_bad_value_gets_the_link_s_notice_and_restarts_only_if_the_value_changed() {
        let (lab, notices, restart) = update(&DistinctLab::read(&Query::parse("?runs=10")).0, &[("runs", "100000")]);
        assert_eq!(lab.combine.runs, super::super::RUNS.max);
        assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["runs"]);
        assert_eq!(restart, Restart { combine: true, sketches: true, ..Restart::default() });
        let (same, _, restart) = update(&lab, &[("runs", "x")]);
        assert_eq!(same.combine.runs, super::super::RUNS.default);
        assert!(restart.combine && !restart.graph);
        // A smaller graph clamps the node asked about, with its notice: the graph starts again.
        let (small, _, restart) = update(&lab, &[("graph", "100"), ("graph-node", "500")]);
        assert_eq!((small.graph_node, restart.graph), (99, true));
    }
}
