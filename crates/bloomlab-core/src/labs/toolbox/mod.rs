//! The filter toolbox (`view=toolbox`): two filters and their union and intersection, how many
//! items a filter holds, what a wrong n costs, and six variants at the same memory.

mod model;
mod params;
pub mod run;
pub mod sets;
pub mod variants;

pub use model::{Toolbox, ToolboxEdit};
pub use params::*;

#[cfg(test)]
mod tests;

/// Non-members probed for each measured rate (a variant's, the AND filter's, the fresh filter's).
pub const PROBES: u64 = 20_000;

use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::{read_shape, Text};
use crate::link::query::{self, Query};
use crate::link::state::{FieldText, LinkState};
use variants::Variant;

/// The toolbox's settings, as its link holds them.
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
}

impl ToolboxLab {
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

    /// Whether `other` measures the same wrong-n points (n, p and seed): the points are measured
    /// again only when this is false.
    pub fn same_wrong_n(&self, other: &ToolboxLab) -> bool {
        (self.n, self.p, self.seed) == (other.n, other.p, other.seed)
    }

    /// Whether `other` measures the same variants (those of the wrong n, the variants chosen and
    /// the cuckoo filter's f): the variants are measured again only when this is false.
    pub fn same_variants(&self, other: &ToolboxLab) -> bool {
        self.same_wrong_n(other) && (&self.variants, self.f) == (&other.variants, other.f)
    }

    /// The two filters, built from the items.
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
            Side::A => A.name,
            Side::B => B.name,
        }
    }
    fn bulk(self) -> &'static str {
        match self {
            Side::A => BULK_A.name,
            Side::B => BULK_B.name,
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
        self.with_raw(&[
            (A.name, Some(String::new())),
            (B.name, Some(String::new())),
            (BULK_A.name, None),
            (BULK_B.name, None),
        ])
    }
}

impl LinkState for ToolboxLab {
    fn read(q: &Query) -> (ToolboxLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let shape = read_shape(q, &LIMITS, &mut notices);
        let a = read_items(q, &A, &DEFAULT_A, &mut notices);
        let b = read_items(q, &B, &DEFAULT_B, &mut notices);
        let bulk_a = BULK_A.read(q, &mut notices);
        let bulk_b = BULK_B.read(q, &mut notices);
        let n = N.read(q, &mut notices);
        let p = P.read(q, &mut notices);
        let f = F.read_u32(q, &mut notices);
        let variants = read_variants(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        let lab =
            ToolboxLab { family: shape.family, m: shape.m, k: shape.k, a, b, bulk_a, bulk_b, n, p, f, variants, seed };
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let items = |param: &Text, items: &[String], default: &[&str]| {
            (items != default)
                .then(|| (param.name, if items.is_empty() { ",".into() } else { query::encode_list(items) }))
        };
        let family = HASH.pair(self.family.name());
        let p = (self.p != P.default).then(|| (P.name, self.p.to_string()));
        let variants = (self.variants != Variant::ALL)
            .then(|| (VARIANTS.name, self.variants.iter().map(|v| v.name()).collect::<Vec<_>>().join(",")));
        [
            M.pair(self.m),
            K.pair(self.k as u64),
            family,
            items(&A, &self.a, &DEFAULT_A),
            items(&B, &self.b, &DEFAULT_B),
            BULK_A.pair(self.bulk_a),
            BULK_B.pair(self.bulk_b),
            N.pair(self.n),
            F.pair(self.f as u64),
            SEED.pair(self.seed),
            p,
            variants,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
    /// Typed items may hold spaces: commas separate them.
    fn field(name: &str) -> FieldText {
        match name {
            n if n == A.name || n == B.name => FieldText::Items,
            _ => FieldText::Value,
        }
    }
}
