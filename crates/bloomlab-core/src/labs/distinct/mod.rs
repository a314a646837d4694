//! Counting distinct elements (`view=distinct`): the Flajolet–Martin walkthrough with the
//! lectures' `linear` hashes, why it works, how to combine many estimates, and neighbourhood
//! sizes in a graph (slides 20–34 of Ullman's deck).

pub mod bias;
mod charts;
pub mod combine;
pub mod estimators;
pub mod graph;
mod page;
pub mod params;
mod questions;
pub mod registers;
pub mod sketches;
pub mod streams;
pub mod theory;
pub mod update;
pub mod words;

#[cfg(test)]
mod tests;

use crate::lectures::distinct::{distinct, rows, steps, Row, Step};
use crate::lectures::stepper::Stepped;
use crate::link::notice::Notice;
use crate::link::params::{tokens, Whole};
use crate::link::query::Query;
use crate::link::state::{FieldText, LinkState};
use crate::text::shorten;
use combine::CombineSpec;
use estimators::{read_estimators, read_registers, write_estimators, Estimator};
pub use params::{
    D, ESTIMATORS, FUNCTIONS, GRAPH, GRAPH_NODE, GROUP_SIZE, HASHES, LENGTH, NODE, PARAMS, REGISTERS, RUNS, SEED,
    STREAM, W,
};

pub const DEFAULT_STREAM: [u64; 9] = [3, 1, 4, 1, 5, 9, 2, 6, 5];
pub const DEFAULT_HASHES: [(u64, u64); 3] = [(2, 1), (3, 7), (4, 0)];
pub const DEFAULT_W: u32 = W.default as u32;
pub const MAX_STREAM: usize = 1_000;
pub const MAX_HASHES: usize = 8;
pub const DEFAULT_SEED: u64 = SEED.default;
pub const MAX_D: u32 = D.max as u32;
/// The slides' graph's node asked about by default.
pub const DEFAULT_NODE: &str = NODE.default;
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
}

/// The number of runs the theory step measures R over.
pub const THEORY_RUNS: u64 = 4_000;

impl DistinctLab {
    /// The walkthrough's stream as its form field shows it.
    pub fn stream_text(&self) -> String {
        self.stream_text_with(", ")
    }

    /// The walkthrough's hashes as their form field shows them (`a:b`, as the link writes them).
    pub fn hashes_text(&self) -> String {
        self.hashes_text_with(", ")
    }

    fn stream_text_with(&self, separator: &str) -> String {
        self.stream.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(separator)
    }

    fn hashes_text_with(&self, separator: &str) -> String {
        self.hashes.iter().map(|(a, b)| format!("{a}:{b}")).collect::<Vec<_>>().join(separator)
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
    pub fn theory_chart(&self) -> crate::plot::Plot {
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
    let old = Whole { name: "groups", ..GROUP_SIZE };
    if q.raw(GROUP_SIZE.name).is_some() || q.raw(old.name).is_none() {
        if q.raw(old.name).is_some() {
            notices.push(Notice::param(old.name, "groups is ignored here: group-size sets the group size"));
        }
        return GROUP_SIZE.read(q, notices);
    }
    let before = notices.len();
    let g = old.read(q, notices);
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
    let node = match q.get(NODE.name) {
        None => DEFAULT_NODE.to_string(),
        Some(Ok(n)) => {
            let t = n.trim();
            if graph::Graph::slides().find(t).is_some() {
                t.to_ascii_uppercase()
            } else if let Some(i) = t.parse::<u32>().ok().filter(|&i| i < graph_nodes) {
                old_index = Some(i);
                DEFAULT_NODE.to_string()
            } else {
                notices.push(Notice::bad(
                    NODE.name,
                    &shorten(t, 20),
                    &format!(
                        "is neither a node of the slides' graph (A to G) nor a node of the random graph (0 to {}); using E",
                        graph_nodes - 1
                    ),
                ));
                DEFAULT_NODE.to_string()
            }
        }
        Some(Err(e)) => {
            notices.push(Notice::param(NODE.name, format!("node {e}; using E")));
            DEFAULT_NODE.to_string()
        }
    };
    // The declaration's reader, within this graph's nodes.
    let within =
        Whole { max: graph_nodes.saturating_sub(1) as u64, default: old_index.unwrap_or(0) as u64, ..GRAPH_NODE };
    let graph_node = within.read_u32(q, notices);
    (node, graph_node)
}

fn read_stream(q: &Query, notices: &mut Vec<Notice>) -> Vec<u64> {
    let Some(raw) = q.raw(STREAM.name) else { return DEFAULT_STREAM.to_vec() };
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
            STREAM.name,
            format!("stream: {} is not a whole number from 0 to 2^64 − 1; left out", bad.join(", ")),
        ));
    }
    if out.len() > MAX_STREAM {
        notices
            .push(Notice::param(STREAM.name, format!("stream: at most {MAX_STREAM} elements; the rest are left out")));
        out.truncate(MAX_STREAM);
    }
    if out.is_empty() {
        if bad.is_empty() {
            notices.push(Notice::param(
                STREAM.name,
                "stream is empty; using the exercise's stream 3, 1, 4, 1, 5, 9, 2, 6, 5",
            ));
        }
        return DEFAULT_STREAM.to_vec();
    }
    out
}

fn read_hashes(q: &Query, notices: &mut Vec<Notice>) -> Vec<(u64, u64)> {
    let Some(raw) = q.raw(HASHES.name) else { return DEFAULT_HASHES.to_vec() };
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
        notices.push(Notice::param(HASHES.name, format!("hashes: {} left out", bad.join(", "))));
    }
    if out.len() > MAX_HASHES {
        notices.push(Notice::param(HASHES.name, format!("hashes: at most {MAX_HASHES}; the rest are left out")));
        out.truncate(MAX_HASHES);
    }
    if out.is_empty() {
        if bad.is_empty() {
            notices.push(Notice::param(HASHES.name, "hashes is empty; using 2x + 1, 3x + 7 and 4x"));
        }
        return DEFAULT_HASHES.to_vec();
    }
    out
}

impl LinkState for DistinctLab {
    fn read(q: &Query) -> (DistinctLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let stream = read_stream(q, &mut notices);
        let hashes = read_hashes(q, &mut notices);
        let w = W.read_u32(q, &mut notices);
        let group = read_group_size(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        let d = D.read_u32(q, &mut notices);
        let length = LENGTH.read(q, &mut notices);
        let runs = RUNS.read(q, &mut notices);
        let functions = FUNCTIONS.read_u32(q, &mut notices);
        let graph_nodes = GRAPH.read_u32(q, &mut notices);
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
        };
        lab.steps =
            steps(&lab.stream, lab.stream == DEFAULT_STREAM && lab.hashes == DEFAULT_HASHES && lab.w == DEFAULT_W);
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let c = &self.combine;
        let stream = (self.stream != DEFAULT_STREAM).then(|| (STREAM.name, self.stream_text_with(",")));
        let hashes = (self.hashes != DEFAULT_HASHES).then(|| (HASHES.name, self.hashes_text_with(",")));
        let node = (self.node != NODE.default).then(|| (NODE.name, self.node.clone()));
        let estimators =
            (self.estimators != Estimator::ALL).then(|| (ESTIMATORS.name, write_estimators(&self.estimators)));
        [
            stream,
            hashes,
            W.pair(self.w as u64),
            GROUP_SIZE.pair(c.group),
            SEED.pair(c.seed),
            D.pair(self.d as u64),
            LENGTH.pair(c.length),
            RUNS.pair(c.runs),
            FUNCTIONS.pair(c.hashes as u64),
            GRAPH.pair(self.graph_nodes as u64),
            REGISTERS.pair(self.registers as u64),
            node,
            GRAPH_NODE.pair(self.graph_node as u64),
            estimators,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
    fn field(name: &str) -> FieldText {
        match name {
            n if [STREAM.name, HASHES.name, ESTIMATORS.name].contains(&n) => FieldText::Tokens,
            _ => FieldText::Value,
        }
    }
}

impl Stepped for DistinctLab {
    fn last_step(&self) -> usize {
        DistinctLab::last_step(self)
    }
}
