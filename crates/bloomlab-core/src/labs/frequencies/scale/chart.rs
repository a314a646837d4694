//! The experiment's chart — each item's signed error against its rank by true count (log scale),
//! in stretches of ranks, with the bound ±εN — and what the page says about the bound.

use super::{SketchScale, StreamScale};
use crate::engine::streams::sizing;
use crate::plot::{Plot, Series};
use crate::text::{group_digits, trim_float};

/// Stretches of rank the chart has at most (equal on the log scale).
pub const STRETCHES: usize = 120;

/// The stretches of ranks 1 ..= items: (first rank, last rank), equal steps of log10(rank),
/// none empty.
fn stretches(items: usize) -> Vec<(usize, usize)> {
    let top = (items.max(1) as f64).log10();
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut first = 1;
    for i in 1..=STRETCHES {
        let last = (10f64.powf(top * i as f64 / STRETCHES as f64).round() as usize).clamp(first, items.max(1));
        if last >= first && items > 0 {
            out.push((first, last));
            first = last + 1;
        }
        if first > items {
            break;
        }
    }
    out
}

/// Ticks on whole multiples of a round step (1, 2 or 5 × a power of ten), about five of them
/// between `lo` and `hi`, so that 0 is one of them when it is in range.
fn y_ticks(lo: f64, hi: f64) -> Vec<(f64, String)> {
    let rough = ((hi - lo) / 5.0).max(1e-9);
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&s| s >= rough).unwrap_or(10.0 * power);
    let (first, last) = ((lo / step).ceil() as i64, (hi / step).floor() as i64);
    (first..=last)
        .map(|i| {
            let v = i as f64 * step;
            let label = if v < 0.0 { format!("−{}", trim_float(-v, 6)) } else { trim_float(v, 6) };
            (v, label)
        })
        .collect()
}

/// One sketch's errors over each stretch: (log10 of the stretch's middle rank, mean, least, largest).
pub fn profile(s: &SketchScale) -> Vec<(f64, f64, f64, f64)> {
    stretches(s.by_rank.len())
        .into_iter()
        .map(|(a, b)| {
            let e = &s.by_rank[a - 1..b];
            let mean = e.iter().sum::<f64>() / e.len() as f64;
            let lo = e.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (((a * b) as f64).sqrt().log10(), mean, lo, hi)
        })
        .collect()
}

impl StreamScale {
    /// Signed error against rank: count-min's and conservative update's largest error in each
    /// stretch of ranks, the count sketch's mean with its least-to-largest band, and ±εN dashed.
    pub fn error_chart(&self) -> Plot {
        let items = self.sketches.first().map_or(1, |s| s.by_rank.len()).max(1);
        let end = (items as f64).log10().max(0.5);
        let mut series = Vec::new();
        let (mut lo, mut hi) = (-self.bound, self.bound);
        for (i, s) in self.sketches.iter().enumerate() {
            let p = profile(s);
            lo = p.iter().map(|q| q.2).fold(lo, f64::min);
            hi = p.iter().map(|q| q.3).fold(hi, f64::max);
            if s.sketch == super::Sketch::CountSketch {
                series.push(Series::band(format!("{}: mean, least to largest", s.sketch.title()), i, p));
            } else {
                let top = p.iter().map(|q| (q.0, q.3)).collect();
                series.push(Series::line(format!("{}: largest error", s.sketch.title()), i, top));
            }
        }
        let flat = |label: String, v: f64| Series::dashed(label, 3, vec![(0.0, v), (end, v)]);
        series.push(flat(format!("εN = {}", trim_float(self.bound, 2)), self.bound));
        series.push(flat(format!("−εN = −{}", trim_float(self.bound, 2)), -self.bound).unlisted());
        let pad = 0.08 * (hi - lo).max(1.0);
        let (lo, hi) = (lo - pad, hi + pad);
        let ticks = (0..=end.floor() as u32).map(|e| (e as f64, group_digits(10u64.pow(e)))).collect();
        Plot {
            series,
            x_ticks_at: Some(ticks),
            y_ticks_at: Some(y_ticks(lo, hi)),
            y_fixed: Some((lo, hi)),
            x_log_base: Some(10.0),
            ..Plot::new("item's rank by true count (log scale)", "estimate − true count", (0.0, end))
        }
    }
}

/// What the page says about a count-min share beyond εN against δ: when the share is below a
/// tenth of δ, that the bound is loose and why (Markov's inequality), with the numbers; `None`
/// otherwise.
pub fn looseness(share: f64, bound: f64, n: u64, w: u64, d: u32) -> Option<String> {
    let delta = sizing::delta(d as u64);
    if share >= delta / 10.0 {
        return None;
    }
    let per_row = n as f64 / w as f64;
    let measured =
        if share == 0.0 { "No item".to_string() } else { format!("A share {} of the items", trim_float(share, 6)) };
    Some(format!(
        "{measured} lies beyond εN = {}, far below δ = {}: the bound is loose. It comes from Markov's inequality — in one \
         row the other items add at most N/w = {} to an item's counter on average, so more than e times that has chance \
         at most 1/e, and all d rows at once at most e^−d — which holds for any stream and uses nothing about how the \
         excess is really spread.",
        trim_float(bound, 2),
        trim_float(delta, 6),
        trim_float(per_row, 2),
    ))
}
