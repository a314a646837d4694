//! Exercise sheets (`view=exercises`): seeded questions with every number needed to solve them by
//! hand, answers computed by the same core code the views use, and a link to the view that works
//! each one out.

#[cfg(test)]
mod tests;

use crate::data::url_dataset::url_segments;
use crate::data::url_layers::layer_keys_of;
use crate::engine::counting::{CountingFilter, Mode};
use crate::engine::filter::BloomFilter;
use crate::engine::formulas::{approx, optimal_k};
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::MultiLayerFilter;
use crate::labs::distinct::walkthrough::{estimate, rows};
use crate::labs::moments::ams::{fraction_value, mean, variables};
use crate::labs::moments::stream::TokenStream;
use crate::labs::sampling::theory::repeated_in_sample;
use crate::link::notice::Notice;
use crate::link::params::read_u64;
use crate::link::query::{self, Query};
use crate::link::state::{edited, LinkState};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Bloom,
    Fp,
    Counting,
    Mlbf,
    Fm,
    Ams,
    Sampling,
}

impl Topic {
    pub const ALL: [Topic; 7] =
        [Topic::Bloom, Topic::Fp, Topic::Counting, Topic::Mlbf, Topic::Fm, Topic::Ams, Topic::Sampling];
    pub fn name(self) -> &'static str {
        match self {
            Topic::Bloom => "bloom",
            Topic::Fp => "fp",
            Topic::Counting => "counting",
            Topic::Mlbf => "mlbf",
            Topic::Fm => "fm",
            Topic::Ams => "ams",
            Topic::Sampling => "sampling",
        }
    }
    pub fn parse(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.name() == s)
    }
    pub fn title(self) -> &'static str {
        match self {
            Topic::Bloom => "Inserting into a Bloom filter",
            Topic::Fp => "False positives and the best k",
            Topic::Counting => "A counting filter",
            Topic::Mlbf => "The multi-layer filter's XOR layer",
            Topic::Fm => "Flajolet–Martin",
            Topic::Ams => "The AMS estimate",
            Topic::Sampling => "Sampling by position",
        }
    }
}

/// One question: its text, the data shown (also as hook attributes), the answer and where it is
/// worked out.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    pub topic: Topic,
    pub index: usize,
    pub question: String,
    /// (attribute name without `data-`, value), e.g. ("m", "11").
    pub data: Vec<(&'static str, String)>,
    /// The final answer in plain form (a filter as its 0/1 string, numbers as numbers).
    pub answer: String,
    /// How to get there, in a sentence or two.
    pub working: String,
    /// A link (query string) to the view that shows it.
    pub link: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub topics: Vec<Topic>,
    pub count: u64,
    pub seed: u64,
    pub answers: bool,
    pub difficulty: u64,
    pub exercises: Vec<Exercise>,
    pub notices: Vec<Notice>,
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

fn shown<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

impl Sheet {
    pub fn from_query(q: &Query) -> Sheet {
        let mut notices = Vec::new();
        let topics = match q.get("topics") {
            None => Topic::ALL.to_vec(),
            Some(Ok(s)) => {
                let mut t = Vec::new();
                let mut bad = Vec::new();
                for name in s.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                    match Topic::parse(name) {
                        Some(x) if !t.contains(&x) => t.push(x),
                        Some(_) => {}
                        None => bad.push(crate::text::shorten(name, 20)),
                    }
                }
                if !bad.is_empty() {
                    notices.push(Notice::param(
                        "topics",
                        format!("topics: {} is not a topic here; left out", bad.join(", ")),
                    ));
                }
                if t.is_empty() {
                    Topic::ALL.to_vec()
                } else {
                    t
                }
            }
            Some(Err(e)) => {
                notices.push(Notice::param("topics", format!("topics {e}; using every topic")));
                Topic::ALL.to_vec()
            }
        };
        let count = read_u64(q.raw("count"), "count", 1, 50, topics.len() as u64, &mut notices);
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, 1, &mut notices);
        let answers = read_u64(q.raw("answers"), "answers", 0, 1, 0, &mut notices) == 1;
        let difficulty = read_u64(q.raw("difficulty"), "difficulty", 1, 3, 1, &mut notices);
        let mut rng = fastrand::Rng::with_seed(seed);
        let exercises = (0..count as usize).map(|i| make(topics[i % topics.len()], i, difficulty, &mut rng)).collect();
        Sheet { topics, count, seed, answers, difficulty, exercises, notices }
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if self.topics != Topic::ALL {
            p.push(("topics", self.topics.iter().map(|t| t.name()).collect::<Vec<_>>().join(",")));
        }
        if self.count != self.topics.len() as u64 {
            p.push(("count", self.count.to_string()));
        }
        if self.seed != 1 {
            p.push(("seed", self.seed.to_string()));
        }
        if self.answers {
            p.push(("answers", "1".into()));
        }
        if self.difficulty != 1 {
            p.push(("difficulty", self.difficulty.to_string()));
        }
        p
    }
}

impl Sheet {
    /// The sheet with topic `t` added or taken out (the last topic stays); the count of questions
    /// stays as it is.
    pub fn with_topic_toggled(&self, t: Topic) -> (Sheet, Vec<Notice>) {
        let mut topics = self.topics.clone();
        if let Some(i) = topics.iter().position(|x| *x == t) {
            if topics.len() > 1 {
                topics.remove(i);
            }
        } else {
            topics.push(t);
            topics.sort_by_key(|x| Topic::ALL.iter().position(|y| y == x));
        }
        let names = topics.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
        self.with_fields(&[("topics", &names)])
    }
}

impl LinkState for Sheet {
    fn read(q: &Query) -> (Sheet, Vec<Notice>) {
        let sheet = Sheet::from_query(q);
        let notices = sheet.notices.clone();
        (sheet, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        Sheet::query_pairs(self)
    }
    /// Every edit but the count's keeps the number of questions (its default follows the topics).
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (Sheet, Vec<Notice>) {
        let mut raw = raw.to_vec();
        if !raw.iter().any(|(k, _)| *k == "count") {
            raw.push(("count", Some(self.count.to_string())));
        }
        Sheet::read(&edited(Sheet::query_pairs(self), &raw))
    }
}

fn make(topic: Topic, index: usize, level: u64, rng: &mut fastrand::Rng) -> Exercise {
    let big = level as usize;
    match topic {
        Topic::Bloom => {
            let m = [11, 13, 16][big - 1];
            let items: Vec<u64> = (0..2 + big).map(|_| rng.u64(8..1_000)).collect();
            let mut f = BloomFilter::new(HashFamily::Ullman, m, 2);
            for x in &items {
                let _ = f.insert(&x.to_string());
            }
            Exercise {
                topic,
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
        Topic::Fp => {
            let m = [1_000u64, 8_000, 100_000][big - 1] * rng.u64(1..=9);
            let n = m / rng.u64(5..=16);
            let k = optimal_k(m, n, 64);
            let p = approx(m, n, k);
            Exercise {
                topic,
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
        Topic::Counting => {
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
                topic,
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
        Topic::Mlbf => {
            let (m, k, layers) = ([16u64, 32, 64][big - 1], 2, 3);
            let mut seg = Vec::new();
            url_segments(rng.u64(..), 0, rng.u64(..1000), &mut seg);
            let keys = layer_keys_of(&seg, layers);
            let mut f = MultiLayerFilter::new(HashFamily::Xxh3, m, k, layers);
            let t = f.insert(&keys);
            let per_layer: Vec<String> = t
                .layers
                .iter()
                .map(|l| format!("layer {}: {}", l.layer, l.positions_csv().replace(',', ", ")))
                .collect();
            let url = seg.join("/");
            Exercise {
                topic,
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
        Topic::Fm => {
            let w = [5u32, 6, 8][big - 1];
            let stream: Vec<u64> = (0..6 + 2 * big).map(|_| rng.u64(0..20)).collect();
            let (a, b) = (2 * rng.u64(0..8) + 1, rng.u64(0..16));
            let r = rows(&stream, &[(a, b)], w);
            let last = r[0].last().map_or(0, |x| x.r);
            Exercise {
                topic,
                index,
                question: format!(
                    "The stream {} is hashed by h(x) = ({a}x + {b}) mod 2^{w}. Write each h(x) in {w} binary digits and count its trailing 0s (its tail length). What is the largest tail R, and what does Flajolet–Martin estimate, 2^R?",
                    shown(&stream)
                ),
                data: vec![("stream", list(&stream)), ("a", a.to_string()), ("b", b.to_string()), ("w", w.to_string())],
                answer: estimate(last).to_string(),
                working: format!("Tail lengths: {}; R = {last}.", shown(&r[0].iter().map(|x| x.tail).collect::<Vec<_>>())),
                link: query::build(&[("view", "distinct".into()), ("stream", list(&stream)), ("hashes", format!("{a}:{b}")), ("w", w.to_string())]),
            }
        }
        Topic::Ams => {
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
                topic,
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
        Topic::Sampling => {
            let s = rng.u64(1..20) * 100;
            let d = rng.u64(1..20) * 50;
            let rate = [0.1, 0.2, 0.25][big - 1];
            Exercise {
                topic,
                index,
                question: format!(
                    "A stream holds {s} queries asked once and {d} asked twice. Each position is kept in a sample with chance {rate}. What fraction of the queries in the sample appear twice in it?"
                ),
                data: vec![("a", s.to_string()), ("b", d.to_string())],
                answer: repeated_in_sample(s, d, rate).to_string(),
                working: format!("d·r / (s + d(2 − r)) = {d}·{rate} / ({s} + {d}·{})", 2.0 - rate),
                link: query::build(&[("view", "sampling".into()), ("s", s.to_string()), ("d", d.to_string()), ("rate", rate.to_string()), ("step", "3".into())]),
            }
        }
    }
}
