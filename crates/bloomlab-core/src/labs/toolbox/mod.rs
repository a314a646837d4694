//! The filter toolbox (`view=toolbox`): two filters and their union and intersection, how many
//! items a filter holds, what a wrong n costs, and six variants at the same memory.

pub mod run;
pub mod sets;
pub mod variants;

#[cfg(test)]
mod tests;

/// Non-members probed for each measured rate (a variant's, the AND filter's, the fresh filter's).
pub const PROBES: u64 = 20_000;

use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::{read_rate, read_shape, read_u64, Shape, Whole, HASH_TEXT};
use crate::link::query::{self, Query};
use crate::link::state::{Field, LinkState};
use variants::Variant;

/// The filters' shape in links: `hash` among the text families, `m` and `k`.
pub const LIMITS: Shape = Shape {
    hash: HASH_TEXT,
    m: Whole { name: "m", about: "bits in each filter", min: 8, max: 65_536, default: 256, example: "512" },
    k: Whole { name: "k", about: "hash functions per item", min: 1, max: 16, default: 3, example: "4" },
};
pub const MAX_BULK: u64 = 100_000;
pub const DEFAULT_N: u64 = 10_000;
pub const MAX_N: u64 = 1_000_000;
pub const DEFAULT_P: f64 = 0.01;
pub const DEFAULT_F: u32 = 8;
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_A: [&str; 4] = ["cat", "dog", "owl", "fox"];
pub const DEFAULT_B: [&str; 4] = ["dog", "fox", "elk", "yak"];

#[derive(Clone, Debug, PartialEq)]
pub struct ToolboxLab {
    pub family: HashFamily,
    pub m: u64,
    pub k: u32,
    pub a: Vec<String>,
    pub b: Vec<String>,
    pub bulk_a: u64,
    pub bulk_b: u64,
    pub n: u64,
    pub p: f64,
    pub f: u32,
    pub variants: Vec<Variant>,
    pub seed: u64,
    pub notices: Vec<Notice>,
}

fn read_items(q: &Query, name: &str, default: &[&str], notices: &mut Vec<Notice>) -> Vec<String> {
    let Some(raw) = q.raw(name) else { return default.iter().map(|s| s.to_string()).collect() };
    let mut out = Vec::new();
    let mut bad = 0;
    for part in query::decode_list(raw) {
        match part {
            Ok(s) if !s.trim().is_empty() && s.chars().count() <= crate::link::params::MAX_ITEM_CHARS => {
                if !out.contains(&s) {
                    out.push(s)
                }
            }
            Ok(s) if s.trim().is_empty() => {}
            _ => bad += 1,
        }
    }
    if bad > 0 {
        notices.push(Notice::param(
            name,
            format!("{name}: {bad} item(s) were too long or had broken %-escapes and were left out"),
        ));
    }
    out.truncate(200);
    out
}

impl ToolboxLab {
    pub fn from_query(q: &Query) -> ToolboxLab {
        let mut notices = Vec::new();
        let shape = read_shape(q, &LIMITS, &mut notices);
        let a = read_items(q, "a", &DEFAULT_A, &mut notices);
        let b = read_items(q, "b", &DEFAULT_B, &mut notices);
        let bulk_a = read_u64(q.raw("bulk-a"), "bulk-a", 0, MAX_BULK, 0, &mut notices);
        let bulk_b = read_u64(q.raw("bulk-b"), "bulk-b", 0, MAX_BULK, 0, &mut notices);
        let n = read_u64(q.raw("n"), "n", 100, MAX_N, DEFAULT_N, &mut notices);
        let p = read_rate(q.raw("p"), "p", DEFAULT_P, &mut notices);
        let f = read_u64(q.raw("f"), "f", 4, 32, DEFAULT_F as u64, &mut notices) as u32;
        let variants = match q.get("variants") {
            None => Variant::ALL.to_vec(),
            Some(Ok(list)) => {
                let mut v = Vec::new();
                let mut bad = Vec::new();
                for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    match Variant::parse(name) {
                        Some(x) if !v.contains(&x) => v.push(x),
                        Some(_) => {}
                        None => bad.push(crate::text::shorten(name, 20)),
                    }
                }
                if !bad.is_empty() {
                    notices.push(Notice::param(
                        "variants",
                        format!("variants: {} is not a variant here; left out", bad.join(", ")),
                    ));
                }
                if v.is_empty() {
                    Variant::ALL.to_vec()
                } else {
                    v
                }
            }
            Some(Err(e)) => {
                notices.push(Notice::param("variants", format!("variants {e}; showing all six")));
                Variant::ALL.to_vec()
            }
        };
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        ToolboxLab {
            family: shape.family,
            m: shape.m,
            k: shape.k,
            a,
            b,
            bulk_a,
            bulk_b,
            n,
            p,
            f,
            variants,
            seed,
            notices,
        }
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if self.m != LIMITS.m.default {
            p.push(("m", self.m.to_string()));
        }
        if self.k as u64 != LIMITS.k.default {
            p.push(("k", self.k.to_string()));
        }
        if self.family != HashFamily::Xxh3 {
            p.push(("hash", self.family.name().into()));
        }
        if self.a != DEFAULT_A {
            p.push(("a", if self.a.is_empty() { ",".into() } else { query::encode_list(&self.a) }));
        }
        if self.b != DEFAULT_B {
            p.push(("b", if self.b.is_empty() { ",".into() } else { query::encode_list(&self.b) }));
        }
        for (name, v, d) in [
            ("bulk-a", self.bulk_a, 0),
            ("bulk-b", self.bulk_b, 0),
            ("n", self.n, DEFAULT_N),
            ("f", self.f as u64, DEFAULT_F as u64),
            ("seed", self.seed, DEFAULT_SEED),
        ] {
            if v != d {
                p.push((name, v.to_string()));
            }
        }
        if self.p != DEFAULT_P {
            p.push(("p", self.p.to_string()));
        }
        if self.variants != Variant::ALL {
            p.push(("variants", self.variants.iter().map(|v| v.name()).collect::<Vec<_>>().join(",")));
        }
        p
    }

    /// The items of A and B: typed, then generated; B's generated words start halfway through
    /// A's, so they overlap in min(bulk-a / 2, bulk-b) words.
    pub fn items(&self) -> (Vec<String>, Vec<String>) {
        (
            sets::side_items(&self.a, self.bulk_a, 0, self.seed),
            sets::side_items(&self.b, self.bulk_b, self.bulk_a / 2, self.seed),
        )
    }

    /// Whether `other` has the same two filters (family, m, k, items, generated words, seed):
    /// the pair, its 20,000 probes included, is built again only when this is false.
    pub fn same_pair(&self, other: &ToolboxLab) -> bool {
        (self.family, self.m, self.k, &self.a, &self.b, self.bulk_a, self.bulk_b, self.seed)
            == (other.family, other.m, other.k, &other.a, &other.b, other.bulk_a, other.bulk_b, other.seed)
    }

    pub fn pair(&self) -> sets::SetPair {
        let (a, b) = self.items();
        sets::SetPair::new(self.family, self.m, self.k, &a, &b, self.seed)
    }
}

/// One of the two filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A,
    B,
}

impl Side {
    fn items(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
    fn bulk(self) -> &'static str {
        match self {
            Side::A => "bulk-a",
            Side::B => "bulk-b",
        }
    }
}

impl ToolboxLab {
    /// The lab with `text` (trimmed; it may hold commas and spaces) typed into one side.
    pub fn with_item(&self, side: Side, text: &str) -> (ToolboxLab, Vec<Notice>) {
        let mut items = if side == Side::A { self.a.clone() } else { self.b.clone() };
        items.push(text.trim().to_string());
        self.with_raw(&[(side.items(), Some(query::encode_list(&items)))])
    }

    /// The lab with `more` generated words added to one side (at most `MAX_BULK`: beyond, the
    /// reader's notice).
    pub fn with_more_words(&self, side: Side, more: u64) -> (ToolboxLab, Vec<Notice>) {
        let now = if side == Side::A { self.bulk_a } else { self.bulk_b };
        self.with_raw(&[(side.bulk(), Some(now.saturating_add(more).to_string()))])
    }

    /// Both sides empty: no typed items, no generated words.
    pub fn emptied(&self) -> (ToolboxLab, Vec<Notice>) {
        self.with_raw(&[("a", Some(String::new())), ("b", Some(String::new())), ("bulk-a", None), ("bulk-b", None)])
    }
}

impl LinkState for ToolboxLab {
    fn read(q: &Query) -> (ToolboxLab, Vec<Notice>) {
        let lab = ToolboxLab::from_query(q);
        let notices = lab.notices.clone();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        ToolboxLab::query_pairs(self)
    }
    /// Typed items may hold spaces: commas separate them.
    fn field(name: &str) -> Field {
        match name {
            "a" | "b" => Field::Items,
            _ => Field::Value,
        }
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
