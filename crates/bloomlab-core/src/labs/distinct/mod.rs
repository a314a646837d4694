//! Counting distinct elements (`view=distinct`): the Flajolet–Martin walkthrough with the
//! lectures' `linear` hashes, why it works, how to combine many estimates, and neighbourhood
//! sizes in a graph (slides 20–34 of Ullman's deck).

mod charts;
pub mod combine;
pub mod graph;
pub mod theory;
pub mod walkthrough;

#[cfg(test)]
mod tests;

use crate::link::notice::Notice;
use crate::link::params::read_u64;
use crate::link::query::Query;
use crate::text::shorten;
use combine::CombineSpec;

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
pub const MAX_GRAPH: u32 = 100_000;
/// Hash functions used for neighbourhood estimates on the random graph.
pub const GRAPH_HASHES: u32 = 16;

/// What a walkthrough step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    Intro,
    /// The first `seen` elements have been hashed.
    Element(usize),
    Summary,
    Theory,
    /// The slides' graph at distance d.
    Graph(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub title: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DistinctLab {
    pub stream: Vec<u64>,
    pub hashes: Vec<(u64, u64)>,
    pub w: u32,
    pub group: u64,
    pub seed: u64,
    /// The node asked about: a name of the slides' graph, or an index of the random graph.
    pub node: String,
    pub d: u32,
    pub combine: CombineSpec,
    pub graph_nodes: u32,
    pub steps: Vec<Step>,
    pub notices: Vec<Notice>,
}

impl DistinctLab {
    pub fn from_query(q: &Query) -> DistinctLab {
        let mut notices = Vec::new();
        let stream = read_stream(q, &mut notices);
        let hashes = read_hashes(q, &mut notices);
        let w = read_u64(q.raw("w"), "w", 1, 64, DEFAULT_W as u64, &mut notices) as u32;
        let group = read_u64(q.raw("groups"), "groups", 1, 64, DEFAULT_GROUP, &mut notices);
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
        let node = match q.get("node") {
            None => "E".to_string(),
            Some(Ok(n)) => {
                let t = n.trim();
                let named = graph::Graph::slides().find(t).is_some();
                let index = t.parse::<u32>().ok().filter(|&i| i < graph_nodes);
                if named || index.is_some() {
                    t.to_ascii_uppercase()
                } else {
                    notices.push(Notice::param(
                        "node",
                        format!(
                            "node = \u{201c}{}\u{201d} is neither a node of the slides' graph (A to G) nor a node of the random graph (0 to {}); using E",
                            shorten(t, 20),
                            graph_nodes - 1
                        ),
                    ));
                    "E".to_string()
                }
            }
            Some(Err(e)) => {
                notices.push(Notice::param("node", format!("node {e}; using E")));
                "E".to_string()
            }
        };
        let combine = CombineSpec { length, hashes: functions, runs, group, seed };
        let mut lab =
            DistinctLab { stream, hashes, w, group, seed, node, d, combine, graph_nodes, steps: Vec::new(), notices };
        lab.steps = lab.build_steps();
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
            ("groups", self.group, DEFAULT_GROUP),
            ("seed", self.seed, DEFAULT_SEED),
            ("d", self.d as u64, DEFAULT_D as u64),
            ("length", c.length, DEFAULT_LENGTH),
            ("runs", c.runs, DEFAULT_RUNS),
            ("functions", c.hashes as u64, DEFAULT_FUNCTIONS as u64),
            ("graph", self.graph_nodes as u64, DEFAULT_GRAPH as u64),
        ] {
            if value != default {
                p.push((name, value.to_string()));
            }
        }
        if self.node != "E" {
            p.push(("node", self.node.clone()));
        }
        p
    }

    /// The same lab with another walkthrough example (`stream`, `hashes`, `w` as typed).
    pub fn with_example(&self, search: &str) -> DistinctLab {
        let mut pairs = self.query_pairs();
        pairs.retain(|(k, _)| !matches!(*k, "stream" | "hashes" | "w"));
        let mut q = crate::link::query::build(&pairs);
        let extra = search.trim_start_matches('?');
        if !extra.is_empty() {
            q = if q.is_empty() { format!("?{extra}") } else { format!("{q}&{extra}") };
        }
        DistinctLab::from_query(&Query::parse(&q))
    }

    pub fn last_step(&self) -> usize {
        self.steps.len() - 1
    }

    pub fn label(&self, i: usize) -> String {
        self.steps.get(i).map(|s| s.title.clone()).unwrap_or_default()
    }

    pub fn truth(&self) -> u64 {
        walkthrough::distinct(&self.stream)
    }

    fn build_steps(&self) -> Vec<Step> {
        let mut steps = vec![Step { kind: StepKind::Intro, title: "The stream and the hashes".into() }];
        for (i, x) in self.stream.iter().enumerate() {
            steps.push(Step { kind: StepKind::Element(i + 1), title: format!("Element {}: {x}", i + 1) });
        }
        steps.push(Step { kind: StepKind::Summary, title: "The estimates".into() });
        steps.push(Step { kind: StepKind::Theory, title: "Why it works".into() });
        for d in 0..=3 {
            steps.push(Step { kind: StepKind::Graph(d), title: format!("Neighbourhoods, d = {d}") });
        }
        steps
    }
}

fn read_stream(q: &Query, notices: &mut Vec<Notice>) -> Vec<u64> {
    let Some(raw) = q.raw("stream") else { return DEFAULT_STREAM.to_vec() };
    let raw = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u64>() {
            Ok(x) => out.push(x),
            Err(_) => bad.push(shorten(part, 12)),
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
    let raw = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
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
