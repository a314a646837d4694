//! The comparison run's phases, one function each: the clock, generating the crawl, loading each
//! method (the sorted array's sort and fill, the untimed preload), and the rounds: the warm-up
//! pass, then timed inserts and lookups in rotated order; freeing structures a slice at a time.

use super::*;
use crate::engine::timing::{clock_resolution, min_block_ms, rotation, time_block};

impl SearchRun {
    /// One step of the phase under way, at most `left` units (a timed block is one step).
    pub(super) fn step(&mut self, left: u64, now: &dyn Fn() -> f64) {
        if self.retire(left) {
            return;
        }
        match self.phase {
            Phase::Clock => {
                self.resolution = clock_resolution(now);
                // A clock that never advances times nothing: each block is then one pass, so the
                // run still ends (the figures read 0).
                self.min_block_ms = if self.resolution.is_some() { min_block_ms(self.resolution) } else { 0.0 };
                if self.gen.is_some() {
                    self.phase = Phase::Generate;
                } else {
                    self.start_level();
                }
            }
            Phase::Generate => self.generate(left),
            Phase::Load => self.load(),
            Phase::Sort => self.sort(left),
            Phase::Fill => self.fill(left),
            Phase::Preload => self.preload(left),
            Phase::Round => self.round_step(left, now),
            Phase::Done => {}
        }
    }

    fn n(&self) -> u64 {
        self.ladder[self.level]
    }

    /// Frees part of a retired structure; true while there was some left.
    fn retire(&mut self, left: u64) -> bool {
        let Some(r) = self.retiring.last_mut() else { return false };
        let freed = match r {
            Retiring::Array(it) => it.take(left as usize * 4).count(),
            Retiring::Set(it) => it.take(left as usize * 4).count(),
        };
        if freed == 0 {
            self.retiring.pop();
        }
        true
    }

    /// Hands a structure over to be freed a slice at a time (a million boxed strings take long
    /// to free at once); a filter's bit array goes at once.
    fn retire_structure(&mut self, s: Option<Structure>) {
        match s {
            Some(Structure::Linear(v)) | Some(Structure::Binary(v)) => {
                self.retiring.push(Retiring::Array(v.into_iter()))
            }
            Some(Structure::Hash(h)) => self.retiring.push(Retiring::Set(h.into_iter())),
            _ => {}
        }
    }

    /// A new size: every method's slot, with its inserts per round from the previous size's
    /// median.
    fn start_level(&mut self) {
        let n = self.n();
        let queries = self.queries;
        let min_ms = self.min_block_ms;
        self.slots = Method::ALL
            .iter()
            .enumerate()
            .map(|(i, &method)| {
                let estimate =
                    self.estimates[i].map(
                        |(n0, ns)| {
                            if method == Method::Binary {
                                ns * n as f64 / n0.max(1) as f64
                            } else {
                                ns
                            }
                        },
                    );
                Slot {
                    method,
                    structure: None,
                    s: insert_sample(method, n, estimate, min_ms),
                    retries: 0,
                    inserts: Vec::new(),
                    members: Vec::new(),
                    nonmembers: Vec::new(),
                    queries: if method == Method::Linear { linear_queries(n, queries.min(n)) } else { queries.min(n) },
                    fp: 0,
                    missed: 0,
                }
            })
            .collect();
        self.slot = 0;
        self.phase = Phase::Load;
    }

    /// Loads method `slot` at size n (untimed): for a sample of inserts, the structure with its
    /// first n − s items (the sorted array sorted in slices); whole builds load nothing.
    fn load(&mut self) {
        let n = self.n();
        let slot = &mut self.slots[self.slot];
        if slot.full(n) {
            self.loaded();
            return;
        }
        slot.structure = Some(Structure::new(slot.method, n, self.p));
        let untimed = n - slot.s;
        self.at = 0;
        if slot.method == Method::Binary && untimed > 0 {
            self.sorter = Some(Sorter::new(untimed as usize));
            self.phase = Phase::Sort;
        } else {
            self.phase = Phase::Preload;
        }
    }

    fn loaded(&mut self) {
        let n = self.n();
        self.done_units += load_units(self.slots[self.slot].method, n);
        self.slot += 1;
        self.at = 0;
        if self.slot == self.slots.len() {
            self.round = 0;
            self.turn = 0;
            self.start_task();
        } else {
            self.phase = Phase::Load;
        }
    }

    /// Sorts the untimed part of the sorted array, a slice at a time.
    fn sort(&mut self, left: u64) {
        let sorter = self.sorter.as_mut().expect("sorting");
        let untimed = sorter.order().len();
        sorter.work(&self.pool[..untimed], left as usize);
        if sorter.is_done() {
            self.phase = Phase::Fill;
        }
    }

    /// Loads the sorted part into the array.
    fn fill(&mut self, left: u64) {
        let sorter = self.sorter.as_ref().expect("sorted");
        let order = sorter.order();
        let count = (left as usize).min(order.len() - self.at as usize);
        if let Some(Structure::Binary(v)) = self.slots[self.slot].structure.as_mut() {
            v.extend(
                order[self.at as usize..self.at as usize + count]
                    .iter()
                    .map(|&i| self.pool[i as usize].as_str().into()),
            );
        }
        self.at += count as u64;
        if self.at as usize >= order.len() {
            self.sorter = None;
            self.loaded();
        }
    }

    /// Inserts the first n − s items, untimed.
    fn preload(&mut self, left: u64) {
        let n = self.n();
        let slot = &mut self.slots[self.slot];
        let untimed = n - slot.s;
        let count = left.min(untimed - self.at);
        let s = slot.structure.as_mut().expect("loading");
        for item in &self.pool[self.at as usize..(self.at + count) as usize] {
            s.insert(item);
        }
        self.at += count;
        if self.at >= untimed {
            self.loaded();
        }
    }

    /// The method whose turn it is.
    fn current(&self) -> usize {
        rotation(self.slots.len(), self.round)[self.turn]
    }

    /// The first task of the current turn: a sample structure is brought back to n − s items
    /// before each timed round's inserts.
    fn start_task(&mut self) {
        self.phase = Phase::Round;
        self.at = 0;
        self.acc = Block::default();
        let slot = &self.slots[self.current()];
        self.task = if self.round > 0 && !slot.full(self.n()) { Task::Undo } else { Task::Insert };
    }

    fn round_step(&mut self, left: u64, now: &dyn Fn() -> f64) {
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
    fn next_task(&mut self) {
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
    fn undo(&mut self, left: u64) {
        let n = self.n();
        let i = self.current();
        let slot = &mut self.slots[i];
        // Taking one out of the sorted array moves half of it: as many units as inserting.
        let cost = if slot.method == Method::Binary { 1 + n / 3_000 } else { 1 };
        let count = (left * 4 / cost).max(1).min(slot.s - self.at);
        let end = (n - self.at) as usize;
        let items = &self.pool[end - count as usize..end];
        slot.structure.as_mut().expect("loaded").undo(items);
        self.at += count;
        if self.at >= slot.s {
            self.next_task();
        }
    }

    /// The warm-up's inserts (untimed): the sample into the loaded structure (as long as a
    /// round's), or a whole structure from empty (the warm-up's block follows).
    fn warm_insert(&mut self, left: u64) {
        let n = self.n();
        let i = self.current();
        if self.at == 0 && self.slots[i].full(n) {
            let fresh = Structure::new(self.slots[i].method, n, self.p);
            let old = self.slots[i].structure.replace(fresh);
            self.retire_structure(old);
        }
        let slot = &mut self.slots[i];
        let count = left.min(slot.s - self.at);
        let from = n - slot.s + self.at;
        let s = slot.structure.as_mut().expect("loaded");
        for item in &self.pool[from as usize..(from + count) as usize] {
            s.insert(item);
        }
        self.at += count;
        if self.at >= slot.s && !slot.full(n) {
            self.next_task();
        }
    }

    /// One round's timed inserts, one block: whole structures built from empty until the block
    /// lasts long enough, or the last s inserts (a sample that came out shorter than the block
    /// must last grows and the round is timed again).
    fn timed_insert(&mut self, now: &dyn Fn() -> f64, record: bool) {
        let n = self.n();
        let i = self.current();
        let (method, p, min_ms) = (self.slots[i].method, self.p, self.min_block_ms);
        let all = self.pool.clone();
        let pool = &all[..n as usize];
        if self.slots[i].full(n) {
            let mut built: Vec<Structure> = Vec::new();
            let block = time_block(now, min_ms, |count| {
                for _ in 0..count {
                    let mut s = Structure::new(method, n, p);
                    for item in pool {
                        s.insert(item);
                    }
                    built.push(s);
                }
            });
            let last = built.pop();
            for s in built {
                self.retire_structure(Some(s));
            }
            let old = std::mem::replace(&mut self.slots[i].structure, last);
            self.retire_structure(old);
            if record {
                self.slots[i].inserts.push(block.ms * 1e6 / (block.ops * n).max(1) as f64);
            }
            self.next_task();
            return;
        }
        let slot = &mut self.slots[i];
        let s = slot.structure.as_mut().expect("loaded");
        let t0 = now();
        for item in &pool[(n - slot.s) as usize..] {
            s.insert(item);
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
    fn sample(&self) -> (u64, bool) {
        let slot = &self.slots[self.current()];
        let members = self.task == Task::Members;
        (if members { slot.queries } else { slot.queries.min(self.probes().len() as u64) }, members)
    }

    /// The sample's j-th query: members spread evenly over the n inserted (the middle of each
    /// q-th, so even 2 queries scan half the array on average), or the j-th probe.
    fn query_item(&self, members: bool, q: u64, j: u64) -> &str {
        let n = self.n();
        if members {
            &self.pool[((2 * j + 1) * n / (2 * q.max(1))) as usize]
        } else {
            &self.pool[self.probe_start + j as usize]
        }
    }

    /// The warm-up's lookups (untimed), counting missed members and false positives; the
    /// warm-up's block follows.
    fn warm_query(&mut self, left: u64) {
        let (q, members) = self.sample();
        let i = self.current();
        let n = self.n();
        let cost = if self.slots[i].method == Method::Linear { 1 + n / 100 } else { 1 };
        let count = (left / cost).max(1).min(q - self.at.min(q));
        let s = self.slots[i].structure.as_ref().expect("loaded");
        let hits = (self.at..self.at + count).filter(|&j| s.contains(self.query_item(members, q, j))).count() as u64;
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
    fn timed_query(&mut self, now: &dyn Fn() -> f64, record: bool) {
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
                hits += s.contains(self.query_item(members, q, j)) as u64;
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

    /// Every method at this size is measured: its results, the structures freed, the next size.
    fn finish_level(&mut self) {
        let n = self.n();
        let probes = self.probes().len() as u64;
        let slots = std::mem::take(&mut self.slots);
        for (i, slot) in slots.into_iter().enumerate() {
            let insert = Summary::of(&slot.inserts);
            self.estimates[i] = Some((n, insert.median));
            let s = slot.structure.as_ref();
            self.results.push(MethodResult {
                method: slot.method,
                n,
                insert,
                member: Summary::of(&slot.members),
                nonmember: Summary::of(&slot.nonmembers),
                inserts_timed: slot.s,
                queries: slot.queries.min(probes),
                fp: slot.fp,
                missed: slot.missed,
                bytes: s.map_or(0, |s| s.bytes()),
                shape: s.and_then(|s| s.shape()),
            });
            self.retire_structure(slot.structure);
        }
        self.level += 1;
        if self.level == self.ladder.len() {
            self.phase = Phase::Done;
            self.done_units = self.total_units;
        } else {
            self.start_level();
        }
    }

    fn generate(&mut self, left: u64) {
        let want = (self.n_max() + self.queries) as usize;
        let (seed, seen, next) = self.gen.as_mut().expect("generating");
        let mut made = 0;
        while made < left && self.generated.len() < want {
            let item = crawl_item(*seed, *next);
            *next += 1;
            // Unique by construction (the index is in the item); the hash check keeps that true.
            if seen.insert(xxhash_rust::xxh3::xxh3_64(item.as_bytes())) {
                self.generated.push(item);
                made += 1;
            }
        }
        self.done_units += made;
        if self.generated.len() >= want {
            self.pool = Rc::new(std::mem::take(&mut self.generated));
            self.gen = None;
            self.start_level();
        }
    }
}
