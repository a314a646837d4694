//! The classic view model's link round trip: reading every parameter, writing them back.

use super::*;
use crate::data::generate::ItemKind;
use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::{missing_file, read_data_file, read_lookup, read_shape, FilterShape};
use crate::link::query::{self, Query};
use crate::text::shorten;

impl ClassicLab {
    // ----- the link -----

    /// Reads the view's parameters: `m`, `k`, `hash`, `items`, `query`, `bulk`, `data`.
    pub fn from_query(q: &Query) -> ClassicLab {
        let mut notices = Vec::new();
        let FilterShape { family, m, k } = read_shape(q, &HashFamily::ALL, LIMITS, &mut notices);
        let mut lab = ClassicLab::new(family, m, k);
        lab.notices = notices;

        if let Some(raw) = q.raw("bulk") {
            lab.read_batches(raw);
        }
        if let Some(raw) = q.raw("items") {
            for piece in query::decode_list(raw) {
                match piece {
                    Ok(text) => {
                        if let Err(why) = lab.check_item(&text) {
                            lab.notices.push(Notice::param("items", why));
                        } else if lab.item_set.insert(text.clone()) {
                            lab.items.push(text);
                        }
                    }
                    Err(e) => lab.notices.push(Notice::param("items", format!("an item {e}; it was left out"))),
                }
            }
        }
        if read_data_file(q, "generated", &mut lab.notices) {
            lab.notices.push(missing_file("the filter holds the link's typed and generated items only"));
        }
        lab.rebuild();
        if let Some(text) = read_lookup(q, &mut lab.notices) {
            if let Err(n) = lab.lookup_inner(&text) {
                lab.notices.push(n.about("query"));
            }
        }
        lab
    }

    fn read_batches(&mut self, raw: &str) {
        for piece in raw.split(',').filter(|p| !p.is_empty()) {
            let text = query::decode(piece).unwrap_or_else(|_| piece.to_string());
            let parsed = text
                .split_once(':')
                .and_then(|(kind, count)| Some((ItemKind::parse(kind.trim())?, count.trim().parse::<u64>().ok()?)));
            match parsed {
                Some((kind, count)) if (1..=BATCH_SIZES[2]).contains(&count) => {
                    if let Err(n) = self.push_batch(kind, count) {
                        self.notices.push(n.about("bulk"));
                    }
                }
                _ => self.notices.push(Notice::param(
                    "bulk",
                    format!(
                        "bulk = \u{201c}{}\u{201d} is not words:COUNT or urls:COUNT with COUNT from 1 to 1,000,000; left out",
                        shorten(&text, 30)
                    ),
                )),
            }
        }
    }

    /// The parameters that reproduce this state.
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("m", self.m().to_string()), ("k", self.k().to_string())];
        if self.family() != HashFamily::Xxh3 {
            pairs.push(("hash", self.family().name().to_string()));
        }
        pairs.push(("items", query::encode_list(&self.items)));
        let bulk: Vec<String> = self.batches.iter().map(|b| format!("{}:{}", b.kind.name(), b.count)).collect();
        pairs.push(("bulk", bulk.join(",")));
        if let Some(LastItem::LookedUp { trace, .. }) = &self.shown {
            pairs.push(("query", query::encode(&trace.item)));
        }
        pairs.push(("data", if self.file.is_some() { "file".into() } else { String::new() }));
        pairs
    }
}

impl crate::link::state::LinkState for ClassicLab {
    fn read(q: &Query) -> (ClassicLab, Vec<Notice>) {
        let lab = ClassicLab::from_query(q);
        let notices = lab.notices().to_vec();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        ClassicLab::query_pairs(self)
    }
}
