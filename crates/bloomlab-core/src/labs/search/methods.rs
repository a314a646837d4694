//! The five ways to answer "have I seen this URL?" that the MLBF paper compares, each holding
//! what it really needs, with its memory counted from what it holds.

use std::collections::HashSet;

use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::MultiLayerFilter;

/// The paper's multi-layer settings: L = 4 layers of m bits each (plus the XOR layer), k = 3, and
/// m/n ≈ 4.76 bits per URL per layer (16,829,152 bits for 3,537,380 URLs).
use crate::engine::mlbf::{paper_bits_per_url, PAPER_K, PAPER_LAYERS};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    Linear,
    Binary,
    Hash,
    Bloom,
    Mlbf,
}

impl Method {
    pub const ALL: [Method; 5] = [Method::Linear, Method::Binary, Method::Hash, Method::Bloom, Method::Mlbf];

    pub fn name(self) -> &'static str {
        match self {
            Method::Linear => "linear",
            Method::Binary => "binary",
            Method::Hash => "hash",
            Method::Bloom => "bloom",
            Method::Mlbf => "mlbf",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Method::Linear => "linear search (array)",
            Method::Binary => "binary search (sorted array)",
            Method::Hash => "hash set",
            Method::Bloom => "Bloom filter",
            Method::Mlbf => "multi-layer filter",
        }
    }

    /// Whether it can answer "maybe" for something it never saw.
    pub fn approximate(self) -> bool {
        matches!(self, Method::Bloom | Method::Mlbf)
    }
}

/// An item's keys for the multi-layer filter: its first L − 1 segments (split on `/`) and the
/// rest in the last layer, "" for layers it lacks (the same keys as `url_layers::layer_keys_of`,
/// without copying).
pub fn layer_keys(item: &str, layers: usize) -> Vec<&str> {
    let mut keys = Vec::with_capacity(layers);
    let mut rest = item;
    for i in 0..layers {
        if rest.is_empty() {
            keys.push("");
        } else if i + 1 == layers {
            keys.push(rest);
            rest = "";
        } else {
            let (head, tail) = rest.split_once('/').unwrap_or((rest, ""));
            keys.push(head);
            rest = tail;
        }
    }
    keys
}

/// One structure holding n items.
pub enum Structure {
    Linear(Vec<Box<str>>),
    Binary(Vec<Box<str>>),
    Hash(HashSet<Box<str>>),
    Bloom(BloomFilter),
    Mlbf(MultiLayerFilter),
}

impl Structure {
    /// An empty structure for up to `n` items; the filters sized for `n` (the Bloom filter for
    /// rate `p`, the multi-layer filter with the paper's settings).
    pub fn new(method: Method, n: u64, p: f64) -> Structure {
        match method {
            Method::Linear => Structure::Linear(Vec::with_capacity(n as usize)),
            Method::Binary => Structure::Binary(Vec::with_capacity(n as usize)),
            Method::Hash => Structure::Hash(HashSet::with_capacity(n as usize)),
            Method::Bloom => {
                let (m, k) = crate::engine::formulas::size_for(n.max(1), p).unwrap_or((n.max(1) * 10, 7));
                Structure::Bloom(BloomFilter::new(HashFamily::Xxh3, m, k))
            }
            Method::Mlbf => {
                Structure::Mlbf(MultiLayerFilter::new(HashFamily::Xxh3, mlbf_m(n), PAPER_K, PAPER_LAYERS as usize))
            }
        }
    }

    /// Inserts one item. The sorted array keeps its order: a binary search for the place, then
    /// the rest of the array moves up by one.
    pub fn insert(&mut self, item: &str) {
        match self {
            Structure::Linear(v) => v.push(item.into()),
            Structure::Binary(v) => {
                let at = v.partition_point(|x| &**x < item);
                v.insert(at, item.into());
            }
            Structure::Hash(h) => {
                h.insert(item.into());
            }
            Structure::Bloom(f) => {
                f.insert_bytes(item.as_bytes());
            }
            Structure::Mlbf(f) => f.insert_fast(&layer_keys(item, PAPER_LAYERS as usize)),
        }
    }

    /// Takes out `items`, the last ones inserted, so the next timed round inserts them again into
    /// the same structure: the arrays drop them, the hash set removes them. A filter cannot remove
    /// an item and need not: inserting it again hashes it and sets the same bits, the same work.
    pub fn undo(&mut self, items: &[String]) {
        match self {
            Structure::Linear(v) => v.truncate(v.len().saturating_sub(items.len())),
            Structure::Binary(v) => {
                for item in items {
                    if let Ok(at) = v.binary_search_by(|x| (**x).cmp(item.as_str())) {
                        v.remove(at);
                    }
                }
            }
            Structure::Hash(h) => {
                for item in items {
                    h.remove(item.as_str());
                }
            }
            Structure::Bloom(_) | Structure::Mlbf(_) => {}
        }
    }

    pub fn contains(&self, item: &str) -> bool {
        match self {
            Structure::Linear(v) => v.iter().any(|x| &**x == item),
            Structure::Binary(v) => v.binary_search_by(|x| (**x).cmp(item)).is_ok(),
            Structure::Hash(h) => h.contains(item),
            Structure::Bloom(f) => f.contains_bytes(item.as_bytes()),
            Structure::Mlbf(f) => f.contains_fast(&layer_keys(item, PAPER_LAYERS as usize)).1,
        }
    }

    /// Bytes held: the arrays' slots (pointer and length per item, as allocated) plus the
    /// characters of every item; the hash set's buckets (one slot and one control byte each, as
    /// hashbrown lays them out) plus the characters; the filters' bit arrays.
    pub fn bytes(&self) -> u64 {
        let slot = std::mem::size_of::<Box<str>>() as u64;
        let chars = |it: &mut dyn Iterator<Item = &Box<str>>| it.map(|s| s.len() as u64).sum::<u64>();
        match self {
            Structure::Linear(v) | Structure::Binary(v) => v.capacity() as u64 * slot + chars(&mut v.iter()),
            Structure::Hash(h) => {
                let buckets = hash_buckets(h.capacity());
                buckets * (slot + 1) + 16 + chars(&mut h.iter())
            }
            Structure::Bloom(f) => f.bits().words().len() as u64 * 8,
            Structure::Mlbf(f) => (f.layer_count() as u64 + 1) * f.layer_bits(0).words().len() as u64 * 8,
        }
    }

    /// The filter's shape as (m bits, k), for filters.
    pub fn shape(&self) -> Option<(u64, u32)> {
        match self {
            Structure::Bloom(f) => Some((f.m(), f.k())),
            Structure::Mlbf(f) => Some((f.total_bits(), f.k())),
            _ => None,
        }
    }
}

/// The bits per layer of the paper-scaled multi-layer filter for n URLs.
pub fn mlbf_m(n: u64) -> u64 {
    ((paper_bits_per_url() * n.max(1) as f64).round() as u64).max(8)
}

/// hashbrown's bucket count for a set reporting `capacity`: a power of two with capacity at
/// 7/8 of it (small tables: capacity + 1 rounded up).
pub fn hash_buckets(capacity: usize) -> u64 {
    if capacity == 0 {
        0
    } else if capacity < 8 {
        (capacity as u64 + 1).next_power_of_two()
    } else {
        ((capacity as u64 * 8).div_ceil(7)).next_power_of_two()
    }
}
