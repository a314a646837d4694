//! SpaceSaving (Metwally, Agrawal and El Abbadi, 2005) with k counters, deterministic.
//!
//! An arriving item with a counter adds 1 to it; one without takes a free counter with count 1
//! and error 0; when all k are taken, it takes over a counter with the smallest count m: the
//! count becomes m + 1 and the error m (the most of that count the item may not own). Every
//! count is at least its item's true count and at most its error above it; the counts add up to
//! N, so the smallest is at most N/k, and an item occurring more often than that always has a
//! counter.
//!
//! The counters are kept sorted by count, largest first, as the paper's Stream-Summary keeps
//! them; among equal counts the one that reached its count first is first. The counter taken
//! over is the last one: a smallest count, the latest to reach it. The list is linked through
//! a table of nodes, with the first node of each count at hand, so an arrival costs O(1).

use super::Slots;

const NIL: usize = usize::MAX;

/// What one arrival did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SsEvent {
    /// The item had a counter: it went up by 1.
    Counted,
    /// The item took a free counter.
    Added,
    /// The item took over the counter of `evicted`, whose count was `min`.
    Replaced { evicted: u32, min: u64 },
}

/// One counter: its item, count and error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SsCounter {
    pub item: u32,
    pub count: u64,
    pub error: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    counter: SsCounter,
    prev: usize,
    next: usize,
}

/// The SpaceSaving summary with k counters, of items named by `u32` ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceSaving {
    k: usize,
    nodes: Vec<Node>,
    head: usize,
    tail: usize,
    index: Slots,
    /// The first node (in list order) of each count present.
    first: Slots,
    n: u64,
}

impl SpaceSaving {
    /// An empty summary with `k` counters (at least 1).
    pub fn new(k: usize) -> SpaceSaving {
        let k = k.max(1);
        SpaceSaving { k, nodes: Vec::new(), head: NIL, tail: NIL, index: Slots::new(), first: Slots::new(), n: 0 }
    }

    pub fn k(&self) -> usize {
        self.k
    }
    /// Arrivals so far (N).
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The counters in the order they are kept (largest count first).
    pub fn counters(&self) -> Vec<SsCounter> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut at = self.head;
        while let Some(node) = self.nodes.get(at) {
            out.push(node.counter);
            at = node.next;
        }
        out
    }

    /// The item's counter, if it has one.
    pub fn counter(&self, item: u32) -> Option<SsCounter> {
        self.index.get(&u64::from(item)).and_then(|&i| self.nodes.get(i)).map(|n| n.counter)
    }

    /// The smallest count (0 while a counter is free): no item without a counter occurs more often.
    pub fn min_count(&self) -> u64 {
        if self.nodes.len() < self.k {
            return 0;
        }
        self.nodes.get(self.tail).map_or(0, |n| n.counter.count)
    }

    /// One arrival of `item`.
    pub fn push(&mut self, item: u32) -> SsEvent {
        self.n = self.n.saturating_add(1);
        if let Some(&at) = self.index.get(&u64::from(item)) {
            self.bump(at);
            return SsEvent::Counted;
        }
        if self.nodes.len() < self.k {
            self.append(item);
            return SsEvent::Added;
        }
        let at = self.tail;
        let Some(node) = self.nodes.get_mut(at) else { return SsEvent::Added };
        let (evicted, min) = (node.counter.item, node.counter.count);
        node.counter.item = item;
        node.counter.error = min;
        self.index.remove(&u64::from(evicted));
        self.index.insert(u64::from(item), at);
        self.bump(at);
        SsEvent::Replaced { evicted, min }
    }

    /// A new counter with count 1 at the end of the list (count 1 is the smallest there is).
    fn append(&mut self, item: u32) {
        let at = self.nodes.len();
        self.nodes.push(Node { counter: SsCounter { item, count: 1, error: 0 }, prev: self.tail, next: NIL });
        match self.nodes.get_mut(self.tail) {
            Some(last) => last.next = at,
            None => self.head = at,
        }
        self.tail = at;
        self.index.insert(u64::from(item), at);
        self.first.entry(1).or_insert(at);
    }

    /// Adds 1 to node `at`'s count and moves it to the end of the nodes with its new count, which
    /// is just before the first other node with its old count.
    fn bump(&mut self, at: usize) {
        let Some(c) = self.nodes.get(at).map(|n| n.counter.count) else { return };
        let Some(&first) = self.first.get(&c) else { return };
        if first == at {
            let next = self.nodes[at].next;
            match self.nodes.get(next) {
                Some(n) if n.counter.count == c => self.first.insert(c, next),
                _ => self.first.remove(&c),
            };
        } else {
            self.unlink(at);
            self.link_before(at, first);
        }
        let up = c.saturating_add(1);
        self.nodes[at].counter.count = up;
        self.first.entry(up).or_insert(at);
    }

    fn unlink(&mut self, at: usize) {
        let (prev, next) = (self.nodes[at].prev, self.nodes[at].next);
        match self.nodes.get_mut(prev) {
            Some(p) => p.next = next,
            None => self.head = next,
        }
        match self.nodes.get_mut(next) {
            Some(n) => n.prev = prev,
            None => self.tail = prev,
        }
    }

    fn link_before(&mut self, at: usize, before: usize) {
        let prev = self.nodes[before].prev;
        self.nodes[at].prev = prev;
        self.nodes[at].next = before;
        self.nodes[before].prev = at;
        match self.nodes.get_mut(prev) {
            Some(p) => p.next = at,
            None => self.head = at,
        }
    }
}
