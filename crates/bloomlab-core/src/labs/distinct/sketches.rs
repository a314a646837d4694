//! The estimators that fix the slides' recipe, on the very streams the combining runs use:
//! PCSA, LogLog and HyperLogLog with one hash function and m registers, for every m from 16 to
//! 65,536 at once (a register count is a choice of how many low bits pick the bucket, so one
//! hash serves them all). One unit of work is one element; the elements come from
//! `streams::Streams`, the same ones the combining runs get.

use super::combine::{hash, MAX_HASHES};
use crate::engine::sketches::constants::{hll_alpha, loglog_alpha};
use crate::engine::sketches::{MaxRegisters, Pcsa, Sketch, MAX_BITS, MIN_BITS};
use crate::plot::{decade_ticks, Plot, Series};
use crate::text::group_digits;

/// The hash function the sketches use: one beyond the slides' recipe's 64.
pub const SKETCH_HASH: u32 = MAX_HASHES;

/// The register counts measured: 2^4 .. 2^16.
pub fn register_counts() -> impl Iterator<Item = u32> {
    (MIN_BITS..=MAX_BITS).map(|p| 1u32 << p)
}

/// One run's outcome: its true distinct count and, for each sketch and each register count
/// (index p − 4), the estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct SketchResult {
    pub truth: u64,
    pub estimates: [Vec<f64>; 3],
}

impl SketchResult {
    pub fn estimate(&self, s: Sketch, p: u32) -> f64 {
        self.estimates[s as usize][(p - MIN_BITS) as usize]
    }
}

/// The sketches over the runs' streams. It walks no stream itself: `Streams` hands it the
/// elements and says when a run ends.
pub struct SketchRun {
    length: u64,
    runs: u64,
    /// Elements handed so far, over all runs.
    elements: u64,
    pcsa: Vec<Pcsa>,
    regs: Vec<MaxRegisters>,
    alphas: Vec<(f64, f64)>,
    pub results: Vec<SketchResult>,
}

impl SketchRun {
    /// `length` and `runs` as the combining run has them (already clamped there).
    pub fn new(length: u64, runs: u64) -> SketchRun {
        let sizes = MIN_BITS..=MAX_BITS;
        SketchRun {
            length: length.max(1),
            runs: runs.max(1),
            elements: 0,
            pcsa: sizes.clone().map(Pcsa::new).collect(),
            regs: sizes.clone().map(MaxRegisters::new).collect(),
            alphas: sizes.map(|p| (loglog_alpha(1 << p), hll_alpha(1 << p))).collect(),
            results: Vec::new(),
        }
    }

    /// Elements in each run's stream.
    pub fn length(&self) -> u64 {
        self.length
    }

    pub fn runs(&self) -> u64 {
        self.runs
    }

    pub fn ops_total(&self) -> u64 {
        self.runs() * self.length()
    }
    pub fn ops_done(&self) -> u64 {
        self.elements
    }
    pub fn is_done(&self) -> bool {
        self.results.len() as u64 >= self.runs
    }

    /// Adds the current run's next element `x` (the run's seed `s`) to every sketch.
    #[inline]
    pub fn add(&mut self, x: u64, s: u64) {
        let h = hash(x, SKETCH_HASH, s);
        self.pcsa.iter_mut().for_each(|k| k.add(h));
        self.regs.iter_mut().for_each(|k| k.add(h));
        self.elements += 1;
    }

    /// Ends a run whose stream held `truth` distinct values: its estimates, and empty sketches
    /// for the next.
    pub fn end_run(&mut self, truth: u64) {
        let pcsa = self.pcsa.iter().map(Pcsa::estimate).collect();
        let loglog = self.regs.iter().zip(&self.alphas).map(|(r, a)| r.loglog_with(a.0)).collect();
        let hll = self.regs.iter().zip(&self.alphas).map(|(r, a)| r.hll_with(a.1)).collect();
        self.results.push(SketchResult { truth, estimates: [pcsa, loglog, hll] });
        self.pcsa.iter_mut().for_each(Pcsa::clear);
        self.regs.iter_mut().for_each(MaxRegisters::clear);
    }

    /// The relative standard error of a sketch with 2^p registers over the finished runs: the
    /// root mean square of estimate/truth − 1 (bias included).
    pub fn rse(&self, s: Sketch, p: u32) -> f64 {
        rse(self.results.iter().map(|r| (r.estimate(s, p), r.truth)))
    }

    /// Relative error against m, log–log: each sketch measured (dots) and its c/√m (dashed);
    /// `slides` adds the slides' recipe (its error with as many hash functions as registers).
    /// The fewest registers at which sketch `s` is off by more than twice its theory's error,
    /// over the finished runs: (m, measured error, theory's error). `None` when it never is.
    pub fn breakdown(&self, s: Sketch) -> Option<(u32, f64, f64)> {
        if self.results.is_empty() {
            return None;
        }
        (MIN_BITS..=MAX_BITS).map(|p| (1u32 << p, self.rse(s, p), s.theory_rse(1 << p))).find(|&(_, e, t)| e > 2.0 * t)
    }

    pub fn error_chart(&self, slides: Option<(u32, f64)>) -> Plot {
        let lx = |m: u32| (m as f64).log2();
        let mut series = Vec::new();
        for (i, s) in Sketch::ALL.into_iter().enumerate() {
            let measured = (MIN_BITS..=MAX_BITS).map(|p| (p as f64, self.rse(s, p).max(1e-9).log10())).collect();
            series.push(Series::dots(format!("{} measured", s.title()), i, measured));
            let theory = register_counts().map(|m| (lx(m), s.theory_rse(m).log10())).collect();
            series.push(Series::dashed(format!("{} theory", s.title()), i, theory));
        }
        if let Some((functions, error)) = slides.filter(|s| s.1 > 0.0) {
            series.push(Series::dots("slides' recipe (median of means)", 3, vec![(lx(functions), error.log10())]));
        }
        let (lo, hi) = decades(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
        Plot {
            series,
            x_ticks_at: Some(register_counts().step_by(2).map(|m| (lx(m), group_digits(m as u64))).collect()),
            y_ticks_at: Some(
                decade_ticks(lo, hi, f64::INFINITY).into_iter().map(|(e, label)| (e as f64, label)).collect(),
            ),
            y_fixed: Some((lo as f64, hi as f64)),
            x_log_base: Some(2.0),
            y_log_base: Some(10.0),
            ..Plot::new("registers m (log scale)", "relative standard error (log scale)", (lx(16), lx(65_536)))
        }
    }
}

/// The root mean square of estimate/truth − 1 over (estimate, truth) pairs.
pub fn rse(pairs: impl Iterator<Item = (f64, u64)>) -> f64 {
    let (mut sq, mut n) = (0.0, 0u64);
    for (e, t) in pairs {
        sq += (e / t.max(1) as f64 - 1.0).powi(2);
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        (sq / n as f64).sqrt()
    }
}

/// Whole decades (powers of ten) around finite log10 values.
fn decades(values: impl Iterator<Item = f64>) -> (i32, i32) {
    let (lo, hi) =
        values.filter(|v| v.is_finite()).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if !lo.is_finite() {
        return (-3, 0);
    }
    let (lo, hi) = (lo.floor() as i32, hi.ceil() as i32);
    (lo.max(-6), hi.max(lo + 1).min(3))
}
