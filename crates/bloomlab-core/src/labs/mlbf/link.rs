//! The multi-layer view model's link round trip: its parameters declared once, read, and written
//! back (the comparison's `compare` and `data` too); and the form's m, k and L read by the same
//! declarations.

use super::*;
use crate::link::params::{
    missing_file, read_data_file, read_form_whole, read_lookup, Choice, Declared, FilterShape, Flag, Shape, Text,
    Whole, HASH_TEXT,
};
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

/// `m`: the bits of each layer.
pub const M: Whole = Whole {
    name: "m",
    about: "bits per layer (the XOR layer has as many)",
    min: 1,
    max: MAX_M,
    default: DEFAULT_M,
    example: "128",
};

/// `k`: hash functions per layer.
pub const K: Whole = Shape::hash_functions("hash functions per layer", MAX_K, DEFAULT_K, "2");

/// `layers`: L.
pub const LAYERS: Whole = Whole {
    name: "layers",
    about: "layers L (besides the XOR layer)",
    min: 1,
    max: MAX_LAYERS as u64,
    default: DEFAULT_LAYERS as u64,
    example: "3",
};

/// `hash`: a family that hashes URL segments (text).
pub const HASH: Choice = Choice { what: "a hash family for URLs", ..HASH_TEXT };

/// The filter's shape: `hash`, `m` and `k` of each layer.
pub const SHAPE: Shape = Shape { hash: HASH, m: M, k: K };

/// `items`: the inserted URLs.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the inserted URLs, in order, kept in normal form (below)",
    values: "comma-separated, each percent-encoded; at most 1,000",
    default: "none",
    bad: "not a URL, another scheme, no host, over 2,000 characters, or a duplicate after normalisation: left out with a notice",
    example: "example.com/a/b,example.org/c",
    bad_example: Some("ftp://x.org/a"),
};

/// `query`: the URL last looked up.
pub const QUERY: Text = Text {
    name: "query",
    about: "the URL last looked up",
    values: "a URL, percent-encoded",
    default: "none",
    bad: "one that does not decode or is not a URL: a notice, nothing looked up",
    example: "example.com/a/c",
    bad_example: Some("mailto:a@b.c"),
};

/// `compare`: run the comparison at load.
pub const COMPARE: Flag = Flag { name: "compare", about: "`1`: run the comparison at load", default: false };

/// `data`: whether the comparison ran on the author's own URLs.
pub const DATA: Choice = Choice {
    name: "data",
    about: "`file`: the comparison ran on the author's own URLs (never in the link; opened without them, a notice says so and the comparison runs on the generated crawl)",
    what: "a source of URLs",
    names: &["crawl", "file"],
    default: "crawl",
    example: "crawl",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &K, &LAYERS, &HASH, &ITEMS, &QUERY, &COMPARE, &DATA];

/// `hash`, `m` and `k`: the `ullman` hashes get a notice of their own (they take whole numbers,
/// never URL segments), any other bad family the declaration's.
fn read_shape(q: &Query, notices: &mut Vec<Notice>) -> FilterShape {
    let ullman = matches!(q.get(HASH.name), Some(Ok(v)) if v.trim() == HashFamily::Ullman.name());
    if !ullman {
        return SHAPE.read(q, notices);
    }
    notices.push(Notice::param(HASH.name, "the ullman hashes take whole numbers, not URL segments; using xxh3"));
    let rest: Vec<(String, String)> =
        q.pairs().filter(|(k, _)| *k != HASH.name).map(|(k, v)| (k.to_string(), v.to_string())).collect();
    SHAPE.read(&Query::from_raw_pairs(rest), notices)
}

/// What the comparison, a bundle of its own that the page fetches when it is asked for, reads
/// from the address: the hashes, k and L it runs with (read as the page reads them; the page shows
/// the notices), and whether the link asks for it (`compare=1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareAsk {
    pub family: HashFamily,
    pub k: u32,
    pub layers: usize,
    pub run: bool,
}

impl CompareAsk {
    pub fn read(q: &Query) -> CompareAsk {
        let mut notices = Vec::new();
        let FilterShape { family, k, .. } = read_shape(q, &mut notices);
        let layers = LAYERS.read(q, &mut notices) as usize;
        CompareAsk { family, k, layers, run: COMPARE.read(q, &mut notices) }
    }
}

impl MlbfLab {
    /// Whether the comparison was asked for (at load: by the link).
    pub fn compare_requested(&self) -> bool {
        self.compare
    }

    // ----- the form -----

    /// The m field's (or slider's) text, read as the link's `m`; its notices.
    pub fn set_m_text(&mut self, text: &str) -> Vec<Notice> {
        let mut notices = Vec::new();
        let m = SHAPE.m_from_form(text, &mut notices);
        self.set_m(m);
        notices
    }

    /// The k slider's text, read as the link's `k` beside the family; its notices.
    pub fn set_k_text(&mut self, text: &str) -> Vec<Notice> {
        let mut notices = Vec::new();
        let k = SHAPE.k_from_form(text, self.family(), &mut notices);
        self.set_k(k);
        notices
    }

    /// The L slider's text, read as the link's `layers`; its notices.
    pub fn set_layers_text(&mut self, text: &str) -> Vec<Notice> {
        let mut notices = Vec::new();
        let layers = read_form_whole(&LAYERS, text, &mut notices) as usize;
        self.set_layers(layers);
        notices
    }
}

impl LinkState for MlbfLab {
    /// Reads `m`, `k`, `layers`, `hash`, `items`, `query`, `compare`, `data`.
    fn read(q: &Query) -> (MlbfLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let compare = COMPARE.read(q, &mut notices);
        if read_data_file(q, &DATA, &mut notices) {
            notices.push(missing_file("the comparison runs on the generated crawl"));
        }
        let FilterShape { family, m, k } = read_shape(q, &mut notices);
        let layers = LAYERS.read(q, &mut notices) as usize;
        let mut lab = MlbfLab::new(family, m, k, layers);
        lab.compare = compare;
        if let Some(raw) = q.raw(ITEMS.name) {
            for piece in query::decode_list(raw) {
                match piece {
                    Ok(text) => {
                        if let Err(n) = lab.insert(&text) {
                            notices.push(n.about(ITEMS.name));
                        }
                    }
                    Err(e) => notices.push(Notice::param(ITEMS.name, format!("an item {e}; it was left out"))),
                }
            }
        }
        if let Some(text) = read_lookup(q, &QUERY, &mut notices) {
            if let Err(n) = lab.lookup(&text) {
                notices.push(n.about(QUERY.name));
            }
        }
        (lab, notices)
    }

    /// The parameters that reproduce this state.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        // m, k and L are always written, so a shared link names the filter it shows.
        let mut pairs = vec![
            (M.name, self.m().to_string()),
            (K.name, self.k().to_string()),
            (LAYERS.name, self.layers().to_string()),
        ];
        pairs.extend(SHAPE.hash_pair(self.family()));
        pairs.push((ITEMS.name, query::encode_list(&self.items)));
        if let Some(s) = self.shown.as_ref().filter(|s| s.is_lookup()) {
            pairs.push((QUERY.name, query::encode(&s.url.normalized())));
        }
        pairs.extend(COMPARE.pair(self.compare));
        pairs.extend(DATA.pair(if self.own_data { "file" } else { DATA.default }));
        pairs
    }
}
