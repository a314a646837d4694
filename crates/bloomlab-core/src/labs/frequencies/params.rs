//! The frequencies view's link parameters, each declared once (`link::params::declare`).
//!
//! The limits keep the page usable on a phone: a sketch has at most 262,144 counters (w·d), so
//! the page's three sketches and the counting filter of the same memory take about 7 MiB; a
//! typed stream has at most 5,000 arrivals (a stepped walk, not a data set); a generated one at
//! most 1,000,000, fed in slices. Rows stop at 16 (δ = e^−16 ≈ 10^−7: more rows buy nothing a
//! page can show), columns at 65,536.

use crate::link::params::{Choice, Decimal, Declared, Text, Whole};

/// Most counters in one sketch (w·d).
pub const MAX_CELLS: u64 = 1 << 18;
/// The grids' counters are written in the `cm-grid` and `cs-grid` hooks up to this many.
pub const HOOK_CELLS: u64 = 1 << 16;
/// Most arrivals typed in `items`.
pub const MAX_TYPED: usize = 5_000;
/// Most items looked up at once (`query`).
pub const MAX_QUERIES: usize = 100;
/// The distinct items a generated Zipf stream draws from.
pub const UNIVERSE: u64 = 10_000;

/// `items`: the typed stream.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the typed stream, in order of arrival (items may repeat)",
    values: "comma-separated, each percent-encoded; at most 2,000 characters each and 5,000 in all",
    default: "the lecture's stream of 20 fruit (`apple` 8 times, `banana` 4, …)",
    bad: "an item that does not decode, is empty or too long is left out with a notice; past 5,000: cut; none left: the default",
    example: "a,b,a,c%2Cd,a",
    bad_example: Some("a,%zz"),
};

/// `stream`: typed items or a generated Zipf stream.
pub const STREAM: Choice = Choice {
    name: "stream",
    about: "the stream fed to the sketches: the typed `items`, or a Zipf stream of `length` draws from 10,000 generated words",
    what: "a stream",
    names: &["typed", "zipf"],
    default: "typed",
    example: "zipf",
};

/// `s`: the Zipf exponent.
pub const S: Decimal = Decimal {
    name: "s",
    about: "the Zipf stream's exponent (0: every word equally likely)",
    min: 0.0,
    max: 5.0,
    default: 1.0,
    step: 0.1,
    example: "1.2",
};

/// `length`: the Zipf stream's length.
pub const LENGTH: Whole = Whole {
    name: "length",
    about: "the Zipf stream's length N",
    min: 1,
    max: 1_000_000,
    default: 10_000,
    example: "5000",
};

/// `seed`: the Zipf stream's seed.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the Zipf stream's draws and its words",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "2",
};

/// `query`: the items looked up.
pub const QUERY: Text = Text {
    name: "query",
    about: "the items looked up, each with its three estimates and its true count",
    values: "comma-separated, each percent-encoded; at most 100",
    default: "every distinct typed item (a Zipf stream: its 10 likeliest words)",
    bad: "an item that does not decode or is empty is left out with a notice; past 100: cut",
    example: "a,z",
    bad_example: Some("%zz"),
};

/// `w`: counters per row.
pub const W: Whole = Whole {
    name: "w",
    about: "counters per row (w·d at most 262,144: a larger w is cut, with a notice)",
    min: 1,
    max: 65_536,
    default: 8,
    example: "272",
};

/// `d`: rows.
pub const D: Whole = Whole { name: "d", about: "rows, one hash each", min: 1, max: 16, default: 3, example: "5" };

/// `update`: which count-min grid is drawn large.
pub const UPDATE: Choice = Choice {
    name: "update",
    about: "the count-min grid drawn large (the page keeps both updates and the count sketch on the same stream)",
    what: "an update",
    names: &["standard", "conservative"],
    default: "standard",
    example: "conservative",
};

/// `k`: the heavy-hitter summaries' counters.
pub const K: Whole = Whole {
    name: "k",
    about: "counters of Misra–Gries and of SpaceSaving",
    min: 1,
    max: 10_000,
    default: 3,
    example: "10",
};

/// `sketches`: the summaries the walkthrough narrates and draws.
pub const SKETCHES: Text = Text {
    name: "sketches",
    about: "the summaries the walkthrough (`step`) narrates and draws: `cm` count-min, `cu` its conservative update, `cs` the count sketch, `mg` Misra–Gries, `ss` SpaceSaving; the rest of the page keeps them all",
    values: "comma list of `cm`, `cu`, `cs`, `mg`, `ss`",
    default: "all five",
    bad: "an unknown name is left out with a notice; none left: all five",
    example: "cm",
    bad_example: Some("cm,xx"),
};

/// `step`: the walkthrough's place (`walk`): 0 before the first arrival, t after t arrivals,
/// and the typed stream's length + 1 for the lookup.
pub const STEP: Text = Text {
    about: "the step of the walkthrough through the typed stream: 0 before the first arrival, t after the first t, and the last the lookup",
    example: "5",
    ..crate::lectures::stepper::STEP
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] =
    &[&ITEMS, &STREAM, &S, &LENGTH, &SEED, &QUERY, &W, &D, &UPDATE, &K, &SKETCHES, &STEP];
