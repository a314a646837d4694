//! The comparison run's phases, one function each: the clock, generating the crawl, loading each
//! method (the sorted array's sort and fill, the untimed preload), and the rounds: the warm-up
//! pass, then timed inserts and lookups in rotated order; freeing structures a slice at a time.

use super::*;
use crate::engine::timing::{clock_resolution, min_block_ms};

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

    pub(super) fn n(&self) -> u64 {
        self.ladder[self.level]
    }

    /// Frees part of a retired structure; true while there was some left.
    pub(super) fn retire(&mut self, left: u64) -> bool {
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
    pub(super) fn retire_structure(&mut self, s: Option<Structure>) {
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
    pub(super) fn start_level(&mut self) {
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
    pub(super) fn load(&mut self) {
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

    pub(super) fn loaded(&mut self) {
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
    pub(super) fn sort(&mut self, left: u64) {
        let sorter = self.sorter.as_mut().expect("sorting");
        let untimed = sorter.order().len();
        sorter.work(&self.pool[..untimed], left as usize);
        if sorter.is_done() {
            self.phase = Phase::Fill;
        }
    }

    /// Loads the sorted part into the array.
    pub(super) fn fill(&mut self, left: u64) {
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
    pub(super) fn preload(&mut self, left: u64) {
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

    /// Every method at this size is measured: its results, the structures freed, the next size.
    pub(super) fn finish_level(&mut self) {
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

    pub(super) fn generate(&mut self, left: u64) {
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
