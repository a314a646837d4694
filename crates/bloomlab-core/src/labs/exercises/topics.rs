//! One exercise builder per topic: the data drawn from the sheet's generator, the question, the
//! answer computed by the core, the working and the link to the view that shows it.

use super::{list, shown, Exercise, Topic};
use crate::data::url_dataset::url_segments;
use crate::data::url_layers::layer_keys_of;
use crate::engine::counting::{CountingFilter, Mode};
use crate::engine::filter::BloomFilter;
use crate::engine::formulas::{approx, optimal_k};
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::MultiLayerFilter;
use crate::labs::moments::ams::{fraction_value, mean, variables};
use crate::labs::moments::stream::TokenStream;
use crate::labs::sampling::theory::repeated_in_sample;
use crate::lectures::distinct::{estimate, rows};
use crate::link::query;

/// Exercise `index` of `topic` at difficulty `level` (1 to 3), drawn from `rng`.
pub(super) fn make(topic: Topic, index: usize, level: u64, rng: &mut fastrand::Rng) -> Exercise {
    let big = level as usize;
    let build = match topic {
        Topic::Bloom => bloom,
        Topic::Fp => fp,
        Topic::Counting => counting,
        Topic::Mlbf => mlbf,
        Topic::Fm => fm,
        Topic::Ams => ams,
        Topic::Sampling => sampling,
    };
    build(index, big, rng)
}

/// Which bits a few inserts set in the lecture's 11- to 16-bit filter.
fn bloom(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let m = [11, 13, 16][big - 1];
    let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
    let mut f = BloomFilter::new(HashFamily::Ullman, m, 2);
    for x in &items {
        let _ = f.insert(&x.to_string());
    }
    Exercise {
        topic: Topic::Bloom,
        index,
        question: format!(
            "A Bloom filter of m = {m} bits, all 0, with the lecture's two hashes: write x in binary; h1 reads its odd-numbered bits (1st, 3rd, … from the right), h2 its even-numbered bits, each as a binary number, mod {m}. Insert {} in that order. Which bits are 1? Write the filter as bits 0 to {}.",
            shown(&items),
            m - 1
        ),
        data: vec![("m", m.to_string()), ("k", "2".into()), ("hash", "ullman".into()), ("items", list(&items))],
        answer: f.bits().to_bit_string(),
        working: "Each item sets bits h1(x) and h2(x); a bit already 1 stays 1.".into(),
        link: query::build(&[("view", "ullman".into()), ("stream", list(&items)), ("lookups", ",".into()), ("m", m.to_string())]),
    }
}

/// The best whole number of hashes for m and n, and its false-positive rate.
fn fp(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let m = [1_000u64, 8_000, 100_000][big - 1] * rng.u64(1..=9);
    let n = m / rng.u64(5..=16);
    let k = optimal_k(m, n, 64);
    let p = approx(m, n, k);
    Exercise {
        topic: Topic::Fp,
        index,
        question: format!(
            "A filter of m = {m} bits will hold n = {n} items. Which whole number of hashes k gives the fewest false positives, and what is the rate (1 − e^(−kn/m))^k then?"
        ),
        data: vec![("m", m.to_string()), ("n", n.to_string()), ("k", k.to_string())],
        answer: p.to_string(),
        working: format!("k ≈ (m/n)·ln 2 = {:.2}; the better of the two nearest whole numbers is k = {k}.", m as f64 / n as f64 * std::f64::consts::LN_2),
        link: query::build(&[("view", "fp".into()), ("m", m.to_string()), ("n", n.to_string()), ("k", k.to_string())]),
    }
}

/// The counters after a few inserts and one delete.
fn counting(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let m = [11, 13, 16][big - 1];
    let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
    let deleted = items[rng.usize(0..items.len())];
    let mut f = CountingFilter::new(HashFamily::Ullman, m, 2, 4, Mode::Min);
    for x in &items {
        let _ = f.insert(&x.to_string());
    }
    let _ = f.delete(&deleted.to_string());
    let ops: Vec<String> = items.iter().map(|x| format!("i:{x}")).chain([format!("d:{deleted}")]).collect();
    Exercise {
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
        link: query::build(&[("view", "counting".into()), ("m", m.to_string()), ("k", "2".into()), ("hash", "ullman".into()), ("ops", ops.join(","))]),
    }
}

/// The XOR layer's bits for one URL in a multi-layer filter.
fn mlbf(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let (m, k, layers) = ([16u64, 32, 64][big - 1], 2, 3);
    let mut seg = Vec::new();
    url_segments(rng.u64(..), 0, rng.u64(..1000), &mut seg);
    let keys = layer_keys_of(&seg, layers);
    let mut f = MultiLayerFilter::new(HashFamily::Xxh3, m, k, layers);
    let t = f.insert(&keys);
    let per_layer: Vec<String> =
        t.layers.iter().map(|l| format!("layer {}: {}", l.layer, l.positions_csv().replace(',', ", "))).collect();
    let url = seg.join("/");
    Exercise {
        topic: Topic::Mlbf,
        index,
        question: format!(
            "The URL {url} is inserted into a multi-layer filter of {layers} layers of m = {m} bits with k = {k} hashes. Its layer positions are {}. For each hash j, the XOR layer sets bit (p1j XOR p2j XOR p3j) mod {m}. Which bits of the XOR layer are set?",
            per_layer.join("; ")
        ),
        data: vec![("m", m.to_string()), ("k", k.to_string()), ("items", query::encode(&url)), ("positions", t.layers.iter().map(|l| l.positions_csv()).collect::<Vec<_>>().join(";"))],
        answer: t.xor_positions_csv(),
        working: "Write the positions in binary, XOR them digit by digit, and take the result mod m.".into(),
        link: query::build(&[("view", "mlbf".into()), ("m", m.to_string()), ("k", k.to_string()), ("layers", layers.to_string()), ("items", query::encode(&url))]),
    }
}

/// The longest tail and the Flajolet–Martin estimate for a short stream.
fn fm(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let w = [5u32, 6, 8][big - 1];
    let stream: Vec<u64> = (0..6 + 2 * big).map(|_| rng.u64(0..20)).collect();
    let (a, b) = (2 * rng.u64(0..8) + 1, rng.u64(0..16));
    let r = rows(&stream, &[(a, b)], w);
    let last = r[0].last().map_or(0, |x| x.r);
    Exercise {
        topic: Topic::Fm,
        index,
        question: format!(
            "The stream {} is hashed by h(x) = ({a}x + {b}) mod 2^{w}. Write each h(x) in {w} binary digits and count its trailing 0s (its tail length). What is the largest tail R, and what does Flajolet–Martin estimate, 2^R?",
            shown(&stream)
        ),
        data: vec![("stream", list(&stream)), ("a", a.to_string()), ("b", b.to_string()), ("w", w.to_string())],
        answer: estimate(last).to_string(),
        working: format!("Tail lengths: {}; R = {last}.", shown(&r[0].iter().map(|x| x.tail).collect::<Vec<_>>())),
        // The walkthrough's estimates step: after the intro and one step per element.
        link: query::build(&[
            ("view", "distinct".into()),
            ("stream", list(&stream)),
            ("hashes", format!("{a}:{b}")),
            ("w", w.to_string()),
            ("step", (stream.len() + 1).to_string()),
        ]),
    }
}

/// The mean of a few AMS variables, the estimate of the second moment.
fn ams(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let letters = ["a", "b", "c", "d", "e"];
    let n = 8 + 3 * big;
    let tokens: Vec<String> = (0..n).map(|_| letters[rng.usize(0..2 + big)].to_string()).collect();
    let mut positions: Vec<usize> = (0..3).map(|_| rng.usize(1..=n)).collect();
    positions.sort_unstable();
    positions.dedup();
    let s = TokenStream::new(tokens.clone());
    let vars = variables(&s, &positions, n, 2);
    let est = mean(&vars).map(fraction_value).unwrap_or(0.0);
    Exercise {
        topic: Topic::Ams,
        index,
        question: format!(
            "The stream {} has n = {n} elements. AMS variables start at positions {} (1-based): each remembers its element and counts it from there on. With X = n(2·count − 1), what is the mean of the variables' X, the estimate of the second moment?",
            shown(&tokens),
            shown(&positions)
        ),
        data: vec![("stream", query::encode_list(&tokens)), ("positions", list(&positions))],
        answer: est.to_string(),
        working: format!("Counts {}; X = {}.", shown(&vars.iter().map(|v| v.count).collect::<Vec<_>>()), shown(&vars.iter().map(|v| v.value).collect::<Vec<_>>())),
        link: query::build(&[("view", "moments".into()), ("stream", query::encode_list(&tokens)), ("positions", list(&positions)), ("step", (n + 1).to_string())]),
    }
}

/// The share of repeated queries in a sample of positions.
fn sampling(index: usize, big: usize, rng: &mut fastrand::Rng) -> Exercise {
    let s = rng.u64(1..20) * 100;
    let d = rng.u64(1..20) * 50;
    let rate = [0.1, 0.2, 0.25][big - 1];
    Exercise {
        topic: Topic::Sampling,
        index,
        question: format!(
            "A stream holds {s} queries asked once and {d} asked twice. Each position is kept in a sample with chance {rate}. Among the distinct queries in the sample, what fraction do you expect to appear twice in it?"
        ),
        data: vec![("a", s.to_string()), ("b", d.to_string()), ("rate", rate.to_string())],
        answer: repeated_in_sample(s, d, rate).to_string(),
        working: format!("d·r / (s + d(2 − r)) = {d}·{rate} / ({s} + {d}·{})", 2.0 - rate),
        link: query::build(&[("view", "sampling".into()), ("s", s.to_string()), ("d", d.to_string()), ("rate", rate.to_string()), ("step", "3".into())]),
    }
}
