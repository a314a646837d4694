//! The runs' streams, walked once: each element of each seeded stream is drawn a single time and
//! handed both to the combining runs (H hash functions) and to the sketches (one hash, many
//! register counts), and each stream's distinct values are counted once for both. Runs in
//! slices; one unit is one element hashed by one of the combining functions, or added to the
//! sketches.

use super::combine::{element, run_seed, universe, CombineRun, CombineSpec};
use super::sketches::SketchRun;
use crate::engine::bitvec::BitVec;

/// A walk through the runs' streams: which run, which position in it, and which values of the
/// universe went by in this run, for its true distinct count.
#[derive(Clone, Debug)]
pub struct StreamWalk {
    length: u64,
    runs: u64,
    seed: u64,
    run: u64,
    /// Element position within the current run.
    at: u64,
    seen: BitVec,
}

impl StreamWalk {
    pub fn new(length: u64, runs: u64, seed: u64) -> StreamWalk {
        let length = length.max(1);
        let seen = BitVec::new(universe(length) as usize);
        StreamWalk { length, runs: runs.max(1), seed, run: 0, at: 0, seen }
    }

    pub fn is_done(&self) -> bool {
        self.run >= self.runs
    }

    /// Elements walked so far, over all runs.
    pub fn elements_done(&self) -> u64 {
        self.run * self.length + self.at
    }

    /// Hands the current run's next `count` elements (at least one, at most the rest of the run)
    /// to `each`, with the run's seed. Returns how many it handed, and the run's true distinct
    /// count when the run ended with them.
    pub fn walk(&mut self, count: u64, mut each: impl FnMut(u64, u64)) -> (u64, Option<u64>) {
        if self.is_done() {
            return (0, None);
        }
        let (s, u) = (run_seed(self.seed, self.run), universe(self.length));
        let count = count.max(1).min(self.length - self.at);
        for p in self.at..self.at + count {
            let x = element(p, s, u);
            self.seen.set(x as usize);
            each(x, s);
        }
        self.at += count;
        if self.at < self.length {
            return (count, None);
        }
        let truth = self.seen.count_ones() as u64;
        self.seen.clear();
        self.at = 0;
        self.run += 1;
        (count, Some(truth))
    }
}

/// The combining runs and the sketches on one walk through the streams. The sketches are never
/// behind the combining runs: both start together, and when the combining runs alone start
/// again (other functions or group size), the walk replays the streams for them while the
/// sketches wait, and feeds both again once it reaches the sketches.
pub struct Streams {
    walk: StreamWalk,
    pub combine: CombineRun,
    pub sketches: SketchRun,
}

impl Streams {
    /// Both runs on the streams of `spec` (clamped as `CombineRun::new` clamps it).
    pub fn new(spec: CombineSpec) -> Streams {
        let combine = CombineRun::new(spec);
        let c = &combine.spec;
        Streams { walk: StreamWalk::new(c.length, c.runs, c.seed), sketches: SketchRun::new(c.length, c.runs), combine }
    }

    /// Starts the combining runs again with `spec`. On the same streams (length, runs, seed) the
    /// sketches keep what they have; on other streams everything starts again.
    pub fn restart_combine(&mut self, spec: CombineSpec) {
        let combine = CombineRun::new(spec);
        let (a, b) = (&self.combine.spec, &combine.spec);
        if (a.length, a.runs, a.seed) != (b.length, b.runs, b.seed) {
            *self = Streams::new(combine.spec);
            return;
        }
        self.walk = StreamWalk::new(b.length, b.runs, b.seed);
        self.combine = combine;
    }
}

impl crate::engine::sliced::Sliced for Streams {
    /// Walks elements worth about `units` units (each costs one unit per combining function,
    /// and one more while the sketches take it too); returns how many units.
    fn work(&mut self, units: u64) -> u64 {
        let h = self.combine.spec.hashes as u64;
        let mut done = 0;
        while done < units.max(1) && !self.walk.is_done() {
            // Elements the sketches already have (after the combining runs started again).
            let ahead = self.sketches.ops_done().saturating_sub(self.walk.elements_done());
            let both = ahead == 0;
            let cost = h + both as u64;
            let mut count = (units.max(1) - done) / cost;
            if !both {
                count = count.clamp(1, ahead);
            }
            let (combine, sketches) = (&mut self.combine, &mut self.sketches);
            let (walked, truth) = self.walk.walk(count, |x, s| {
                combine.add(x, s);
                if both {
                    sketches.add(x, s);
                }
            });
            done += walked * cost;
            if let Some(truth) = truth {
                combine.end_run(truth);
                if both {
                    sketches.end_run(truth);
                }
            }
        }
        done
    }
    fn is_done(&self) -> bool {
        self.walk.is_done()
    }
    fn ops_done(&self) -> u64 {
        self.combine.ops_done() + self.sketches.ops_done()
    }
    fn ops_total(&self) -> u64 {
        self.combine.ops_total() + self.sketches.ops_total()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::super::combine::{element, hash, run_seed, universe, CombineRun, CombineSpec, RunResult};
    use super::super::sketches::{SketchResult, SKETCH_HASH};
    use super::Streams;
    use crate::engine::sketches::{MaxRegisters, Pcsa, MAX_BITS, MIN_BITS};
    use crate::engine::sliced::{finish, Sliced};

    /// The results as they were computed before the two runs shared a walk, each drawing and
    /// counting every stream itself; written out plainly here, apart from the runs' code.
    fn separate_walks(spec: &CombineSpec) -> (Vec<RunResult>, Vec<SketchResult>) {
        let c = CombineRun::new(spec.clone()).spec;
        let stream = |s: u64| (0..c.length).map(|p| element(p, s, universe(c.length))).collect::<Vec<_>>();
        let distinct = |xs: &[u64]| xs.iter().collect::<HashSet<_>>().len() as u64;
        let mut combine = Vec::new();
        for run in 0..c.runs {
            let s = run_seed(c.seed, run);
            let xs = stream(s);
            let r = (0..c.hashes).map(|i| xs.iter().map(|&x| hash(x, i, s).trailing_zeros()).max().unwrap()).collect();
            combine.push(RunResult { truth: distinct(&xs), r });
        }
        let mut sketches = Vec::new();
        for run in 0..c.runs {
            let s = run_seed(c.seed, run);
            let xs = stream(s);
            let mut pcsa: Vec<Pcsa> = (MIN_BITS..=MAX_BITS).map(Pcsa::new).collect();
            let mut regs: Vec<MaxRegisters> = (MIN_BITS..=MAX_BITS).map(MaxRegisters::new).collect();
            for &x in &xs {
                let h = hash(x, SKETCH_HASH, s);
                pcsa.iter_mut().for_each(|k| k.add(h));
                regs.iter_mut().for_each(|k| k.add(h));
            }
            let estimates = [
                pcsa.iter().map(Pcsa::estimate).collect(),
                regs.iter().map(MaxRegisters::loglog).collect(),
                regs.iter().map(MaxRegisters::hll).collect(),
            ];
            sketches.push(SketchResult { truth: distinct(&xs), estimates });
        }
        (combine, sketches)
    }

    /// Both runs' results, every estimate by its bits.
    type Bits = (Vec<RunResult>, Vec<(u64, Vec<Vec<u64>>)>);

    fn bits(combine: &[RunResult], sketches: &[SketchResult]) -> Bits {
        let sketch =
            |r: &SketchResult| (r.truth, r.estimates.iter().map(|e| e.iter().map(|v| v.to_bits()).collect()).collect());
        (combine.to_vec(), sketches.iter().map(sketch).collect())
    }

    fn of(s: &Streams) -> Bits {
        bits(&s.combine.results, &s.sketches.results)
    }

    fn spec(length: u64, hashes: u32, runs: u64, group: u64, seed: u64) -> CombineSpec {
        CombineSpec { length, hashes, runs, group, seed }
    }

    #[test]
    fn one_walk_gives_what_two_walks_gave_bit_for_bit() {
        for spec in [spec(2_000, 8, 3, 2, 9), spec(1, 1, 2, 1, 0), spec(999, 3, 4, 1, 12_345), spec(500, 64, 2, 8, 4)] {
            let (combine, sketches) = separate_walks(&spec);
            let want = bits(&combine, &sketches);
            assert_eq!(want.0.len() as u64, spec.runs);
            for units in [1, 777, u64::MAX] {
                let mut s = Streams::new(spec.clone());
                finish(&mut s, units);
                assert_eq!(of(&s), want, "{spec:?} in slices of {units}");
                assert!(s.combine.is_done() && s.sketches.is_done());
            }
        }
    }

    #[test]
    fn the_combining_runs_start_again_alone_and_the_sketches_wait() {
        let (a, b) = (spec(1_000, 8, 4, 2, 3), spec(1_000, 5, 4, 3, 3));
        let mut s = Streams::new(a.clone());
        // Two and a half runs in, the combining runs start again with other functions.
        while s.sketches.ops_done() < 2_500 {
            s.work(700);
        }
        let kept = s.sketches.results.clone();
        let ahead = s.sketches.ops_done();
        s.restart_combine(b.clone());
        assert_eq!((s.combine.results.len(), s.ops_done()), (0, ahead));
        // While the walk catches up, the sketches are left as they were; from there on both
        // take each element.
        while s.combine.elements() < ahead {
            assert!(s.work(1_234) > 0);
            assert!(s.sketches.results.starts_with(&kept));
            assert_eq!(s.sketches.ops_done() - ahead, s.combine.elements().saturating_sub(ahead));
        }
        finish(&mut s, 13);
        let (combine, sketches) = separate_walks(&b);
        assert_eq!(of(&s), bits(&combine, &sketches));
        assert_eq!(s.ops_done(), s.ops_total());
        // Other streams start everything again.
        let c = spec(700, 5, 4, 3, 4);
        s.restart_combine(c.clone());
        assert_eq!(s.ops_done(), 0);
        finish(&mut s, 1 << 20);
        let (combine, sketches) = separate_walks(&c);
        assert_eq!(of(&s), bits(&combine, &sketches));
    }
}
