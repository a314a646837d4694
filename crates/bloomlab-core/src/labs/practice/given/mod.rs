//! A problem given in the link instead of drawn from the seed: a walkthrough's "Try it yourself"
//! link carries its own numbers (`items`, `lookups`, `m` for the Bloom filter exercises; `stream`,
//! `a`, `b`, `w` for Flajolet–Martin; `queries`, `hashes`, `draws`, `buckets`, `cut` for a sample by
//! key; `tokens`, `positions` for AMS; `arrivals`, `cols`, `rows`, `update`, `estimate` for
//! count-min; `ids`, `k` for Misra–Gries; `bits`, `N` for DGIM), so the student runs the example
//! the lecture just showed.
//! A result code carries a given problem in place of the seed (`g` and the numbers).

mod streams;
mod words;

use super::exercises::ams::AmsProblem;
use super::exercises::bloom::{BloomInsertProblem, BloomLookupProblem};
use super::exercises::fm::FmProblem;
use super::exercises::sampling::SamplingProblem;
use super::{Exercise, Problem};
use crate::engine::stats::sort_short;
use crate::lectures::ullman::read_integers;
use crate::link::notice::{Notes, Unwritten};
use crate::link::params::{Text, Whole};
use crate::link::query::Query;
use crate::link::views::View;
pub use streams::{
    read_cm, read_dgim, read_mg, try_count_min, try_dgim, try_misra_gries, ARRIVALS, BITS, COLS, ESTIMATE, IDS, K,
    MAX_CM_ARRIVALS, MAX_DGIM_BITS, MAX_MG_ARRIVALS, MAX_MG_ITEMS, N, ROWS, UPDATE,
};
pub use words::{
    read_ams, read_sampling, word_fits, BUCKETS, CUT, DRAWS, HASHES, MAX_TOKENS, MAX_VARIABLES, MAX_WORD, POSITIONS,
    QUERIES, TOKENS,
};

/// The most items, lookups or stream elements a given problem keeps (done by hand).
pub const MAX_GIVEN: usize = 10;

pub const ITEMS: Text = Text {
    name: "items",
    about: "`bloom-insert`, `bloom-lookup`: the items inserted, instead of drawn from the seed",
    values: "comma-separated whole numbers, at most 10",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out",
    example: "25,159,585",
    bad_example: Some("25,x"),
};
pub const LOOKUPS: Text = Text {
    name: "lookups",
    about: "`bloom-lookup`: the items looked up (with `items`)",
    values: "comma-separated whole numbers, at most 10",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out",
    example: "118",
    bad_example: Some("x"),
};
pub const M: Whole =
    Whole { name: "m", about: "with `items`: the filter's bits", min: 2, max: 64, default: 11, example: "11" };
pub const STREAM: Text = Text {
    name: "stream",
    about: "`fm`: the stream, instead of drawn from the seed (with `a`, `b`, `w`)",
    values: "comma-separated whole numbers, at most 10",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out",
    example: "3,1,4,1,5",
    bad_example: Some("3,-1"),
};
pub const A: Whole =
    Whole { name: "a", about: "with `stream`: h's multiplier a", min: 0, max: 65_535, default: 3, example: "3" };
pub const B: Whole =
    Whole { name: "b", about: "with `stream`: h's increment b", min: 0, max: 65_535, default: 7, example: "7" };
pub const W: Whole = Whole { name: "w", about: "with `stream`: h's bits w", min: 1, max: 16, default: 5, example: "5" };
/// The list `name` (a declaration's name: reading by name keeps its docs out of the bundles that
/// only read codes).
fn list<N: Notes>(q: &Query, name: &str, notices: &mut N) -> Vec<u64> {
    read_integers(q, name, &[], MAX_GIVEN, notices)
}

/// The problem the link gives for `exercise`, if it gives one. Every given parameter is read
/// (with its notices) whichever the exercise; those that do not apply to it are not used.
pub fn read<N: Notes>(exercise: Exercise, q: &Query, notices: &mut N) -> Option<Problem> {
    let items = list(q, ITEMS.name, notices);
    let lookups = list(q, LOOKUPS.name, notices);
    let m = M.read(q, notices) as usize;
    let stream = list(q, STREAM.name, notices);
    let (a, b, w) = (A.read(q, notices), B.read(q, notices), W.read(q, notices) as u32);
    let sampling = read_sampling(q, notices);
    let ams = read_ams(q, notices);
    let (cm, mg, dgim) = (read_cm(q, notices), read_mg(q, notices), read_dgim(q, notices));
    match exercise {
        Exercise::BloomInsert if !items.is_empty() => Some(Problem::Insert(BloomInsertProblem { m, items })),
        Exercise::BloomLookup if !items.is_empty() && !lookups.is_empty() => {
            Some(Problem::Lookup(BloomLookupProblem { m, items, lookups }))
        }
        Exercise::Fm if !stream.is_empty() => Some(Problem::Fm(FmProblem { a, b, w, stream })),
        Exercise::Sampling => sampling.map(Problem::Sampling),
        Exercise::Ams => ams.map(Problem::Ams),
        Exercise::CmUpdate => cm.map(Problem::CountMin),
        Exercise::MisraGries => mg.map(Problem::MisraGries),
        Exercise::Dgim => dgim.map(Problem::Dgim),
        _ => None,
    }
}

/// The names of the given parameters (dropped when the student asks for a new problem).
pub const NAMES: [&str; 23] = [
    ITEMS.name,
    LOOKUPS.name,
    M.name,
    STREAM.name,
    A.name,
    B.name,
    W.name,
    QUERIES.name,
    HASHES.name,
    DRAWS.name,
    BUCKETS.name,
    CUT.name,
    TOKENS.name,
    POSITIONS.name,
    ARRIVALS.name,
    COLS.name,
    ROWS.name,
    UPDATE.name,
    ESTIMATE.name,
    IDS.name,
    K.name,
    BITS.name,
    N.name,
];

fn joined(v: &[u64], sep: &str) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(sep)
}

fn joined_usize(v: &[usize], sep: &str) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(sep)
}

/// The link pairs of a given problem.
pub fn pairs_of(p: &Problem) -> Vec<(&'static str, String)> {
    match p {
        Problem::Insert(BloomInsertProblem { m, items }) => {
            vec![(ITEMS.name, joined(items, ",")), (M.name, m.to_string())]
        }
        Problem::Lookup(BloomLookupProblem { m, items, lookups }) => {
            vec![(ITEMS.name, joined(items, ",")), (LOOKUPS.name, joined(lookups, ",")), (M.name, m.to_string())]
        }
        Problem::Fm(f) => vec![
            (STREAM.name, joined(&f.stream, ",")),
            (A.name, f.a.to_string()),
            (B.name, f.b.to_string()),
            (W.name, f.w.to_string()),
        ],
        Problem::Sampling(s) => vec![
            (QUERIES.name, s.queries.join(",")),
            (HASHES.name, joined(&s.hashes, ",")),
            (DRAWS.name, joined(&s.draws, ",")),
            (BUCKETS.name, s.buckets.to_string()),
            (CUT.name, s.cut().to_string()),
        ],
        Problem::Ams(a) => vec![(TOKENS.name, a.stream.join(",")), (POSITIONS.name, joined_usize(&a.positions, ","))],
        other => streams::pairs_of(other),
    }
}

/// A given problem in a result code's seed field: `g`, then its numbers.
pub fn encode(p: &Problem) -> String {
    match p {
        Problem::Insert(BloomInsertProblem { m, items }) => format!("g{m}.{}", joined(items, "-")),
        Problem::Lookup(BloomLookupProblem { m, items, lookups }) => {
            format!("g{m}.{}.{}", joined(items, "-"), joined(lookups, "-"))
        }
        Problem::Fm(f) => format!("g{}.{}.{}.{}", f.a, f.b, f.w, joined(&f.stream, "-")),
        Problem::Sampling(s) => format!(
            "g{}.{}.{}.{}.{}",
            s.buckets,
            s.cut(),
            s.queries.join("-"),
            joined(&s.hashes, "-"),
            joined(&s.draws, "-")
        ),
        Problem::Ams(a) => format!("g{}.{}", joined_usize(&a.positions, "-"), a.stream.join("-")),
        other => streams::encode(other).unwrap_or_default(),
    }
}

/// The problem of a result code's seed field `g…`, read as a link with those numbers would be.
pub fn decode(exercise: Exercise, text: &str) -> Option<Problem> {
    let parts: Vec<&str> = text.strip_prefix('g')?.split('.').collect();
    let dashed = |s: &str| s.replace('-', ",");
    let link = match (exercise, parts.as_slice()) {
        (Exercise::BloomInsert, [m, items]) => format!("?m={m}&items={}", dashed(items)),
        (Exercise::BloomLookup, [m, items, lookups]) => {
            format!("?m={m}&items={}&lookups={}", dashed(items), dashed(lookups))
        }
        (Exercise::Fm, [a, b, w, stream]) => format!("?a={a}&b={b}&w={w}&stream={}", dashed(stream)),
        (Exercise::Sampling, [b, c, queries, hashes, draws]) => format!(
            "?buckets={b}&cut={c}&queries={}&hashes={}&draws={}",
            dashed(queries),
            dashed(hashes),
            dashed(draws)
        ),
        (Exercise::Ams, [positions, stream]) => format!("?positions={}&tokens={}", dashed(positions), dashed(stream)),
        (exercise, parts) => streams::decode_link(exercise, parts)?,
    };
    // Only whether a notice came matters here, not what it says.
    let mut notices = Unwritten::default();
    let p = read(exercise, &Query::parse(&link), &mut notices)?;
    (notices.count == 0).then_some(p)
}

/// The "Try it yourself" link of Ullman's walkthrough: its own items and m as a `bloom-insert`
/// exercise (the first ten items; `None` when its m is larger than an exercise by hand allows),
/// in the page's theme.
pub fn try_ullman(
    lecture: &crate::lectures::ullman::UllmanLecture,
    theme: Option<crate::link::page::ThemeName>,
) -> Option<String> {
    if lecture.stream.is_empty() || lecture.m > M.max {
        return None;
    }
    let items: Vec<u64> = lecture.stream.iter().copied().take(MAX_GIVEN).collect();
    let problem = Problem::Insert(BloomInsertProblem { m: lecture.m as usize, items });
    Some(try_link(Exercise::BloomInsert, &problem, theme))
}

/// The "Try it yourself" link of the Flajolet–Martin walkthrough: its stream (the first ten
/// elements) under its first hash as an `fm` exercise (`None` when w is wider than by hand allows).
pub fn try_distinct(
    lab: &crate::labs::distinct::DistinctLab,
    theme: Option<crate::link::page::ThemeName>,
) -> Option<String> {
    let &(a, b) = lab.hashes.first()?;
    if lab.stream.is_empty() || lab.w as u64 > W.max || a > A.max || b > B.max {
        return None;
    }
    let stream: Vec<u64> = lab.stream.iter().copied().take(MAX_GIVEN).collect();
    let problem = Problem::Fm(FmProblem { a, b, w: lab.w, stream });
    Some(try_link(Exercise::Fm, &problem, theme))
}

/// The "Try it yourself" link of the sampling walkthrough: its first ten positions (their queries,
/// buckets and the draws its sample by position made, as draw·b) with its buckets and cut as a
/// `sampling` exercise (`None` when it has more buckets than by hand allows).
pub fn try_sampling(
    lab: &crate::labs::sampling::SamplingLab,
    theme: Option<crate::link::page::ThemeName>,
) -> Option<String> {
    use crate::labs::sampling::stream::{bucket, position_draws, query_text};
    if lab.head.is_empty() || lab.buckets > BUCKETS.max {
        return None;
    }
    let ids: Vec<u32> = lab.head.iter().take(MAX_GIVEN).map(|h| h.0).collect();
    let queries: Vec<String> = ids.iter().map(|&q| query_text(q, lab.seed)).collect();
    if !queries.iter().all(|w| word_fits(w)) {
        return None;
    }
    let b = lab.buckets;
    let draws = position_draws(ids.len(), lab.seed).iter().map(|u| ((u * b as f64) as u64).min(b - 1)).collect();
    let problem = Problem::Sampling(SamplingProblem {
        buckets: b,
        rate: lab.cut() as f64 / b as f64,
        queries,
        hashes: ids.iter().map(|&q| bucket(q, b, lab.seed)).collect(),
        draws,
    });
    Some(try_link(Exercise::Sampling, &problem, theme))
}

/// The "Try it yourself" link of the moments walkthrough: its stream and its variables' positions
/// as an `ams` exercise (`None` when the stream is longer, or has more variables, than by hand
/// allows, or a token is not a word of letters and digits).
pub fn try_moments(
    lab: &crate::labs::moments::MomentsLab,
    theme: Option<crate::link::page::ThemeName>,
) -> Option<String> {
    let w = &lab.walkthrough;
    let stream = w.stream.tokens.clone();
    let mut positions = w.positions.clone();
    sort_short(&mut positions);
    positions.dedup();
    let fits = |p: &usize| (1..=stream.len()).contains(p);
    if stream.is_empty() || stream.len() > MAX_TOKENS || !stream.iter().all(|t| word_fits(t)) {
        return None;
    }
    if positions.is_empty() || positions.len() > MAX_VARIABLES || !positions.iter().all(fits) {
        return None;
    }
    Some(try_link(Exercise::Ams, &Problem::Ams(AmsProblem { stream, positions }), theme))
}

/// A "Try it yourself" link to a drill whose problems are drawn, not given (the filters built once:
/// a walkthrough's typed keys hash to slots no one works out by hand).
pub fn drill_link(exercise: Exercise, theme: Option<crate::link::page::ThemeName>) -> String {
    let mut pairs = View::Practice.pairs(vec![(super::EXERCISE.name, exercise.name().to_string())]);
    pairs.extend(theme.map(|t| ("theme", t.name().to_string())));
    crate::link::query::build(&pairs)
}

/// The practice view's link for `problem`, given in the link.
pub fn try_link(exercise: Exercise, problem: &Problem, theme: Option<crate::link::page::ThemeName>) -> String {
    let mut pairs = View::Practice.pairs(vec![(super::EXERCISE.name, exercise.name().to_string())]);
    pairs.extend(pairs_of(problem));
    pairs.extend(theme.map(|t| ("theme", t.name().to_string())));
    crate::link::query::build(&pairs)
}
