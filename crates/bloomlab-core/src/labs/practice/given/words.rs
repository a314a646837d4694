//! The given parameters of the `sampling` and `ams` exercises (`queries`, `hashes`, `draws`,
//! `buckets`, `cut`; `tokens`, `positions`) and their readers, for `given`.

use super::MAX_GIVEN;
use crate::labs::practice::exercises::ams::AmsProblem;
use crate::labs::practice::exercises::sampling::SamplingProblem;
use crate::lectures::ullman::read_integers;
use crate::link::notice::Notes;
use crate::link::params::{tokens, Text, Whole};
use crate::link::query::Query;
use crate::text::shorten;

fn list<N: Notes>(q: &Query, name: &str, notices: &mut N) -> Vec<u64> {
    read_integers(q, name, &[], MAX_GIVEN, notices)
}

pub const QUERIES: Text = Text {
    name: "queries",
    about:
        "`sampling`: the stream's queries, instead of drawn from the seed (with `hashes`, `draws`, `buckets`, `cut`)",
    values: "comma-separated words of letters and digits (at most 24), at most 10",
    default: "drawn from the seed",
    bad: "a piece that is not such a word is left out",
    example: "apple,pear,apple",
    bad_example: Some("a-b"),
};
pub const HASHES: Text = Text {
    name: "hashes",
    about: "with `queries`: each position's bucket (a query's bucket is the same wherever it occurs)",
    values: "comma-separated whole numbers below `buckets`, one per query",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out; not one per query, or a query in two buckets: the problem is drawn from the seed",
    example: "3,7,3",
    bad_example: Some("x"),
};
pub const DRAWS: Text = Text {
    name: "draws",
    about: "with `queries`: each position's draw (what a sample by position would use)",
    values: "comma-separated whole numbers below `buckets`, one per query",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out; not one per query: the problem is drawn from the seed",
    example: "5,1,8",
    bad_example: Some("x"),
};
pub const BUCKETS: Whole =
    Whole { name: "buckets", about: "with `queries`: the buckets b", min: 2, max: 100, default: 10, example: "10" };
pub const CUT: Whole = Whole {
    name: "cut",
    about: "with `queries`: the buckets kept, 0 to cut − 1 (at most `buckets`: more is `buckets`, with a notice)",
    min: 1,
    max: 100,
    default: 2,
    example: "4",
};
pub const TOKENS: Text = Text {
    name: "tokens",
    about: "`ams`: the stream, instead of drawn from the seed (with `positions`)",
    values: "comma-separated words of letters and digits (at most 24), at most 20",
    default: "drawn from the seed",
    bad: "a piece that is not such a word is left out",
    example: "a,b,a,c",
    bad_example: Some("%zz"),
};
pub const POSITIONS: Text = Text {
    name: "positions",
    about: "with `tokens`: where the variables start (1-based)",
    values: "comma-separated positions from 1 to the stream's length, at most 5",
    default: "`3,8,13` (those within the stream; else 1)",
    bad: "not a position of the stream: left out",
    example: "2,3",
    bad_example: Some("0"),
};

/// The longest word a given query or token is.
pub const MAX_WORD: usize = 24;
/// The most elements of a given `ams` stream (the lecture's has 15).
pub const MAX_TOKENS: usize = 20;
/// The most variables of a given `ams` problem.
pub const MAX_VARIABLES: usize = 5;

pub fn word_fits(w: &str) -> bool {
    !w.is_empty() && w.len() <= MAX_WORD && w.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The words of the list `name` (a declaration's name, as `list` takes it).
pub(super) fn words<N: Notes>(q: &Query, name: &'static str, max: usize, notices: &mut N) -> Vec<String> {
    let Some(raw) = q.raw(name) else { return Vec::new() };
    let mut out = Vec::new();
    for piece in tokens(raw) {
        match piece {
            Ok(w) if word_fits(&w) && out.len() < max => out.push(w),
            Ok(w) if word_fits(&w) => {
                notices.note(name, || format!("{name} keeps at most {max} elements; the rest were left out"));
                break;
            }
            Ok(w) => notices.note(name, || {
                format!(
                    "{name}: \u{201c}{}\u{201d} is not a word of letters and digits (at most {MAX_WORD}); it was left out",
                    shorten(&w, 30)
                )
            }),
            Err(bad) => notices.note(name, || format!("{name}: an element {}; it was left out", bad.error)),
        }
    }
    out
}

/// The sampling problem the link gives, if `queries` is given and the rest fits it.
pub fn read_sampling<N: Notes>(q: &Query, notices: &mut N) -> Option<SamplingProblem> {
    let queries = words(q, QUERIES.name, MAX_GIVEN, notices);
    let (hashes, draws) = (list(q, HASHES.name, notices), list(q, DRAWS.name, notices));
    let buckets = BUCKETS.read(q, notices);
    let mut cut = CUT.read(q, notices);
    if cut > buckets {
        notices.note(CUT.name, || format!("cut = {cut} is more than the {buckets} buckets; using {buckets}"));
        cut = buckets;
    }
    if queries.is_empty() {
        return None;
    }
    for (name, v) in [(HASHES.name, &hashes), (DRAWS.name, &draws)] {
        if v.len() != queries.len() || v.iter().any(|&h| h >= buckets) {
            let n = queries.len();
            notices.note(name, || {
                format!(
                    "{name}: {n} whole numbers below {buckets} are needed, one per query; the problem is drawn from the seed"
                )
            });
            return None;
        }
    }
    let pairs = || queries.iter().zip(&hashes);
    if pairs().any(|(x, h)| pairs().any(|(y, g)| x == y && h != g)) {
        let why = "hashes: a query is in one bucket wherever it occurs; the problem is drawn from the seed";
        notices.note(HASHES.name, || why.to_string());
        return None;
    }
    Some(SamplingProblem { buckets, rate: cut as f64 / buckets as f64, queries, hashes, draws })
}

/// The AMS problem the link gives, if `tokens` is given.
pub fn read_ams<N: Notes>(q: &Query, notices: &mut N) -> Option<AmsProblem> {
    let stream = words(q, TOKENS.name, MAX_TOKENS, notices);
    let n = if stream.is_empty() { MAX_TOKENS } else { stream.len() };
    let mut positions: Vec<usize> = Vec::new();
    for p in read_integers(q, POSITIONS.name, &[], MAX_VARIABLES, notices) {
        if p == 0 || p > n as u64 {
            let why = || format!("positions: {p} is not a position of the stream (1 to {n}); it was left out");
            notices.note(POSITIONS.name, why);
        } else if !positions.contains(&(p as usize)) {
            positions.push(p as usize);
        }
    }
    if positions.is_empty() {
        positions = crate::labs::moments::DEFAULT_POSITIONS.into_iter().filter(|&p| p <= n).collect();
        positions.extend(positions.is_empty().then_some(1));
    }
    positions.sort_unstable();
    (!stream.is_empty()).then_some(AmsProblem { stream, positions })
}
