//! The window after the segment length doubles: 3-wise binary fuse filters of n keys at the
//! reference's own sizes, n from 11,004 to 11,704, under both segment rules side by side; the
//! share of key sets whose first seed fails to peel. At n ≈ 11,200 the reference's formula
//! doubles the segment length (512 → 1,024), so the array has few segments and builds fail far
//! more often until n grows enough (the reference's issue #77: 68 of 300 key sets failed at
//! n = 11,504 with every one of the build's 100 seeds, which means one seed fails about 98.5 % of
//! the time); halving the segment length while fewer than 34 segments would result closes the
//! window.

use crate::engine::hashing::attempt_seed;
use crate::engine::xor::{key_hash, peel, Kind, Layout, SegmentRule, BUILD_ATTEMPTS};
use crate::plot::{Plot, Series};

/// The first n of the window (n = 11,504, the reference's own example, is point 10).
pub const FROM: u32 = 11_004;
/// The step between two n.
pub const STEP: u32 = 50;
/// Points per rule: n = 11,004, 11,054, …, 11,704.
pub const POINTS: usize = 15;
/// Key sets built at each n and rule.
pub const TRIALS: u64 = 30;
/// The rules side by side.
pub const RULES: [SegmentRule; 2] = [SegmentRule::Formula, SegmentRule::Halving];

/// One point: at `n` keys under one rule, `failures` of `trials` key sets failed on the first seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindowPoint {
    pub n: u32,
    pub segment_length: u32,
    pub segment_count: u32,
    pub failures: u64,
    pub trials: u64,
}

/// The window's state.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowRun {
    seed: u64,
    /// Per rule (in `RULES`' order), the points so far.
    pub points: [Vec<WindowPoint>; 2],
    done: u64,
}

/// The n of point i.
pub fn n_at(i: usize) -> u32 {
    FROM + STEP * i as u32
}

impl WindowRun {
    pub fn new(seed: u64) -> WindowRun {
        WindowRun { seed, points: [Vec::new(), Vec::new()], done: 0 }
    }

    pub fn total() -> u64 {
        RULES.len() as u64 * POINTS as u64 * TRIALS
    }

    /// One key set built: trial t at point i under rule r.
    fn one(&mut self) {
        let per_rule = POINTS as u64 * TRIALS;
        let (r, within) = ((self.done / per_rule) as usize, self.done % per_rule);
        let (i, trial) = ((within / TRIALS) as usize, within % TRIALS);
        let n = n_at(i);
        let layout = Layout::new(Kind::Fuse3, n, RULES[r]);
        let failed = first_seed_fails(layout, trial, self.seed);
        let points = &mut self.points[r];
        if trial == 0 {
            points.push(WindowPoint {
                n,
                segment_length: layout.segment_length,
                segment_count: layout.segment_count,
                failures: 0,
                trials: 0,
            });
        }
        if let Some(p) = points.last_mut() {
            p.trials += 1;
            p.failures += failed as u64;
        }
        self.done += 1;
    }

    pub fn is_done(&self) -> bool {
        self.done >= Self::total()
    }

    pub fn done(&self) -> u64 {
        self.done
    }

    /// Does up to `units` builds; returns how many.
    pub fn work(&mut self, units: u64) -> u64 {
        let mut did = 0;
        while did < units && !self.is_done() {
            self.one();
            did += 1;
        }
        did
    }

    /// The `fuse-window` hook's `data-points` for rule r: `n:failures/trials` joined by `;`.
    pub fn hook_points(&self, r: usize) -> String {
        let points = self.points.get(r).map(Vec::as_slice).unwrap_or(&[]);
        points.iter().map(|p| format!("{}:{}/{}", p.n, p.failures, p.trials)).collect::<Vec<_>>().join(";")
    }

    /// The point at n under rule r, if built.
    pub fn at(&self, r: usize, n: u32) -> Option<&WindowPoint> {
        self.points.get(r)?.iter().find(|p| p.n == n && p.trials == TRIALS)
    }

    /// The chart: the share of key sets that fail against n, one line per rule, and where the
    /// reference's formula doubles the segment length.
    pub fn chart(&self) -> Plot {
        let mut plot =
            Plot::new("keys n", "key sets whose first seed fails (%)", (FROM as f64, n_at(POINTS - 1) as f64));
        let labels = ["the reference's segment length (c482686)", "halved while fewer than 34 segments"];
        for (r, label) in labels.iter().enumerate() {
            let line = self.points[r].iter().map(|p| (p.n as f64, p.failures as f64 / p.trials.max(1) as f64 * 100.0));
            plot.series.push(Series::line(*label, r, line.collect()));
        }
        if let Some(n) = doubling() {
            plot.series.push(Series::dashed(
                format!("segment length doubles at n = {n}"),
                2,
                vec![(n as f64, 0.0), (n as f64, 100.0)],
            ));
        }
        plot.y_fixed = Some((0.0, 100.0));
        plot
    }
}

/// The chance that one seed fails, given that `failed` of `sets` key sets failed with every one of
/// the reference's 100 seeds: the 100th root of their share.
pub fn outright_rate(failed: u64, sets: u64) -> f64 {
    (failed as f64 / sets.max(1) as f64).powf(1.0 / BUILD_ATTEMPTS as f64)
}

/// Whether key set `trial` (`w<trial>-0`, `w<trial>-1`, …, n of them) fails to peel in `layout`
/// with its first seed (`seed`'s attempt `trial`, so each set has a seed of its own).
pub fn first_seed_fails(layout: Layout, trial: u64, seed: u64) -> bool {
    let seed = attempt_seed(seed, trial as u32);
    let hashes: Vec<u64> = (0..layout.n).map(|k| key_hash(&format!("w{trial}-{k}"), seed)).collect();
    !peel(&layout, &hashes, &mut ()).complete(hashes.len())
}

/// The first n in the window whose segment length (the reference's formula) is twice that of
/// n − 1.
pub fn doubling() -> Option<u32> {
    let length = |n: u32| Layout::new(Kind::Fuse3, n, SegmentRule::Formula).segment_length;
    (FROM + 1..=n_at(POINTS - 1)).find(|&n| length(n) == 2 * length(n - 1))
}
