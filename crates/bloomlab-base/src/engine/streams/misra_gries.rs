//! Misra and Gries's frequent items (1982) with k counters, deterministic.
//!
//! An arriving item that has a counter adds 1 to it; one that has none takes a free counter with
//! count 1; when all k counters are taken, it takes none, and instead every counter loses 1
//! (those reaching 0 are freed). Each such decrement step takes k + 1 arrivals' worth of count
//! away (the k counters' ones and the arriving item's), so it happens at most N/(k+1) times in N
//! arrivals: every count is below its item's true count by at most the number of decrement steps,
//! hence by at most N/(k+1), and an item with more than N/(k+1) occurrences always has a counter.
//!
//! The counters are kept in the order their items took them (the oldest first); freeing counters
//! keeps the others' order, and a new item's counter goes last.

use super::Slots;

/// What one arrival did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MgEvent {
    /// The item had a counter: it went up by 1.
    Counted,
    /// The item took a free counter, with count 1.
    Added,
    /// No counter was free: every counter lost 1, and these items' counters reached 0 and were
    /// freed (the arriving item took none).
    Decremented { freed: Vec<u32> },
}

/// The Misra–Gries summary with k counters, of items named by `u32` ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisraGries {
    k: usize,
    counters: Vec<(u32, u64)>,
    index: Slots,
    n: u64,
    decrements: u64,
}

impl MisraGries {
    /// An empty summary with `k` counters (at least 1).
    pub fn new(k: usize) -> MisraGries {
        MisraGries { k: k.max(1), counters: Vec::new(), index: Slots::new(), n: 0, decrements: 0 }
    }

    /// A summary holding `counters` (item, count; counts of 0 and items past the k-th are left
    /// out) after `n` arrivals: counters written down elsewhere (by a student), to go on from.
    pub fn with_counters(k: usize, counters: &[(u32, u64)], n: u64) -> MisraGries {
        let mut s = MisraGries::new(k);
        for &(item, count) in counters.iter().filter(|c| c.1 > 0) {
            if s.counters.len() < s.k && !s.index.contains_key(&u64::from(item)) {
                s.index.insert(u64::from(item), s.counters.len());
                s.counters.push((item, count));
            }
        }
        s.n = n;
        s
    }

    pub fn k(&self) -> usize {
        self.k
    }
    /// Arrivals so far (N).
    pub fn n(&self) -> u64 {
        self.n
    }
    /// The decrement steps so far: every count is low by at most this many.
    pub fn decrements(&self) -> u64 {
        self.decrements
    }
    /// The guarantee's slack N/(k+1): no count is lower than its true count by more.
    pub fn slack(&self) -> f64 {
        self.n as f64 / (self.k as f64 + 1.0)
    }
    /// The counters as (item, count), in the order they are kept.
    pub fn counters(&self) -> &[(u32, u64)] {
        &self.counters
    }
    /// The item's count (0 without a counter).
    pub fn count(&self, item: u32) -> u64 {
        self.index.get(&u64::from(item)).and_then(|&i| self.counters.get(i)).map_or(0, |c| c.1)
    }

    /// One arrival of `item`.
    pub fn push(&mut self, item: u32) -> MgEvent {
        self.n = self.n.saturating_add(1);
        if let Some(c) = self.index.get(&u64::from(item)).and_then(|&i| self.counters.get_mut(i)) {
            c.1 = c.1.saturating_add(1);
            return MgEvent::Counted;
        }
        if self.counters.len() < self.k {
            self.index.insert(u64::from(item), self.counters.len());
            self.counters.push((item, 1));
            return MgEvent::Added;
        }
        self.decrements += 1;
        let mut freed = Vec::new();
        for c in &mut self.counters {
            c.1 = c.1.saturating_sub(1);
            if c.1 == 0 {
                freed.push(c.0);
            }
        }
        if !freed.is_empty() {
            self.counters.retain(|c| c.1 > 0);
            self.index = self.counters.iter().enumerate().map(|(i, c)| (u64::from(c.0), i)).collect();
        }
        MgEvent::Decremented { freed }
    }
}
