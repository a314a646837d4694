//! The space view's link parameters, each declared once (`link::params::declare`).

use crate::link::params::{bloom_cost, Declared, Least, Rate, Text, Whole};

/// Most keys typed in `items` (the split-block panel and the ribbon walkthrough take them all).
pub const MAX_KEYS: usize = 1_000;

/// The example's keys.
pub const DEFAULT_KEYS: [&str; 8] = ["apple", "pear", "plum", "fig", "kiwi", "lime", "date", "lemon"];

/// The most blocks the split-block panel's own filter may have: 65,536 blocks, 2 MiB (the
/// engine takes up to 2^22; the panel's filter holds at most `MAX_KEYS` keys).
pub const MAX_PANEL_BLOCKS: u64 = 1 << 16;

/// The smallest target rate read: below it the sizing formulas ask for thousands of bits a key,
/// and no measurement here could tell such a rate from 0.
pub const RATE_LEAST: f64 = 1e-12;

/// `items`: the split-block panel's keys, also the ribbon walkthrough's.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the keys of the split-block panel's filter and of the ribbon walkthrough (a set: a key given twice is kept once, with a notice)",
    values: "comma-separated, each percent-encoded; at most 1,000 keys of at most 2,000 characters",
    default: "`apple,pear,plum,fig,kiwi,lime,date,lemon`",
    bad: "an empty, undecodable or too long key is left out with a notice; more than 1,000: the first 1,000, with a notice; none left: the example's keys",
    example: "cat,dog,cow,hen",
    bad_example: Some("a,a,%zz"),
};

/// `blocks`: the split-block panel's size.
pub const BLOCKS: Whole = Whole {
    name: "blocks",
    about: "blocks of 256 bits in the split-block panel's filter; 0: as many as the blocked formula asks for the typed keys at `rate`",
    min: 0,
    max: MAX_PANEL_BLOCKS,
    default: 0,
    example: "4",
};

/// `n`: keys for the sizing table and the measured chart.
pub const N: Whole = Whole {
    name: "n",
    about: "keys for the sizing table and for every filter the measured chart builds (generated, seeded)",
    min: 1_000,
    max: 1_000_000,
    default: 100_000,
    example: "20000",
};

/// `rate`: the target false-positive rate the sizing table (and a sized panel) is for.
pub const RATE: Rate = Rate {
    name: "rate",
    about: "target false-positive rate ε for the sizing table and the split-block panel's size when `blocks` is 0",
    default: 0.01,
    example: "0.005",
    least: Some(Least { rate: RATE_LEAST, why: rate_cost }),
};

fn rate_cost(asked: f64, least: f64) -> String {
    bloom_cost(asked, least, "key")
}

/// `w`: the ribbon walkthrough's band width.
pub const W: Whole = Whole {
    name: "w",
    about: "band width of the ribbon walkthrough: each key's row has w coefficient bits (the ribbon core takes 1 to 64; the measured chart uses 64)",
    min: 8,
    max: 16,
    default: 8,
    example: "12",
};

/// `query`: the key looked up in the split-block panel's filter.
pub const QUERY: Text = Text {
    name: "query",
    about: "the key looked up in the split-block panel's filter",
    values: "a key, percent-encoded",
    default: "none",
    bad: "one that does not decode: a notice, nothing looked up",
    example: "grape",
    bad_example: Some("%zz"),
};

/// `seed`: the generated keys' seed, and the first seed of the static filters' builds.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "seed of the generated keys and probes, and of the first attempt of each xor, fuse and ribbon build (attempt a uses s + a·G mod 2^64)",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "7",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&ITEMS, &BLOCKS, &N, &RATE, &W, &QUERY, &SEED];
