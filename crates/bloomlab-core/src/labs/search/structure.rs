//! The structures compared, each holding n items of the run's URLs (`Urls`, kept once) by their
//! numbers: the arrays and the hash set keep their own order and table of item numbers and
//! compare the URLs' characters where they are kept; the filters keep only their bits. What a
//! lookup does is what it does on structures owning their strings: compare strings (the arrays),
//! hash the string and compare it with the items in its bucket (the hash set), hash the string and
//! probe bits (the filters).

use std::hash::{BuildHasher, RandomState};
use std::ops::Range;

use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

use super::methods::{layer_keys, mlbf_m, Method};
use super::urls::Urls;
use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::MultiLayerFilter;
/// The paper's multi-layer settings: L = 4 layers of m bits each (plus the XOR layer), k = 3, and
/// m/n ≈ 4.76 bits per URL per layer (16,829,152 bits for 3,537,380 URLs).
use crate::engine::mlbf::{PAPER_K, PAPER_LAYERS};

/// An item number in `Urls`: four bytes, where a string of its own takes a pointer and a length.
pub type Item = u32;

/// One structure holding n items.
pub enum Structure {
    /// The items in the order they came.
    Linear(Vec<Item>),
    /// The items in the order of their URLs.
    Binary(Vec<Item>),
    /// A hash table of items, hashed and compared by their URLs with the standard library's
    /// hasher (SipHash with random keys, as `HashSet<String>` does); hashbrown's table is the
    /// standard library's `HashSet` itself, holding item numbers instead of strings.
    Hash(HashTable<Item>, RandomState),
    Bloom(BloomFilter),
    Mlbf(MultiLayerFilter),
}

impl Structure {
    /// An empty structure with room for n items; the Bloom filter sized for the rate p.
    pub fn new(method: Method, n: u64, p: f64) -> Structure {
        match method {
            Method::Linear => Structure::Linear(Vec::with_capacity(n as usize)),
            Method::Binary => Structure::Binary(Vec::with_capacity(n as usize)),
            Method::Hash => Structure::Hash(HashTable::with_capacity(n as usize), RandomState::new()),
            Method::Bloom => {
                let (m, k) = crate::engine::formulas::size_for(n.max(1), p).unwrap_or((n.max(1) * 10, 7));
                Structure::Bloom(BloomFilter::new(HashFamily::Xxh3, m, k))
            }
            Method::Mlbf => {
                Structure::Mlbf(MultiLayerFilter::new(HashFamily::Xxh3, mlbf_m(n), PAPER_K, PAPER_LAYERS as usize))
            }
        }
    }

    /// The sorted array, from items already in the order of their URLs (`Sorter`), with room
    /// for n in all.
    pub fn sorted(mut order: Vec<Item>, n: u64) -> Structure {
        order.reserve_exact((n as usize).saturating_sub(order.len()));
        Structure::Binary(order)
    }

    /// Inserts item `i` of `urls`. The sorted array keeps its order: a binary search for the
    /// place, then the rest of the array moves up by one.
    pub fn insert(&mut self, urls: &Urls, i: Item) {
        let item = urls.get(i);
        let bytes = item.as_bytes();
        match self {
            Structure::Linear(v) => v.push(i),
            Structure::Binary(v) => {
                let at = v.partition_point(|&x| urls.bytes_of(x) < bytes);
                v.insert(at, i);
            }
            Structure::Hash(h, state) => {
                let hash = state.hash_one(item);
                let same = |&x: &Item| urls.bytes_of(x) == bytes;
                if let Entry::Vacant(slot) = h.entry(hash, same, |&x| state.hash_one(urls.get(x))) {
                    slot.insert(i);
                }
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
    pub fn undo(&mut self, urls: &Urls, items: Range<Item>) {
        match self {
            Structure::Linear(v) => v.truncate(v.len().saturating_sub(items.len())),
            Structure::Binary(v) => {
                for i in items {
                    let item = urls.bytes_of(i);
                    if let Ok(at) = v.binary_search_by(|&x| urls.bytes_of(x).cmp(item)) {
                        v.remove(at);
                    }
                }
            }
            Structure::Hash(h, state) => {
                for i in items {
                    let (item, bytes) = (urls.get(i), urls.bytes_of(i));
                    if let Ok(found) = h.find_entry(state.hash_one(item), |&x| urls.bytes_of(x) == bytes) {
                        found.remove();
                    }
                }
            }
            Structure::Bloom(_) | Structure::Mlbf(_) => {}
        }
    }

    /// Whether `item` is in (the filters: maybe in).
    pub fn contains(&self, urls: &Urls, item: &str) -> bool {
        let bytes = item.as_bytes();
        match self {
            Structure::Linear(v) => v.iter().any(|&x| urls.bytes_of(x) == bytes),
            Structure::Binary(v) => v.binary_search_by(|&x| urls.bytes_of(x).cmp(bytes)).is_ok(),
            Structure::Hash(h, state) => h.find(state.hash_one(item), |&x| urls.bytes_of(x) == bytes).is_some(),
            Structure::Bloom(f) => f.contains_bytes(item.as_bytes()),
            Structure::Mlbf(f) => f.contains_fast(&layer_keys(item, PAPER_LAYERS as usize)).1,
        }
    }

    /// Bytes the structure itself holds, as allocated: the arrays' item numbers, the hash
    /// table's buckets and control bytes, the filters' bit arrays.
    pub fn own_bytes(&self) -> u64 {
        let slot = std::mem::size_of::<Item>() as u64;
        match self {
            Structure::Linear(v) | Structure::Binary(v) => v.capacity() as u64 * slot,
            Structure::Hash(h, _) => h.allocation_size() as u64,
            Structure::Bloom(f) => f.bits().words().len() as u64 * 8,
            Structure::Mlbf(f) => (f.layer_count() as u64 + 1) * f.layer_bits(0).words().len() as u64 * 8,
        }
    }

    /// The memory the page shows: what the structure holds plus, for the exact ones, the
    /// characters of every URL in it. They are kept once for all the structures here, but each
    /// exact structure needs them (it answers by comparing them), so each counts them; a filter
    /// needs none.
    pub fn bytes(&self, urls: &Urls) -> u64 {
        let chars = |it: &mut dyn Iterator<Item = &Item>| it.map(|&i| urls.len_of(i)).sum::<u64>();
        self.own_bytes()
            + match self {
                Structure::Linear(v) | Structure::Binary(v) => chars(&mut v.iter()),
                Structure::Hash(h, _) => chars(&mut h.iter()),
                Structure::Bloom(_) | Structure::Mlbf(_) => 0,
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
