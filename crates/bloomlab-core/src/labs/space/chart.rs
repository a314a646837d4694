//! What the run shows: the chart of bits per key against the false-positive rate (each filter's
//! formula as a curve, its measured points with their intervals, the bound log₂(1/ε) as a line
//! of its own), one `space-point` record per point, and which of the split-block formulas the
//! measurement agrees with.

use super::filters::{bloom_fpr, cuckoo_fpr, fingerprint_fpr, overhead_pct, quotient_fpr, Filter};
use super::run::{Point, SpaceRun};
use super::sizes::{ribbon_params, xor_layout, Size, CUCKOO_LOAD, QUOTIENT_LOAD};
use crate::engine::split_block::sizing::Formula;
use crate::engine::xor::Kind;
use crate::plot::{Plot, Series};

/// Bits per key across the chart.
pub const X_RANGE: (f64, f64) = (2.0, 30.0);
/// Steps of the smooth curves (Bloom, split-block, the bound).
const CURVE_STEPS: usize = 112;

/// One `space-point` hook's values.
#[derive(Clone, Debug, PartialEq)]
pub struct HookPoint {
    /// `data-filter`: `Filter::name`.
    pub filter: &'static str,
    /// The size in words (`8 bits/key`, `fp = 16`).
    pub size: String,
    /// `data-bits-per-key`: the structure's bits ÷ its keys.
    pub bits_per_key: f64,
    /// `data-fpr`: the measured rate.
    pub fpr: f64,
    /// `data-theory`: the formula's rate.
    pub theory: f64,
    /// Percent over the bound at the formula's rate.
    pub overhead: Option<f64>,
    /// The build worked (a static filter that failed has no measured rate).
    pub built: bool,
}

impl HookPoint {
    /// The hook's attributes, numbers as Rust's `{}` prints them.
    pub fn attributes(&self) -> Vec<(&'static str, String)> {
        vec![
            ("data-filter", self.filter.to_string()),
            ("data-bits-per-key", self.bits_per_key.to_string()),
            ("data-fpr", self.fpr.to_string()),
            ("data-theory", self.theory.to_string()),
            ("data-overhead", self.overhead.map_or(String::new(), |o| o.to_string())),
        ]
    }
}

/// A formula's curve as (bits per key, rate) points, each filter's own way.
pub fn theory_curve(filter: Filter, n: u64) -> Vec<(f64, f64)> {
    let n = n.max(1);
    let smooth = |f: &dyn Fn(f64) -> f64| -> Vec<(f64, f64)> {
        let step = (X_RANGE.1 - X_RANGE.0) / CURVE_STEPS as f64;
        (0..=CURVE_STEPS).map(|i| X_RANGE.0 + i as f64 * step).map(|b| (b, f(b))).collect()
    };
    // Fingerprint filters: `slots per key` × bits against 2^−bits, bits 1 ..= `most`.
    let stepped = |per_key: f64, most: u32| -> Vec<(f64, f64)> {
        (1..=most).map(|b| (per_key * f64::from(b), fingerprint_fpr(b))).collect()
    };
    let per_key = |slots: u64| slots as f64 / n as f64;
    match filter {
        Filter::Bloom => smooth(&|b| bloom_fpr((b * n as f64).round() as u64, n).0),
        Filter::SplitBlock => smooth(&|b| Formula::Blocked.fpr_at_bits_per_value(b)),
        Filter::Cuckoo => (4..=24).map(|f| (f64::from(f) / CUCKOO_LOAD, cuckoo_fpr(f, CUCKOO_LOAD))).collect(),
        Filter::Xor => stepped(per_key(u64::from(xor_layout(Kind::Xor, n).array_length)), 16),
        Filter::Fuse3 => stepped(per_key(u64::from(xor_layout(Kind::Fuse3, n).array_length)), 16),
        Filter::Fuse4 => stepped(per_key(u64::from(xor_layout(Kind::Fuse4, n).array_length)), 16),
        Filter::Ribbon => stepped(per_key(ribbon_params(n, 1).map_or(n, |p| p.slots() as u64)), 24),
        Filter::Quotient => {
            (1..=24).map(|r| (f64::from(r + 3) / QUOTIENT_LOAD, quotient_fpr(QUOTIENT_LOAD, r))).collect()
        }
    }
}

/// The bound as a curve: at b bits per key, no filter does better than 2^−b.
pub fn bound_curve() -> Vec<(f64, f64)> {
    let step = (X_RANGE.1 - X_RANGE.0) / CURVE_STEPS as f64;
    (0..=CURVE_STEPS).map(|i| X_RANGE.0 + i as f64 * step).map(|b| (b, (-b).exp2())).collect()
}

/// Which split-block formula a measured point agrees with: the one inside its interval, or
/// (both or neither inside) the nearer on a log scale.
pub fn split_block_agrees(point: &Point) -> Formula {
    let (lo, hi) = point.interval();
    let b = point.bits_per_key();
    let (spec, blocked) = (Formula::Spec.fpr_at_bits_per_value(b), Formula::Blocked.fpr_at_bits_per_value(b));
    let inside = |v: f64| v >= lo && v <= hi;
    match (inside(spec), inside(blocked)) {
        (true, false) => Formula::Spec,
        (false, true) => Formula::Blocked,
        _ => {
            let off = |v: f64| (v.max(1e-300) / point.rate().max(1e-300)).ln().abs();
            if off(spec) < off(blocked) {
                Formula::Spec
            } else {
                Formula::Blocked
            }
        }
    }
}

impl SpaceRun {
    /// One record per point done, for the `space-point` hooks.
    pub fn hook_points(&self) -> Vec<HookPoint> {
        let record = |p: &Point| HookPoint {
            filter: p.filter().name(),
            size: p.size.label(),
            bits_per_key: p.bits_per_key(),
            fpr: p.rate(),
            theory: p.shape.theory,
            overhead: overhead_pct(p.bits_per_key(), p.shape.theory),
            built: p.built,
        };
        self.points.iter().map(record).collect()
    }

    /// The split-block filters beside the classic ones of the same bits per key, as measured.
    pub fn same_bits(&self) -> Vec<(&Point, &Point)> {
        let classic = |bits: u32| self.points.iter().find(|p| p.size == Size::Bloom { bits });
        self.points
            .iter()
            .filter_map(|p| match p.size {
                Size::SplitBlock { bits } => classic(bits).map(|c| (p, c)),
                _ => None,
            })
            .collect()
    }

    /// The chart: rate (log scale) against bits per key; per filter its formula and its points
    /// measured so far (with 95% intervals; a rate of 0 cannot be drawn on a log scale and is
    /// left to the table), the spec's split-block formula dashed, and the bound.
    pub fn chart(&self) -> Plot {
        let mut plot = Plot::new("bits per key", "false-positive rate", X_RANGE);
        plot.log_y = true;
        for f in Filter::ALL {
            plot.series.push(Series::line(format!("{} (formula)", f.title()), f.index(), theory_curve(f, self.n)));
            let measured = self
                .points
                .iter()
                .filter(|p| p.filter() == f && p.built && p.hits > 0)
                .map(|p| {
                    let (lo, hi) = p.interval();
                    (p.bits_per_key(), p.rate(), lo, hi)
                })
                .collect::<Vec<_>>();
            if !measured.is_empty() {
                plot.series.push(Series::band(format!("{} (measured)", f.title()), f.index(), measured).unlisted());
            }
        }
        let spec = (0..=CURVE_STEPS)
            .map(|i| X_RANGE.0 + i as f64 * (X_RANGE.1 - X_RANGE.0) / CURVE_STEPS as f64)
            .map(|b| (b, Formula::Spec.fpr_at_bits_per_value(b)))
            .collect();
        let split = Filter::SplitBlock.index();
        plot.series.push(Series::dashed("split-block, the Parquet spec's formula", split, spec));
        plot.series.push(Series::dashed("bound: log₂(1/ε) bits per key", Filter::ALL.len(), bound_curve()));
        plot
    }
}
