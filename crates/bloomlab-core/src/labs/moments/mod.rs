//! The moments view (`view=moments`): the surprise number, the Alon–Matias–Szegedy estimate
//! stepped through on the lecture's stream, higher moments, the estimator at scale, and the
//! reservoir that keeps its variables on a stream that never ends.

mod charts;
pub mod own_text;
pub mod page;
pub mod params;
pub mod scale;
pub mod surprise;

#[cfg(test)]
mod tests;

use crate::engine::moments::stream::TokenStream;
use crate::engine::stats::sort_short;
use crate::lectures::moments::Walkthrough;
use crate::lectures::questions::{Question, Quizzed};
use crate::lectures::stepper::Stepped;
use crate::link::notice::Notice;
use crate::link::params::tokens;
use crate::link::query::{self, Query};
use crate::link::state::{edited, FieldText, LinkState};
use crate::text::shorten;
pub use charts::inclusion_chart;
use own_text::{run_spec, OwnText};
pub use params::{COUNTS, GROUPS, K, LENGTH, PARAMS, POSITIONS, S, SEED, SOURCE, STREAM, ZIPF};
use scale::{ScaleSpec, Source};
use surprise::{Surprise, MAX_TOTAL, MAX_VALUES};

/// The lecture's stream.
pub const DEFAULT_STREAM: [&str; 15] = ["a", "b", "c", "b", "d", "a", "c", "d", "a", "b", "d", "c", "a", "a", "b"];
pub const DEFAULT_POSITIONS: [usize; 3] = [3, 8, 13];
pub const MAX_STREAM: usize = 1_000;
/// Most variables in the walkthrough.
pub const MAX_POSITIONS: usize = 50;
pub const DEFAULT_K: u32 = K.default as u32;
pub const DEFAULT_SEED: u64 = SEED.default;
/// Why the walkthrough takes no k = 0 (its form says so, and so does a link's notice).
pub const WHY_NOT_K0: &str = "The 0th moment (k = 0) would be the number of distinct values, but every variable gives \
    X = n(v⁰ − (v − 1)⁰) = n(1 − 1) = 0 (0⁰ = 1), so the estimate is 0 for any stream: the sum that makes X right on \
    average telescopes to m^k − 0^k, which is m^k only for k ≥ 1. The distinct-count view's Flajolet–Martin method \
    counts distinct values.";
pub const DEFAULT_ZIPF: f64 = ZIPF.default;

/// Everything the view shows: read from the link, and the text or file the estimator may run on
/// (never in the link: it stays when the lab is read again from a form).
#[derive(Clone, Debug, PartialEq)]
pub struct MomentsLab {
    pub walkthrough: Walkthrough,
    pub surprise: Surprise,
    /// The estimator's settings. Its seed is the lab's only one (`seed`): the walkthrough's
    /// reservoir draws with it too.
    pub scale: ScaleSpec,
    /// The user's text or file, once one was chosen.
    pub text: Option<OwnText>,
}

impl MomentsLab {
    /// The lab with one of the estimator's form fields (`source`, `zipf`, `length`, `s`, `groups`
    /// or `seed`) set from its text, read as the link's parameter is, with the notices the link
    /// would get. Lowering s below the groups lowers the groups with it, without a notice (the
    /// form changed both).
    pub fn with_scale_field(&self, name: &str, text: &str) -> (MomentsLab, Vec<Notice>) {
        let (lab, mut notices) = self.with_fields(&[(name, text)]);
        if name == S.name {
            notices.retain(|n| n.param.as_deref() != Some(GROUPS.name));
        }
        (lab, notices)
    }

    /// The lab a link gives with `text` loaded, and the link's notices (a text source with no
    /// text loaded gets one: the estimator runs on a uniform stream meanwhile).
    fn read_with(q: &Query, text: Option<OwnText>) -> (MomentsLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let tokens = read_stream(q, &mut notices);
        let positions = read_positions(q, tokens.len(), &mut notices);
        let k = read_k(q, &mut notices);
        let surprise = read_counts(q, &mut notices);
        let scale = read_scale(q, k, &mut notices);
        notices.extend(run_spec(&scale, text.is_some()).1);
        let walkthrough = Walkthrough::new(TokenStream::new(tokens), positions, k, scale.seed);
        (MomentsLab { walkthrough, surprise, scale, text }, notices)
    }

    /// The one seed: the estimator's runs' and the walkthrough's reservoir's.
    pub fn seed(&self) -> u64 {
        self.scale.seed
    }

    /// The walkthrough's stream as its form field shows it.
    pub fn stream_text(&self) -> String {
        self.walkthrough.stream.tokens.join(", ")
    }

    /// The walkthrough's positions as their form field shows them.
    pub fn positions_text(&self) -> String {
        self.walkthrough.positions.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// The estimator's settings a link gives (`k` is the walkthrough's; `seed` is the lab's one).
fn read_scale(q: &Query, k: u32, notices: &mut Vec<Notice>) -> ScaleSpec {
    let seed = SEED.read(q, notices);
    let source = Source::parse(SOURCE.read(q, notices)).unwrap_or(Source::Zipf);
    let zipf = ZIPF.read(q, notices);
    let length = LENGTH.read(q, notices);
    let s = S.read(q, notices);
    let mut groups = GROUPS.read(q, notices);
    if groups > s {
        notices
            .push(Notice::param(GROUPS.name, format!("groups = {groups} is more than the {s} variables; using {s}")));
        groups = s;
    }
    ScaleSpec { source, zipf, length, s, groups, k, seed }
}

fn read_stream(q: &Query, notices: &mut Vec<Notice>) -> Vec<String> {
    let default = || DEFAULT_STREAM.iter().map(|s| s.to_string()).collect();
    let Some(raw) = q.raw(STREAM.name) else { return default() };
    let mut tokens = Vec::new();
    let mut bad = 0;
    for t in query::decode_list(raw) {
        match t {
            Ok(t) if !t.trim().is_empty() => tokens.push(shorten(t.trim(), 40)),
            Ok(_) => {}
            Err(_) => bad += 1,
        }
    }
    if bad > 0 {
        notices.push(Notice::param(
            STREAM.name,
            format!("stream: {bad} element(s) had broken %-escapes and were left out"),
        ));
    }
    if tokens.len() > MAX_STREAM {
        notices.push(Notice::param(
            STREAM.name,
            format!(
                "stream has {} elements; this view steps through at most {MAX_STREAM}, so the rest are left out",
                tokens.len()
            ),
        ));
        tokens.truncate(MAX_STREAM);
    }
    if tokens.is_empty() {
        notices.push(Notice::param(STREAM.name, "stream is empty; using the lecture's stream a, b, c, b, d, …"));
        return default();
    }
    tokens
}

fn read_positions(q: &Query, n: usize, notices: &mut Vec<Notice>) -> Vec<usize> {
    let fallback = || {
        let fit: Vec<usize> = DEFAULT_POSITIONS.iter().copied().filter(|&p| p <= n).collect();
        if fit.is_empty() {
            vec![1]
        } else {
            fit
        }
    };
    let Some(raw) = q.raw(POSITIONS.name) else { return fallback() };
    let mut out: Vec<usize> = Vec::new();
    let mut rejected = Vec::new();
    for part in tokens(raw).into_iter().map(|t| t.unwrap_or_else(|b| b.raw)) {
        match part.parse::<usize>() {
            Ok(p) if (1..=n).contains(&p) => {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
            _ => rejected.push(shorten(&part, 12)),
        }
    }
    if !rejected.is_empty() {
        notices.push(Notice::param(
            POSITIONS.name,
            format!("positions: {} not a position from 1 to {n}; left out", rejected.join(", ")),
        ));
    }
    if out.len() > MAX_POSITIONS {
        notices.push(Notice::param(
            POSITIONS.name,
            format!("positions: at most {MAX_POSITIONS} variables; the rest are left out"),
        ));
        out.truncate(MAX_POSITIONS);
    }
    if out.is_empty() {
        if rejected.is_empty() {
            notices.push(Notice::param(POSITIONS.name, "positions is empty; using the default positions"));
        }
        return fallback();
    }
    sort_short(&mut out);
    out
}

fn read_k(q: &Query, notices: &mut Vec<Notice>) -> u32 {
    match q.raw(K.name).map(|r| r.trim()) {
        None | Some("") => DEFAULT_K,
        Some("0") => {
            notices.push(Notice::param(K.name, format!("k = 0: {WHY_NOT_K0} Using k = 2")));
            DEFAULT_K
        }
        Some(_) => K.read_u32(q, notices),
    }
}

fn read_counts(q: &Query, notices: &mut Vec<Notice>) -> Surprise {
    let Some(raw) = q.raw(COUNTS.name) else { return Surprise::preset(0) };
    let parts: Vec<Option<u64>> = raw.split(',').map(|p| p.trim().parse::<u64>().ok()).collect();
    let problem = if parts.iter().any(|p| p.is_none()) {
        Some("has an entry that is not a whole number".to_string())
    } else if parts.len() < 2 || parts.len() > MAX_VALUES {
        Some(format!("needs 2 to {MAX_VALUES} counts, not {}", parts.len()))
    } else {
        let total = parts.iter().fold(0u64, |a, p| a.saturating_add(p.unwrap_or(0)));
        if total == 0 || total > MAX_TOTAL {
            Some(format!("adds up to {total}; the total must be from 1 to {}", crate::text::group_digits(MAX_TOTAL)))
        } else {
            None
        }
    };
    match problem {
        None => Surprise::new(parts.into_iter().map(|p| p.unwrap_or(0)).collect()),
        Some(why) => {
            notices.push(Notice::bad(COUNTS.name, raw, &format!("{why}; using 10, 9, …, 9")));
            Surprise::preset(0)
        }
    }
}

impl LinkState for MomentsLab {
    fn read(q: &Query) -> (MomentsLab, Vec<Notice>) {
        MomentsLab::read_with(q, None)
    }

    /// Read again with the text kept: it is not in the link.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (MomentsLab, Vec<Notice>) {
        MomentsLab::read_with(&edited(self.query_pairs(), raw), self.text.clone())
    }

    /// The view's own parameters, defaults left out.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let w = &self.walkthrough;
        let sc = &self.scale;
        let stream = (w.stream.tokens != DEFAULT_STREAM).then(|| (STREAM.name, query::encode_list(&w.stream.tokens)));
        let positions = (w.positions != DEFAULT_POSITIONS)
            .then(|| (POSITIONS.name, w.positions.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")));
        let counts = (self.surprise != Surprise::preset(0)).then(|| (COUNTS.name, self.surprise.text()));
        // A text's length is the text's: the link does not say it.
        let length = LENGTH.pair(sc.length).filter(|_| sc.source != Source::Text);
        [
            stream,
            positions,
            K.pair(w.k as u64),
            counts,
            SOURCE.pair(sc.source.name()),
            ZIPF.pair(sc.zipf),
            length,
            S.pair(sc.s),
            GROUPS.pair(sc.groups),
            SEED.pair(self.seed()),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
    /// The stream's tokens may hold spaces (commas separate them); positions are numbers.
    fn field(name: &str) -> FieldText {
        match name {
            n if n == STREAM.name => FieldText::Items,
            n if n == POSITIONS.name => FieldText::Tokens,
            _ => FieldText::Value,
        }
    }
}

impl Stepped for MomentsLab {
    fn last_step(&self) -> usize {
        self.walkthrough.last_step()
    }
}

/// The walkthrough's questions (`lectures::questions::moments`).
impl Quizzed for MomentsLab {
    fn question(&self, step: usize) -> Option<Question> {
        self.walkthrough.question(step)
    }
}
