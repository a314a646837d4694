//! One Bloom filter per chunk of a table (`view=chunks`, slide 4): a lookup of a value reads only
//! the chunks whose filter says "maybe"; the wasted reads are the false positives, against the
//! number the chunks' fills predict.

mod question;
#[cfg(test)]
mod tests;

use crate::data::generate::zipf_stream;
use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::lectures::model::Model;
use crate::link::notice::Notice;
use crate::link::params::{read_u64, Decimal, Declared, Text, Whole};
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::plot::{Plot, Series};
use crate::text::group_digits;

/// `rows`: rows in the table.
pub const ROWS: Whole =
    Whole { name: "rows", about: "rows in the table", min: 1, max: 1_000_000, default: 10_000, example: "5000" };
/// `chunks`: consecutive chunks the table is cut into (never more than the rows).
pub const CHUNKS: Whole = Whole {
    name: "chunks",
    about: "chunks the table is cut into, each with its own filter (at most the rows)",
    min: 1,
    max: 1_000,
    default: 20,
    example: "10",
};
/// `domain`: how many distinct values a row may hold.
pub const DOMAIN: Whole = Whole {
    name: "domain",
    about: "distinct values a row may hold (0 .. domain − 1)",
    min: 1,
    max: 1_000_000,
    default: 1_000,
    example: "500",
};
/// `skew`: the Zipf exponent of the rows' values.
pub const SKEW: Decimal = Decimal {
    name: "skew",
    about: "Zipf exponent of the rows' values (0: all equally likely)",
    min: 0.0,
    max: 3.0,
    default: 1.0,
    step: 0.1,
    example: "0.5",
};
/// `m`: bits of each chunk's filter.
pub const M: Whole =
    Whole { name: "m", about: "bits of each chunk's filter", min: 8, max: 1 << 20, default: 1_024, example: "512" };
/// `k`: hash functions of each chunk's filter.
pub const K: Whole =
    Whole { name: "k", about: "hash functions of each chunk's filter", min: 1, max: 16, default: 3, example: "2" };
/// `value`: the value looked up; its range and default follow `domain`, so it has a reader of its
/// own (`read_u64` with those bounds).
pub const VALUE: Text = Text {
    name: "value",
    about: "the value looked up",
    values: "a whole number, 0 .. domain − 1",
    default: "domain / 2",
    bad: "not a whole number: domain / 2; above domain − 1: domain − 1",
    example: "17",
    bad_example: Some("-1"),
};
/// `seed`: which table is drawn.
pub const SEED: Whole =
    Whole { name: "seed", about: "which table is drawn", min: 0, max: u64::MAX, default: 1, example: "2" };

/// The view's parameters, in the order of its reference table.
pub const PARAMS: &[&dyn Declared] = &[&ROWS, &CHUNKS, &DOMAIN, &SKEW, &M, &K, &VALUE, &SEED];

/// Lookups measured per m for the chart (at most).
pub const LOOKUPS: u64 = 2_000;

/// One chunk's answer for the value looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkAnswer {
    pub maybe: bool,
    pub holds: bool,
}

/// What a lookup's answers add up to: the chunks read, those holding the value, and those read
/// for nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LookupCounts {
    pub read: usize,
    pub holding: usize,
    pub wasted: usize,
}

impl LookupCounts {
    pub fn of(answers: &[ChunkAnswer]) -> LookupCounts {
        LookupCounts {
            read: answers.iter().filter(|a| a.maybe).count(),
            holding: answers.iter().filter(|a| a.holds).count(),
            wasted: answers.iter().filter(|a| a.maybe && !a.holds).count(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChunksLab {
    pub rows: u64,
    pub chunks: u64,
    pub domain: u64,
    pub skew: f64,
    pub m: u64,
    pub k: u32,
    pub value: u64,
    pub seed: u64,
    /// Each row's value.
    table: Vec<u32>,
}

/// The table built in chunks with their filters.
pub struct Chunked {
    pub filters: Vec<BloomFilter>,
    /// Which values each chunk holds (a bitset over the domain).
    holds: Vec<Vec<u64>>,
    pub distinct: Vec<u64>,
}

impl Chunked {
    pub fn holds(&self, c: usize, v: u64) -> bool {
        self.holds[c].get((v / 64) as usize).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Every chunk's answer for v.
    pub fn lookup(&self, v: u64) -> Vec<ChunkAnswer> {
        let key = v.to_string();
        (0..self.filters.len())
            .map(|c| ChunkAnswer { maybe: self.filters[c].contains_bytes(key.as_bytes()), holds: self.holds(c, v) })
            .collect()
    }

    /// The wasted reads a lookup of v should expect: over the chunks not holding v, each one's
    /// false-positive chance (its share of bits set)^k.
    pub fn expected_wasted(&self, v: u64) -> f64 {
        (0..self.filters.len())
            .filter(|&c| !self.holds(c, v))
            .map(|c| self.filters[c].fill_ratio().powi(self.filters[c].k() as i32))
            .fold(0.0, |a, b| a + b)
    }
}

/// The value looked up when the link names none: one from the middle of the domain, which a
/// skewed table holds in a few chunks only.
fn default_value(domain: u64) -> u64 {
    domain / 2
}

impl ChunksLab {
    /// The table split into `chunks` consecutive chunks, each with a filter of m bits.
    pub fn build(&self, m: u64) -> Chunked {
        let c = self.chunks as usize;
        let words = self.domain.div_ceil(64) as usize;
        let mut filters: Vec<BloomFilter> = (0..c).map(|_| BloomFilter::new(HashFamily::Xxh3, m, self.k)).collect();
        let mut holds = vec![vec![0u64; words]; c];
        let mut distinct = vec![0u64; c];
        for (i, &v) in self.table.iter().enumerate() {
            let chunk = i * c / self.table.len().max(1);
            let (w, b) = ((v / 64) as usize, v % 64);
            if holds[chunk][w] >> b & 1 == 0 {
                holds[chunk][w] |= 1 << b;
                distinct[chunk] += 1;
                filters[chunk].insert_bytes(v.to_string().as_bytes());
            }
        }
        Chunked { filters, holds, distinct }
    }

    /// Over many lookups (every value, or an even spread of `LOOKUPS`): wasted reads per lookup,
    /// measured and expected, for m = 64, 128, … up to 64 × the chunk's distinct values.
    pub fn sweep(&self) -> Vec<(u64, f64, f64)> {
        let lookups: Vec<u64> =
            (0..LOOKUPS.min(self.domain)).map(|i| i * self.domain / LOOKUPS.min(self.domain)).collect();
        let most = self.build(8).distinct.iter().copied().max().unwrap_or(1);
        let mut out = Vec::new();
        let mut m = 64u64;
        while m <= (most * 64).clamp(1_024, 1 << 20) {
            let t = self.build(m);
            let (mut wasted, mut expected) = (0u64, 0.0);
            for &v in &lookups {
                wasted += t.lookup(v).iter().filter(|a| a.maybe && !a.holds).count() as u64;
                expected += t.expected_wasted(v);
            }
            let n = lookups.len().max(1) as f64;
            out.push((m, wasted as f64 / n, expected / n));
            m *= 2;
        }
        out
    }

    pub fn sweep_chart(sweep: &[(u64, f64, f64)]) -> Plot {
        let lx = |m: u64| (m as f64).log2();
        let lo = sweep.first().map_or(6.0, |s| lx(s.0));
        let hi = sweep.last().map_or(16.0, |s| lx(s.0)).max(lo + 1.0);
        Plot {
            series: vec![
                Series::dots("measured", 0, sweep.iter().map(|s| (lx(s.0), s.1)).collect()),
                Series::dashed("expected from the fills", 1, sweep.iter().map(|s| (lx(s.0), s.2)).collect()),
            ],
            x_ticks_at: Some(sweep.iter().map(|s| (lx(s.0), group_digits(s.0))).collect()),
            x_log_base: Some(2.0),
            ..Plot::new("bits per chunk's filter, m (log scale)", "wasted chunk reads per lookup", (lo, hi))
        }
    }
}

/// The page has no walkthrough, no run and no edit of its own: the form's fields read it again.
/// (The sweep over m is quick enough to run once the page is drawn: `ChunksLab::sweep`.)
impl Model for ChunksLab {
    type Edit = ();
    bloomlab_link::no_runs!();
}

impl LinkState for ChunksLab {
    fn read(q: &Query) -> (ChunksLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let rows = ROWS.read(q, &mut notices);
        let chunks = CHUNKS.read(q, &mut notices).min(rows);
        let domain = DOMAIN.read(q, &mut notices);
        let skew = SKEW.read(q, &mut notices);
        let m = M.read(q, &mut notices);
        let k = K.read_u32(q, &mut notices);
        let seed = SEED.read(q, &mut notices);
        let table: Vec<u32> = zipf_stream(seed, rows, domain, skew).into_iter().map(|r| r - 1).collect();
        let value = read_u64(q.raw(VALUE.name), VALUE.name, 0, domain - 1, default_value(domain), &mut notices);
        (ChunksLab { rows, chunks, domain, skew, m, k, value, seed, table }, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let value = (self.value != default_value(self.domain)).then(|| (VALUE.name, self.value.to_string()));
        [
            ROWS.pair(self.rows),
            CHUNKS.pair(self.chunks),
            DOMAIN.pair(self.domain),
            M.pair(self.m),
            K.pair(self.k as u64),
            value,
            SEED.pair(self.seed),
            SKEW.pair(self.skew),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}
