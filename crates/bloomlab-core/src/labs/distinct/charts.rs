//! The combining panel's charts: the relative errors of the three combinations as histograms,
//! and how often each single estimate 2^R occurs.

use super::combine::CombineRun;
use crate::engine::stats::HIST_BINS;
use crate::plot::{Plot, Series};
use crate::text::group_digits;

impl CombineRun {
    /// The relative errors (in percent) of the mean, the median and the median of means, each as
    /// a histogram of shares of the finished runs over one shared range.
    pub fn histogram_chart(&self) -> Plot {
        let (range, hists) = self.histograms();
        let bins = (range.0 * 100.0, (range.1 - range.0) / HIST_BINS as f64 * 100.0);
        let runs = self.results.len().max(1) as f64;
        let series = hists
            .iter()
            .enumerate()
            .map(|(i, (c, counts))| Series::histogram(c.name(), i, bins, counts.iter().map(|&n| n as f64 / runs)))
            .collect();
        Plot { series, ..Plot::new("relative error (%)", "fraction of runs", (range.0 * 100.0, range.1 * 100.0)) }
    }

    /// The share of all single estimates at each R, as bars, with ticks at 2^R.
    pub fn r_chart(&self) -> Plot {
        let counts = self.r_counts();
        let total: u64 = counts.iter().sum();
        let lo = counts.iter().position(|&c| c > 0).unwrap_or(0);
        let hi = counts.iter().rposition(|&c| c > 0).unwrap_or(1).max(lo + 1);
        let mut plot =
            Plot::new("R (the estimate is 2^R)", "share of all estimates", (lo as f64 - 0.5, hi as f64 + 0.5));
        let bars = (lo..=hi).map(|r| (r as f64, counts.get(r).copied().unwrap_or(0) as f64 / total.max(1) as f64));
        plot.series = vec![Series::bars("2^R", 0, 0.4, bars)];
        plot.x_ticks_at = Some((lo..=hi).map(|r| (r as f64, group_digits(1u64 << r.min(63)))).collect());
        plot
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::sliced::finish;
    use crate::engine::stats::HIST_BINS;
    use crate::labs::distinct::combine::{Combine, CombineRun, CombineSpec};
    use crate::labs::distinct::streams::Streams;
    use crate::plot::{to_svg, PlotColors};

    fn finished() -> CombineRun {
        let mut streams = Streams::new(CombineSpec { length: 3_000, hashes: 32, runs: 6, group: 4, seed: 2 });
        finish(&mut streams, u64::MAX / 4);
        streams.combine
    }

    fn svg_has(p: &crate::plot::Plot, texts: &[&str]) {
        let svg = to_svg(p, 640.0, 320.0, &PlotColors::DARK);
        for t in texts {
            assert!(svg.contains(t), "{t}");
        }
        for s in &p.series {
            let colour = PlotColors::DARK.series[s.color].css().to_uppercase();
            assert!(svg.to_uppercase().contains(&colour), "{}'s colour", s.label);
        }
        assert!(!svg.contains("NaN"));
    }

    #[test]
    fn the_histogram_chart_has_one_histogram_per_combination() {
        let run = finished();
        let p = run.histogram_chart();
        let labels: Vec<&str> = p.series.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, Combine::ALL.map(|c| c.name()));
        let (range, _) = run.histograms();
        assert_eq!(p.x_range, (range.0 * 100.0, range.1 * 100.0));
        for s in &p.series {
            assert_eq!(s.points.len(), 2 * HIST_BINS);
            let total: f64 = s.points.iter().step_by(2).map(|p| p.1).sum();
            assert!((total - 1.0).abs() < 1e-9, "{}: every run in one bin, {total}", s.label);
        }
        svg_has(&p, &["relative error (%)", "fraction of runs", "median-of-means"]);
    }

    #[test]
    fn the_r_chart_has_a_bar_per_r_with_ticks_at_powers_of_two() {
        let run = finished();
        let p = run.r_chart();
        let counts = run.r_counts();
        let lo = counts.iter().position(|&c| c > 0).unwrap();
        let hi = counts.iter().rposition(|&c| c > 0).unwrap().max(lo + 1);
        assert_eq!(p.x_range, (lo as f64 - 0.5, hi as f64 + 0.5));
        assert_eq!(p.series.len(), 1);
        let bars = &p.series[0].points;
        assert_eq!(bars.len(), 4 * (hi - lo + 1));
        // Each bar's top is its share of the 6 × 32 estimates; the shares add up to 1.
        assert_eq!(bars[1], (lo as f64 - 0.4, counts[lo] as f64 / 192.0));
        let total: f64 = bars.iter().skip(1).step_by(4).map(|p| p.1).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        let ticks = p.x_ticks_at.as_ref().unwrap();
        assert_eq!(ticks[0], (lo as f64, crate::text::group_digits(1 << lo)));
        assert_eq!(ticks.len(), hi - lo + 1);
        svg_has(&p, &["R (the estimate is 2^R)", "share of all estimates"]);
        // No runs yet: an empty chart, nothing broken.
        let empty = CombineRun::new(run.spec.clone()).r_chart();
        assert!(empty.series[0].points.iter().all(|p| p.1 == 0.0));
        assert!(!to_svg(&empty, 320.0, 200.0, &PlotColors::LIGHT).contains("NaN"));
    }
}
