//! The space view's link, both ways.

use super::params::{BLOCKS, DEFAULT_KEYS, ITEMS, MAX_KEYS, N, QUERY, RATE, SEED, W};
use super::SpaceLab;
use crate::labs::key_set::{read_key_set, read_looked_up, KeySetWords};
use crate::link::notice::Notice;
use crate::link::query::{encode, Query};
use crate::link::state::{FieldText, LinkState};

/// How the space view words its key set's notices.
const WORDS: KeySetWords = KeySetWords {
    repeated: "a filter of a set holds each key once (and a static filter is built from a set), so each is kept once",
    taker: "the panels",
    beyond: "the measured chart builds filters of n keys, up to a million",
};

impl LinkState for SpaceLab {
    fn read(q: &Query) -> (SpaceLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut keys = q
            .raw(ITEMS.name)
            .map(|raw| read_key_set(raw, ITEMS.name, MAX_KEYS, &WORDS, &mut notices))
            .unwrap_or_default();
        if keys.is_empty() {
            if q.raw(ITEMS.name).is_some() {
                notices.push(Notice::param(ITEMS.name, "no key left to build from; using the example's keys"));
            }
            keys = DEFAULT_KEYS.iter().map(|k| k.to_string()).collect();
        }
        let blocks = BLOCKS.read(q, &mut notices);
        let n = N.read(q, &mut notices);
        let rate = RATE.read(q, &mut notices);
        let w = W.read_u32(q, &mut notices);
        let query = read_looked_up(q, QUERY.name, &mut notices);
        let seed = SEED.read(q, &mut notices);
        (SpaceLab::new(keys, blocks, n, rate, w, query, seed), notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let default = self.keys.iter().map(String::as_str).eq(DEFAULT_KEYS.iter().copied());
        let items = (!default).then(|| (ITEMS.name, self.keys.iter().map(|k| encode(k)).collect::<Vec<_>>().join(",")));
        // A rate is written as Rust prints it: the shortest text that reads back the same number.
        let rate = (self.rate != RATE.default).then(|| (RATE.name, self.rate.to_string()));
        let query = self.query.as_ref().map(|k| (QUERY.name, encode(k)));
        [items, BLOCKS.pair(self.blocks), N.pair(self.n), rate, W.pair(u64::from(self.w)), query, SEED.pair(self.seed)]
            .into_iter()
            .flatten()
            .collect()
    }

    fn field(name: &str) -> FieldText {
        if name == ITEMS.name {
            FieldText::Items
        } else {
            FieldText::Value
        }
    }
}
