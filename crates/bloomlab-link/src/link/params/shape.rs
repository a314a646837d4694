//! A filter's shape in a link: `hash`, `m` and `k`. Each view declares the three (`Whole`,
//! `Choice`) and groups them in a [`Shape`]; they are read together here because a family may
//! have fewer hash functions than the view allows (the lecture's `ullman` hashes are two). A
//! form's m and k fields are read by the same declarations, with the same notices.

use crate::engine::hashing::HashFamily;
use crate::link::notice::{replace_about, Notice};
use crate::link::params::{Bounds, Choice, Whole};
use crate::link::query::Query;
use crate::link::state::FieldText;

/// `hash` among every family (the `ullman` hashes take whole numbers only).
pub const HASH_ALL: Choice = Choice {
    name: "hash",
    about: "the hash family (contract §2, as revised)",
    what: "a hash family",
    names: &HashFamily::ALL_NAMES,
    default: HashFamily::Xxh3.name(),
    example: HashFamily::Double.name(),
};

/// `hash` among the families that hash any text (all but `ullman`).
pub const HASH_TEXT: Choice = Choice {
    about: "the hash family (contract §2; not `ullman`, whose hashes take whole numbers only)",
    names: &HashFamily::TEXT_NAMES,
    ..HASH_ALL
};

/// The shape of a filter as its link gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilterShape {
    pub family: HashFamily,
    pub m: u64,
    pub k: u32,
}

/// A view's declarations of its filter's shape.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub hash: Choice,
    pub m: Whole,
    pub k: Whole,
}

/// The query a form's field gives: `name=text` as a link would carry it (an emptied field leaves
/// the parameter out, so it reads as the default).
pub fn form_query(name: &str, text: &str) -> Query {
    Query::from_raw_pairs(FieldText::Value.raw(text).map(|v| (name.to_string(), v)).into_iter().collect())
}

/// A form's text for the whole number `param`, read as the link `name=text` is: the same value
/// and the same notice, which replaces those `notices` held about `param` (the field's newest
/// reading is the one that counts).
pub fn read_form_whole(param: &Whole, text: &str, notices: &mut Vec<Notice>) -> u64 {
    let mut fresh = Vec::new();
    let value = param.read(&form_query(param.name, text), &mut fresh);
    replace_about(notices, param.name, fresh);
    value
}

/// The families `hash` offers, in its order (its names are families' names). A form's select
/// lists them in this order, so the option chosen is the family at its index.
pub fn families(hash: &Choice) -> Vec<HashFamily> {
    hash.names.iter().filter_map(|n| HashFamily::parse(n)).collect()
}

/// `hash`: the family `hash` names (its names are families' names), with its notice.
pub fn read_family(q: &Query, hash: &Choice, notices: &mut Vec<Notice>) -> HashFamily {
    HashFamily::parse(hash.read(q, notices)).unwrap_or(HashFamily::Xxh3)
}

/// `hash`, `m` and `k` as `shape` declares them (see [`Shape::read`]).
pub fn read_shape(q: &Query, shape: &Shape, notices: &mut Vec<Notice>) -> FilterShape {
    shape.read(q, notices)
}

impl Shape {
    /// The declaration of `k`, a filter's hash functions: 1 to `max`, `default` when the link
    /// gives none (a family with fewer functions lowers both: [`Shape::max_k`]).
    pub const fn hash_functions(about: &'static str, max: u32, default: u32, example: &'static str) -> Whole {
        Whole { name: "k", about, min: 1, max: max as u64, default: default as u64, example }
    }

    /// `hash`, `m` and `k`: each as declared, k also kept to what the family has (with a notice),
    /// and defaulting to at most that.
    pub fn read(&self, q: &Query, notices: &mut Vec<Notice>) -> FilterShape {
        let family = read_family(q, &self.hash, notices);
        let m = self.m.read(q, notices);
        let k = self.read_k(q, family, notices);
        FilterShape { family, m, k }
    }

    /// The most hash functions with `family`: the declared most, or fewer if the family has fewer.
    pub fn max_k(&self, family: HashFamily) -> u32 {
        let max = self.k.max.min(u32::MAX as u64) as u32;
        family.max_k().map_or(max, |f| f.min(max))
    }

    /// k's default with `family`.
    pub fn default_k(&self, family: HashFamily) -> u32 {
        (self.k.default as u32).min(self.max_k(family))
    }

    /// The k form field's bounds with `family`: the declaration's, narrowed to the family's most.
    pub fn k_bounds(&self, family: HashFamily) -> Bounds {
        Bounds { min: self.k.min.to_string(), max: self.max_k(family).to_string(), step: "1".into() }
    }

    fn read_k(&self, q: &Query, family: HashFamily, notices: &mut Vec<Notice>) -> u32 {
        let declared = Whole { default: self.default_k(family) as u64, ..self.k };
        let k = declared.read_u32(q, notices);
        let max = self.max_k(family);
        if k > max {
            notices.push(Notice::param(
                self.k.name,
                format!("the {} family has only {max} hash functions; using k = {max}", family.name()),
            ));
            return max;
        }
        k
    }

    /// The m field's text (or the slider's), read as the link's `m`: out of range gives the
    /// link's notice and the value the link would give. Its notices replace those `notices`
    /// held about m.
    pub fn m_from_form(&self, text: &str, notices: &mut Vec<Notice>) -> u64 {
        read_form_whole(&self.m, text, notices)
    }

    /// The k field's text with `family`, read as the link's `k` is beside `hash`; its notices
    /// replace those `notices` held about k.
    pub fn k_from_form(&self, text: &str, family: HashFamily, notices: &mut Vec<Notice>) -> u32 {
        let mut fresh = Vec::new();
        let k = self.read_k(&form_query(self.k.name, text), family, &mut fresh);
        replace_about(notices, self.k.name, fresh);
        k
    }

    /// The link pair of `family`, or nothing for the default family.
    pub fn hash_pair(&self, family: HashFamily) -> Option<(&'static str, String)> {
        self.hash.pair(family.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPE: Shape = Shape {
        hash: HASH_ALL,
        m: Whole { name: "m", about: "bits", min: 1, max: 1000, default: 64, example: "128" },
        k: Shape::hash_functions("hashes", 32, 3, "4"),
    };

    fn shape(s: &str, shape: &Shape) -> (FilterShape, Vec<String>) {
        let mut n = Vec::new();
        let sh = read_shape(&Query::parse(s), shape, &mut n);
        (sh, n.into_iter().filter_map(|n| n.param).collect())
    }

    #[test]
    fn shapes_defaults_and_limits() {
        assert_eq!(shape("?", &SHAPE).0, FilterShape { family: HashFamily::Xxh3, m: 64, k: 3 });
        assert_eq!(shape("?hash=ullman", &SHAPE).0, FilterShape { family: HashFamily::Ullman, m: 64, k: 2 });
        let (s, p) = shape("?hash=ullman&k=5&m=5000", &SHAPE);
        assert_eq!((s.k, s.m), (2, 1000));
        assert_eq!(p, ["m", "k"]);
        let text = Shape { hash: HASH_TEXT, ..SHAPE };
        let (s, p) = shape("?hash=ullman", &text);
        assert_eq!((s.family, p), (HashFamily::Xxh3, vec!["hash".to_string()]));
        let mut n = Vec::new();
        read_family(&Query::parse("?hash=nope"), &HASH_TEXT, &mut n);
        assert_eq!(
            n[0].message,
            "hash = \u{201c}nope\u{201d} is not a hash family (xxh3, double, enhanced or naive); using xxh3"
        );
    }

    #[test]
    fn the_form_reads_as_the_link() {
        let mut n = Vec::new();
        assert_eq!(SHAPE.m_from_form(" 200 ", &mut n), 200);
        assert_eq!(SHAPE.m_from_form("", &mut n), 64);
        assert!(n.is_empty());
        assert_eq!(SHAPE.m_from_form("5000", &mut n), 1000);
        assert_eq!(n.len(), 1);
        assert_eq!(n[0].message, "m = 5000 is larger than this view allows (1,000); using 1,000");
        assert_eq!(SHAPE.k_from_form("7", HashFamily::Ullman, &mut n), 2);
        assert_eq!(n.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["m", "k"]);
        // A field's newest reading replaces the notices about its parameter, and only those.
        assert_eq!(SHAPE.m_from_form("300", &mut n), 300);
        assert_eq!(n.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["k"]);
        assert_eq!(SHAPE.k_from_form("0", HashFamily::Xxh3, &mut n), 3);
        assert_eq!(n.len(), 1);
        assert_eq!(n[0].message, "k = 0 is too small (the least is 1); using 3");
        assert_eq!(SHAPE.k_from_form("7", HashFamily::Double, &mut Vec::new()), 7);
        assert_eq!(SHAPE.k_from_form("", HashFamily::Ullman, &mut Vec::new()), 2);
        assert_eq!(SHAPE.k_bounds(HashFamily::Ullman).max, "2");
        assert_eq!(SHAPE.k_bounds(HashFamily::Xxh3).max, "32");
        assert_eq!(SHAPE.hash_pair(HashFamily::Xxh3), None);
        assert_eq!(SHAPE.hash_pair(HashFamily::Naive), Some(("hash", "naive".to_string())));
    }
}
