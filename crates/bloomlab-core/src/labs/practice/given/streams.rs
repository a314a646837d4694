//! The given parameters of the frequencies chapter's exercises — `cm-update` (`arrivals`,
//! `cols`, `rows`, `update`, `estimate`), `misra-gries` (`ids`, `k`), `dgim` (`bits`, `N`) —
//! their readers, and the "Try it yourself" links of the frequencies and window walkthroughs.

use super::words::{word_fits, words};
use super::{try_link, Exercise, Problem};
use crate::engine::streams::count_min::Update;
use crate::labs::practice::exercises::cm_update::CmProblem;
use crate::labs::practice::exercises::dgim::{DgimProblem, R};
use crate::labs::practice::exercises::misra_gries::MgProblem;
use crate::lectures::ullman::read_integers;
use crate::link::notice::Notes;
use crate::link::page::ThemeName;
use crate::link::params::{Choice, Text, Whole};
use crate::link::query::{decode, Query};

/// The most arrivals of a given `cm-update` problem (each is d steps by hand).
pub const MAX_CM_ARRIVALS: usize = 6;
/// The most arrivals of a given `misra-gries` problem (the hardest drawn one has 15).
pub const MAX_MG_ARRIVALS: usize = 15;
/// Items of a given `misra-gries` problem are 0 to this − 1.
pub const MAX_MG_ITEMS: u64 = 10;
/// The most bits of a given `dgim` problem.
pub const MAX_DGIM_BITS: usize = 32;

pub const ARRIVALS: Text = Text {
    name: "arrivals",
    about: "`cm-update`: the arrivals, instead of drawn from the seed (with `cols`, `rows`, `update`, `estimate`)",
    values: "comma-separated words of letters and digits (at most 24), at most 6",
    default: "drawn from the seed",
    bad: "a piece that is not such a word is left out",
    example: "apple,fig,apple",
    bad_example: Some("a-b"),
};
pub const COLS: Whole =
    Whole { name: "cols", about: "with `arrivals`: counters per row w", min: 1, max: 10, default: 5, example: "8" };
pub const ROWS: Whole =
    Whole { name: "rows", about: "with `arrivals`: rows d", min: 1, max: 4, default: 3, example: "3" };
pub const UPDATE: Choice = Choice {
    name: "update",
    about: "with `arrivals`: how an arrival raises the item's counters",
    what: "an update",
    names: &["standard", "conservative"],
    default: "standard",
    example: "conservative",
};
pub const ESTIMATE: Text = Text {
    name: "estimate",
    about: "with `arrivals`: the item looked up at the end",
    values: "a word of letters and digits (at most 24)",
    default: "the first arrival",
    bad: "not such a word: the first arrival",
    example: "fig",
    bad_example: Some("a-b"),
};
pub const IDS: Text = Text {
    name: "ids",
    about: "`misra-gries`: the stream as item numbers, instead of drawn from the seed (with `k`)",
    values: "comma-separated whole numbers from 0 to 9, at most 15",
    default: "drawn from the seed",
    bad: "a piece that is not a whole number is left out; a number above 9: the problem is drawn from the seed",
    example: "0,1,0,2,3,0",
    bad_example: Some("x"),
};
pub const K: Whole = Whole { name: "k", about: "with `ids`: the counters k", min: 1, max: 5, default: 2, example: "3" };
pub const BITS: Text = Text {
    name: "bits",
    about: "`dgim`: the stream, instead of drawn from the seed (with `N`; r is 2)",
    values: "`0`s and `1`s, at most 32",
    default: "drawn from the seed",
    bad: "a stream with other characters: drawn from the seed; past 32 bits: cut",
    example: "1011011000101",
    bad_example: Some("10x1"),
};
pub const N: Whole = Whole { name: "N", about: "with `bits`: the window N", min: 1, max: 32, default: 8, example: "8" };

/// The `cm-update` problem the link gives, if `arrivals` is given.
pub fn read_cm<N: Notes>(q: &Query, notices: &mut N) -> Option<CmProblem> {
    let arrivals = words(q, ARRIVALS.name, MAX_CM_ARRIVALS, notices);
    let (w, d) = (COLS.read(q, notices), ROWS.read_u32(q, notices));
    let update = Update::parse(UPDATE.read(q, notices)).unwrap_or(Update::Standard);
    let estimate = words(q, ESTIMATE.name, 1, notices).into_iter().next();
    let first = arrivals.first()?.clone();
    Some(CmProblem { w, d, update, arrivals, query: estimate.unwrap_or(first) })
}

/// The `misra-gries` problem the link gives, if `ids` is given and its items are 0 to 9.
pub fn read_mg<N: Notes>(q: &Query, notices: &mut N) -> Option<MgProblem> {
    let ids = read_integers(q, IDS.name, &[], MAX_MG_ARRIVALS, notices);
    let k = K.read(q, notices) as usize;
    let &most = ids.iter().max()?;
    if most >= MAX_MG_ITEMS {
        let why =
            || format!("ids: {most} is not an item 0 to {}; the problem is drawn from the seed", MAX_MG_ITEMS - 1);
        notices.note(IDS.name, why);
        return None;
    }
    Some(MgProblem { k, u: most as usize + 1, stream: ids.iter().map(|&x| x as u32).collect() })
}

/// The `dgim` problem the link gives, if `bits` is given and holds only bits.
pub fn read_dgim<N: Notes>(q: &Query, notices: &mut N) -> Option<DgimProblem> {
    let window = N.read(q, notices);
    let raw = q.raw(BITS.name)?;
    let text = decode(raw).unwrap_or_default();
    let (mut bits, other) = crate::labs::window::bits::parse(&text);
    if !other.is_empty() || bits.is_empty() {
        notices
            .note(BITS.name, || "bits: only 0s and 1s make a stream; the problem is drawn from the seed".to_string());
        return None;
    }
    if bits.len() > MAX_DGIM_BITS {
        notices.note(BITS.name, || format!("bits keeps at most {MAX_DGIM_BITS} bits; the rest were left out"));
        bits.truncate(MAX_DGIM_BITS);
    }
    Some(DgimProblem { bits, window })
}

/// The link pairs of a given problem of this chapter.
pub fn pairs_of(p: &Problem) -> Vec<(&'static str, String)> {
    match p {
        Problem::CountMin(c) => vec![
            (ARRIVALS.name, c.arrivals.join(",")),
            (COLS.name, c.w.to_string()),
            (ROWS.name, c.d.to_string()),
            (UPDATE.name, c.update.name().to_string()),
            (ESTIMATE.name, c.query.clone()),
        ],
        Problem::MisraGries(m) => vec![(IDS.name, ids_text(&m.stream, ",")), (K.name, m.k.to_string())],
        Problem::Dgim(g) => vec![(BITS.name, g.text()), (N.name, g.window.to_string())],
        _ => Vec::new(),
    }
}

fn ids_text(ids: &[u32], sep: &str) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(sep)
}

/// A given problem of this chapter in a result code's seed field (after `g`).
pub fn encode(p: &Problem) -> Option<String> {
    match p {
        Problem::CountMin(c) => {
            let u = if c.update == Update::Conservative { "c" } else { "s" };
            Some(format!("g{}.{}.{u}.{}.{}", c.w, c.d, c.arrivals.join("-"), c.query))
        }
        Problem::MisraGries(m) => Some(format!("g{}.{}", m.k, ids_text(&m.stream, "-"))),
        Problem::Dgim(g) => Some(format!("g{}.{}", g.window, g.text())),
        _ => None,
    }
}

/// The link a result code's seed field parts stand for.
pub fn decode_link(exercise: Exercise, parts: &[&str]) -> Option<String> {
    let dashed = |s: &str| s.replace('-', ",");
    match (exercise, parts) {
        (Exercise::CmUpdate, [w, d, u, arrivals, estimate]) => {
            let update = if *u == "c" { "conservative" } else { "standard" };
            Some(format!("?cols={w}&rows={d}&update={update}&arrivals={}&estimate={estimate}", dashed(arrivals)))
        }
        (Exercise::MisraGries, [k, ids]) => Some(format!("?k={k}&ids={}", dashed(ids))),
        (Exercise::Dgim, [window, bits]) => Some(format!("?N={window}&bits={bits}")),
        _ => None,
    }
}

/// The frequencies walkthrough's `cm-update` link: its first arrivals (at most 6), its shape and
/// update, and the item it looks up (`None` when the shape is larger than by hand allows or an
/// item is not a plain word).
pub fn try_count_min(lab: &crate::labs::frequencies::FrequenciesLab, theme: Option<ThemeName>) -> Option<String> {
    let arrivals: Vec<String> = lab.typed.iter().take(MAX_CM_ARRIVALS).cloned().collect();
    let lookup = lab.walk_lookup();
    let fits = arrivals.iter().chain(std::iter::once(&lookup)).all(|x| word_fits(x));
    if arrivals.is_empty() || !fits || lab.w > COLS.max || lab.d as u64 > ROWS.max {
        return None;
    }
    let problem = CmProblem { w: lab.w, d: lab.d, update: lab.update, arrivals, query: lookup };
    Some(try_link(Exercise::CmUpdate, &Problem::CountMin(problem), theme))
}

/// The frequencies walkthrough's `misra-gries` link: its first arrivals (at most 15) as item
/// numbers in order of first arrival, and its k (`None` when they hold more than 10 items or k is
/// above 5). Also the items' names, in number order, for the link's text.
pub fn try_misra_gries(
    lab: &crate::labs::frequencies::FrequenciesLab,
    theme: Option<ThemeName>,
) -> Option<(String, Vec<String>)> {
    let mut names: Vec<String> = Vec::new();
    let mut stream = Vec::new();
    for x in lab.typed.iter().take(MAX_MG_ARRIVALS) {
        let id = names.iter().position(|n| n == x).unwrap_or_else(|| {
            names.push(x.clone());
            names.len() - 1
        });
        stream.push(id as u32);
    }
    if stream.is_empty() || names.len() as u64 > MAX_MG_ITEMS || lab.k as u64 > K.max {
        return None;
    }
    let problem = MgProblem { k: lab.k, u: names.len(), stream };
    Some((try_link(Exercise::MisraGries, &Problem::MisraGries(problem), theme), names))
}

/// The window walkthrough's `dgim` link: its bits and N (`None` with r other than 2, or a stream
/// or window longer than by hand allows).
pub fn try_dgim(lab: &crate::labs::window::WindowLab, theme: Option<ThemeName>) -> Option<String> {
    if lab.r != R || lab.bits.is_empty() || lab.bits.len() > MAX_DGIM_BITS || lab.window > N.max {
        return None;
    }
    let problem = DgimProblem { bits: lab.bits.to_vec(), window: lab.window };
    Some(try_link(Exercise::Dgim, &Problem::Dgim(problem), theme))
}
