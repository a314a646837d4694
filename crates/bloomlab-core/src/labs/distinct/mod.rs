//! Counting distinct elements (`view=distinct`): the Flajolet–Martin walkthrough with the
//! lectures' `linear` hashes, why it works, how to combine many estimates, and neighbourhood
//! sizes in a graph (slides 20–34 of Ullman's deck).

pub mod bias;
mod charts;
pub mod combine;
pub mod estimators;
pub mod graph;
mod questions;
pub mod registers;
pub mod sketches;
pub mod theory;
pub mod words;

#[cfg(test)]
mod sketch_tests;
#[cfg(test)]
mod tests;

use crate::lectures::distinct::{distinct, rows, steps, Row, Step};
use crate::lectures::stepper::Stepped;
use crate::link::notice::Notice;
use crate::link::params::read_u64;
use crate::link::params::tokens;
use crate::link::query::Query;
use crate::link::state::{Field, LinkState};
use crate::text::shorten;
use combine::CombineSpec;
use estimators::{read_estimators, read_registers, write_estimators, Estimator};

pub const DEFAULT_STREAM: [u64; 9] = [3, 1, 4, 1, 5, 9, 2, 6, 5];
pub const DEFAULT_HASHES: [(u64, u64); 3] = [(2, 1), (3, 7), (4, 0)];
pub const DEFAULT_W: u32 = 5;
pub const MAX_STREAM: usize = 1_000;
pub const MAX_HASHES: usize = 8;
pub const DEFAULT_GROUP: u64 = 8;
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_D: u32 = 2;
pub const MAX_D: u32 = 10;
pub const DEFAULT_LENGTH: u64 = 10_000;
pub const DEFAULT_RUNS: u64 = 50;
pub const DEFAULT_FUNCTIONS: u32 = 64;
pub const DEFAULT_GRAPH: u32 = 10_000;
/// The slides' graph's node asked about by default.
pub const DEFAULT_NODE: &str = "E";
pub const MAX_GRAPH: u32 = 100_000;
/// Hash functions used for neighbourhood estimates on the random graph.
pub const GRAPH_HASHES: u32 = 16;

#[derive(Clone, Debug, PartialEq)]
pub struct DistinctLab {
    pub stream: Vec<u64>,
    pub hashes: Vec<(u64, u64)>,
    pub w: u32,
    /// The walkthrough's rows: `rows[j][i]` is element i under hash j.
    pub rows: Vec<Vec<Row>>,
    /// The node of the slides' graph asked about (`node`, A to G).
    pub node: String,
    /// The node of the random graph asked about (`graph-node`, an index).
    pub graph_node: u32,
    pub d: u32,
    /// The combining runs' settings. Its group size and seed are the lab's only ones (`groups`,
    /// `seed`): the walkthrough's graph and theory use the same seed.
    pub combine: CombineSpec,
    pub graph_nodes: u32,
    /// The estimators compared (`estimators`) and the sketches' register count (`registers`).
    pub estimators: Vec<Estimator>,
    pub registers: u32,
    pub steps: Vec<Step>,
    pub notices: Vec<Notice>,
}

/// The number of runs the theory step measures R over.
pub const THEORY_RUNS: u64 = 4_000;

impl DistinctLab {
    pub fn from_query(q: &Query) -> DistinctLab {
        let mut notices = Vec::new();
        let stream = read_stream(q, &mut notices);
        let hashes = read_hashes(q, &mut notices);
        let w = read_u64(q.raw("w"), "w", 1, 64, DEFAULT_W as u64, &mut notices) as u32;
        let group = read_group_size(q, &mut notices);
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        let d = read_u64(q.raw("d"), "d", 0, MAX_D as u64, DEFAULT_D as u64, &mut notices) as u32;
        let length = read_u64(q.raw("length"), "length", 1, combine::MAX_LENGTH, DEFAULT_LENGTH, &mut notices);
        let runs = read_u64(q.raw("runs"), "runs", 1, combine::MAX_RUNS, DEFAULT_RUNS, &mut notices);
        let functions = read_u64(
            q.raw("functions"),
            "functions",
            1,
            combine::MAX_HASHES as u64,
            DEFAULT_FUNCTIONS as u64,
            &mut notices,
        ) as u32;
        let graph_nodes =
            read_u64(q.raw("graph"), "graph", 10, MAX_GRAPH as u64, DEFAULT_GRAPH as u64, &mut notices) as u32;
        let (node, graph_node) = read_nodes(q, graph_nodes, &mut notices);
        let estimators = read_estimators(q, &mut notices);
        let registers = read_registers(q, &mut notices);
        let combine = CombineSpec { length, hashes: functions, runs, group, seed };
        let rows = rows(&stream, &hashes, w);
        let mut lab = DistinctLab {
            stream,
            hashes,
            w,
            rows,
            node,
            graph_node,
            d,
            combine,
            graph_nodes,
            estimators,
            registers,
            steps: Vec::new(),
            notices,
        };
        lab.steps =
            steps(&lab.stream, lab.stream == DEFAULT_STREAM && lab.hashes == DEFAULT_HASHES && lab.w == DEFAULT_W);
        lab
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if self.stream != DEFAULT_STREAM {
            p.push(("stream", self.stream.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")));
        }
        if self.hashes != DEFAULT_HASHES {
            p.push(("hashes", self.hashes.iter().map(|(a, b)| format!("{a}:{b}")).collect::<Vec<_>>().join(",")));
        }
        let c = &self.combine;
        for (name, value, default) in [
            ("w", self.w as u64, DEFAULT_W as u64),
            ("group-size", c.group, DEFAULT_GROUP),
            ("seed", c.seed, DEFAULT_SEED),
            ("d", self.d as u64, DEFAULT_D as u64),
            ("length", c.length, DEFAULT_LENGTH),
            ("runs", c.runs, DEFAULT_RUNS),
            ("functions", c.hashes as u64, DEFAULT_FUNCTIONS as u64),
            ("graph", self.graph_nodes as u64, DEFAULT_GRAPH as u64),
            ("registers", self.registers as u64, estimators::DEFAULT_REGISTERS as u64),
        ] {
            if value != default {
                p.push((name, value.to_string()));
            }
        }
        if self.node != DEFAULT_NODE {
            p.push(("node", self.node.clone()));
        }
        if self.graph_node != 0 {
            p.push(("graph-node", self.graph_node.to_string()));
        }
        if self.estimators != Estimator::ALL {
            p.push(("estimators", write_estimators(&self.estimators)));
        }
        p
    }

    /// The one seed: the combining runs', the random graph's and the walkthrough's.
    pub fn seed(&self) -> u64 {
        self.combine.seed
    }

    /// What the theory step's measurement depends on: the stream's distinct count and the seed.
    pub fn theory_key(&self) -> (u64, u64) {
        (self.truth().max(1), self.seed())
    }

    /// The theory step's chart: R measured over `THEORY_RUNS` runs against the formulas.
    /// Thousands of hashes: build it once per `theory_key`, not on every drawing.
    pub fn theory_chart(&self) -> crate::draw::plot::Plot {
        let (m, seed) = self.theory_key();
        theory::chart(m, &theory::measure_r(m, THEORY_RUNS, seed))
    }

    pub fn last_step(&self) -> usize {
        self.steps.len() - 1
    }

    pub fn label(&self, i: usize) -> String {
        self.steps.get(i).map(|s| s.title.clone()).unwrap_or_default()
    }

    pub fn truth(&self) -> u64 {
        distinct(&self.stream)
    }
}

/// The median of means' group size (`group-size`, 1 .. 64). Links made before it had that name
/// wrote it as `groups`, which the moments view uses for a number of groups: an old `groups`
/// is still read as the group size, with a notice saying so.
fn read_group_size(q: &Query, notices: &mut Vec<Notice>) -> u64 {
    let old = q.raw("groups");
    if q.raw("group-size").is_some() || old.is_none() {
        if old.is_some() {
            notices.push(Notice::param("groups", "groups is ignored here: group-size sets the group size"));
        }
        return read_u64(q.raw("group-size"), "group-size", 1, 64, DEFAULT_GROUP, notices);
    }
    let before = notices.len();
    let g = read_u64(old, "groups", 1, 64, DEFAULT_GROUP, notices);
    if notices.len() == before {
        notices.push(Notice::param(
            "groups",
            format!("groups is now group-size in this view (the moments view's groups counts groups): read as group-size = {g}"),
        ));
    }
    g
}

/// The node asked about in the slides' graph (`node`: A to G, default E) and in the random
/// graph (`graph-node`: 0 to graph − 1, default 0). Links made before the two were told apart
/// wrote the random graph's node as `node` (`node=5`): a number there still means the random
/// graph's node when `graph-node` is absent, and the slides' graph keeps E.
fn read_nodes(q: &Query, graph_nodes: u32, notices: &mut Vec<Notice>) -> (String, u32) {
    let mut old_index = None;
    let node = match q.get("node") {
        None => DEFAULT_NODE.to_string(),
        Some(Ok(n)) => {
            let t = n.trim();
            if graph::Graph::slides().find(t).is_some() {
                t.to_ascii_uppercase()
            } else if let Some(i) = t.parse::<u32>().ok().filter(|&i| i < graph_nodes) {
                old_index = Some(i);
                DEFAULT_NODE.to_string()
            } else {
                notices.push(Notice::param(
                    "node",
                    format!(
                        "node = \u{201c}{}\u{201d} is neither a node of the slides' graph (A to G) nor a node of the random graph (0 to {}); using E",
                        shorten(t, 20),
                        graph_nodes - 1
                    ),
                ));
                DEFAULT_NODE.to_string()
            }
        }
        Some(Err(e)) => {
            notices.push(Notice::param("node", format!("node {e}; using E")));
            DEFAULT_NODE.to_string()
        }
    };
    let graph_node = read_u64(
        q.raw("graph-node"),
        "graph-node",
        0,
        graph_nodes.saturating_sub(1) as u64,
        old_index.unwrap_or(0) as u64,
        notices,
    ) as u32;
    (node, graph_node)
}

fn read_stream(q: &Query, notices: &mut Vec<Notice>) -> Vec<u64> {
    let Some(raw) = q.raw("stream") else { return DEFAULT_STREAM.to_vec() };
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for part in tokens(raw).into_iter().map(|t| t.unwrap_or_else(|b| b.raw)) {
        match part.parse::<u64>() {
            Ok(x) => out.push(x),
            Err(_) => bad.push(shorten(&part, 12)),
        }
    }
    if !bad.is_empty() {
        notices.push(Notice::param(
            "stream",
            format!("stream: {} is not a whole number from 0 to 2^64 − 1; left out", bad.join(", ")),
        ));
    }
    if out.len() > MAX_STREAM {
        notices.push(Notice::param("stream", format!("stream: at most {MAX_STREAM} elements; the rest are left out")));
        out.truncate(MAX_STREAM);
    }
    if out.is_empty() {
        if bad.is_empty() {
            notices.push(Notice::param(
                "stream",
                "stream is empty; using the exercise's stream 3, 1, 4, 1, 5, 9, 2, 6, 5",
            ));
        }
        return DEFAULT_STREAM.to_vec();
    }
    out
}

fn read_hashes(q: &Query, notices: &mut Vec<Notice>) -> Vec<(u64, u64)> {
    let Some(raw) = q.raw("hashes") else { return DEFAULT_HASHES.to_vec() };
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for part in tokens(raw).into_iter().map(|t| t.unwrap_or_else(|b| b.raw)) {
        let part = part.as_str();
        let parsed = part
            .split_once(':')
            .and_then(|(a, b)| Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?)));
        match parsed {
            Some((0, _)) => bad.push(format!("{} (a = 0 maps every element to b)", shorten(part, 12))),
            Some(h) => out.push(h),
            None => bad.push(format!("{} (not a:b with whole numbers)", shorten(part, 12))),
        }
    }
    if !bad.is_empty() {
        notices.push(Notice::param("hashes", format!("hashes: {} left out", bad.join(", "))));
    }
    if out.len() > MAX_HASHES {
        notices.push(Notice::param("hashes", format!("hashes: at most {MAX_HASHES}; the rest are left out")));
        out.truncate(MAX_HASHES);
    }
    if out.is_empty() {
        if bad.is_empty() {
            notices.push(Notice::param("hashes", "hashes is empty; using 2x + 1, 3x + 7 and 4x"));
        }
        return DEFAULT_HASHES.to_vec();
    }
    out
}

impl LinkState for DistinctLab {
    fn read(q: &Query) -> (DistinctLab, Vec<Notice>) {
        let lab = DistinctLab::from_query(q);
        let notices = lab.notices.clone();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        DistinctLab::query_pairs(self)
    }
    fn field(name: &str) -> Field {
        match name {
            "stream" | "hashes" | "estimators" => Field::Tokens,
            _ => Field::Value,
        }
    }
}

impl Stepped for DistinctLab {
    fn last_step(&self) -> usize {
        DistinctLab::last_step(self)
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
