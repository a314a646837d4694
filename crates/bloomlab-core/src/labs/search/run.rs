//! The comparison run: for each n of a ladder and each method, insert n items (timed), look up
//! members and non-members (timed), count false positives, and note the memory. Runs in slices;
//! the clock is passed in, so the core reads none.

use std::rc::Rc;

use super::methods::{Method, Structure};
use super::sorter::Sorter;
use crate::data::url_dataset::url;
use crate::engine::hashing::PrehashedSet;

mod phases;

/// Linear search compares at most this many items per kind of query at one n (so at 1,000,000
/// items it answers 10 queries, not 10,000, and says so).
pub const LINEAR_COMPARISONS: u64 = 10_000_000;
/// Up to this n the sorted array gets every item by a timed insert; above it, the array of
/// n − s items is loaded sorted and the last s inserts are timed, s chosen so they move about
/// this many array slots in all.
pub const BINARY_FULL: u64 = 20_000;
pub const BINARY_MOVES: u64 = 100_000_000;

/// Most units one step does, and the time after which a slice stops taking steps.
const STEP_UNITS: u64 = 2_000;
const SLICE_MS: f64 = 14.0;

/// The sizes measured: 1,000, 3,000, 10,000, … up to `n_max` (and `n_max` itself).
pub fn ladder(n_max: u64) -> Vec<u64> {
    let mut out: Vec<u64> = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000]
        .into_iter()
        .filter(|&n| n < n_max && n >= 1_000.min(n_max / 3).max(100))
        .collect();
    out.push(n_max.max(1));
    out
}

/// Timed inserts into the sorted array at size n.
pub fn binary_timed(n: u64) -> u64 {
    if n <= BINARY_FULL {
        n
    } else {
        (BINARY_MOVES / (n / 2)).clamp(100, n)
    }
}

/// Queries of each kind linear search answers at size n.
pub fn linear_queries(n: u64, queries: u64) -> u64 {
    queries.min((LINEAR_COMPARISONS / n.max(1)).max(10))
}

/// One method at one n.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodResult {
    pub method: Method,
    pub n: u64,
    /// Nanoseconds per insert, and how many inserts were timed.
    pub insert_ns: f64,
    pub inserts_timed: u64,
    pub member_ns: f64,
    pub nonmember_ns: f64,
    /// Queries of each kind (members, non-members).
    pub queries: u64,
    /// Non-members answered "maybe".
    pub fp: u64,
    /// Members answered "no" (must be 0).
    pub missed: u64,
    pub bytes: u64,
    /// (m, k) for the filters.
    pub shape: Option<(u64, u32)>,
}

impl MethodResult {
    pub fn fp_rate(&self) -> f64 {
        self.fp as f64 / self.queries.max(1) as f64
    }
    pub fn bits_per_item(&self) -> f64 {
        self.bytes as f64 * 8.0 / self.n.max(1) as f64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Generate,
    Load,
    /// The sorted array's untimed part: sorting its items in slices, then copying them in.
    Sort,
    Fill,
    Insert,
    Members,
    NonMembers,
    Done,
}

/// A structure being freed a slice at a time.
enum Retiring {
    Array(std::vec::IntoIter<Box<str>>),
    Set(std::collections::hash_set::IntoIter<Box<str>>),
}

/// Where the items come from.
pub enum Items {
    /// The crawl data set: URL i of the seeded generator, made unique by its index.
    Crawl { seed: u64 },
    /// A file's distinct items: the first half inserted, the second half probed.
    File(Rc<Vec<String>>),
}

pub struct SearchRun {
    /// Every item: members are `pool[..n_max]`, probes `pool[probe_start..probe_start + queries]`.
    pool: Rc<Vec<String>>,
    probe_start: usize,
    /// Generated items so far (the crawl), and the generator's seed, seen hashes and next index.
    generated: Vec<String>,
    gen: Option<(u64, PrehashedSet, u64)>,
    pub ladder: Vec<u64>,
    pub queries: u64,
    pub p: f64,
    level: usize,
    method: usize,
    phase: Phase,
    structure: Option<Structure>,
    at: u64,
    ms: f64,
    partial: Option<MethodResult>,
    pub results: Vec<MethodResult>,
    done_units: u64,
    total_units: u64,
    sorter: Option<Sorter>,
    retiring: Option<Retiring>,
    /// The longest single step so far (milliseconds) and what it was: the page's worst pause.
    pub slowest: (f64, &'static str),
}

/// A generated crawl URL, unique for each index.
pub fn crawl_item(seed: u64, i: u64) -> String {
    format!("{}?id={i}", url(seed, 0, i))
}

/// Elements a slice-wise sort of `len` items handles: the runs, each merge pass, and the copy.
fn sort_units(len: u64) -> u64 {
    if len == 0 {
        return 0;
    }
    let mut passes = 0;
    let mut width = super::sorter::RUN as u64;
    while width < len {
        width *= 2;
        passes += 1;
    }
    len * (2 + passes)
}

fn method_units(method: Method, n: u64, queries: u64) -> u64 {
    let q_members = queries.min(n);
    match method {
        Method::Linear => n + 2 * linear_queries(n, q_members) * (1 + n / 100),
        Method::Binary => sort_units(n - binary_timed(n)) + binary_timed(n) * (1 + n / 3_000) + 2 * q_members,
        _ => n + 2 * q_members,
    }
}

impl SearchRun {
    pub fn new(items: Items, n_max: u64, queries: u64, p: f64) -> SearchRun {
        let (pool, probe_start, gen, n_max) = match items {
            // Room for every hash up front: growing the set would rehash it in one step (a 40 ms
            // pause at half a million items).
            Items::Crawl { seed } => {
                let seen = PrehashedSet::with_capacity_and_hasher((n_max + queries) as usize, Default::default());
                (Rc::new(Vec::new()), n_max as usize, Some((seed, seen, 0)), n_max)
            }
            Items::File(all) => {
                let half = all.len() / 2;
                let n = n_max.min(half as u64);
                (all, half, None, n)
            }
        };
        let queries = if gen.is_none() { queries.min((pool.len() - probe_start) as u64).max(1) } else { queries };
        let ladder = ladder(n_max);
        let gen_units = if gen.is_some() { n_max + queries } else { 0 };
        let total_units =
            gen_units + ladder.iter().flat_map(|&n| Method::ALL.map(|m| method_units(m, n, queries))).sum::<u64>();
        SearchRun {
            generated: if gen.is_some() { Vec::with_capacity((n_max + queries) as usize) } else { Vec::new() },
            pool,
            probe_start,
            phase: if gen.is_some() { Phase::Generate } else { Phase::Load },
            gen,
            ladder,
            queries,
            p,
            level: 0,
            method: 0,
            structure: None,
            at: 0,
            ms: 0.0,
            partial: None,
            results: Vec::new(),
            done_units: 0,
            total_units,
            slowest: (0.0, ""),
            sorter: None,
            retiring: None,
        }
    }

    pub fn n_max(&self) -> u64 {
        *self.ladder.last().unwrap_or(&0)
    }
    pub fn ops_done(&self) -> u64 {
        self.done_units.min(self.total_units)
    }
    pub fn ops_total(&self) -> u64 {
        self.total_units
    }
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
    fn members(&self) -> &[String] {
        &self.pool[..(self.n_max() as usize).min(self.pool.len())]
    }

    fn probes(&self) -> &[String] {
        let start = self.probe_start.min(self.pool.len());
        &self.pool[start..(start + self.queries as usize).min(self.pool.len())]
    }

    /// The average item length in bits, over the members.
    pub fn key_bits(&self) -> f64 {
        let members = self.members();
        members.iter().map(|s| s.len()).sum::<usize>() as f64 * 8.0 / members.len().max(1) as f64
    }

    fn current(&self) -> (u64, Method) {
        (self.ladder[self.level], Method::ALL[self.method])
    }

    /// Does about `budget` units of work, timing each phase with `now` (milliseconds).
    pub fn work(&mut self, budget: u64, now: &dyn Fn() -> f64) -> u64 {
        let start_units = self.done_units;
        let started = now();
        while self.done_units - start_units < budget.max(1) && self.phase != Phase::Done {
            // Units cost very different times in different phases (a hash insert against a scan
            // of a million items): take small steps and stop once the slice has had its time.
            if now() - started > SLICE_MS {
                break;
            }
            let left = (budget.max(1) - (self.done_units - start_units)).min(STEP_UNITS);
            let what = match self.phase {
                Phase::Generate => "generate",
                Phase::Load => "load",
                Phase::Sort | Phase::Fill => "sort",
                Phase::Insert => "insert",
                Phase::Members | Phase::NonMembers => "query",
                Phase::Done => "done",
            };
            let t0 = now();
            self.step(left, now);
            let spent = now() - t0;
            if spent > self.slowest.0 {
                self.slowest = (spent, what);
            }
        }
        self.done_units - start_units
    }
}

impl crate::engine::sliced::Sliced for SearchRun {
    fn work(&mut self, units: u64) -> u64 {
        // A clock standing still: the units alone bound the slice.
        SearchRun::work(self, units, &|| 0.0)
    }
    fn is_done(&self) -> bool {
        SearchRun::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        SearchRun::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        SearchRun::ops_total(self)
    }
    /// Units cost very different times in different phases: each slice is bounded by time too.
    fn work_until(&mut self, units: u64, now: &dyn Fn() -> f64) -> u64 {
        SearchRun::work(self, units, now)
    }
}
