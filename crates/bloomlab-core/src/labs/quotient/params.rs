//! The quotient view's link parameters, each declared once (`link::params::declare`).

use crate::link::params::{Declared, Text, Whole};

/// Most quotient bits the walkthrough takes: 256 slots, each drawn.
pub const MAX_WALK_Q: u32 = 8;
/// Most operations in the history (each is a dozen steps or more of the walkthrough).
pub const MAX_OPS: usize = 200;
/// Most quotient bits the long run measures: 2^22 slots (64 MiB of slots).
pub const MAX_MQ: u32 = 22;

/// The example's history: peach alone; kiwi and lime share quotient 2, so lime, the smaller
/// remainder, pushes kiwi into slot 3 and grape (quotient 3) into slot 4; apricot (quotient 4)
/// walks back over that cluster; a lookup of banana (quotient 4) misses in apricot's run; the
/// delete of lime shifts the cluster back.
pub const DEFAULT_OPS: &str = "i:peach,i:kiwi,i:grape,i:lime,i:apricot,l:banana,d:lime";

/// `q`: quotient bits.
pub const Q: Whole = Whole {
    name: "q",
    about: "quotient bits: the table has 2^q slots, and a fingerprint's top q bits name its canonical slot",
    min: 1,
    max: MAX_WALK_Q as u64,
    default: 4,
    example: "5",
};

/// `r`: remainder bits.
pub const R: Whole = Whole {
    name: "r",
    about: "remainder bits stored in a slot; q + r is at most 64 (a larger r is cut to 64 − q, with a notice), and the false-positive rate is about α/2^r",
    min: 1,
    max: 63,
    default: 4,
    example: "6",
};

/// `ops`: the history.
pub const OPS: Text = Text {
    name: "ops",
    about: "the history, replayed in order on the empty filter; each operation is shown step by step",
    values: "comma-separated `i:ITEM` (insert), `d:ITEM` (delete) and `l:ITEM` (look up), each item percent-encoded; at most 200; a lone comma is an empty history",
    default: "`i:peach,i:kiwi,i:grape,i:lime,i:apricot,l:banana,d:lime`",
    bad: "a piece that is not `i:`, `d:` or `l:` with a non-empty item that decodes is left out with a notice, and so is everything past 200; an insert into a full table and a delete of an item the filter says is absent are refused with a notice, and the table stays as it was",
    example: "i:cow,i:guava,d:cow",
    bad_example: Some("x:apple"),
};

/// `query`: the item looked up after the history.
pub const QUERY: Text = Text {
    name: "query",
    about: "the item looked up after the history, step by step; its verdict is `absent` or `maybe`, and a `maybe` for an item never inserted is named a false positive",
    values: "an item, percent-encoded",
    default: "none",
    bad: "one that does not decode, or is longer than 2,000 characters: a notice, nothing looked up",
    example: "guava",
    bad_example: Some("%zz"),
};

/// `mq`: the long run's quotient bits.
pub const MQ: Whole = Whole {
    name: "mq",
    about: "quotient bits of the filter the long run fills to 95 % load, measuring cluster lengths and the false-positive rate at every 5 % (mq + r is at most 64: a larger mq is cut to 64 − r, with a notice)",
    min: 1,
    max: MAX_MQ as u64,
    default: 16,
    example: "12",
};

/// `seed`: the long run's keys.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "seed of the long run's generated keys and probes",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "7",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&Q, &R, &OPS, &QUERY, &MQ, &SEED];
