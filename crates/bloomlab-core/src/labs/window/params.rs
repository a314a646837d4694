//! The window view's link parameters, each declared once (`link::params::declare`).
//!
//! Query keys are case-sensitive (`link::query::Query` compares them exactly), so the window is
//! `N`, as the issue and the book write it; a link's lower-case `n` is read as N with a notice
//! saying so. Limits: a typed stream of at most 10,000 bits (a stepped walk), a generated one of
//! at most 1,000,000 (measured in slices), a window of at most 1,000,000 bits, and r at most 16.

use crate::link::params::{Decimal, Declared, Text, Whole};

/// Most bits typed in `bits`.
pub const MAX_TYPED: usize = 10_000;

/// The issue's example stream.
pub const DEFAULT_BITS: &str = "1011011000101110110010110";

/// `bits`: the typed stream.
pub const BITS: Text = Text {
    name: "bits",
    about: "the typed stream the walkthrough steps through, oldest bit first (when given, `p`, `length` and `seed` set only the stream measured at scale)",
    values: "`0`s and `1`s, spaces ignored; at most 10,000",
    default: "`1011011000101110110010110`",
    bad: "other characters are left out with a notice; none left: the default; past 10,000: cut",
    example: "1011001110",
    bad_example: Some("10x1"),
};

/// `p`: a generated stream's density of 1s.
pub const P: Decimal = Decimal {
    name: "p",
    about: "the density of 1s of the generated stream, measured at scale (a link with `p` or `length` and no `bits` steps through it too)",
    min: 0.0,
    max: 1.0,
    default: 0.5,
    step: 0.05,
    example: "0.3",
};

/// `length`: a generated stream's length.
pub const LENGTH: Whole = Whole {
    name: "length",
    about: "a generated stream's length",
    min: 1,
    max: 1_000_000,
    default: 1_000,
    example: "5000",
};

/// `seed`: a generated stream's seed.
pub const SEED: Whole =
    Whole { name: "seed", about: "a generated stream's bits", min: 0, max: u64::MAX, default: 1, example: "2" };

/// `N`: the window.
pub const N: Whole = Whole {
    name: "N",
    about: "the window: the ones among the last N bits are counted (upper-case N; a lower-case `n` is read as N, with a notice)",
    min: 1,
    max: 1_000_000,
    default: 16,
    example: "10",
};

/// The lower-case spelling of `N` that a link may use by mistake: read as N, with a notice.
pub const N_LOWER: &str = "n";

/// `r`: buckets of each size allowed.
pub const R: Whole = Whole {
    name: "r",
    about: "buckets of each size allowed before the two oldest merge (`r=1` gets a notice explaining why the error would have no bound)",
    min: 2,
    max: 16,
    default: 2,
    example: "3",
};

/// `t`: the stepper's place.
pub const T: Text = Text {
    name: "t",
    about: "the bits arrived so far (the stepper's place)",
    values: "0 .. the stream's length",
    default: "the stream's length (every bit)",
    bad: "not a whole number: the stream's length; past the end: the end",
    example: "7",
    bad_example: Some("x"),
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&BITS, &P, &LENGTH, &SEED, &N, &R, &T];
