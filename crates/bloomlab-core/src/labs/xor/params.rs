//! The xor view's link parameters, each declared once (`link::params::declare`).

use crate::engine::xor::Kind;
use crate::link::params::{Choice, Decimal, Declared, Text, Whole};

/// Most keys typed in `items` (the walkthrough has a step per key and two more per peel).
pub const MAX_KEYS: usize = 1_000;

/// The example's keys.
pub const DEFAULT_KEYS: [&str; 6] = ["apple", "pear", "plum", "fig", "kiwi", "lime"];

/// `kind`: which filter.
pub const KIND: Choice = Choice {
    name: "kind",
    about: "the filter: `xor` (three blocks), `fuse3` or `fuse4` (binary fuse, three or four slots in consecutive segments)",
    what: "a filter built once",
    names: &Kind::NAMES,
    default: "xor",
    example: "fuse3",
};

/// `fp`: fingerprint bits.
pub const FP: Choice = Choice {
    name: "fp",
    about: "fingerprint bits: a key's fingerprint is `hash ^ (hash >> 32)` cut to this many bits; the false-positive rate is about 2^−fp",
    what: "a fingerprint width (8 or 16)",
    names: &["8", "16"],
    default: "8",
    example: "16",
};

/// `items`: the keys.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the keys the filter is built from (a set: a key given twice is kept once, with a notice)",
    values: "comma-separated, each percent-encoded; at most 1,000 keys of at most 2,000 characters",
    default: "`apple,pear,plum,fig,kiwi,lime`",
    bad: "an empty, undecodable or too long key is left out with a notice; none left: the example's keys",
    example: "cat,dog,cow,hen",
    bad_example: Some("a,%zz"),
};

/// `query`: the key looked up.
pub const QUERY: Text = Text {
    name: "query",
    about: "the key looked up in the built filter",
    values: "a key, percent-encoded",
    default: "none",
    bad: "one that does not decode: a notice, nothing looked up",
    example: "grape",
    bad_example: Some("%zz"),
};

/// `seed`: the first attempt's seed.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the first attempt's seed s; attempt a hashes with s + a·G mod 2^64",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "7",
};

/// `n`: keys for the sizes table and the sweep.
pub const N: Whole = Whole {
    name: "n",
    about: "keys for the sizes table, the build-success sweep (which builds at most 200,000) and the false-positive rate measured (at most 1,000,000)",
    min: 2,
    max: 50_000_000,
    default: 11_504,
    example: "100000",
};

/// `spk`: slots per key for the typed keys, in place of the reference's size.
pub const SPK: Decimal = Decimal {
    name: "spk",
    about: "slots per key for the typed keys' filter in place of the reference's size (0 or left out: the reference's); below about 1.22 (xor) a build usually fails, and the walkthrough shows the core",
    min: 0.0,
    max: 4.0,
    default: 0.0,
    step: 0.05,
    example: "1.1",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&KIND, &FP, &ITEMS, &QUERY, &SEED, &SPK, &N];
