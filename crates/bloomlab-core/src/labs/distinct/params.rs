//! The distinct view's link parameters, each declared once (`link::params::declare`): the
//! readers, the link the view writes, the panels' form fields and the reference table in
//! `docs/views/streams.md` all come from these.

use super::combine;
use crate::engine::sketches::{MAX_BITS, MIN_BITS};
use crate::lectures::stepper;
use crate::link::params::{Declared, Text, Whole};

/// `step`: the walkthrough's step (the shared declaration, with a step of this walkthrough).
pub const STEP: Text = Text { example: "3", ..stepper::STEP };

/// `stream`: the walkthrough's stream.
pub const STREAM: Text = Text {
    name: "stream",
    about: "the walkthrough's stream",
    values: "comma-separated whole numbers 0 .. 2^64 − 1, at most 1,000",
    default: "`3,1,4,1,5,9,2,6,5`",
    bad: "bad elements: left out; more than 1,000: cut; none left: the default",
    example: "3,1,4,1,5",
    bad_example: Some("x"),
};

/// `hashes`: the walkthrough's hashes (a·x + b) mod 2^w.
pub const HASHES: Text = Text {
    name: "hashes",
    about: "the walkthrough's hashes (a·x + b) mod 2^w",
    values: "comma list of `a:b` (a ≥ 1), at most 8",
    default: "`2:1,3:7,4:0`",
    bad: "bad ones: left out (a = 0 says why); none left: the default",
    example: "2:1,3:7",
    bad_example: Some("0:1"),
};

/// `w`: the walkthrough's hash width.
pub const W: Whole =
    Whole { name: "w", about: "bits of the walkthrough's hashes", min: 1, max: 64, default: 5, example: "6" };

/// `group-size`: the group size of the median of means.
pub const GROUP_SIZE: Whole = Whole {
    name: "group-size",
    about: "group size for the median of means (more than the hash functions: one group, the mean)",
    min: 1,
    max: 64,
    default: 8,
    example: "4",
};

/// `length`: elements per combining run.
pub const LENGTH: Whole = Whole {
    name: "length",
    about: "elements per combining run",
    min: 1,
    max: combine::MAX_LENGTH,
    default: 10_000,
    example: "2000",
};

/// `runs`: seeded combining runs.
pub const RUNS: Whole =
    Whole { name: "runs", about: "seeded combining runs", min: 1, max: combine::MAX_RUNS, default: 50, example: "20" };

/// `functions`: hash functions per run.
pub const FUNCTIONS: Whole = Whole {
    name: "functions",
    about: "hash functions per combining run",
    min: 1,
    max: combine::MAX_HASHES as u64,
    default: 64,
    example: "16",
};

/// `graph`: the random graph's nodes.
pub const GRAPH: Whole =
    Whole { name: "graph", about: "nodes of the random graph", min: 10, max: 100_000, default: 10_000, example: "500" };

/// `node`: the slides' graph's node in the walkthrough.
pub const NODE: Text = Text {
    name: "node",
    about: "the node of the slides' graph the walkthrough asks about",
    values: "A .. G (an older link's whole number below `graph` still means the random graph's node when `graph-node` is absent, and is written back as `graph-node`)",
    default: "E",
    bad: "anything else: E",
    example: "C",
    bad_example: Some("Z"),
};

/// `graph-node`: the random graph's node asked about.
pub const GRAPH_NODE: Whole = Whole {
    name: "graph-node",
    about: "the random graph's node asked about (at most `graph` − 1: larger is `graph` − 1)",
    min: 0,
    max: GRAPH.max - 1,
    default: 0,
    example: "5",
};

/// `d`: the neighbourhoods' largest distance.
pub const D: Whole =
    Whole { name: "d", about: "the neighbourhoods' largest distance d", min: 0, max: 10, default: 2, example: "3" };

/// `seed`: the lab's one seed.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the combining runs, the random graph and the slides' graph's tails",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "2",
};

/// `estimators`: the estimators compared.
pub const ESTIMATORS: Text = Text {
    name: "estimators",
    about: "the estimators compared",
    values:
        "comma (or space) list of `mean`, `median`, `median-of-means`, `pcsa`, `loglog`, `hll` (shown in this order)",
    default: "all six",
    bad: "unknown names: left out; none left: all six",
    example: "pcsa,hll",
    bad_example: Some("nope"),
};

/// `registers`: m for the register sketches.
pub const REGISTERS: Whole = Whole {
    name: "registers",
    about: "m for PCSA, LogLog and HyperLogLog: a power of two (another number is the nearest one, with a notice)",
    min: 1 << MIN_BITS,
    max: 1 << MAX_BITS,
    default: 64,
    example: "256",
};

/// The view's parameters, in the order of its reference table (the old name `groups` is read
/// too, and documented below the table: it is never written, so it has no example).
pub const PARAMS: &[&dyn Declared] = &[
    &STREAM,
    &HASHES,
    &W,
    &GROUP_SIZE,
    &LENGTH,
    &RUNS,
    &FUNCTIONS,
    &GRAPH,
    &NODE,
    &GRAPH_NODE,
    &D,
    &SEED,
    &ESTIMATORS,
    &REGISTERS,
    &STEP,
];
