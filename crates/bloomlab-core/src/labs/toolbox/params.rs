//! The toolbox's link parameters, declared once, and the readers of its lists (the items of A
//! and B, the variants shown).

use super::variants::Variant;
use crate::link::notice::Notice;
use crate::link::params::{bloom_cost, Choice, Declared, Least, Rate, Shape, Text, Whole, HASH_TEXT, MAX_ITEM_CHARS};
use crate::link::query::{self, Query};

/// `m`: bits of A and B (read with `hash` and `k` by the shared `read_shape`, as `LIMITS`).
pub const M: Whole = Whole { name: "m", about: "bits of A and B", min: 8, max: 65_536, default: 256, example: "512" };
/// `k`: hash functions of A and B.
pub const K: Whole = Whole { name: "k", about: "hash functions of A and B", min: 1, max: 16, default: 3, example: "4" };
/// `hash`: the hash family of A and B (the families that hash any text).
pub const HASH: Choice = Choice { about: "hash family of A and B", ..HASH_TEXT };
/// The filters' shape as `read_shape` reads it: `hash`, `m` and `k` as declared above.
pub const LIMITS: Shape = Shape { hash: HASH, m: M, k: K };

/// Typed items kept per side (more are dropped).
pub const MAX_ITEMS: usize = 200;
pub const DEFAULT_A: [&str; 4] = ["cat", "dog", "owl", "fox"];
pub const DEFAULT_B: [&str; 4] = ["dog", "fox", "elk", "yak"];

/// `a`: the items typed into A.
pub const A: Text = Text {
    name: "a",
    about: "items typed into A",
    values: "comma-separated, each percent-encoded, at most 200 (`a=,`: none)",
    default: "`cat,dog,owl,fox`",
    bad: "an item too long or with a broken %-escape is left out",
    example: "ant,bee,a%2Cb",
    bad_example: Some("cat,%zz"),
};
/// `b`: the items typed into B.
pub const B: Text = Text {
    name: "b",
    about: "items typed into B",
    values: "as for `a`",
    default: "`dog,fox,elk,yak`",
    bad: "as for `a`",
    example: "bee,cow",
    bad_example: Some("%zz"),
};
/// Generated words a side may have.
pub const MAX_BULK: u64 = 100_000;
/// `bulk-a`: generated words added to A.
pub const BULK_A: Whole =
    Whole { name: "bulk-a", about: "generated words added to A", min: 0, max: MAX_BULK, default: 0, example: "50" };
/// `bulk-b`: generated words added to B (they start halfway through A's).
pub const BULK_B: Whole = Whole {
    name: "bulk-b",
    about: "generated words added to B (from halfway through A's, so the two share some)",
    min: 0,
    max: MAX_BULK,
    default: 0,
    example: "40",
};
/// `n`: items of the wrong-n and variant measurements.
pub const N: Whole = Whole {
    name: "n",
    about: "items for the wrong-n and variant measurements",
    min: 100,
    max: 1_000_000,
    default: 10_000,
    example: "2000",
};
/// `p`: the target rate the wrong-n filter and the variants are sized for, at least the search
/// comparison's least (`labs::search::P_LEAST`, 1e-12): no run here probes anywhere near 10^12
/// non-members, so a smaller rate cannot be measured, and sized for it every filter of up to a
/// million items only grows (at 1e-320, 1,534 bits and k = 1,063 per item).
pub const P: Rate = Rate {
    name: "p",
    about: "target rate the filters are sized for",
    default: 0.01,
    example: "0.02",
    least: Some(Least { rate: crate::labs::search::P_LEAST, why: filter_cost }),
};

/// What a filter sized for the rate asked would cost, and what it costs at the least.
fn filter_cost(asked: f64, least: f64) -> String {
    bloom_cost(asked, least, "item")
}
/// `f`: the cuckoo filter's fingerprint bits.
pub const F: Whole =
    Whole { name: "f", about: "the cuckoo filter's fingerprint bits", min: 4, max: 32, default: 8, example: "12" };
/// `variants`: the variants measured side by side.
pub const VARIANTS: Text = Text {
    name: "variants",
    about: "the variants measured side by side",
    values: "comma list of `classic`, `partitioned`, `blocked`, `counting`, `cuckoo`, `scalable`",
    default: "all six",
    bad: "an unknown name is left out; none left: all six",
    example: "classic,cuckoo,scalable",
    bad_example: Some("classic,nope"),
};
/// `seed`: which words are generated.
pub const SEED: Whole =
    Whole { name: "seed", about: "which words are generated", min: 0, max: u64::MAX, default: 1, example: "2" };

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&M, &K, &HASH, &A, &B, &BULK_A, &BULK_B, &N, &P, &F, &VARIANTS, &SEED];

/// The items of one side (`a` or `b`): each decoded, empty ones skipped, duplicates kept once.
pub(super) fn read_items(q: &Query, param: &Text, default: &[&str], notices: &mut Vec<Notice>) -> Vec<String> {
    let name = param.name;
    let Some(raw) = q.raw(name) else { return default.iter().map(|s| s.to_string()).collect() };
    let mut out = Vec::new();
    let mut bad = 0;
    for part in query::decode_list(raw) {
        match part {
            Ok(s) if !s.trim().is_empty() && s.chars().count() <= MAX_ITEM_CHARS => {
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
    out.truncate(MAX_ITEMS);
    out
}

/// `variants`: the names given, in order, each once; none (or only unknown ones): all six.
pub(super) fn read_variants(q: &Query, notices: &mut Vec<Notice>) -> Vec<Variant> {
    match q.get(VARIANTS.name) {
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
                    VARIANTS.name,
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
            notices.push(Notice::param(VARIANTS.name, format!("variants {e}; showing all six")));
            Variant::ALL.to_vec()
        }
    }
}
