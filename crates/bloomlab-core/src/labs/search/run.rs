//! The comparison run, timed with `engine::timing`: the clock's resolution first; then for each
//! n of a ladder, every method's structure loaded (untimed), a warm-up pass of every method
//! (which also counts false positives and missed members), and `ROUNDS` timed rounds, each
//! timing every method once — its inserts, member lookups and non-member lookups — in an order
//! rotated each round. Every timed block lasts at least 100× the clock's resolution; each figure is
//! the median over the rounds with its min–max. Runs in slices; the clock is passed in, so the
//! core reads none.

use std::rc::Rc;

use super::methods::Method;
use super::sorter::Sorter;
use super::structure::{Item, Structure};
use super::urls::Urls;
use crate::data::url_dataset::url;
use crate::engine::timing::{Block, Summary, ROUNDS};

mod phases;
mod result;
mod rounds;

pub use result::MethodResult;

/// Linear search compares at most this many items per kind of query in one round at one n (so at
/// 1,000,000 items each round asks 2 queries of each kind, not 10,000, and the table says so): six
/// passes (the warm-up and five rounds) cost about what one pass of 10,000,000 did before.
pub const LINEAR_COMPARISONS: u64 = 2_000_000;
/// The fewest queries of each kind linear search asks per round.
pub const LINEAR_MIN_QUERIES: u64 = 2;
/// Up to this n the sorted array may be built by inserts alone; above it, the array of n − s
/// items is loaded sorted and s inserts are timed each round, s at least such that they move
/// about `BINARY_MOVES` array slots in all (100 at n = 1,000,000, the fewest), and more when the
/// previous size's inserts say a block would otherwise be too short.
pub const BINARY_FULL: u64 = 20_000;
pub const BINARY_MOVES: u64 = 25_000_000;
/// A timed insert block is planned to last this many times the shortest block (from the
/// previous n's median), so that a sample of inserts is long enough at the first try.
const INSERT_MARGIN: f64 = 1.5;
/// Fewest inserts a sample of inserts times.
const MIN_INSERT_SAMPLE: u64 = 1_000;

/// Most units one untimed step does, and the time after which a slice stops taking steps.
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

/// The fewest inserts timed per round in the sorted array at size n above `BINARY_FULL`.
pub fn binary_timed(n: u64) -> u64 {
    if n <= BINARY_FULL {
        n
    } else {
        (BINARY_MOVES / (n / 2)).clamp(100, n)
    }
}

/// Queries of each kind linear search answers per round at size n.
pub fn linear_queries(n: u64, queries: u64) -> u64 {
    queries.min((LINEAR_COMPARISONS / n.max(1)).max(LINEAR_MIN_QUERIES))
}

/// Inserts timed per round for `method` at size `n`, from an estimate of nanoseconds per insert
/// (the previous size's median; the sorted array's scaled by the size, its inserts moving half of
/// it) and the shortest block: n (whole structures built from empty, as many as the block needs)
/// when a sample would be three quarters of n or more (a whole build then lasts at most about two
/// blocks), or nothing is known yet; otherwise the last s inserts into a structure loaded with the
/// first n − s, so no timed block lasts much longer than the blocks need (a step of the page).
pub fn insert_sample(method: Method, n: u64, estimate_ns: Option<f64>, min_block_ms: f64) -> u64 {
    let needed = estimate_ns
        .filter(|ns| *ns > 0.0 && ns.is_finite())
        .map(|ns| (INSERT_MARGIN * min_block_ms * 1e6 / ns).ceil().min(u64::MAX as f64 / 2.0) as u64);
    if method == Method::Binary && n > BINARY_FULL {
        return needed.unwrap_or(0).max(binary_timed(n)).min(n / 2);
    }
    match needed {
        Some(s) if s < n / 4 * 3 => s.max(MIN_INSERT_SAMPLE).min(n),
        _ => n,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Reading the clock to find its resolution.
    Clock,
    Generate,
    /// Loading method `slot` (untimed): the structure, or the sorted array's sort.
    Load,
    Sort,
    Preload,
    /// Round `round` (0: the warm-up), the `turn`-th method of its rotated order, doing `task`.
    Round,
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Bringing a sample structure back to n − s items before its timed inserts.
    Undo,
    Insert,
    Members,
    NonMembers,
}

/// Where the items come from.
pub enum Items {
    /// The crawl data set: URL i of the seeded generator, made unique by its index.
    Crawl { seed: u64 },
    /// A file's distinct items: the first half inserted, the second half probed.
    File(Rc<Vec<String>>),
}

/// Where the items still to be copied into the run's `Urls` come from.
enum Source {
    /// The crawl generator's seed: item i is `crawl_item(seed, i)`.
    Crawl(u64),
    /// A file's items and where its second half (the probes) starts.
    File(Rc<Vec<String>>, usize),
}

/// One method at the current n: its structure, its inserts per round and its rounds so far.
struct Slot {
    method: Method,
    structure: Option<Structure>,
    /// Inserts timed per round; n means whole structures built from empty.
    s: u64,
    /// Retries of the current round's insert block (a sample that came out too short).
    retries: u32,
    inserts: Vec<f64>,
    members: Vec<f64>,
    nonmembers: Vec<f64>,
    queries: u64,
    fp: u64,
    missed: u64,
}

impl Slot {
    fn full(&self, n: u64) -> bool {
        self.s >= n
    }
}

pub struct SearchRun {
    /// Every item, kept once for all the structures: the members are items 0 .. n_max, the
    /// probes the `queries` after them (from `probe_start` = n_max).
    urls: Urls,
    probe_start: usize,
    /// Where the items come from while they are being copied in (`Phase::Generate`).
    source: Option<Source>,
    pub ladder: Vec<u64>,
    pub queries: u64,
    pub p: f64,
    /// The clock's resolution in milliseconds (None: it never advanced), once measured.
    pub resolution: Option<f64>,
    /// The shortest a timed block may last (100× the resolution), in milliseconds.
    pub min_block_ms: f64,
    level: usize,
    slot: usize,
    slots: Vec<Slot>,
    round: usize,
    turn: usize,
    task: Task,
    phase: Phase,
    at: u64,
    /// The timed blocks of the lookup round under way.
    acc: Block,
    pub results: Vec<MethodResult>,
    done_units: u64,
    total_units: u64,
    sorter: Option<Sorter>,
    /// The previous size's median insert time per method: (n, ns).
    estimates: [Option<(u64, f64)>; 5],
    /// The longest single step so far (milliseconds) and what it was: the page's worst pause.
    pub slowest: (f64, &'static str),
}

/// A generated crawl URL, unique for each index: after the last `?id=` in it come only the
/// index's digits (the URL before it may hold anything), so the index and the URL can be read
/// back from the item, and two indices never give the same item.
pub fn crawl_item(seed: u64, i: u64) -> String {
    format!("{}?id={i}", url(seed, 0, i))
}

/// Progress units of loading `method` at size n (the structure's items, the sorted array's sort).
fn load_units(method: Method, n: u64) -> u64 {
    if method == Method::Binary {
        2 * n
    } else {
        n
    }
}

/// Progress units of one round's task (whatever the block's repetitions).
fn task_units(method: Method, n: u64, queries: u64, task: Task) -> u64 {
    match task {
        Task::Undo => 0,
        Task::Insert => n.min(100_000),
        Task::Members | Task::NonMembers => match method {
            Method::Linear => linear_queries(n, queries.min(n)) * (1 + n / 1_000),
            _ => queries.min(n),
        },
    }
}

fn level_units(n: u64, queries: u64) -> u64 {
    Method::ALL
        .iter()
        .map(|&m| {
            load_units(m, n)
                + (ROUNDS as u64 + 1)
                    * [Task::Insert, Task::Members, Task::NonMembers]
                        .iter()
                        .map(|&t| task_units(m, n, queries, t))
                        .sum::<u64>()
        })
        .sum()
}

impl SearchRun {
    pub fn new(items: Items, n_max: u64, queries: u64, p: f64) -> SearchRun {
        // A rate below the declared least would size a filter of absurd bits (and hash
        // functions): the link's reader says so; a run asked for directly is held to it too.
        let p = if p.is_finite() { p.clamp(super::P_LEAST, 1.0) } else { super::DEFAULT_P };
        let (source, urls, n_max, queries) = match items {
            Items::Crawl { seed } => {
                (Source::Crawl(seed), Urls::with_items((n_max + queries) as usize), n_max, queries)
            }
            Items::File(all) => {
                let half = all.len() / 2;
                let n = n_max.min(half as u64);
                let queries = queries.min((all.len() - half) as u64).max(1);
                let probes = half..(half + queries as usize).min(all.len());
                let bytes = all[..n as usize].iter().chain(&all[probes.clone()]).map(|s| s.len()).sum();
                let urls = Urls::with_room(n as usize + probes.len(), bytes);
                (Source::File(all, half), urls, n, queries)
            }
        };
        let ladder = ladder(n_max);
        let gen_units = n_max + queries;
        let total_units = gen_units + ladder.iter().map(|&n| level_units(n, queries)).sum::<u64>();
        SearchRun {
            urls,
            probe_start: n_max as usize,
            source: Some(source),
            phase: Phase::Clock,
            ladder,
            queries,
            p,
            resolution: None,
            min_block_ms: crate::engine::timing::min_block_ms(None),
            level: 0,
            slot: 0,
            slots: Vec::new(),
            round: 0,
            turn: 0,
            task: Task::Insert,
            at: 0,
            acc: Block::default(),
            results: Vec::new(),
            done_units: 0,
            total_units,
            slowest: (0.0, ""),
            sorter: None,
            estimates: [None; 5],
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
    /// Timed rounds per figure.
    pub fn rounds(&self) -> usize {
        ROUNDS
    }
    /// The number of probes (non-members) the run holds.
    fn probes(&self) -> usize {
        (self.urls.len().saturating_sub(self.probe_start)).min(self.queries as usize)
    }

    /// The average item length in bits, over the members.
    pub fn key_bits(&self) -> f64 {
        let members = (self.n_max() as usize).min(self.urls.len());
        self.urls.chars_before(members) as f64 * 8.0 / members.max(1) as f64
    }

    /// Bytes the run holds now, as allocated: the URLs (once), every structure's own bytes and
    /// the sorted array's sort under way. What the page holds for the comparison, give or take
    /// the results and a few small vectors.
    pub fn held_bytes(&self) -> u64 {
        let structures: u64 = self.slots.iter().filter_map(|s| s.structure.as_ref()).map(|s| s.own_bytes()).sum();
        self.urls.bytes() + structures + self.sorter.as_ref().map_or(0, |s| s.bytes())
    }

    /// Every timing whose rounds spread wider than 2×: (method, n, which, summary).
    pub fn wide_points(&self) -> Vec<(Method, u64, &'static str, Summary)> {
        self.results.iter().flat_map(|r| r.wide().into_iter().map(move |(what, s)| (r.method, r.n, what, s))).collect()
    }

    /// Does about `budget` units of work, reading the clock `now` (milliseconds).
    pub fn work(&mut self, budget: u64, now: &dyn Fn() -> f64) -> u64 {
        let start_units = self.done_units;
        let started = now();
        while self.done_units - start_units < budget.max(1) && self.phase != Phase::Done {
            // Units cost very different times in different phases (a hash insert against a scan
            // of a million items, a timed block): take small steps and stop once the slice has
            // had its time.
            if now() - started > SLICE_MS {
                break;
            }
            let left = (budget.max(1) - (self.done_units - start_units)).min(STEP_UNITS);
            let what = match (self.phase, self.task) {
                (Phase::Clock, _) => "clock",
                (Phase::Generate, _) => "generate",
                (Phase::Load | Phase::Preload, _) => "load",
                (Phase::Sort, _) => "sort",
                (Phase::Round, Task::Undo) => "undo",
                (Phase::Round, Task::Insert) => "insert",
                (Phase::Round, _) => "query",
                (Phase::Done, _) => "done",
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
