//! The build-success sweep, in slices: for n keys and a kind, the share of seeds whose first
//! attempt peels, at slots per key from below the threshold to above it; for the binary fuse
//! filters under both segment rules, side by side; then the window after the segment length
//! doubles (`window`).

use crate::engine::hashing::attempt_seed;
use crate::engine::slice_budget::SliceBudget;
use crate::engine::sliced::Sliced;
use crate::engine::xor::{sweep_trial, Kind, SegmentRule, SweepPoint};
use crate::plot::{Plot, Series};
use crate::text::group_digits;

use super::window::WindowRun;

/// Most keys the sweep builds with (each point builds `TRIALS` filters of n keys).
pub const SWEEP_MAX_N: u64 = 200_000;
/// Seeds tried at each point.
pub const TRIALS: u64 = 20;
/// Slots per key: from 1.00 to 1.40 in steps of 0.02.
pub const RATIOS: usize = 21;

/// A trial of 10,000 keys takes about a millisecond: one trial per slice at first.
pub const BUDGET: SliceBudget = SliceBudget::new(1, 1, 10_000, 8.0);

/// The sweep's state: points done, for one or two rules.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRun {
    pub kind: Kind,
    /// Keys per build (n capped at `SWEEP_MAX_N`).
    pub n: u32,
    seed: u64,
    /// The rules swept: the formula alone, or both for a fuse filter.
    pub rules: Vec<SegmentRule>,
    /// Per rule, the points so far.
    pub points: Vec<Vec<SweepPoint>>,
    done: u64,
    /// The window after the segment length doubles, built once the sweep is done.
    pub window: WindowRun,
}

/// The slots per key at point i.
pub fn ratio(i: usize) -> f64 {
    1.0 + 0.02 * i as f64
}

impl SweepRun {
    pub fn new(kind: Kind, n: u64, seed: u64) -> SweepRun {
        let rules = match kind {
            Kind::Xor => vec![SegmentRule::Formula],
            _ => vec![SegmentRule::Formula, SegmentRule::Halving],
        };
        let points = rules.iter().map(|_| Vec::new()).collect();
        SweepRun { kind, n: n.min(SWEEP_MAX_N) as u32, seed, rules, points, done: 0, window: WindowRun::new(seed) }
    }

    /// The sweep's own builds: done, and in all (the window has its own).
    pub fn sweep_progress(&self) -> (u64, u64) {
        (self.done, self.total())
    }

    pub fn sweep_done(&self) -> bool {
        self.done >= self.total()
    }

    fn total(&self) -> u64 {
        self.rules.len() as u64 * RATIOS as u64 * TRIALS
    }

    /// One trial: the next seed at the next point.
    fn one(&mut self) {
        let per_rule = RATIOS as u64 * TRIALS;
        let (rule, within) = ((self.done / per_rule) as usize, self.done % per_rule);
        let (point, trial) = ((within / TRIALS) as usize, within % TRIALS);
        let seed = attempt_seed(self.seed, trial as u32);
        let ok = sweep_trial(self.kind, self.n, ratio(point), self.rules[rule], trial, seed);
        let points = &mut self.points[rule];
        if trial == 0 {
            points.push(SweepPoint { ratio: ratio(point), successes: 0, trials: 0 });
        }
        if let Some(p) = points.last_mut() {
            p.trials += 1;
            p.successes += ok as u64;
        }
        self.done += 1;
    }

    /// The `build-sweep` hook's `data-points` for rule `r`: `ratio:successes/trials` joined by `;`.
    pub fn hook_points(&self, r: usize) -> String {
        let points = self.points.get(r).map(Vec::as_slice).unwrap_or(&[]);
        points.iter().map(|p| format!("{:.2}:{}/{}", p.ratio, p.successes, p.trials)).collect::<Vec<_>>().join(";")
    }

    /// The chart: the share of seeds that peel against slots per key, with the threshold.
    pub fn chart(&self) -> Plot {
        let mut plot = Plot::new("slots per key", "builds that peel on the first seed (%)", (1.0, ratio(RATIOS - 1)));
        for (r, rule) in self.rules.iter().enumerate() {
            let keys = group_digits(self.n as u64);
            let label = match (self.kind, rule) {
                (Kind::Xor, _) => format!("{keys} keys"),
                (_, SegmentRule::Formula) => format!("{keys} keys, the reference's segment length"),
                (_, SegmentRule::Halving) => "segment length halved while fewer than 34 segments".to_string(),
            };
            plot.series.push(Series::line(
                label,
                r,
                self.points[r].iter().map(|p| (p.ratio, p.rate() * 100.0)).collect(),
            ));
        }
        let t = 1.0 / self.kind.threshold_load();
        plot.series.push(Series::dashed(format!("threshold for large n: {t:.3}"), 2, vec![(t, 0.0), (t, 100.0)]));
        plot.y_fixed = Some((0.0, 100.0));
        plot
    }
}

impl Sliced for SweepRun {
    /// The sweep's builds first, then the window's.
    fn work(&mut self, units: u64) -> u64 {
        let mut did = 0;
        while did < units && !self.sweep_done() {
            self.one();
            did += 1;
        }
        did + self.window.work(units - did)
    }
    fn is_done(&self) -> bool {
        self.sweep_done() && self.window.is_done()
    }
    fn ops_done(&self) -> u64 {
        self.done + self.window.done()
    }
    fn ops_total(&self) -> u64 {
        self.total() + WindowRun::total()
    }
}
