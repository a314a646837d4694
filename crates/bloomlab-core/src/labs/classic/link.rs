//! The classic view model's link round trip: its parameters declared once, read, and written
//! back (the user's file kept when the model is read again).

use super::*;
use crate::data::dataset::Dataset;
use crate::data::generate::ItemKind;
use crate::link::notice::Notice;
use crate::link::params::{
    missing_file, read_data_file, read_lookup, Choice, Declared, FilterShape, Shape, Text, Whole, HASH_ALL,
};
use crate::link::query::{self, Query};
use crate::link::state::{edited, LinkState};

/// `m`: the filter's bits.
pub const M: Whole =
    Whole { name: "m", about: "bits in the filter", min: MIN_M, max: MAX_M, default: DEFAULT_M, example: "128" };

/// `k`: hash functions (the `ullman` family has two: see `SHAPE`).
pub const K: Whole = Shape::hash_functions("hash functions per item", MAX_K, DEFAULT_K, "4");

/// The filter's shape: `hash` among every family, `m`, `k`.
pub const SHAPE: Shape = Shape { hash: HASH_ALL, m: M, k: K };

/// `items`: the typed items.
pub const ITEMS: Text = Text {
    name: "items",
    about: "the typed items, in the order they were inserted",
    values: "comma-separated, each percent-encoded; at most 2,000 characters each and 5,000 in all",
    default: "none",
    bad: "an item that does not decode, is empty, too long, or (with `ullman`) not a whole number 0 .. 2^64-1 is left out with a notice",
    example: "cat,dog,a%2Cb",
    bad_example: Some("a,%zz"),
};

/// `query`: the item last looked up.
pub const QUERY: Text = Text {
    name: "query",
    about: "the item last looked up",
    values: "an item, percent-encoded",
    default: "none",
    bad: "one that does not decode, or that the family cannot hash: a notice, nothing looked up",
    example: "cow",
    bad_example: Some("%zz"),
};

/// `bulk`: generated batches.
pub const BULK: Text = Text {
    name: "bulk",
    about: "generated batches, inserted after the typed items",
    values: "comma-separated `words:COUNT` or `urls:COUNT`, COUNT 1 .. 1,000,000; at most 4,000,000 items in all",
    default: "none",
    bad: "the batch is left out with a notice",
    example: "words:50,urls:20",
    bad_example: Some("urls:0"),
};

/// `data`: whether the author's own items were in the filter.
pub const DATA: Choice = Choice {
    name: "data",
    about: "`file`: the filter also held the author's own items (a file or a paste, never in the link; opened without them, a notice says what is missing and the rest of the link is used)",
    what: "a source of items",
    names: &["generated", "file"],
    default: "generated",
    example: "generated",
};

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &K, &HASH_ALL, &ITEMS, &QUERY, &BULK, &DATA];

impl Classic {
    fn read_batches(&mut self, raw: &str, notices: &mut Vec<Notice>) {
        for piece in raw.split(',').filter(|p| !p.is_empty()) {
            let text = query::decode(piece).unwrap_or_else(|_| piece.to_string());
            let parsed = text
                .split_once(':')
                .and_then(|(kind, count)| Some((ItemKind::parse(kind.trim())?, count.trim().parse::<u64>().ok()?)));
            match parsed {
                Some((kind, count)) if (1..=BATCH_SIZES[2]).contains(&count) => {
                    if let Err(n) = self.push_batch(kind, count) {
                        notices.push(n.about(BULK.name));
                    }
                }
                _ => notices.push(Notice::bad(
                    BULK.name,
                    &text,
                    "is not words:COUNT or urls:COUNT with COUNT from 1 to 1,000,000; left out",
                )),
            }
        }
    }

    fn read_items(&mut self, raw: &str, notices: &mut Vec<Notice>) {
        for piece in query::decode_list(raw) {
            match piece
                .map_err(|e| format!("an item {e}; it was left out"))
                .and_then(|t| self.check_item(&t).map(|_| t))
            {
                Ok(text) => {
                    if !self.items.contains(&text) {
                        self.items.push(text);
                    }
                }
                Err(why) => notices.push(Notice::param(ITEMS.name, why)),
            }
        }
    }

    /// The model a link gives with `file` loaded (a link never holds one), and the link's notices.
    pub(super) fn read_with(q: &Query, file: Option<Rc<Dataset>>) -> (Classic, Vec<Notice>) {
        let mut notices = Vec::new();
        let FilterShape { family, m, k } = SHAPE.read(q, &mut notices);
        let mut c = Classic { family, m, k, items: Vec::new(), batches: Vec::new(), shown: None, acts: 0, file };
        if let Some(raw) = q.raw(BULK.name) {
            c.read_batches(raw, &mut notices);
        }
        if let Some(raw) = q.raw(ITEMS.name) {
            c.read_items(raw, &mut notices);
        }
        if read_data_file(q, &DATA, &mut notices) && c.file.is_none() {
            notices.push(missing_file("the filter holds the link's typed and generated items only"));
        }
        if let Some(text) = read_lookup(q, &QUERY, &mut notices) {
            match c.check_lookup(&text) {
                Ok(()) => c.shown = Some(ItemShown::LookedUp(text)),
                Err(n) => notices.push(n.about(QUERY.name)),
            }
        }
        notices.extend(c.notices());
        (c, notices)
    }
}

impl LinkState for Classic {
    /// Reads the view's parameters: `m`, `k`, `hash`, `items`, `query`, `bulk`, `data`.
    fn read(q: &Query) -> (Classic, Vec<Notice>) {
        Classic::read_with(q, None)
    }

    /// The parameters that reproduce this state.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        // m and k are always written, so a shared link names the filter it shows.
        let mut pairs = vec![(M.name, self.m.to_string()), (K.name, self.k.to_string())];
        pairs.extend(SHAPE.hash_pair(self.family));
        pairs.push((ITEMS.name, query::encode_list(&self.items)));
        let bulk: Vec<String> = self.batches.iter().map(|b| format!("{}:{}", b.kind.name(), b.count)).collect();
        pairs.push((BULK.name, bulk.join(",")));
        if let Some(ItemShown::LookedUp(text)) = &self.shown {
            pairs.push((QUERY.name, query::encode(text)));
        }
        pairs.extend(DATA.pair(if self.file.is_some() { "file" } else { DATA.default }));
        pairs
    }

    /// Read again with the user's file kept.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (Classic, Vec<Notice>) {
        Classic::read_with(&edited(self.query_pairs(), raw), self.file.clone())
    }
}
