//! One Bloom filter per chunk of a table (`view=chunks`, slide 4): a lookup of a value reads only
//! the chunks whose filter says "maybe"; the wasted reads are the false positives, against the
//! number the chunks' fills predict.

#[cfg(test)]
mod tests;

use crate::data::generate::zipf_stream;
use crate::draw::plot::{Plot, Series};
use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::link::notice::Notice;
use crate::link::params::{read_f64, read_u64};
use crate::link::query::Query;
use crate::text::group_digits;

pub const DEFAULT_ROWS: u64 = 10_000;
pub const DEFAULT_CHUNKS: u64 = 20;
pub const DEFAULT_DOMAIN: u64 = 1_000;
pub const DEFAULT_M: u64 = 1_024;
pub const DEFAULT_K: u32 = 3;
pub const DEFAULT_SKEW: f64 = 1.0;
pub const DEFAULT_SEED: u64 = 1;
/// Lookups measured per m for the chart (at most).
pub const LOOKUPS: u64 = 2_000;

/// One chunk's answer for the value looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkAnswer {
    pub maybe: bool,
    pub holds: bool,
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
    pub notices: Vec<Notice>,
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

impl ChunksLab {
    pub fn from_query(q: &Query) -> ChunksLab {
        let mut notices = Vec::new();
        let rows = read_u64(q.raw("rows"), "rows", 1, 1_000_000, DEFAULT_ROWS, &mut notices);
        let chunks = read_u64(q.raw("chunks"), "chunks", 1, 1_000, DEFAULT_CHUNKS, &mut notices).min(rows);
        let domain = read_u64(q.raw("domain"), "domain", 1, 1_000_000, DEFAULT_DOMAIN, &mut notices);
        let skew = read_f64(q.raw("skew"), "skew", 0.0, 3.0, DEFAULT_SKEW, &mut notices);
        let m = read_u64(q.raw("m"), "m", 8, 1 << 20, DEFAULT_M, &mut notices);
        let k = read_u64(q.raw("k"), "k", 1, 16, DEFAULT_K as u64, &mut notices) as u32;
        let seed = read_u64(q.raw("seed"), "seed", 0, u64::MAX, DEFAULT_SEED, &mut notices);
        let table: Vec<u32> = zipf_stream(seed, rows, domain, skew).into_iter().map(|r| r - 1).collect();
        // The default value: one from the middle of the domain, which a skewed table holds in a few
        // chunks only.
        let default_value = domain / 2;
        let value = read_u64(q.raw("value"), "value", 0, domain - 1, default_value, &mut notices);
        ChunksLab { rows, chunks, domain, skew, m, k, value, seed, notices, table }
    }

    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        for (name, v, d) in [
            ("rows", self.rows, DEFAULT_ROWS),
            ("chunks", self.chunks, DEFAULT_CHUNKS),
            ("domain", self.domain, DEFAULT_DOMAIN),
            ("m", self.m, DEFAULT_M),
            ("k", self.k as u64, DEFAULT_K as u64),
            ("value", self.value, self.domain / 2),
            ("seed", self.seed, DEFAULT_SEED),
        ] {
            if v != d {
                p.push((name, v.to_string()));
            }
        }
        if self.skew != DEFAULT_SKEW {
            p.push(("skew", self.skew.to_string()));
        }
        p
    }

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

impl crate::link::state::LinkState for ChunksLab {
    fn read(q: &Query) -> (ChunksLab, Vec<Notice>) {
        let lab = ChunksLab::from_query(q);
        let notices = lab.notices.clone();
        (lab, notices)
    }
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        ChunksLab::query_pairs(self)
    }
}

/// The parameters this view reads from its link, declared once (`link::params::declare`); empty
/// until the view is declared (`tests/declared.rs` lists it as pending).
pub const PARAMS: &[&dyn crate::link::params::Declared] = &[];
