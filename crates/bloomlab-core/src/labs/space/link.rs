//! The space view's link, both ways.

use super::params::{BLOCKS, DEFAULT_KEYS, ITEMS, MAX_KEYS, N, QUERY, RATE, SEED, W};
use super::SpaceLab;
use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::check_item;
use crate::link::query::{decode, decode_list, encode, Query};
use crate::link::state::{Field, LinkState};
use crate::text::{group_digits, shorten};

/// The keys in `raw`, each once, with a notice for each left out.
fn read_keys(raw: &str, notices: &mut Vec<Notice>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    // A million keys may be pasted: a set finds the repeats, not a search of the list.
    let mut seen = std::collections::HashSet::new();
    let mut repeated = Vec::new();
    for piece in decode_list(raw) {
        let text = match piece {
            Ok(t) => t,
            Err(e) => {
                notices.push(Notice::param(ITEMS.name, format!("a key {e}; it was left out")));
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
                "{} given more than once: a filter of a set holds each key once (and a static filter is built from a set), so each is kept once",
                shown.join(", ")
            ),
        ));
    }
    if keys.len() > MAX_KEYS {
        notices.push(Notice::param(
            ITEMS.name,
            format!(
                "{} keys: the panels take at most {}, so the rest are left out (the measured chart builds filters of n keys, up to a million)",
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

impl LinkState for SpaceLab {
    fn read(q: &Query) -> (SpaceLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut keys = q.raw(ITEMS.name).map(|raw| read_keys(raw, &mut notices)).unwrap_or_default();
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
        let query = read_query(q, &mut notices);
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

    fn field(name: &str) -> Field {
        if name == ITEMS.name {
            Field::Items
        } else {
            Field::Value
        }
    }
}
