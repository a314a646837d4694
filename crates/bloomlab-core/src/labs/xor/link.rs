//! The xor view's link, both ways.

use std::rc::Rc;

use super::params::{DEFAULT_KEYS, FP, ITEMS, KIND, MAX_KEYS, N, QUERY, SEED, SPK};
use super::XorLab;
use crate::engine::xor::Kind;
use crate::labs::key_set::{read_key_set, read_looked_up, KeySetWords};
use crate::link::notice::Notice;
use crate::link::query::{encode, Query};
use crate::link::state::{FieldText, LinkState};

/// How the xor view words its key set's notices.
const WORDS: KeySetWords = KeySetWords {
    repeated: "a filter built once holds a set, so each key is kept once",
    taker: "the walkthrough",
    beyond: "the sweep and the sizes take n up to millions",
};

impl LinkState for XorLab {
    fn read(q: &Query) -> (XorLab, Vec<Notice>) {
        let mut notices = Vec::new();
        // KIND's names are Kind's own: whatever it reads is a kind.
        let kind = Kind::named(KIND.read(q, &mut notices)).unwrap_or(Kind::Xor);
        let fp: u32 = if FP.read(q, &mut notices) == "16" { 16 } else { 8 };
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
        let query = read_looked_up(q, QUERY.name, &mut notices);
        let (seed, spk, n) = (SEED.read(q, &mut notices), SPK.read(q, &mut notices), N.read(q, &mut notices));
        let walk = Rc::new(XorLab::walk_of(kind, fp, &keys, seed, spk));
        (XorLab { kind, fp, keys, query, seed, spk, n, walk }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let default = self.keys.iter().map(String::as_str).eq(DEFAULT_KEYS.iter().copied());
        let items = (!default).then(|| (ITEMS.name, self.keys.iter().map(|k| encode(k)).collect::<Vec<_>>().join(",")));
        let fp = if self.fp == 16 { "16" } else { "8" };
        let query = self.query.as_ref().map(|k| (QUERY.name, encode(k)));
        [
            KIND.pair(self.kind.name()),
            FP.pair(fp),
            items,
            query,
            SEED.pair(self.seed),
            SPK.pair(self.spk),
            N.pair(self.n),
        ]
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
