//! The measured chart's run, in slices: for n generated keys, every size of `Size::plan` built
//! in turn and probed with words that are not keys; each point's bits per key, measured rate
//! with its interval, and the rate its formula gives. With a clock (`work_until`), the time each
//! build took and each of `PROBE_ROUNDS` rounds of probes.

use super::build::{Building, Inserted, Keys};
use super::filters::{overhead_pct, Filter};
use super::sizes::{Shape, Size};
use crate::engine::slice_budget::SliceBudget;
use crate::engine::sliced::Sliced;
use crate::engine::stats::{rate, wilson, Z95};
use crate::engine::timing::Summary;

/// Probes at least, whatever n (a rate of 2^−16 needs this many to be seen at all).
pub const MIN_PROBES: u64 = 100_000;
/// The probes of a point are timed in this many rounds.
pub const PROBE_ROUNDS: usize = 5;
/// A unit is a key inserted or probed (a static build counts one a key). About 4,000 a
/// millisecond: a slice starts at 4,096 and follows the clock.
pub const BUDGET: SliceBudget = SliceBudget::new(4_096, 1_024, 4_000_000, 8.0);

/// What the clock said about one point (all zero, `timed` false, without a clock).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    pub timed: bool,
    /// Milliseconds inserting the keys and building.
    pub build_ms: f64,
    /// Per round of probes: milliseconds and probes.
    pub rounds: Vec<(f64, u64)>,
}

impl Timing {
    /// Adds `ms` of a step: to probe round `round`, with its `probes`, or to the build.
    fn record(&mut self, round: Option<usize>, ms: f64, probes: u64) {
        self.timed = true;
        match round.and_then(|r| self.rounds.get_mut(r)) {
            Some(r) => {
                r.0 += ms;
                r.1 += probes;
            }
            None => self.build_ms += ms,
        }
    }

    /// Nanoseconds of building a key (one round: a filter is built once).
    pub fn build_ns_per_key(&self, keys: u64) -> Option<f64> {
        (self.timed && keys > 0).then(|| self.build_ms * 1e6 / keys as f64)
    }

    /// Nanoseconds a lookup: the median over the rounds, with the smallest and largest.
    pub fn lookup_ns(&self) -> Option<Summary> {
        let per: Vec<f64> = self.rounds.iter().filter(|r| r.1 > 0).map(|&(ms, p)| ms * 1e6 / p as f64).collect();
        (self.timed && !per.is_empty()).then(|| Summary::of(&per))
    }
}

/// One filter built and measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub size: Size,
    /// The keys it holds, its bits as planned and its formula's rate.
    pub shape: Shape,
    /// Its bits as the built structure has them (equal to the shape's).
    pub bits: u64,
    /// It holds every key (a static build that worked).
    pub built: bool,
    /// Seeds tried (xor, fuse, ribbon).
    pub attempts: u32,
    /// Keys it could not take (a cuckoo filter past its kicks).
    pub lost: u64,
    pub hits: u64,
    pub probes: u64,
    pub timing: Timing,
}

impl Point {
    pub fn filter(&self) -> Filter {
        self.size.filter()
    }

    pub fn bits_per_key(&self) -> f64 {
        self.bits as f64 / self.shape.keys.max(1) as f64
    }

    /// The measured rate: probes that passed.
    pub fn rate(&self) -> f64 {
        rate(self.hits, self.probes)
    }

    /// The measured rate's 95% Wilson interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.hits, self.probes, Z95)
    }

    /// Percent over the bound at the formula's rate.
    pub fn overhead_theory(&self) -> Option<f64> {
        overhead_pct(self.bits_per_key(), self.shape.theory)
    }

    /// Percent over the bound at the measured rate (none while no probe passed).
    pub fn overhead_measured(&self) -> Option<f64> {
        overhead_pct(self.bits_per_key(), self.rate())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Insert(u64),
    Seal,
    Probe(u64),
}

struct Current {
    building: Building,
    phase: Phase,
    point: Point,
}

/// The run: the plan, the points done, the one under way.
pub struct SpaceRun {
    pub n: u64,
    pub probes: u64,
    pub seed: u64,
    pub plan: Vec<Size>,
    pub points: Vec<Point>,
    current: Option<Current>,
    keys: Keys,
    spent: u64,
}

/// Units a static build counts: one a key for those built in one go, 1 for the others.
fn seal_units(size: Size, keys: u64) -> u64 {
    match size {
        Size::Peeled { .. } | Size::Ribbon { .. } => keys,
        _ => 1,
    }
}

/// Where round `r` of `probes` probes starts.
fn round_start(r: usize, probes: u64) -> u64 {
    (u128::from(probes) * r as u128 / PROBE_ROUNDS as u128) as u64
}

impl SpaceRun {
    /// The run for `n` keys and `max(n, MIN_PROBES)` probes a point.
    pub fn new(n: u64, seed: u64) -> SpaceRun {
        SpaceRun::with_probes(n, n.max(MIN_PROBES), seed)
    }

    /// The run with its own number of probes a point.
    pub fn with_probes(n: u64, probes: u64, seed: u64) -> SpaceRun {
        SpaceRun::with_plan(n, probes, seed, Size::plan())
    }

    /// The run of some sizes only (tests; a page that measures fewer filters).
    pub fn with_plan(n: u64, probes: u64, seed: u64, plan: Vec<Size>) -> SpaceRun {
        let n = n.max(1);
        SpaceRun { n, probes, seed, plan, points: Vec::new(), current: None, keys: Keys::new(seed), spent: 0 }
    }

    fn total(&self) -> u64 {
        let per = |s: &Size| {
            let keys = s.shape(self.n).keys;
            keys + seal_units(*s, keys) + self.probes
        };
        self.plan.iter().map(per).sum()
    }

    /// The size being built or probed now, and what is being done: `insert`, `build`, `probe`.
    pub fn under_way(&self) -> Option<(Size, &'static str)> {
        let c = self.current.as_ref()?;
        let what = match c.phase {
            Phase::Insert(_) => "insert",
            Phase::Seal => "build",
            Phase::Probe(_) => "probe",
        };
        Some((c.point.size, what))
    }

    fn start(&mut self) -> Option<Current> {
        let size = *self.plan.get(self.points.len())?;
        let shape = size.shape(self.n);
        let building = Building::new(size, self.n, self.seed);
        let timing = Timing { timed: false, build_ms: 0.0, rounds: vec![(0.0, 0); PROBE_ROUNDS] };
        let point = Point {
            size,
            shape,
            bits: building.bits(),
            built: false,
            attempts: 1,
            lost: 0,
            hits: 0,
            probes: 0,
            timing,
        };
        Some(Current { building, phase: Phase::Insert(0), point })
    }

    /// One step of at most `budget` units (at least 1); the units done.
    fn step(&mut self, budget: u64, now: Option<&dyn Fn() -> f64>) -> u64 {
        if self.current.is_none() {
            self.current = self.start();
        }
        let (n, probes) = (self.n, self.probes);
        let Some(c) = self.current.as_mut() else { return 0 };
        let t0 = now.map(|clock| clock());
        let keys = &mut self.keys;
        // The units done, and the probe round they belong to (none: building).
        let (units, round) = match c.phase {
            Phase::Insert(i) => {
                let end = i.saturating_add(budget).min(c.point.shape.keys);
                match c.building.insert(keys, i..end) {
                    Inserted::Retry => c.phase = Phase::Insert(0),
                    Inserted::Done { lost } => {
                        c.point.lost += lost;
                        c.phase = if end >= c.point.shape.keys { Phase::Seal } else { Phase::Insert(end) };
                    }
                }
                (end - i, None)
            }
            Phase::Seal => {
                c.building.seal(keys, c.point.shape.keys);
                c.phase = Phase::Probe(0);
                (seal_units(c.point.size, c.point.shape.keys), None)
            }
            Phase::Probe(j) => {
                let r = (0..PROBE_ROUNDS).rev().find(|&r| round_start(r, probes) <= j).unwrap_or(0);
                let end = j.saturating_add(budget).min(round_start(r + 1, probes));
                c.point.hits += c.building.probe(keys, n + j..n + end);
                c.point.probes = end;
                c.phase = Phase::Probe(end);
                (end - j, Some(r))
            }
        };
        if let (Some(clock), Some(t0)) = (now, t0) {
            c.point.timing.record(round, clock() - t0, units);
        }
        if matches!(c.phase, Phase::Probe(j) if j >= probes) {
            self.finish();
        }
        self.spent += units;
        units.max(1)
    }

    fn finish(&mut self) {
        if let Some(mut c) = self.current.take() {
            c.point.built = c.building.built();
            c.point.attempts = c.building.attempts();
            self.points.push(c.point);
        }
    }

    fn run(&mut self, units: u64, now: Option<&dyn Fn() -> f64>) -> u64 {
        let mut did = 0;
        while did < units.max(1) && !self.is_done() {
            did += self.step(units.max(1) - did, now);
        }
        did
    }
}

impl Sliced for SpaceRun {
    fn work(&mut self, units: u64) -> u64 {
        self.run(units, None)
    }
    fn is_done(&self) -> bool {
        self.points.len() >= self.plan.len()
    }
    fn ops_done(&self) -> u64 {
        if self.is_done() {
            self.total()
        } else {
            self.spent.min(self.total().saturating_sub(1))
        }
    }
    fn ops_total(&self) -> u64 {
        self.total()
    }
    /// Timed: each step (a chunk of keys, a build, a chunk of probes) is read off the clock.
    fn work_until(&mut self, units: u64, now: &dyn Fn() -> f64) -> u64 {
        self.run(units, Some(now))
    }
}
