//! Typed keys read from a link for the filters built once, which take a set: each key once, a
//! notice for each key left out (undecodable, unhashable, repeated), the list cut at a maximum;
//! and the key looked up. The xor and space views read their `items` and `query` this way.

use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::check_item;
use crate::link::query::{decode, decode_list, Query};
use crate::text::{group_digits, shorten};

/// How a view words the notices of its key set.
pub struct KeySetWords {
    /// Why a repeated key is kept once (after "“a”, “b” given more than once: ").
    pub repeated: &'static str,
    /// What takes at most the maximum ("the walkthrough").
    pub taker: &'static str,
    /// What takes more, in the parenthesis after "so the rest are left out".
    pub beyond: &'static str,
}

/// The keys in `raw` (the parameter `param`), each once, at most `max`.
pub fn read_key_set(
    raw: &str,
    param: &'static str,
    max: usize,
    words: &KeySetWords,
    notices: &mut Vec<Notice>,
) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    // A million keys may be pasted before the list is cut: a set finds the repeats, not a search
    // of the list for each one.
    let mut seen = std::collections::HashSet::new();
    let mut repeated = Vec::new();
    for piece in decode_list(raw) {
        let text = match piece {
            Ok(t) => t,
            Err(e) => {
                notices.push(Notice::param(param, format!("a key {e}; it was left out")));
                continue;
            }
        };
        if let Err(why) = check_item(&text, HashFamily::Xxh3) {
            notices.push(Notice::param(param, why.replace("item", "key")));
        } else if seen.insert(text.clone()) {
            keys.push(text);
        } else {
            repeated.push(text);
        }
    }
    if !repeated.is_empty() {
        let shown: Vec<String> =
            repeated.iter().take(3).map(|k| format!("\u{201c}{}\u{201d}", shorten(k, 20))).collect();
        notices.push(Notice::param(param, format!("{} given more than once: {}", shown.join(", "), words.repeated)));
    }
    if keys.len() > max {
        notices.push(Notice::param(
            param,
            format!(
                "{} keys: {} takes at most {}, so the rest are left out ({})",
                group_digits(keys.len() as u64),
                words.taker,
                group_digits(max as u64),
                words.beyond
            ),
        ));
        keys.truncate(max);
    }
    keys
}

/// The key looked up (the parameter `param`), if any: one that does not decode gets a notice.
pub fn read_looked_up(q: &Query, param: &'static str, notices: &mut Vec<Notice>) -> Option<String> {
    match decode(q.raw(param)?) {
        Ok(t) if !t.is_empty() => Some(t),
        Ok(_) => None,
        Err(e) => {
            notices.push(Notice::param(param, format!("the key looked up {e}; nothing was looked up")));
            None
        }
    }
}
