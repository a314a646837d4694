//! The Bloom filter chapter's exercises: inserts, lookups, the best k, a counting filter and the
//! multi-layer filter's XOR layer.

use super::super::{list, shown, KeyLine, SheetQuestion, Topic};
use super::{and_list, first_step, hashes_text, last_step, panel_link, walkthrough_link};
use crate::data::url_dataset::url_segments;
use crate::data::url_layers::layer_keys_of;
use crate::engine::counting::{CountingFilter, Mode};
use crate::engine::filter::{BloomFilter, Trace, Verdict};
use crate::engine::formulas::{approx, optimal_k};
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::MultiLayerFilter;
use crate::labs::{counting, fp, mlbf};
use crate::lectures::ullman::{self, plan, Planned, LOOKUPS, STREAM};
use crate::link::page::{RATES_PANEL, XOR_LAYER_PANEL};
use crate::link::query;
use crate::link::views::View;

/// The lecture's filter sizes by difficulty.
const LECTURE_M: [u64; 3] = [11, 13, 16];

/// An item's positions, each once, in the order its hashes give them, with whether the bit was
/// 1 before the item (for an insert) or is 1 (for a lookup).
fn distinct_positions(t: &Trace) -> Vec<(u64, bool)> {
    let mut out: Vec<(u64, bool)> = Vec::new();
    for s in &t.steps {
        if !out.iter().any(|(p, _)| *p == s.position) {
            out.push((s.position, s.was_set));
        }
    }
    out
}

/// "bit 5 …" or "bits 5 and 2 …", with `one` or `many` after it as the count needs.
fn bits_phrase(v: &[u64], one: &str, many: &str) -> String {
    if v.len() == 1 {
        format!("bit {} {one}", v[0])
    } else {
        format!("bits {} {many}", and_list(v))
    }
}

/// One insert of the key: the item's hashes and the bits it sets.
fn insert_line(m: u64, t: &Trace) -> KeyLine {
    let bits = distinct_positions(t);
    let fresh: Vec<u64> = bits.iter().filter(|b| !b.1).map(|b| b.0).collect();
    let already: Vec<u64> = bits.iter().filter(|b| b.1).map(|b| b.0).collect();
    let mut said = Vec::new();
    if !fresh.is_empty() {
        said.push(bits_phrase(&fresh, "becomes 1", "become 1"));
    }
    if !already.is_empty() {
        said.push(bits_phrase(&already, "is 1 already", "are 1 already"));
    }
    KeyLine {
        text: format!("{}; {}", hashes_text(HashFamily::Ullman, m, t), said.join(", ")),
        data: vec![
            ("item", t.item.clone()),
            ("hashes", t.steps.iter().map(|s| s.raw.to_string()).collect::<Vec<_>>().join(",")),
            ("positions", t.positions_csv()),
        ],
    }
}

/// Which bits a few inserts set in the lecture's 11- to 16-bit filter.
pub(super) fn bloom(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let m = LECTURE_M[big - 1];
    let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
    let mut f = BloomFilter::new(HashFamily::Ullman, m, 2);
    let lines = items.iter().filter_map(|x| f.insert(&x.to_string()).ok()).map(|t| insert_line(m, &t)).collect();
    let step = last_step(&plan(items.len(), 0), |p| matches!(p, Planned::Insert(_)));
    SheetQuestion {
        topic: Topic::Bloom,
        index,
        question: format!(
            "A Bloom filter of m = {m} bits, all 0, with the lecture's two hashes: write x in binary; h1 reads its odd-numbered bits (1st, 3rd, … from the right), h2 its even-numbered bits, each as a binary number, mod {m}. Insert {} in that order. Which bits are 1? Write the filter as bits 0 to {}.",
            shown(&items),
            m - 1
        ),
        data: vec![("m", m.to_string()), ("k", "2".into()), ("hash", "ullman".into()), ("items", list(&items))],
        answer: f.bits().to_bit_string(),
        working: "Each item sets bits h1(x) mod m and h2(x) mod m; a bit already 1 stays 1.".into(),
        lines,
        link: walkthrough_link(
            View::Ullman.pairs(vec![(STREAM.name, list(&items)), (LOOKUPS.name, ",".into()), (ullman::M.name, m.to_string())]),
            step,
        ),
    }
}

/// What a lookup says of an item: absent, a member, or a false positive.
pub fn verdict_name(v: Verdict, inserted: bool) -> &'static str {
    match (v, inserted) {
        (Verdict::Absent, _) => "absent",
        (Verdict::Maybe, true) => "member",
        (Verdict::Maybe, false) => "false positive",
    }
}

/// Items to look up in `f` (holding `items`): one inserted item, then, searched for among the
/// generator's next numbers, one false positive and one absent item (two at difficulty 3), in a
/// shuffled order. A kind the filter cannot give within 500 draws (no false positive, or no 0
/// bit left) is left out.
fn lookups_for(f: &BloomFilter, items: &[u64], big: usize, rng: &mut fastrand::Rng) -> Vec<u64> {
    let verdict = |y: u64| f.lookup(&y.to_string()).ok().map(|(_, v)| v);
    let mut out = vec![items[rng.usize(0..items.len())]];
    let wanted = [Verdict::Maybe, Verdict::Absent, Verdict::Absent];
    for want in &wanted[..if big == 3 { 3 } else { 2 }] {
        let found = (0..500)
            .map(|_| rng.u64(8..1_000))
            .find(|y| !items.contains(y) && !out.contains(y) && verdict(*y) == Some(*want));
        out.extend(found);
    }
    rng.shuffle(&mut out);
    out
}

/// Looking items up in a filled filter: absent, member or false positive.
pub(super) fn lookup(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let m = LECTURE_M[big - 1];
    let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
    let mut f = BloomFilter::new(HashFamily::Ullman, m, 2);
    for x in &items {
        let _ = f.insert(&x.to_string());
    }
    let lookups = lookups_for(&f, &items, big, rng);
    let mut verdicts = Vec::new();
    let mut lines = Vec::new();
    for (t, v) in lookups.iter().filter_map(|y| f.lookup(&y.to_string()).ok()) {
        let name = verdict_name(v, t.item.parse().is_ok_and(|y: u64| items.contains(&y)));
        let bits = distinct_positions(&t);
        let why = match v {
            Verdict::Absent => {
                bits_phrase(&bits.iter().filter(|b| !b.1).map(|b| b.0).collect::<Vec<_>>(), "is 0", "are 0")
            }
            Verdict::Maybe => format!(
                "{} and it was {}inserted",
                bits_phrase(&bits.iter().map(|b| b.0).collect::<Vec<_>>(), "is 1", "are 1"),
                if name == "member" { "" } else { "never " }
            ),
        };
        lines.push(KeyLine {
            text: format!("{}; {why}: {name}", hashes_text(HashFamily::Ullman, m, &t)),
            data: vec![("item", t.item.clone()), ("positions", t.positions_csv()), ("verdict", name.into())],
        });
        verdicts.push(name);
    }
    let step = first_step(&plan(items.len(), lookups.len()), |p| matches!(p, Planned::Lookup(_)));
    SheetQuestion {
        topic: Topic::Lookup,
        index,
        question: format!(
            "A Bloom filter of m = {m} bits with the lecture's two hashes (h1 reads x's odd-numbered binary digits, h2 its even-numbered ones, each mod {m}) holds {}; its bits 0 to {} are {}. Look up {}. For each, does the filter say absent, and if not, is it a member or a false positive?",
            shown(&items),
            m - 1,
            f.bits().to_bit_string(),
            shown(&lookups)
        ),
        data: vec![
            ("m", m.to_string()),
            ("k", "2".into()),
            ("hash", "ullman".into()),
            ("items", list(&items)),
            ("lookups", list(&lookups)),
        ],
        answer: verdicts.join(","),
        working: "An item is absent when one of its bits is 0; when all are 1 the filter says maybe: a member if it was inserted, else a false positive.".into(),
        lines,
        link: walkthrough_link(
            View::Ullman.pairs(vec![(STREAM.name, list(&items)), (LOOKUPS.name, list(&lookups)), (ullman::M.name, m.to_string())]),
            step,
        ),
    }
}

/// The best whole number of hashes for m and n, and its false-positive rate.
pub(super) fn fp(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let m = [1_000u64, 8_000, 100_000][big - 1] * rng.u64(1..=9);
    let n = m / rng.u64(5..=16);
    let k = optimal_k(m, n, 64);
    let p = approx(m, n, k);
    SheetQuestion {
        topic: Topic::Fp,
        index,
        question: format!(
            "A filter of m = {m} bits will hold n = {n} items. Which whole number of hashes k gives the fewest false positives, and what is the rate (1 − e^(−kn/m))^k then?"
        ),
        data: vec![("m", m.to_string()), ("n", n.to_string()), ("k", k.to_string())],
        answer: p.to_string(),
        working: format!("k ≈ (m/n)·ln 2 = {:.2}; the better of the two nearest whole numbers is k = {k}.", m as f64 / n as f64 * std::f64::consts::LN_2),
        lines: Vec::new(),
        link: panel_link(View::Fp.pairs(vec![(fp::M.name, m.to_string()), (fp::N.name, n.to_string()), (fp::K.name, k.to_string())]), RATES_PANEL),
    }
}

/// The counters after a few inserts and one delete.
pub(super) fn counting(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let m = LECTURE_M[big - 1];
    let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
    let deleted = items[rng.usize(0..items.len())];
    let mut f = CountingFilter::new(HashFamily::Ullman, m, 2, 4, Mode::Min);
    for x in &items {
        let _ = f.insert(&x.to_string());
    }
    let _ = f.delete(&deleted.to_string());
    let ops: Vec<String> = items.iter().map(|x| format!("i:{x}")).chain([format!("d:{deleted}")]).collect();
    SheetQuestion {
        topic: Topic::Counting,
        index,
        question: format!(
            "A counting filter of m = {m} counters (4 bits each, all 0) with the lecture's two hashes (odd- and even-numbered binary digits, mod {m}). Insert {}, then delete {deleted}. Write the counters 0 to {}.",
            shown(&items),
            m - 1
        ),
        data: vec![("m", m.to_string()), ("k", "2".into()), ("hash", "ullman".into()), ("items", list(&items)), ("b", deleted.to_string())],
        answer: f.counters().to_csv(),
        working: "An insert adds 1 to counters h1(x) and h2(x) (both, even when they are the same counter); a delete takes 1 off them.".into(),
        lines: Vec::new(),
        link: View::Counting.link(vec![(counting::M.name, m.to_string()), (counting::K.name, "2".into()), (counting::SHAPE.hash.name, "ullman".into()), (counting::OPS.name, ops.join(","))]),
    }
}

/// The XOR layer's bits for one URL in a multi-layer filter.
pub(super) fn mlbf(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let (m, k, layers) = ([16u64, 32, 64][big - 1], 2, 3);
    let mut seg = Vec::new();
    url_segments(rng.u64(..), 0, rng.u64(..1000), &mut seg);
    let keys = layer_keys_of(&seg, layers);
    let mut f = MultiLayerFilter::new(HashFamily::Xxh3, m, k, layers);
    let t = f.insert(&keys);
    let per_layer: Vec<String> =
        t.layers.iter().map(|l| format!("layer {}: {}", l.layer, l.positions_csv().replace(',', ", "))).collect();
    let url = seg.join("/");
    SheetQuestion {
        topic: Topic::Mlbf,
        index,
        question: format!(
            "The URL {url} is inserted into a multi-layer filter of {layers} layers of m = {m} bits with k = {k} hashes. Its layer positions are {}. For each hash j, the XOR layer sets bit (p1j XOR p2j XOR p3j) mod {m}. Which bits of the XOR layer are set?",
            per_layer.join("; ")
        ),
        data: vec![("m", m.to_string()), ("k", k.to_string()), ("items", query::encode(&url)), ("positions", t.layers.iter().map(|l| l.positions_csv()).collect::<Vec<_>>().join(";"))],
        answer: t.xor_positions_csv(),
        working: "Write the positions in binary, XOR them digit by digit, and take the result mod m.".into(),
        lines: Vec::new(),
        link: panel_link(
            View::Mlbf.pairs(vec![(mlbf::M.name, m.to_string()), (mlbf::K.name, k.to_string()), (mlbf::LAYERS.name, layers.to_string()), (mlbf::ITEMS.name, query::encode(&url))]),
            XOR_LAYER_PANEL,
        ),
    }
}
