//! The long run, in slices: a filter of 2^mq slots filled with generated keys to 95 % load; at
//! each 5 % it records the average cluster and run lengths and probes fresh non-members for the
//! false-positive rate, beside 1 − e^(−α/2^r).
//!
//! The keys are items 0, 1, … of the generated batch with the run's seed; the probes of point j
//! are the `PROBES` items after the last key any point inserts, a fresh block per point. The
//! batch's items are distinct, so every probe that passes is a false positive.

use crate::data::generate::{write_item, ItemKind};
use crate::engine::quotient::{expected_fpr, QuotientError, QuotientFilter};
use crate::engine::slice_budget::SliceBudget;
use crate::engine::sliced::Sliced;
use crate::engine::stats::{rate, wilson, Z95};
use crate::plot::{MeasuredPoint, Plot, Series};
use crate::text::group_digits;

/// Loads measured: 5 %, 10 %, … 95 %.
pub const POINTS: usize = 19;
/// Fresh non-members probed at each load.
pub const PROBES: u64 = 20_000;

/// One unit is an insert or a probe (a probe at 95 % load walks a cluster of some hundred slots).
pub const BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 2_000_000, 8.0);

/// The load factor point `j` fills to.
pub fn target_load(j: usize) -> f64 {
    0.05 * (j + 1) as f64
}

/// What was measured at one load.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoadPoint {
    /// Remainders stored / slots.
    pub load: f64,
    /// Remainders stored.
    pub stored: u64,
    /// Used slots / clusters.
    pub avg_cluster: f64,
    /// Used slots / runs (a run per occupied quotient).
    pub avg_run: f64,
    /// Probes that passed, of `probes`.
    pub hits: u64,
    pub probes: u64,
    /// 1 − e^(−α/2^r) at this load.
    pub theory: f64,
}

impl LoadPoint {
    /// The measured false-positive rate.
    pub fn fpr(&self) -> f64 {
        rate(self.hits, self.probes)
    }

    /// Its 95 % Wilson interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.hits, self.probes, Z95)
    }
}

/// The average cluster and run lengths of a table (0 when it is empty), in one pass: a cluster
/// starts at each used slot that is not shifted, and there is a run per occupied slot.
pub fn cluster_stats(f: &QuotientFilter) -> (f64, f64) {
    let (mut clusters, mut runs) = (0usize, 0usize);
    for s in f.slots() {
        clusters += usize::from(s.is_used() && !s.shifted);
        runs += usize::from(s.occupied);
    }
    let per = |count: usize| if count == 0 { 0.0 } else { f.len() as f64 / count as f64 };
    (per(clusters), per(runs))
}

/// The long run's state.
#[derive(Clone)]
pub struct LoadRun {
    pub mq: u32,
    pub r: u32,
    seed: u64,
    /// Made at the first slice (2^22 slots are 64 MiB), then filled.
    filter: Option<QuotientFilter>,
    /// Why the table could not be made, or could not take a key.
    pub error: Option<QuotientError>,
    /// Keys inserted so far (the next key's index).
    inserted: u64,
    /// Probes done, and passed, at the point under way.
    probed: u64,
    hits: u64,
    pub points: Vec<LoadPoint>,
    key: String,
}

impl LoadRun {
    /// A run on 2^mq slots with r-bit remainders (mq + r ≤ 64, as the link reader makes them).
    pub fn new(mq: u32, r: u32, seed: u64) -> LoadRun {
        let key = String::new();
        LoadRun { mq, r, seed, filter: None, error: None, inserted: 0, probed: 0, hits: 0, points: Vec::new(), key }
    }

    fn slots(&self) -> u64 {
        1u64 << self.mq.min(63)
    }

    /// Keys stored at point `j`.
    pub fn keys_at(&self, j: usize) -> u64 {
        ((target_load(j) * self.slots() as f64).round() as u64).min(self.slots())
    }

    /// The index of point j's first probe in the batch: past every key.
    fn first_probe(&self, j: usize) -> u64 {
        self.keys_at(POINTS - 1) + j as u64 * PROBES
    }

    /// Inserts up to `budget` keys towards point `j`'s count; returns how many.
    fn insert(&mut self, f: &mut QuotientFilter, j: usize, budget: u64) -> u64 {
        let end = self.keys_at(j).min(self.inserted.saturating_add(budget));
        let start = self.inserted;
        for i in start..end {
            write_item(ItemKind::Words, self.seed, i, &mut self.key);
            if let Err(e) = f.insert(&self.key) {
                self.error = Some(e);
                break;
            }
        }
        self.inserted = end;
        end - start
    }

    /// Probes up to `budget` fresh non-members at point `j`, recording the point after its last.
    fn probe(&mut self, f: &QuotientFilter, j: usize, budget: u64) -> u64 {
        let end = PROBES.min(self.probed.saturating_add(budget));
        let first = self.first_probe(j);
        for p in self.probed..end {
            write_item(ItemKind::Words, self.seed, first + p, &mut self.key);
            self.hits += u64::from(f.contains(&self.key).found);
        }
        let did = end - self.probed;
        self.probed = end;
        if self.probed == PROBES {
            let (avg_cluster, avg_run) = cluster_stats(f);
            let (load, stored) = (f.load(), f.len() as u64);
            let theory = expected_fpr(load, self.r);
            self.points.push(LoadPoint { load, stored, avg_cluster, avg_run, hits: self.hits, probes: PROBES, theory });
            (self.probed, self.hits) = (0, 0);
        }
        did
    }

    /// Up to `budget` units of the point under way: its inserts first, then its probes.
    fn one(&mut self, budget: u64) -> u64 {
        let mut f = match self.filter.take() {
            Some(f) => f,
            None => match QuotientFilter::new(self.mq, self.r) {
                Ok(f) => f,
                Err(e) => {
                    self.error = Some(e);
                    return 0;
                }
            },
        };
        let j = self.points.len();
        let did =
            if self.inserted < self.keys_at(j) { self.insert(&mut f, j, budget) } else { self.probe(&f, j, budget) };
        self.filter = Some(f);
        did
    }

    /// The `qf-load` hook's `data-points`: `load:avg_cluster:fpr` per point (the load to four
    /// decimals, the average cluster length to three, the measured rate to six), joined by `;`.
    pub fn hook_points(&self) -> String {
        let p: Vec<String> =
            self.points.iter().map(|p| format!("{:.4}:{:.3}:{:.6}", p.load, p.avg_cluster, p.fpr())).collect();
        p.join(";")
    }

    /// The false-positive rate against the load factor: measured, with intervals, and the formula.
    pub fn chart(&self) -> Plot {
        let curve = (0..=50).map(|i| i as f64 / 50.0).map(|a| (a, expected_fpr(a, self.r) * 100.0)).collect();
        let measured = self
            .points
            .iter()
            .map(|p| {
                let (lo, hi) = p.interval();
                MeasuredPoint { x: p.load, rate: p.fpr() * 100.0, lo: lo * 100.0, hi: hi * 100.0 }
            })
            .collect();
        Plot {
            series: vec![Series::dashed(format!("1 − e^(−α/2^{})", self.r), 0, curve)],
            measured,
            measured_label: format!(
                "measured on 2^{} slots, {} fresh non-members per load (95 % intervals)",
                self.mq,
                group_digits(PROBES)
            ),
            ..Plot::new("load factor α", "false-positive rate (%)", (0.0, 1.0))
        }
    }

    /// The average cluster and run lengths against the load factor.
    pub fn cluster_chart(&self) -> Plot {
        let clusters = self.points.iter().map(|p| (p.load, p.avg_cluster)).collect();
        let runs = self.points.iter().map(|p| (p.load, p.avg_run)).collect();
        let mut plot = Plot::new("load factor α", "average length (slots)", (0.0, 1.0));
        plot.series.push(Series::dots("cluster", 1, clusters));
        plot.series.push(Series::dots("run", 2, runs));
        plot
    }

    fn total(&self) -> u64 {
        self.keys_at(POINTS - 1) + POINTS as u64 * PROBES
    }
}

impl Sliced for LoadRun {
    fn work(&mut self, units: u64) -> u64 {
        let mut did = 0;
        while did < units && !self.is_done() {
            did += self.one(units - did);
        }
        did
    }
    fn is_done(&self) -> bool {
        self.points.len() >= POINTS || self.error.is_some()
    }
    fn ops_done(&self) -> u64 {
        if self.error.is_some() {
            return self.total();
        }
        self.inserted + self.points.len() as u64 * PROBES + self.probed
    }
    fn ops_total(&self) -> u64 {
        self.total()
    }
}
