//! The moments view's charts: the scale run's error histogram and error against s, and the
//! reservoir's measured inclusion frequencies.

use super::scale::{ladder, ScaleRun, RUNS};
use crate::engine::moments::reservoir::Inclusion;
use crate::engine::stats::{histogram, histogram_range, HIST_BINS};
use crate::plot::{MeasuredPoint, Plot, Series};
use crate::text::group_digits;

impl ScaleRun {
    /// The relative errors of both estimates (median of group means, mean of all) as histograms,
    /// in percent, over one shared range.
    pub fn error_histogram(&self) -> Plot {
        let r = &self.result;
        let both: Vec<f64> = r.combined.iter().chain(&r.mean).copied().collect();
        let range = histogram_range(&both);
        let bins = (range.0 * 100.0, (range.1 - range.0) / HIST_BINS as f64 * 100.0);
        let shares = |errors: &[f64]| {
            let runs = errors.len().max(1) as f64;
            histogram(errors, range).into_iter().map(move |c| c as f64 / runs)
        };
        let mut plot =
            Plot::new("relative error of the estimate (%)", "fraction of runs", (range.0 * 100.0, range.1 * 100.0));
        plot.series = vec![
            Series::histogram(format!("median of {} group means", self.spec.groups), 0, bins, shares(&r.combined)),
            Series::histogram(format!("mean of all {} variables", self.spec.s), 1, bins, shares(&r.mean)),
        ];
        plot
    }

    /// The root-mean-square relative error against the number of variables (log scale), measured
    /// and in theory.
    pub fn error_chart(&self) -> Plot {
        let steps = ladder(self.spec.s);
        let x = |s: u64| (s as f64).log10();
        let hi = x(*steps.last().unwrap_or(&1)).max(1.0);
        let theory: Vec<(f64, f64)> =
            (0..=40).map(|i| hi * i as f64 / 40.0).map(|lx| (lx, self.theory_error(10f64.powf(lx)))).collect();
        let measured = self.result.ladder.iter().map(|&(s, e)| (x(s), e)).collect();
        let mut plot = Plot::new("variables s (log scale)", "root-mean-square relative error", (0.0, hi));
        plot.series = vec![
            Series::dashed("theory: √(Var X / s) / F", 1, theory).left_out_of_range(true),
            Series::dots(format!("measured over {RUNS} runs"), 0, measured),
        ];
        plot.x_ticks_at = Some(steps.iter().map(|&s| (x(s), group_digits(s))).collect());
        plot.x_log_base = Some(10.0);
        plot
    }
}

/// How often each position is held at the end, measured with 95 % intervals, against s/n.
pub fn inclusion_chart(inc: &Inclusion) -> Plot {
    let n = inc.n as f64;
    let measured = (1..=inc.n)
        .map(|j| {
            let (rate, (lo, hi)) = inc.measured(j);
            MeasuredPoint { x: j as f64, rate, lo, hi }
        })
        .collect();
    let theory = vec![(1.0, inc.theory()), (n.max(2.0), inc.theory())];
    Plot {
        series: vec![Series::dashed(format!("s/n = {}/{}", inc.s, inc.n), 0, theory)],
        measured,
        measured_label: format!("measured over {} runs (95 % intervals)", inc.runs),
        y_fixed: Some((0.0, (inc.theory() * 2.0).clamp(0.05, 1.0))),
        ..Plot::new("position in the stream", "fraction of runs it is held at the end", (1.0, n.max(2.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sliced::Sliced;
    use crate::labs::moments::scale::{ScaleSpec, Source};
    use crate::plot::{to_svg, PlotColors};

    fn finished_run() -> ScaleRun {
        let spec = ScaleSpec { source: Source::Zipf, zipf: 1.0, length: 2_000, s: 30, groups: 5, k: 2, seed: 5 };
        let mut run = ScaleRun::new(spec, None);
        while !run.is_done() {
            run.work(u64::MAX / 2);
        }
        run
    }

    fn svg_has(p: &Plot, texts: &[&str]) {
        let svg = to_svg(p, 640.0, 320.0, &PlotColors::LIGHT);
        for t in texts {
            assert!(svg.contains(t), "{t}");
        }
        for s in &p.series {
            let colour = PlotColors::LIGHT.series[s.color].css().to_uppercase();
            assert!(svg.to_uppercase().contains(&colour), "{}'s colour", s.label);
        }
        assert!(!svg.contains("NaN"));
    }

    #[test]
    fn the_error_histogram_shows_both_estimates_as_shares_of_the_runs() {
        let run = finished_run();
        let p = run.error_histogram();
        assert_eq!(p.series.len(), 2);
        let range = histogram_range(&run.result.combined.iter().chain(&run.result.mean).copied().collect::<Vec<_>>());
        assert_eq!(p.x_range, (range.0 * 100.0, range.1 * 100.0));
        for s in &p.series {
            assert_eq!(s.points.len(), 2 * HIST_BINS);
            assert_eq!(s.points.first().map(|p| p.0), Some(range.0 * 100.0));
            assert!((s.points.last().unwrap().0 - range.1 * 100.0).abs() < 1e-9);
            // Every run falls in one bin: the shares add up to 1.
            let total: f64 = s.points.iter().step_by(2).map(|p| p.1).sum();
            assert!((total - 1.0).abs() < 1e-9, "{}: {total}", s.label);
        }
        svg_has(&p, &["median of 5 group means", "mean of all 30 variables", "relative error of the estimate (%)"]);
        // Before any run: empty histograms, nothing broken.
        let fresh = ScaleRun::new(run.spec.clone(), None).error_histogram();
        assert!(fresh.series.iter().all(|s| s.points.iter().all(|p| p.1 == 0.0)));
        assert!(!to_svg(&fresh, 320.0, 200.0, &PlotColors::DARK).contains("NaN"));
    }

    #[test]
    fn the_error_chart_has_the_ladder_measured_and_the_theory_dashed() {
        let run = finished_run();
        let p = run.error_chart();
        assert_eq!(p.series.len(), 2);
        let (theory, measured) = (&p.series[0], &p.series[1]);
        assert!(theory.dashed && theory.ignore_in_range && measured.dots);
        assert_eq!(theory.points.len(), 41);
        assert_eq!(theory.points[0], (0.0, run.theory_error(1.0)));
        assert_eq!(measured.points.len(), ladder(30).len());
        assert_eq!(measured.points[0].0, 0.0);
        let ticks: Vec<&str> = p.x_ticks_at.as_ref().unwrap().iter().map(|t| t.1.as_str()).collect();
        assert_eq!(ticks, ["1", "3", "10", "30"]);
        assert_eq!(p.x_log_base, Some(10.0));
        svg_has(&p, &["measured over 200 runs", "variables s (log scale)", "root-mean-square relative error"]);
    }

    #[test]
    fn the_inclusion_chart_measures_every_position_against_s_over_n() {
        let inc = Inclusion::measure(20, 5, 2_000, 3);
        let p = inclusion_chart(&inc);
        assert_eq!(p.measured.len(), 20);
        assert_eq!(p.series.len(), 1);
        assert_eq!(p.series[0].points, [(1.0, 0.25), (20.0, 0.25)]);
        assert_eq!(p.y_fixed, Some((0.0, 0.5)));
        // The first s positions are each held about s/n of the time, like every other.
        for m in &p.measured {
            assert!(m.lo <= m.rate && m.rate <= m.hi);
            assert!((m.rate - 0.25).abs() < 0.06, "position {}: {}", m.x, m.rate);
        }
        svg_has(&p, &["s/n = 5/20", "measured over 2000 runs (95 % intervals)", "position in the stream"]);
    }
}
