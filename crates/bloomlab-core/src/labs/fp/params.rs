//! The FP lab's link parameters, declared once. `m`, `n`, `formulas` and `p` have readers of their
//! own (sizes with units, counts with suffixes, a list, rates as people write them: `link.rs`);
//! the others are read by the shared readers of their declarations.

use super::experiment::MAX_TRIALS;
use super::{DEFAULT_K, DEFAULT_LAYERS, DEFAULT_SEED, DEFAULT_TRIALS, MAX_K, MAX_LAYERS};
use crate::link::params::{Choice, Declared, Flag, Text, Whole, HASH_TEXT};

/// `m`: bits of the filter, plain or with a unit (`calculator::parse_size`).
pub const M: Text = Text {
    name: "m",
    about: "bits of the filter",
    values: "1 .. 10^12: plain (`1000000`, `1e6`) or with a unit: `64KiB`, `1.5MB`, `8Mbit`, `1Mib`, \
             `2 bytes` (B = bytes, b/bit = bits; k M G T decimal, Ki Mi Gi Ti binary; a bare prefix means bits)",
    default: "1,000",
    bad: "unknown unit or unparsable: 1,000; fewer than k: k",
    example: "2000",
    bad_example: Some("64parsecs"),
};
/// `n`: items inserted, with an optional suffix (`calculator::parse_count`).
pub const N: Text = Text {
    name: "n",
    about: "items inserted",
    values: "1 .. 10^12 (`40000000`, `40M`, `4e7`)",
    default: "100",
    bad: "0 or unparsable: 100",
    example: "150",
    bad_example: Some("0"),
};
/// `k`: hash functions.
pub const K: Whole =
    Whole { name: "k", about: "hash functions", min: 1, max: MAX_K as u64, default: DEFAULT_K as u64, example: "5" };
/// `x`: what the x axis shows (`Axis`).
pub const X: Choice = Choice {
    name: "x",
    about: "the x axis: `n` (0 .. 2n), `k` (1 .. max(20, k)), `bpi` (bits per item, 0 .. 2m/n)",
    what: "an axis",
    names: &["n", "k", "bpi"],
    default: "k",
    example: "n",
};
/// `log`: a logarithmic y axis.
pub const LOG: Flag = Flag { name: "log", about: "a logarithmic y axis", default: false };
/// `formulas`: the curves drawn.
pub const FORMULAS: Text = Text {
    name: "formulas",
    about: "the formulas drawn",
    values: "comma list of `approx`, `finite`, `exact`, `skiena`, `partitioned`, `mlbf` (empty: none)",
    default: "`approx,finite,exact,skiena`",
    bad: "an unknown name is left out",
    example: "approx,exact,partitioned,mlbf",
    bad_example: Some("approx,nope"),
};
/// `layers`: L of the `mlbf` curve.
pub const LAYERS: Whole = Whole {
    name: "layers",
    about: "layers L of the `mlbf` curve",
    min: 1,
    max: MAX_LAYERS as u64,
    default: DEFAULT_LAYERS as u64,
    example: "3",
};
/// `hash`: the family of the measured filters (the generated keys are not integers, so not `ullman`).
pub const HASH: Choice = Choice {
    about: "hash family of the measured filters (the generated keys are not integers, so not `ullman`)",
    example: "enhanced",
    ..HASH_TEXT
};
/// `seed`: the generated keys.
pub const SEED: Whole =
    Whole { name: "seed", about: "the generated keys", min: 0, max: u64::MAX, default: DEFAULT_SEED, example: "3" };
/// `trials`: non-members probed per measured point.
pub const TRIALS: Whole = Whole {
    name: "trials",
    about: "non-members probed per measured point",
    min: 1,
    max: MAX_TRIALS,
    default: DEFAULT_TRIALS,
    example: "1000",
};
/// `p`: the calculator's target rate (`calculator::parse_probability`).
pub const P: Text = Text {
    name: "p",
    about: "the calculator's target rate",
    values: "strictly between 0 and 1: `0.01`, `1%` (written `1%25`), `1 in 1000`, `1/1000`, `1e-6`",
    default: "none (size from m and n)",
    bad: "anything else: none, sizing from m",
    example: "0.02",
    bad_example: Some("1.5"),
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &N, &K, &X, &LOG, &FORMULAS, &LAYERS, &HASH, &SEED, &TRIALS, &P];
