//! The moments view (`view=moments`): the surprise number, the Alon–Matias–Szegedy estimate
//! stepped through on the lecture's stream, higher moments, the estimator at scale, and the
//! reservoir that keeps its variables on a stream that never ends.

mod charts;
pub mod scale;
pub mod surprise;

#[cfg(test)]
mod tests;

use crate::engine::moments::stream::TokenStream;
use crate::lectures::moments::Walkthrough;
use crate::lectures::questions::{Question, Quizzed};
use crate::lectures::stepper::Stepped;
use crate::link::notice::Notice;
use crate::link::params::tokens;
use crate::link::params::{read_choice, read_f64, read_u64};
use crate::link::query::{self, Query};
use crate::link::state::{edited, Field, LinkState};
use crate::text::shorten;
use scale::{ScaleSpec, Source, MAX_LENGTH, MAX_S};
use surprise::{Surprise, MAX_TOTAL, MAX_VALUES};

/// The lecture's stream.
pub const DEFAULT_STREAM: [&str; 15] = ["a", "b", "c", "b", "d", "a", "c", "d", "a", "b", "d", "c", "a", "a", "b"];
pub const DEFAULT_POSITIONS: [usize; 3] = [3, 8, 13];
pub const MAX_STREAM: usize = 1_000;
/// Most variables in the walkthrough.
pub const MAX_POSITIONS: usize = 50;
pub const DEFAULT_K: u32 = 2;
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_LENGTH: u64 = 100_000;
pub const DEFAULT_S: u64 = 1_000;
pub const DEFAULT_GROUPS: u64 = 10;
pub const DEFAULT_ZIPF: f64 = 1.0;

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct MomentsLab {
    pub walkthrough: Walkthrough,
    pub surprise: Surprise,
    /// The estimator's settings. Its seed is the lab's only one (`seed`): the walkthrough's
    /// reservoir draws with it too.
    pub scale: ScaleSpec,
    pub notices: Vec<Notice>,
}

impl MomentsLab {
    pub fn from_query(q: &Query) -> MomentsLab {
        let mut notices = Vec::new();
        let tokens = read_stream(q, &mut notices);
        let positions = read_positions(q, tokens.len(), &mut notices);
        let k = read_k(q, &mut notices);
        let surprise = read_counts(q, &mut notices);
        let scale = read_scale(q, k, &mut notices);
        let walkthrough = Walkthrough::new(TokenStream::new(tokens), positions, k, scale.seed);
        MomentsLab { walkthrough, surprise, scale, notices }
    }

    /// The lab with one of the estimator's form fields (`source`, `zipf`, `length`, `s`, `groups`
    /// or `seed`) set from its text, read as the link's parameter is, with the notices the link
    /// would get. Lowering s below the groups lowers the groups with it, without a notice (the
    /// form changed both).
    pub fn with_scale_field(&self, name: &str, text: &str) -> (MomentsLab, Vec<Notice>) {
        let q = edited(self.query_pairs(), &[(name, Field::Value.raw(text))]);
        let mut notices = Vec::new();
        let spec = read_scale(&q, self.walkthrough.k, &mut notices);
        if name == "s" {
            notices.retain(|n| n.param.as_deref() != Some("groups"));
        }
        let mut lab = self.clone();
        lab.set_scale(spec);
        (lab, notices)
    }

    /// The one seed: the estimator's runs' and the walkthrough's reservoir's.
    pub fn seed(&self) -> u64 {
        self.scale.seed
    }

    /// New estimator settings; a new seed redraws the walkthrough's reservoir too.
    pub fn set_scale(&mut self, spec: ScaleSpec) {
        if spec.seed != self.scale.seed {
            let w = &self.walkthrough;
            self.walkthrough = Walkthrough::new(w.stream.clone(), w.positions.clone(), w.k, spec.seed);
        }
        self.scale = spec;
    }

    /// The view's own parameters, defaults left out.
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        let w = &self.walkthrough;
        if w.stream.tokens != DEFAULT_STREAM {
            pairs.push(("stream", query::encode_list(&w.stream.tokens)));
        }
        if w.positions != DEFAULT_POSITIONS {
            pairs.push(("positions", w.positions.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")));
        }
        if w.k != DEFAULT_K {
            pairs.push(("k", w.k.to_string()));
        }
        if self.surprise != Surprise::preset(0) {
            pairs.push(("counts", self.surprise.text()));
        }
        let sc = &self.scale;
        if sc.source != Source::Zipf {
            pairs.push(("source", sc.source.name().into()));
        }
        if sc.zipf != DEFAULT_ZIPF {
            pairs.push(("zipf", sc.zipf.to_string()));
        }
        if sc.length != DEFAULT_LENGTH && sc.source != Source::Text {
            pairs.push(("length", sc.length.to_string()));
        }
        if sc.s != DEFAULT_S {
            pairs.push(("s", sc.s.to_string()));
        }
        if sc.groups != DEFAULT_GROUPS {
            pairs.push(("groups", sc.groups.to_string()));
        }
        if self.seed() != DEFAULT_SEED {
            pairs.push(("seed", self.seed().to_string()));
        }
        pairs
    }
}

/// The estimator's settings a link gives (`k` is the walkthrough's; `seed` is the lab's one).
fn read_scale(q: &Query, k: u32, notices: &mut Vec<Notice>) -> ScaleSpec {
    let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, notices);
    let source = read_choice(q, "source", Source::parse, Source::Zipf, "uniform, zipf or text", "zipf", notices);
    let zipf = read_f64(q.raw("zipf"), "zipf", 0.0, 5.0, DEFAULT_ZIPF, notices);
    let length = read_u64(q.raw("length"), "length", 1, MAX_LENGTH, DEFAULT_LENGTH, notices);
    let s = read_u64(q.raw("s"), "s", 1, MAX_S, DEFAULT_S, notices);
    let mut groups = read_u64(q.raw("groups"), "groups", 1, MAX_S, DEFAULT_GROUPS, notices);
    if groups > s {
        notices.push(Notice::param("groups", format!("groups = {groups} is more than the {s} variables; using {s}")));
        groups = s;
    }
    ScaleSpec { source, zipf, length, s, groups, k, seed }
}

fn read_stream(q: &Query, notices: &mut Vec<Notice>) -> Vec<String> {
    let default = || DEFAULT_STREAM.iter().map(|s| s.to_string()).collect();
    let Some(raw) = q.raw("stream") else { return default() };
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
        notices
            .push(Notice::param("stream", format!("stream: {bad} element(s) had broken %-escapes and were left out")));
    }
    if tokens.len() > MAX_STREAM {
        notices.push(Notice::param(
            "stream",
            format!(
                "stream has {} elements; this view steps through at most {MAX_STREAM}, so the rest are left out",
                tokens.len()
            ),
        ));
        tokens.truncate(MAX_STREAM);
    }
    if tokens.is_empty() {
        notices.push(Notice::param("stream", "stream is empty; using the lecture's stream a, b, c, b, d, …"));
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
    let Some(raw) = q.raw("positions") else { return fallback() };
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
            "positions",
            format!("positions: {} not a position from 1 to {n}; left out", rejected.join(", ")),
        ));
    }
    if out.len() > MAX_POSITIONS {
        notices.push(Notice::param(
            "positions",
            format!("positions: at most {MAX_POSITIONS} variables; the rest are left out"),
        ));
        out.truncate(MAX_POSITIONS);
    }
    if out.is_empty() {
        if rejected.is_empty() {
            notices.push(Notice::param("positions", "positions is empty; using the default positions"));
        }
        return fallback();
    }
    out.sort_unstable();
    out
}

fn read_k(q: &Query, notices: &mut Vec<Notice>) -> u32 {
    match q.raw("k").map(|r| r.trim()) {
        None | Some("") => DEFAULT_K,
        Some("0") => {
            notices.push(Notice::param(
                "k",
                "k = 0: the 0th moment is the number of distinct values, but with k = 0 every variable gives \
                 X = n(v^0 − (v − 1)^0) = n(1 − 1) = 0 (0^0 = 1), so the estimate is 0 for any stream: the sum \
                 that makes X right on average telescopes to m^k − 0^k, which is m^k only when k ≥ 1. \
                 Flajolet–Martin (the distinct-count view) counts distinct values. Using k = 2",
            ));
            DEFAULT_K
        }
        Some(_) => read_u64(q.raw("k"), "k", 1, 4, DEFAULT_K as u64, notices) as u32,
    }
}

fn read_counts(q: &Query, notices: &mut Vec<Notice>) -> Surprise {
    let Some(raw) = q.raw("counts") else { return Surprise::preset(0) };
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
            notices.push(Notice::param(
                "counts",
                format!("counts = \u{201c}{}\u{201d} {why}; using 10, 9, …, 9", shorten(raw, 30)),
            ));
            Surprise::preset(0)
        }
    }
}

impl LinkState for MomentsLab {
    fn read(q: &Query) -> (MomentsLab, Vec<Notice>) {
        let lab = MomentsLab::from_query(q);
        let notices = lab.notices.clone();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        MomentsLab::query_pairs(self)
    }
    /// The stream's tokens may hold spaces (commas separate them); positions are numbers.
    fn field(name: &str) -> Field {
        match name {
            "stream" => Field::Items,
            "positions" => Field::Tokens,
            _ => Field::Value,
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

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
