//! The xor view's link, both ways.

use std::rc::Rc;

use super::params::{DEFAULT_KEYS, FP, ITEMS, KIND, MAX_KEYS, N, QUERY, SEED, SPK};
use super::XorLab;
use crate::engine::hashing::HashFamily;
use crate::engine::xor::Kind;
use crate::link::notice::Notice;
use crate::link::params::check_item;
use crate::link::query::{decode, decode_list, encode, Query};
use crate::link::state::{Field, LinkState};
use crate::text::{group_digits, shorten};

/// The keys in `raw`, each once, with a notice for each left out.
fn read_keys(raw: &str, notices: &mut Vec<Notice>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    // A million keys may be pasted before the list is cut to MAX_KEYS: a set, not a search of
    // the list for each one.
    let mut seen = std::collections::HashSet::new();
    let mut repeated = Vec::new();
    for piece in decode_list(raw) {
        let text = match piece.map_err(|e| format!("a key {e}; it was left out")) {
            Ok(t) => t,
            Err(why) => {
                notices.push(Notice::param(ITEMS.name, why));
                continue;
            }
        };
        if let Err(why) = check_item(&text, HashFamily::Xxh3) {
            notices.push(Notice::param(ITEMS.name, why.replace("item", "key")));
        } else if seen.insert(text.clone()) {
            keys.push(text);
        } else {
            repeated.push(text);
        }
    }
    if !repeated.is_empty() {
        let shown: Vec<String> =
            repeated.iter().take(3).map(|k| format!("\u{201c}{}\u{201d}", shorten(k, 20))).collect();
        notices.push(Notice::param(
            ITEMS.name,
            format!(
                "{} given more than once: a filter built once holds a set, so each key is kept once",
                shown.join(", ")
            ),
        ));
    }
    if keys.len() > MAX_KEYS {
        notices.push(Notice::param(
            ITEMS.name,
            format!(
                "{} keys: the walkthrough takes at most {}, so the rest are left out (the sweep and the sizes take n up to millions)",
                group_digits(keys.len() as u64),
                group_digits(MAX_KEYS as u64)
            ),
        ));
        keys.truncate(MAX_KEYS);
    }
    keys
}

fn read_query(q: &Query, notices: &mut Vec<Notice>) -> Option<String> {
    let raw = q.raw(QUERY.name)?;
    match decode(raw) {
        Ok(t) if !t.is_empty() => Some(t),
        Ok(_) => None,
        Err(e) => {
            notices.push(Notice::param(QUERY.name, format!("the key looked up {e}; nothing was looked up")));
            None
        }
    }
}

impl LinkState for XorLab {
    fn read(q: &Query) -> (XorLab, Vec<Notice>) {
        let mut notices = Vec::new();
        // KIND's names are Kind's own: whatever it reads is a kind.
        let kind = Kind::named(KIND.read(q, &mut notices)).unwrap_or(Kind::Xor);
        let fp: u32 = if FP.read(q, &mut notices) == "16" { 16 } else { 8 };
        let mut keys = q.raw(ITEMS.name).map(|raw| read_keys(raw, &mut notices)).unwrap_or_default();
        if keys.is_empty() {
            if q.raw(ITEMS.name).is_some() {
                notices.push(Notice::param(ITEMS.name, "no key left to build from; using the example's keys"));
            }
            keys = DEFAULT_KEYS.iter().map(|k| k.to_string()).collect();
        }
        let query = read_query(q, &mut notices);
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

    fn field(name: &str) -> Field {
        if name == ITEMS.name {
            Field::Items
        } else {
            Field::Value
        }
    }
}
