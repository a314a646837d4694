//! The comparison run's phases, one function each: the clock, taking in the URLs (generating the
//! crawl or copying a file's), loading each method (the sorted array's sort, the untimed
//! preload), and the rounds: the warm-up pass, then timed inserts and lookups in rotated order.

use super::*;
use crate::engine::timing::{clock_resolution, min_block_ms};

impl SearchRun {
    /// One step of the phase under way, at most `left` units (a timed block is one step).
    pub(super) fn step(&mut self, left: u64, now: &dyn Fn() -> f64) {
        match self.phase {
            Phase::Clock => {
                self.resolution = clock_resolution(now);
                // A clock that never advances times nothing: each block is then one pass, so the
                // run still ends (the figures read 0).
                self.min_block_ms = if self.resolution.is_some() { min_block_ms(self.resolution) } else { 0.0 };
                self.phase = Phase::Generate;
            }
            Phase::Generate => self.generate(left),
            Phase::Load => self.load(),
            Phase::Sort => self.sort(left),
            Phase::Preload => self.preload(left),
            Phase::Round => self.round_step(left, now),
            Phase::Done => {}
        }
    }

    pub(super) fn n(&self) -> u64 {
        self.ladder[self.level]
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
        let untimed = n - slot.s;
        self.at = 0;
        if slot.method == Method::Binary && untimed > 0 {
            // The sort's order becomes the array: no empty one beside it meanwhile.
            self.sorter = Some(Sorter::with_room(untimed as usize, n as usize));
            self.phase = Phase::Sort;
        } else {
            slot.structure = Some(Structure::new(slot.method, n, self.p));
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

    /// Sorts the untimed part of the sorted array, a slice at a time; sorted, its order is the
    /// array.
    pub(super) fn sort(&mut self, left: u64) {
        let sorter = self.sorter.as_mut().expect("sorting");
        let urls = &self.urls;
        sorter.work(|i| urls.bytes_of(i), left as usize);
        if sorter.is_done() {
            let order = self.sorter.take().expect("sorted").into_order();
            self.slots[self.slot].structure = Some(Structure::sorted(order, self.n()));
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
        for i in self.at..self.at + count {
            s.insert(&self.urls, i as Item);
        }
        self.at += count;
        if self.at >= untimed {
            self.loaded();
        }
    }

    /// Every method at this size is measured: its results, the structures freed, the next size.
    pub(super) fn finish_level(&mut self) {
        let n = self.n();
        let probes = self.probes() as u64;
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
                bytes: s.map_or(0, |s| s.bytes(&self.urls)),
                shape: s.and_then(|s| s.shape()),
            });
        }
        self.level += 1;
        if self.level == self.ladder.len() {
            self.phase = Phase::Done;
            self.done_units = self.total_units;
        } else {
            self.start_level();
        }
    }

    /// Takes in up to `left` items: the crawl's, generated, or a file's, copied (its first n_max
    /// members, then the probes from its second half).
    pub(super) fn generate(&mut self, left: u64) {
        let want = (self.n_max() + self.queries) as usize;
        let Some(source) = self.source.as_ref() else { return self.start_level() };
        let (before, stop) = (self.urls.len(), (self.urls.len() + left as usize).min(want));
        let mut full = false;
        while self.urls.len() < stop && !full {
            let i = self.urls.len();
            full = !match source {
                Source::Crawl(seed) => self.urls.push(&crawl_item(*seed, i as u64)),
                Source::File(all, half) => {
                    let at = if i < self.probe_start { i } else { half + (i - self.probe_start) };
                    match all.get(at) {
                        Some(item) => self.urls.push(item),
                        None => false,
                    }
                }
            };
        }
        self.done_units += (self.urls.len() - before) as u64;
        if self.urls.len() >= want || full {
            // Items that could not be taken in (past 4 GiB of characters) count as done.
            self.done_units += (want - self.urls.len()) as u64;
            self.urls.shrink();
            self.source = None;
            self.start_level();
        }
    }
}
