//! The stream the sketches are fed: each arrival an item id, with the items' names (what is
//! hashed, as UTF-8 bytes) and their true counts.

use std::collections::HashMap;

use super::params::UNIVERSE;
use crate::data::generate::{item, ItemKind, ZipfDraws};

/// A stream of item ids, with their names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stream {
    /// Item id i is `names[i]`.
    names: Vec<String>,
    /// The arrivals, in order.
    ids: Vec<u32>,
    /// The true count of each id.
    truth: Vec<u64>,
    /// The id of each name.
    index: HashMap<String, u32>,
}

impl Stream {
    /// The typed stream `items`, in order: each distinct item gets the next id at its first
    /// arrival.
    pub fn typed<S: AsRef<str>>(items: &[S]) -> Stream {
        let mut s = Stream::default();
        for x in items {
            let x = x.as_ref();
            let id = match s.index.get(x) {
                Some(&id) => id,
                None => {
                    let id = s.names.len() as u32;
                    s.names.push(x.to_string());
                    s.truth.push(0);
                    s.index.insert(x.to_string(), id);
                    id
                }
            };
            s.push(id);
        }
        s
    }

    /// `length` draws from Zipf(`UNIVERSE`, `exponent`) seeded by `seed`: rank r is the
    /// generated word number r − 1 of the batch with that seed (id r − 1).
    pub fn zipf(seed: u64, length: u64, exponent: f64) -> Stream {
        let mut s = Stream::zipf_words(seed);
        let mut draws = ZipfDraws::new(seed, UNIVERSE, exponent);
        s.ids.reserve(length as usize);
        for _ in 0..length {
            s.push_rank(draws.next_rank());
        }
        s
    }

    /// The words a Zipf stream with `seed` draws from, none drawn yet (`push_rank` adds them).
    pub fn zipf_words(seed: u64) -> Stream {
        let names: Vec<String> = (0..UNIVERSE).map(|i| item(ItemKind::Words, seed, i)).collect();
        let index = names.iter().enumerate().map(|(i, n)| (n.clone(), i as u32)).collect();
        Stream { truth: vec![0; names.len()], names, ids: Vec::new(), index }
    }

    /// One more arrival: the Zipf rank `rank` (1-based), item id `rank − 1`.
    pub fn push_rank(&mut self, rank: u32) {
        self.push(rank.saturating_sub(1));
    }

    /// A stream of ids into `names` (a file's distinct items and its sequence of them); ids past
    /// the names are left out.
    pub fn from_ids(names: Vec<String>, ids: &[u32]) -> Stream {
        let index = names.iter().enumerate().map(|(i, n)| (n.clone(), i as u32)).collect();
        let mut s = Stream { truth: vec![0; names.len()], names, ids: Vec::with_capacity(ids.len()), index };
        for &id in ids {
            s.push(id);
        }
        s
    }

    fn push(&mut self, id: u32) {
        if let Some(t) = self.truth.get_mut(id as usize) {
            *t += 1;
            self.ids.push(id);
        }
    }

    /// Arrivals (N).
    pub fn len(&self) -> usize {
        self.ids.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
    /// The arrivals' ids, in order.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }
    /// Every item's name, by id (a Zipf stream names its whole universe).
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// The name of id `id` (empty for an unknown id).
    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", String::as_str)
    }
    /// The id of the item named `name`, if the stream knows it.
    pub fn id(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }
    /// The true count of id `id`.
    pub fn count(&self, id: u32) -> u64 {
        self.truth.get(id as usize).copied().unwrap_or(0)
    }
    /// The true count of the item named `name` (0 for an item not in the stream).
    pub fn count_of(&self, name: &str) -> u64 {
        self.id(name).map_or(0, |id| self.count(id))
    }
    /// The true counts, by id.
    pub fn counts(&self) -> &[u64] {
        &self.truth
    }
    /// Items that arrive at least once.
    pub fn distinct(&self) -> usize {
        self.truth.iter().filter(|&&c| c > 0).count()
    }
    /// The ids that arrive, most frequent first (ties by id).
    pub fn ids_by_count(&self) -> Vec<u32> {
        most_frequent_first(
            self.truth.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(i, &c)| (c, i as u32)).collect(),
        )
    }
}

/// The ids of `(count, id)` pairs, most frequent first, ties by id. The view's one sort of counts:
/// each `sort_by_key` with its own key compiles its own copy of the sort (about 4 KB of wasm each).
pub fn most_frequent_first(mut pairs: Vec<(u64, u32)>) -> Vec<u32> {
    pairs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    pairs.into_iter().map(|(_, id)| id).collect()
}
