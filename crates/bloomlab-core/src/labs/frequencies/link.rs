//! The frequencies view's link, both ways: every parameter read with its notice, and written
//! back with defaults left out.

use std::rc::Rc;

use super::params::{
    D, ITEMS, K, LENGTH, MAX_CELLS, MAX_QUERIES, MAX_TYPED, QUERY, S, SEED, SKETCHES, STREAM, UPDATE, W,
};
use super::stream::Stream;
use super::{FrequenciesLab, Source, DEFAULT_ITEMS, ZIPF_QUERIES};
use crate::engine::hashing::HashFamily;
use crate::engine::streams::count_min::Update;
use crate::lectures::count_min::{Sketch, Sketches};
use crate::link::notice::Notice;
use crate::link::params::check_item;
use crate::link::query::{self, Query};
use crate::link::state::{FieldText, LinkState};
use crate::text::group_digits;

/// A list of items from the link's `name`: undecodable, empty or too long ones left out with a
/// notice, the rest cut at `max` with a notice. `None` when the link does not have it.
fn read_list(q: &Query, name: &str, max: usize, notices: &mut Vec<Notice>) -> Option<Vec<String>> {
    let raw = q.raw(name)?;
    let mut out = Vec::new();
    let (mut broken, mut refused) = (0, Vec::new());
    for piece in query::decode_list(raw) {
        match piece {
            Ok(text) if text.is_empty() => {}
            Ok(text) => match check_item(&text, HashFamily::Xxh3) {
                Ok(()) => out.push(text),
                Err(why) => refused.push(why),
            },
            Err(_) => broken += 1,
        }
    }
    if broken > 0 {
        notices.push(Notice::param(name, format!("{name}: {broken} item(s) had broken %-escapes and were left out")));
    }
    if let Some(why) = refused.first() {
        notices.push(Notice::param(name, format!("{name}: {why}")));
    }
    if out.len() > max {
        notices.push(Notice::param(
            name,
            format!(
                "{name} has {} items; this view takes at most {}, so the rest are left out",
                group_digits(out.len() as u64),
                group_digits(max as u64)
            ),
        ));
        out.truncate(max);
    }
    Some(out)
}

/// `sketches`: known names, each once; unknown ones left out with a notice; none left: all.
fn read_sketches(q: &Query, notices: &mut Vec<Notice>) -> Sketches {
    let Some(text) = q.get(SKETCHES.name).map(|t| t.unwrap_or_default()) else { return Sketches::ALL };
    let mut named = Vec::new();
    for name in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        match Sketch::parse(name) {
            Some(s) => named.push(s),
            None => notices.push(Notice::param(
                SKETCHES.name,
                format!(
                    "sketches: \u{201c}{}\u{201d} is not a summary the walkthrough keeps (cm, cu, cs, mg, ss); it was left out",
                    crate::text::shorten(name, 20)
                ),
            )),
        }
    }
    Sketches::of(&named).unwrap_or(Sketches::ALL)
}

fn default_items() -> Vec<String> {
    DEFAULT_ITEMS.iter().map(|s| s.to_string()).collect()
}

fn read_typed(q: &Query, notices: &mut Vec<Notice>) -> Vec<String> {
    match read_list(q, ITEMS.name, MAX_TYPED, notices) {
        None => default_items(),
        Some(items) if items.is_empty() => {
            notices
                .push(Notice::param(ITEMS.name, "items is empty; using the lecture's stream apple, banana, apple, …"));
            default_items()
        }
        Some(items) => items,
    }
}

/// `w` and `d`, with w cut so that w·d ≤ `MAX_CELLS`.
fn read_shape(q: &Query, notices: &mut Vec<Notice>) -> (u64, u32) {
    let mut w = W.read(q, notices);
    let d = D.read_u32(q, notices);
    if w.saturating_mul(d as u64) > MAX_CELLS {
        let fit = MAX_CELLS / d as u64;
        notices.push(Notice::param(
            W.name,
            format!(
                "w·d = {} counters is more than the {} a sketch may have here; using w = {}",
                group_digits(w.saturating_mul(d as u64)),
                group_digits(MAX_CELLS),
                group_digits(fit)
            ),
        ));
        w = fit;
    }
    (w, d)
}

/// The items looked up when the link names none: every distinct typed item, or a Zipf stream's
/// likeliest words.
pub(super) fn default_queries(source: Source, stream: &Stream) -> Vec<String> {
    let names = stream.names();
    let take = if source == Source::Zipf { ZIPF_QUERIES as usize } else { MAX_QUERIES };
    names.iter().take(take).cloned().collect()
}

impl FrequenciesLab {
    /// The stream the link's settings give.
    fn build_stream(&self) -> Stream {
        match self.source {
            Source::Typed => Stream::typed(&self.typed),
            Source::Zipf => Stream::zipf(self.seed, self.length, self.s),
            // A file is not in the link: read again, the lab has the typed stream.
            Source::File => Stream::typed(&self.typed),
        }
    }
}

/// What the run at scale depends on: the Zipf exponent, length and seed, and the sketches' and
/// summaries' shape. Its own bundle reads it from the address (as the page reads it; the page
/// shows the notices) without drawing the link's stream.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScaleShape {
    pub s: f64,
    pub length: u64,
    pub seed: u64,
    pub w: u64,
    pub d: u32,
    pub k: usize,
}

impl ScaleShape {
    pub fn read(q: &Query) -> ScaleShape {
        let mut notices = Vec::new();
        let (s, length, seed) = (S.read(q, &mut notices), LENGTH.read(q, &mut notices), SEED.read(q, &mut notices));
        let (w, d) = read_shape(q, &mut notices);
        ScaleShape { s, length, seed, w, d, k: K.read(q, &mut notices) as usize }
    }
}

impl FrequenciesLab {
    /// What the run at scale on this lab depends on.
    pub fn scale_shape(&self) -> ScaleShape {
        ScaleShape { s: self.s, length: self.length, seed: self.seed, w: self.w, d: self.d, k: self.k }
    }
}

impl LinkState for FrequenciesLab {
    fn read(q: &Query) -> (FrequenciesLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let typed = read_typed(q, &mut notices);
        let source = if STREAM.read(q, &mut notices) == "zipf" { Source::Zipf } else { Source::Typed };
        let (s, length, seed) = (S.read(q, &mut notices), LENGTH.read(q, &mut notices), SEED.read(q, &mut notices));
        let (w, d) = read_shape(q, &mut notices);
        let update = Update::parse(UPDATE.read(q, &mut notices)).unwrap_or(Update::Standard);
        let k = K.read(q, &mut notices) as usize;
        let sketches = read_sketches(q, &mut notices);
        let mut lab = FrequenciesLab {
            source,
            typed,
            s,
            length,
            seed,
            queries: Vec::new(),
            w,
            d,
            update,
            k,
            sketches,
            selected: 0,
            file: None,
            stream: Rc::new(Stream::default()),
        };
        lab.stream = Rc::new(lab.build_stream());
        // An emptied list looks up the default items, as a link without `query` does.
        lab.queries = read_list(q, QUERY.name, MAX_QUERIES, &mut notices)
            .filter(|list| !list.is_empty())
            .unwrap_or_else(|| default_queries(source, &lab.stream));
        (lab, notices)
    }

    /// Read again with the user's file kept (it is not in the link): the new settings count it.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (FrequenciesLab, Vec<Notice>) {
        let (lab, notices) = FrequenciesLab::read(&crate::link::state::edited(self.query_pairs(), raw));
        match &self.file {
            Some(file) => lab.counting(file.clone(), notices),
            None => (lab, notices),
        }
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let items = (self.typed != DEFAULT_ITEMS).then(|| (ITEMS.name, query::encode_list(&self.typed)));
        let zipf = self.source == Source::Zipf;
        let stream = STREAM.pair(if zipf { "zipf" } else { "typed" });
        let queries = (self.queries != default_queries(self.source, &self.stream))
            .then(|| (QUERY.name, query::encode_list(&self.queries)));
        [
            items,
            stream,
            S.pair(self.s),
            LENGTH.pair(self.length),
            SEED.pair(self.seed),
            queries,
            W.pair(self.w),
            D.pair(self.d as u64),
            UPDATE.pair(self.update.name()),
            K.pair(self.k as u64),
            (self.sketches != Sketches::ALL).then(|| (SKETCHES.name, self.sketches.names())),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Items and queries may hold spaces: only commas separate them.
    fn field(name: &str) -> FieldText {
        match name {
            n if n == ITEMS.name || n == QUERY.name => FieldText::Items,
            _ => FieldText::Value,
        }
    }
}
