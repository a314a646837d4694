//! The fair test of the paper's claim: on the generated URL data set, the measured
//! false-positive rate of the multi-layer filter against
//!
//! * a classic filter with the same m as one layer (the paper's comparison), and
//! * a classic filter with the same total memory, (L+1)·m bits (the fair one),
//!
//! at ten values of n, with the formulas beside them. The work runs in slices (`work`), each
//! URL inserted or looked up counting as one unit, so a view can show a progress bar.
//!
//! Looked-up URLs come from the data set's second stream: the same sites, sections and depths
//! as the inserted ones (the crawler's real question: "have I seen this link before?"), minus
//! the ones that were inserted. Each non-member answered "maybe" is a false positive.

mod chart;
mod page;
#[cfg(test)]
mod tests;

pub use chart::{chart, CHART_FLOOR};
pub use page::{CompareEdit, CompareModel, COMPARE_URLS};

use std::collections::HashSet;
use std::rc::Rc;

use crate::data::url_dataset::url_segments;
use crate::data::url_layers::layer_keys_of;
use crate::engine::filter::BloomFilter;
use crate::engine::formulas;
use crate::engine::hashing::HashFamily;
use crate::engine::mlbf::{paper_bits_per_url, MultiLayerFilter};
use crate::engine::sliced::Sliced;

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub family: HashFamily,
    pub k: u32,
    pub layers: usize,
    /// Bits per layer (and in the same-m classic filter).
    pub m: u64,
    /// URLs inserted in the end.
    pub n: u64,
    /// Non-member lookups at each checkpoint (at most).
    pub queries: u64,
    pub checkpoints: u64,
    pub seed: u64,
}

impl Setup {
    /// The paper's ratio of bits to URLs, scaled down to `n` URLs, with the view's k, L, hashes.
    pub fn paper_scaled(family: HashFamily, k: u32, layers: usize, n: u64) -> Setup {
        let m = (paper_bits_per_url() * n as f64).round() as u64;
        Setup { family, k, layers, m, n, queries: 30_000, checkpoints: 10, seed: 2010 }
    }

    /// The same ratio for people's own items: the first half (`len / 2`) inserted, at most
    /// 30,000 of the second half probed at each checkpoint (fewer checkpoints for tiny files).
    pub fn for_items(family: HashFamily, k: u32, layers: usize, len: usize) -> Setup {
        let n = (len / 2) as u64;
        let mut s = Setup::paper_scaled(family, k, layers, n);
        s.m = s.m.max(1);
        s.queries = s.queries.min(len as u64 - n);
        s.checkpoints = s.checkpoints.min(n.max(1));
        s
    }

    /// Bits of the same-memory classic filter: (L+1)·m.
    pub fn total_bits(&self) -> u64 {
        self.m * (self.layers as u64 + 1)
    }

    /// Units of work: every insert and every lookup.
    pub fn total_units(&self) -> u64 {
        self.n + self.checkpoints * self.queries
    }

    /// n at checkpoint c (1-based).
    pub fn n_at(&self, c: u64) -> u64 {
        self.n * c / self.checkpoints.max(1)
    }
}

/// One checkpoint's measurements (fractions of the `trials` non-members answered "maybe").
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub n: u64,
    pub trials: u64,
    /// Every one of the L layers said maybe (before the XOR layer is asked).
    pub layers_fp: f64,
    pub mlbf_fp: f64,
    pub classic_fp: f64,
    pub classic_total_fp: f64,
}

/// The formulas at n for the setup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theory {
    /// The paper's eq. 4: approx(m, n, k)^L.
    pub mlbf: f64,
    /// approx(m, n, k): a classic filter of m bits.
    pub classic: f64,
    /// approx((L+1)m, n, k): a classic filter of (L+1)·m bits with the same k.
    pub classic_total: f64,
    /// The same memory with its own best k.
    pub classic_total_best_k: f64,
    pub best_k: u32,
}

pub fn theory(setup: &Setup, n: u64) -> Theory {
    let best_k = formulas::optimal_k(setup.total_bits(), n, 64);
    Theory {
        mlbf: formulas::mlbf(setup.m, n, setup.k, setup.layers as u32),
        classic: formulas::approx(setup.m, n, setup.k),
        classic_total: formulas::approx(setup.total_bits(), n, setup.k),
        classic_total_best_k: formulas::approx(setup.total_bits(), n, best_k),
        best_k,
    }
}

#[derive(Clone, Debug)]
enum Phase {
    /// Inserting data-set URLs until `inserted == n_at(checkpoint)`.
    Inserting,
    /// Looking up query `next` of this checkpoint.
    Querying {
        next: u64,
        trials: u64,
        layers: u64,
        mlbf: u64,
        classic: u64,
        total: u64,
    },
    Done,
}

/// The running experiment.
#[derive(Clone, Debug)]
pub struct Comparison {
    setup: Setup,
    mlbf: MultiLayerFilter,
    classic: BloomFilter,
    classic_total: BloomFilter,
    members: HashSet<String>,
    /// Data-set index of the next URL to insert.
    next_index: u64,
    checkpoint: u64,
    phase: Phase,
    done_units: u64,
    points: Vec<Point>,
    segs: Vec<String>,
    keys: Vec<String>,
    /// People's own distinct items (`None`: the generated crawl): the first `setup.n` are
    /// inserted, the ones after them probed.
    items: Option<Rc<Vec<String>>>,
}

impl Comparison {
    /// The comparison on a file's distinct items, split in two halves (see [`Setup::for_items`]).
    pub fn on_items(family: HashFamily, k: u32, layers: usize, items: Rc<Vec<String>>) -> Comparison {
        let mut c = Comparison::new(Setup::for_items(family, k, layers, items.len()));
        c.items = Some(items);
        c
    }

    /// Whether the URLs are people's own.
    pub fn on_own_items(&self) -> bool {
        self.items.is_some()
    }

    pub fn new(setup: Setup) -> Comparison {
        Comparison {
            items: None,
            mlbf: MultiLayerFilter::new(setup.family, setup.m, setup.k, setup.layers),
            classic: BloomFilter::new(setup.family, setup.m, setup.k),
            classic_total: BloomFilter::new(setup.family, setup.total_bits(), setup.k),
            members: HashSet::new(),
            next_index: 0,
            checkpoint: 1,
            phase: Phase::Inserting,
            done_units: 0,
            points: Vec::new(),
            segs: Vec::new(),
            keys: Vec::new(),
            setup,
        }
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    pub fn done_units(&self) -> u64 {
        self.done_units
    }
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }
    /// Distinct URLs inserted so far.
    pub fn inserted(&self) -> u64 {
        self.members.len() as u64
    }
    /// URLs drawn from the data set so far (duplicates included).
    pub fn drawn(&self) -> u64 {
        self.next_index
    }

    /// Runs to the end (tests).
    pub fn finish(&mut self) {
        while !self.is_done() {
            self.work(u64::MAX);
        }
    }
}

impl crate::engine::sliced::Sliced for Comparison {
    /// Does up to `units` units of work; returns how many it did.
    fn work(&mut self, units: u64) -> u64 {
        let mut done = 0;
        let s = self.setup;
        while done < units {
            match &mut self.phase {
                Phase::Done => break,
                Phase::Inserting => {
                    if self.members.len() as u64 >= s.n_at(self.checkpoint) {
                        self.phase = Phase::Querying { next: 0, trials: 0, layers: 0, mlbf: 0, classic: 0, total: 0 };
                        continue;
                    }
                    if self.items.as_ref().is_some_and(|it| self.next_index >= it.len() as u64) {
                        self.phase = Phase::Done; // never reached: the first half holds n items
                        break;
                    }
                    load(&self.items, &s, 0, self.next_index, &mut self.segs);
                    self.next_index += 1;
                    let url = self.segs.join("/");
                    if self.members.contains(&url) {
                        continue; // a duplicate in the crawl: already in every filter
                    }
                    self.keys = layer_keys_of(&self.segs, s.layers);
                    self.mlbf.insert_fast(&self.keys);
                    self.classic.insert_bytes(url.as_bytes());
                    self.classic_total.insert_bytes(url.as_bytes());
                    self.members.insert(url);
                    done += 1;
                    self.done_units += 1;
                }
                Phase::Querying { next, trials, layers, mlbf, classic, total } => {
                    if *next >= s.queries {
                        let t = (*trials).max(1) as f64;
                        self.points.push(Point {
                            n: self.members.len() as u64,
                            trials: *trials,
                            layers_fp: *layers as f64 / t,
                            mlbf_fp: *mlbf as f64 / t,
                            classic_fp: *classic as f64 / t,
                            classic_total_fp: *total as f64 / t,
                        });
                        self.checkpoint += 1;
                        self.phase = if self.checkpoint > s.checkpoints { Phase::Done } else { Phase::Inserting };
                        continue;
                    }
                    let i = *next;
                    *next += 1;
                    load(&self.items, &s, 1, i, &mut self.segs);
                    done += 1;
                    self.done_units += 1;
                    let url = self.segs.join("/");
                    if self.members.contains(&url) {
                        continue;
                    }
                    *trials += 1;
                    self.keys = layer_keys_of(&self.segs, s.layers);
                    let (l, a) = self.mlbf.contains_fast(&self.keys);
                    *layers += l as u64;
                    *mlbf += a as u64;
                    *classic += self.classic.contains_bytes(url.as_bytes()) as u64;
                    *total += self.classic_total.contains_bytes(url.as_bytes()) as u64;
                }
            }
        }
        done
    }
    fn is_done(&self) -> bool {
        Comparison::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        self.done_units
    }
    fn ops_total(&self) -> u64 {
        self.setup.total_units()
    }
}

/// Puts URL number `i` of stream `stream` (0: inserted, 1: probed) into `segs`: from the
/// generated crawl, or people's own items split at `/` (host first, as normalised).
fn load(items: &Option<Rc<Vec<String>>>, setup: &Setup, stream: u64, i: u64, segs: &mut Vec<String>) {
    match items {
        None => url_segments(setup.seed, stream, i, segs),
        Some(items) => {
            let item = &items[(if stream == 0 { i } else { setup.n + i }) as usize];
            segs.clear();
            segs.extend(item.split('/').filter(|s| !s.is_empty()).map(str::to_string));
            if segs.is_empty() {
                segs.push(item.clone());
            }
        }
    }
}
