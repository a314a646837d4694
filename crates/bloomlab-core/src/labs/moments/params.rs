//! The moments view's link parameters, each declared once (`link::params::declare`): the
//! readers, the link the view writes, the estimator's form fields and the reference table in
//! `docs/views/streams.md` all come from these.

use super::scale::{MAX_LENGTH, MAX_S};
use crate::lectures::stepper;
use crate::link::params::{Choice, Decimal, Declared, Text, Whole};

/// `step`: the walkthrough's step (the shared declaration, with a step of this walkthrough).
pub const STEP: Text = Text { example: "3", ..stepper::STEP };

/// `stream`: the walkthrough's stream.
pub const STREAM: Text = Text {
    name: "stream",
    about: "the walkthrough's stream",
    values: "comma-separated tokens (percent-encoded), at most 1,000",
    default: "`a,b,c,b,d,a,c,d,a,b,d,c,a,a,b`",
    bad: "broken %-escapes: left out; longer: cut; empty: the default",
    example: "a,b,a,c,a,b",
    bad_example: Some("%zz"),
};

/// `positions`: where the walkthrough's variables start.
pub const POSITIONS: Text = Text {
    name: "positions",
    about: "the walkthrough's variables: where each starts (1-based)",
    values: "positions from 1 to the stream's length, at most 50",
    default: "`3,8,13` (those that fit)",
    bad: "out of range or not a number: left out; none left: the default",
    example: "2,4",
    bad_example: Some("0"),
};

/// `k`: the moment's order.
pub const K: Whole = Whole {
    name: "k",
    about: "the moment's order k (`k=0` gets a notice explaining why the AMS formula cannot count distinct values)",
    min: 1,
    max: 4,
    default: 2,
    example: "3",
};

/// `counts`: the surprise number's counts.
pub const COUNTS: Text = Text {
    name: "counts",
    about: "the surprise number's counts, one per value",
    values: "2 .. 40 whole numbers adding up to 1 .. 100,000",
    default: "`10,9,9,9,9,9,9,9,9,9,9`",
    bad: "anything else: the default",
    example: "5,4,3,2,1",
    bad_example: Some("7"),
};

/// `source`: where the estimator's stream comes from.
pub const SOURCE: Choice = Choice {
    name: "source",
    about: "the estimator's stream: uniform or Zipf over 10,000 values, or your own text or file (`text`, this view's `data=file`: the text is never in the link, so a link with it asks for the text and runs on a uniform stream meanwhile)",
    what: "a stream",
    names: &["uniform", "zipf", "text"],
    default: "zipf",
    example: "uniform",
};

/// `zipf`: the Zipf exponent.
pub const ZIPF: Decimal =
    Decimal { name: "zipf", about: "the Zipf exponent", min: 0.0, max: 5.0, default: 1.0, step: 0.1, example: "1.2" };

/// `length`: the estimator's stream length.
pub const LENGTH: Whole = Whole {
    name: "length",
    about: "the estimator's stream length (not written with `source=text`: the text's length counts)",
    min: 1,
    max: MAX_LENGTH,
    default: 100_000,
    example: "5000",
};

/// `s`: the variables per run.
pub const S: Whole =
    Whole { name: "s", about: "variables per run", min: 1, max: MAX_S, default: 1_000, example: "200" };

/// `groups`: how many groups the s variables are split into.
pub const GROUPS: Whole = Whole {
    name: "groups",
    about: "groups of variables for the median of group means (at most s: more is s, with a notice)",
    min: 1,
    max: MAX_S,
    default: 10,
    example: "5",
};

/// `seed`: the lab's one seed.
pub const SEED: Whole = Whole {
    name: "seed",
    about: "the estimator's runs and the reservoir's draws",
    min: 0,
    max: u64::MAX,
    default: 1,
    example: "2",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] =
    &[&STREAM, &POSITIONS, &K, &COUNTS, &SOURCE, &ZIPF, &LENGTH, &S, &GROUPS, &SEED, &STEP];
