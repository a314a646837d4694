//! Measured false-positive rates: real filters built from generated keys and probed with
//! generated non-members, in resumable slices, with Wilson score intervals.
//!
//! Point `j` of an experiment with seed `s` inserts items 0 .. n-1 of the generated batch with
//! seed `point_seed(s, j)` and probes items n .. n+trials-1 of the same batch. The batch's index
//! scramble is a bijection, so the probes are guaranteed to be distinct from every inserted key:
//! each probe that passes is a true false positive.

use crate::data::generate::ItemKind;
use crate::engine::filter::BloomFilter;
use crate::engine::hashing::HashFamily;
use crate::engine::sliced::Sliced;
use crate::engine::stats::{rate, wilson, Z95};

/// The largest filter measured (bits); larger points are theory only.
pub const MEASURE_MAX_M: u64 = 1 << 24;
/// The most items inserted into one measured filter.
pub const MEASURE_MAX_N: u64 = 200_000;
/// The most probes per point.
pub const MAX_TRIALS: u64 = 1_000_000;

/// One filter to build and probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSpec {
    pub m: u64,
    pub n: u64,
    pub k: u32,
}

impl PointSpec {
    /// Whether this point is small enough to measure in the browser.
    pub fn measurable(&self) -> bool {
        (1..=MEASURE_MAX_M).contains(&self.m) && self.n <= MEASURE_MAX_N && self.k >= 1
    }
}

/// A measured point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    pub spec: PointSpec,
    pub trials: u64,
    /// Probes that passed (false positives).
    pub hits: u64,
    /// The bits set in this filter once its n items were in.
    pub ones: u64,
}

impl Measured {
    /// The fraction of probes that passed.
    pub fn rate(&self) -> f64 {
        rate(self.hits, self.trials)
    }

    /// The 95% Wilson interval around the rate.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.hits, self.trials, Z95)
    }

    /// This one filter's own false-positive rate, (bits set / m)^k: what a random non-member's k
    /// positions all hit, given how full this filter happens to be.
    pub fn own_rate(&self) -> f64 {
        (self.ones as f64 / self.spec.m.max(1) as f64).powi(self.spec.k as i32)
    }
}

/// How the measured points sit against the theory: each point is one filter, so its interval is
/// about that filter; the formulas average over every filter the same m, n and k could give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scatter {
    pub points: usize,
    /// Points whose interval holds their own filter's rate, (bits set / m)^k.
    pub own_inside: usize,
    /// Points whose interval holds the exact formula's value.
    pub exact_inside: usize,
}

impl Scatter {
    /// Counts the points of `measured` (with the exact value at each).
    pub fn count<'a>(measured: impl IntoIterator<Item = (&'a Measured, f64)>) -> Scatter {
        let mut out = Scatter { points: 0, own_inside: 0, exact_inside: 0 };
        for (p, exact) in measured {
            let (lo, hi) = p.interval();
            let inside = |v: f64| (lo..=hi).contains(&v);
            out.points += 1;
            out.own_inside += usize::from(inside(p.own_rate()));
            out.exact_inside += usize::from(inside(exact));
        }
        out
    }

    /// The page's sentence on it.
    pub fn text(&self, trials: u64) -> String {
        format!(
            "Each point is one filter probed {} times, so its 95% interval is about that filter alone: \
             the interval holds that filter's own rate, (its bits set / m)^k, for {} of the {} points. \
             The curves average over all the filters the same m, n and k could give, and one filter's \
             fill varies from the average, so a point can sit off the curve by more than its interval: \
             the exact curve is inside {} of the {} intervals.",
            crate::text::group_digits(trials),
            self.own_inside,
            self.points,
            self.exact_inside,
            self.points
        )
    }
}

/// The seed of point `j`'s generated keys.
pub fn point_seed(seed: u64, j: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add((j as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)) ^ (j as u64)
}

/// The point under way.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Current {
    index: usize,
    filter: BloomFilter,
    inserted: u64,
    probed: u64,
    hits: u64,
}

/// A resumable experiment over a list of points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Experiment {
    family: HashFamily,
    seed: u64,
    trials: u64,
    specs: Vec<PointSpec>,
    /// The order in which points are measured (indices into `specs`).
    order: Vec<usize>,
    results: Vec<Option<Measured>>,
    /// Position in `order` of the next point to start.
    next: usize,
    current: Option<Current>,
    ops_done: u64,
    ops_total: u64,
}

impl Experiment {
    /// An experiment measuring `specs` (the measurable ones), `first` before the others.
    /// Families that cannot hash generated text (`ullman`) measure nothing.
    pub fn new(family: HashFamily, seed: u64, trials: u64, specs: Vec<PointSpec>, first: Option<usize>) -> Experiment {
        let trials = trials.clamp(1, MAX_TRIALS);
        let usable = family != HashFamily::Ullman;
        let mut order: Vec<usize> = (0..specs.len()).filter(|&j| usable && specs[j].measurable()).collect();
        if let Some(f) = first {
            if let Some(pos) = order.iter().position(|&j| j == f) {
                let j = order.remove(pos);
                order.insert(0, j);
            }
        }
        let ops_total = order.iter().map(|&j| specs[j].n + trials).sum();
        Experiment {
            family,
            seed,
            trials,
            results: vec![None; specs.len()],
            specs,
            order,
            next: 0,
            current: None,
            ops_done: 0,
            ops_total,
        }
    }

    /// An experiment with nothing to do.
    pub fn empty() -> Experiment {
        Experiment::new(HashFamily::Xxh3, 0, 1, Vec::new(), None)
    }

    pub fn specs(&self) -> &[PointSpec] {
        &self.specs
    }
    pub fn results(&self) -> &[Option<Measured>] {
        &self.results
    }
    pub fn trials(&self) -> u64 {
        self.trials
    }
    pub fn family(&self) -> HashFamily {
        self.family
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Inserts and probes done so far.
    pub fn ops_done(&self) -> u64 {
        self.ops_done
    }
    /// Inserts and probes in all measurable points.
    pub fn ops_total(&self) -> u64 {
        self.ops_total
    }
    /// Points that will be measured.
    pub fn measured_total(&self) -> usize {
        self.order.len()
    }
    /// Points measured so far.
    pub fn measured_done(&self) -> usize {
        self.results.iter().filter(|r| r.is_some()).count()
    }
    pub fn is_done(&self) -> bool {
        self.current.is_none() && self.next >= self.order.len()
    }

    /// Runs everything at once (tests).
    pub fn finish(&mut self) {
        while !self.is_done() {
            self.work(u64::MAX);
        }
    }
}

impl crate::engine::sliced::Sliced for Experiment {
    /// Does up to `units` inserts and probes (at least one when work remains); returns how many.
    fn work(&mut self, units: u64) -> u64 {
        let units = units.max(1);
        let mut done = 0u64;
        while done < units {
            if self.current.is_none() {
                let Some(&index) = self.order.get(self.next) else { break };
                self.next += 1;
                let s = self.specs[index];
                self.current = Some(Current {
                    index,
                    filter: BloomFilter::new(self.family, s.m, s.k),
                    inserted: 0,
                    probed: 0,
                    hits: 0,
                });
            }
            let Some(cur) = self.current.as_mut() else { break };
            let spec = self.specs[cur.index];
            let seed = point_seed(self.seed, cur.index);
            // Insert.
            let end = cur.inserted.saturating_add(units - done).min(spec.n);
            cur.filter.insert_generated(ItemKind::Words, seed, cur.inserted..end);
            done += end - cur.inserted;
            cur.inserted = end;
            if cur.inserted < spec.n {
                continue;
            }
            // Probe.
            let end = cur.probed.saturating_add(units - done).min(self.trials);
            cur.hits += cur.filter.count_generated_hits(ItemKind::Words, seed, spec.n + cur.probed..spec.n + end);
            done += end - cur.probed;
            cur.probed = end;
            if cur.probed == self.trials {
                let ones = cur.filter.bits().count_ones() as u64;
                self.results[cur.index] = Some(Measured { spec, trials: self.trials, hits: cur.hits, ones });
                self.current = None;
            }
        }
        self.ops_done += done;
        done
    }
    fn is_done(&self) -> bool {
        Experiment::is_done(self)
    }
    fn ops_done(&self) -> u64 {
        Experiment::ops_done(self)
    }
    fn ops_total(&self) -> u64 {
        Experiment::ops_total(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::formulas;

    #[test]
    fn slices_add_up_to_the_same_result() {
        let specs = vec![
            PointSpec { m: 1000, n: 100, k: 4 },
            PointSpec { m: 500, n: 100, k: 3 },
            PointSpec { m: 1 << 30, n: 5, k: 1 },
        ];
        let mut whole = Experiment::new(HashFamily::Xxh3, 7, 5000, specs.clone(), Some(1));
        whole.finish();
        let mut sliced = Experiment::new(HashFamily::Xxh3, 7, 5000, specs, Some(1));
        assert_eq!(sliced.ops_total(), 2 * 5000 + 200);
        assert_eq!(sliced.measured_total(), 2);
        let mut steps = 0;
        while !sliced.is_done() {
            let did = sliced.work(333);
            assert!(did <= 333 && did > 0);
            steps += 1;
            if steps == 1 {
                assert!(sliced.results()[0].is_none());
            }
        }
        assert_eq!(whole.results(), sliced.results());
        assert_eq!(sliced.ops_done(), sliced.ops_total());
        assert!(sliced.results()[2].is_none(), "too big to measure");
        let r = sliced.results()[0].unwrap();
        assert_eq!(r.trials, 5000);
        assert!(r.hits > 0);
        assert_eq!(sliced.work(100), 0);
    }

    #[test]
    fn probes_are_never_members_and_results_are_reproducible() {
        // With m huge and k = 1, only a probe equal to an inserted key could pass.
        let specs = vec![PointSpec { m: MEASURE_MAX_M, n: 20_000, k: 1 }];
        let mut e = Experiment::new(HashFamily::Double, 3, 20_000, specs.clone(), None);
        e.finish();
        let hits = e.results()[0].unwrap().hits;
        // Expected ≈ 20000 · 20000 / 2^24 ≈ 24 chance collisions of positions, far from 20000.
        assert!(hits < 60, "{hits}");
        let mut again = Experiment::new(HashFamily::Double, 3, 20_000, specs.clone(), None);
        again.finish();
        assert_eq!(again.results(), e.results());
        let mut other = Experiment::new(HashFamily::Double, 4, 20_000, specs, None);
        other.finish();
        assert_ne!(other.results(), e.results());
        // The ullman family cannot hash generated words: nothing is measured.
        let u = Experiment::new(HashFamily::Ullman, 1, 10, vec![PointSpec { m: 11, n: 3, k: 2 }], None);
        assert!(u.is_done());
    }

    /// Measured rates land inside their 95% intervals around `finite` in nearly all runs.
    #[test]
    fn measured_rates_agree_with_finite_for_large_m() {
        for family in [HashFamily::Xxh3, HashFamily::Double] {
            let runs = 40;
            let (m, n, k, trials) = (40_000, 4_000, 4, 4_000);
            let specs: Vec<PointSpec> = (0..runs).map(|_| PointSpec { m, n, k }).collect();
            let mut e = Experiment::new(family, 11, trials, specs, None);
            e.finish();
            let want = formulas::finite(m, n, k);
            let inside = e
                .results()
                .iter()
                .filter(|r| {
                    let (lo, hi) = r.unwrap().interval();
                    lo <= want && want <= hi
                })
                .count();
            // 95% intervals: expect about 38 of 40; fewer than 34 would be very unlikely.
            assert!(inside >= 34, "{family:?}: {inside} of {runs} intervals hold finite = {want}");
            let mean: f64 = e.results().iter().map(|r| r.unwrap().rate()).sum::<f64>() / runs as f64;
            assert!((mean - want).abs() < 0.15 * want, "{family:?}: mean {mean}, finite {want}");
        }
    }
}
