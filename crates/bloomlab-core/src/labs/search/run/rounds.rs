//! The comparison run's rounds at one size: the warm-up pass, then timed inserts and lookups in
//! rotated order, each block long enough for the clock, and the inserts taken out again.

use super::*;
use crate::engine::timing::{rotation, time_block};

impl SearchRun {
    /// The method whose turn it is.
    pub(super) fn current(&self) -> usize {
        rotation(self.slots.len(), self.round)[self.turn]
    }

    /// The first task of the current turn: a sample structure is brought back to n − s items
    /// before each timed round's inserts.
    pub(super) fn start_task(&mut self) {
        self.phase = Phase::Round;
        self.at = 0;
        self.acc = Block::default();
        let slot = &self.slots[self.current()];
        self.task = if self.round > 0 && !slot.full(self.n()) { Task::Undo } else { Task::Insert };
    }

    pub(super) fn round_step(&mut self, left: u64, now: &dyn Fn() -> f64) {
        match self.task {
            Task::Undo => self.undo(left),
            // The warm-up: one untimed pass (which counts), then, where that pass may be short, one
            // block like a round's, not recorded, so the code is hot before any round.
            Task::Insert if self.round == 0 => {
                let slot = &self.slots[self.current()];
                if self.at >= slot.s && slot.full(self.n()) {
                    self.timed_insert(now, false);
                } else {
                    self.warm_insert(left);
                }
            }
            Task::Insert => self.timed_insert(now, true),
            Task::Members | Task::NonMembers if self.round == 0 => {
                if self.at >= self.sample().0 {
                    self.timed_query(now, false);
                } else {
                    self.warm_query(left);
                }
            }
            Task::Members | Task::NonMembers => self.timed_query(now, true),
        }
    }

    /// The current task is over: the next one, the next method, the next round or the next size.
    pub(super) fn next_task(&mut self) {
        let n = self.n();
        let i = self.current();
        self.done_units += task_units(self.slots[i].method, n, self.queries, self.task);
        self.at = 0;
        self.acc = Block::default();
        self.task = match self.task {
            Task::Undo => Task::Insert,
            Task::Insert => Task::Members,
            Task::Members => Task::NonMembers,
            Task::NonMembers => {
                self.turn += 1;
                if self.turn == self.slots.len() {
                    self.turn = 0;
                    self.round += 1;
                }
                if self.round > ROUNDS {
                    self.finish_level();
                } else {
                    self.start_task();
                }
                return;
            }
        };
    }

    /// Takes the last s items out again (untimed), a slice at a time from the end.
    pub(super) fn undo(&mut self, left: u64) {
        let n = self.n();
        let i = self.current();
        let slot = &mut self.slots[i];
        // Taking one out of the sorted array moves half of it: as many units as inserting.
        let cost = if slot.method == Method::Binary { 1 + n / 3_000 } else { 1 };
        let count = (left * 4 / cost).max(1).min(slot.s - self.at);
        let end = (n - self.at) as Item;
        slot.structure.as_mut().expect("loaded").undo(&self.urls, end - count as Item..end);
        self.at += count;
        if self.at >= slot.s {
            self.next_task();
        }
    }

    /// The warm-up's inserts (untimed): the sample into the loaded structure (as long as a
    /// round's), or a whole structure from empty (the warm-up's block follows).
    pub(super) fn warm_insert(&mut self, left: u64) {
        let n = self.n();
        let i = self.current();
        if self.at == 0 && self.slots[i].full(n) {
            // The old structure goes first: never two at once.
            self.slots[i].structure = None;
            self.slots[i].structure = Some(Structure::new(self.slots[i].method, n, self.p));
        }
        let slot = &mut self.slots[i];
        let count = left.min(slot.s - self.at);
        let from = n - slot.s + self.at;
        let s = slot.structure.as_mut().expect("loaded");
        for i in from..from + count {
            s.insert(&self.urls, i as Item);
        }
        self.at += count;
        if self.at >= slot.s && !slot.full(n) {
            self.next_task();
        }
    }

    /// One round's timed inserts, one block: whole structures built from empty until the block
    /// lasts long enough, or the last s inserts (a sample that came out shorter than the block
    /// must last grows and the round is timed again).
    pub(super) fn timed_insert(&mut self, now: &dyn Fn() -> f64, record: bool) {
        let n = self.n();
        let i = self.current();
        let (method, p, min_ms) = (self.slots[i].method, self.p, self.min_block_ms);
        let urls = &self.urls;
        if self.slots[i].full(n) {
            // The structure before goes first; the builds are kept until the block is over (no
            // freeing is timed), then all but the last go at once (item numbers and bits: one
            // allocation each).
            self.slots[i].structure = None;
            let mut built: Vec<Structure> = Vec::new();
            let block = time_block(now, min_ms, |count| {
                for _ in 0..count {
                    let mut s = Structure::new(method, n, p);
                    for item in 0..n as Item {
                        s.insert(urls, item);
                    }
                    built.push(s);
                }
            });
            self.slots[i].structure = built.pop();
            if record {
                self.slots[i].inserts.push(block.ms * 1e6 / (block.ops * n).max(1) as f64);
            }
            self.next_task();
            return;
        }
        let slot = &mut self.slots[i];
        let s = slot.structure.as_mut().expect("loaded");
        let t0 = now();
        for item in (n - slot.s) as Item..n as Item {
            s.insert(urls, item);
        }
        let ms = now() - t0;
        let limit = if method == Method::Binary && n > BINARY_FULL { n / 2 } else { n };
        if ms < min_ms && slot.s < limit && slot.retries < 8 {
            // Too short to trust: a larger sample, timed again.
            slot.retries += 1;
            slot.s = (slot.s * 2).min(limit);
            if slot.s >= n / 4 * 3 && limit == n {
                slot.s = n;
                self.task = Task::Insert;
            } else {
                self.task = Task::Undo;
            }
            self.at = 0;
            return;
        }
        slot.retries = 0;
        slot.inserts.push(ms * 1e6 / slot.s.max(1) as f64);
        self.next_task();
    }

    /// The size of the current lookup task's sample, and whether it asks members.
    pub(super) fn sample(&self) -> (u64, bool) {
        let slot = &self.slots[self.current()];
        let members = self.task == Task::Members;
        (if members { slot.queries } else { slot.queries.min(self.probes() as u64) }, members)
    }

    /// The sample's j-th query: members spread evenly over the n inserted (the middle of each
    /// q-th, so even 2 queries scan half the array on average), or the j-th probe.
    pub(super) fn query_item(&self, members: bool, q: u64, j: u64) -> &str {
        let n = self.n();
        let i = if members { (2 * j + 1) * n / (2 * q.max(1)) } else { self.probe_start as u64 + j };
        self.urls.get(i as Item)
    }

    /// The warm-up's lookups (untimed), counting missed members and false positives; the
    /// warm-up's block follows.
    pub(super) fn warm_query(&mut self, left: u64) {
        let (q, members) = self.sample();
        let i = self.current();
        let n = self.n();
        let cost = if self.slots[i].method == Method::Linear { 1 + n / 100 } else { 1 };
        let count = (left / cost).max(1).min(q - self.at.min(q));
        let s = self.slots[i].structure.as_ref().expect("loaded");
        let hits = (self.at..self.at + count)
            .filter(|&j| s.contains(&self.urls, self.query_item(members, q, j)))
            .count() as u64;
        let slot = &mut self.slots[i];
        if members {
            slot.missed += count - hits;
        } else {
            slot.fp += hits;
        }
        self.at += count;
    }

    /// One timed block of lookups, going round the sample; the round ends once the blocks have
    /// asked the whole sample.
    pub(super) fn timed_query(&mut self, now: &dyn Fn() -> f64, record: bool) {
        let (q, members) = self.sample();
        if q == 0 {
            // Nothing to ask (no probes left over): nothing to time.
            self.next_task();
            return;
        }
        let i = self.current();
        let s = self.slots[i].structure.as_ref().expect("loaded");
        let mut j = self.at % q;
        let mut hits = 0u64;
        let block = time_block(now, self.min_block_ms, |count| {
            for _ in 0..count {
                hits += s.contains(&self.urls, self.query_item(members, q, j)) as u64;
                j += 1;
                if j == q {
                    j = 0;
                }
            }
        });
        std::hint::black_box(hits);
        if !record {
            self.next_task();
            return;
        }
        self.acc.add(block);
        self.at = j;
        if self.acc.ops >= q {
            let ns = self.acc.ns_per_op();
            let slot = &mut self.slots[i];
            if members {
                slot.members.push(ns);
            } else {
                slot.nonmembers.push(ns);
            }
            self.next_task();
        }
    }
}
