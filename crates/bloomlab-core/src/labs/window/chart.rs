//! The window view's chart: the largest relative error in each stretch of t of the measured
//! run, against the bounds (50 %, the bound once the oldest bucket has size 2 or more, and the
//! book's figure).

use super::measure::ErrorRun;
use crate::engine::streams::dgim;
use crate::plot::{Plot, Series};
use crate::text::group_digits;

impl ErrorRun {
    /// Relative error (%) over t, with the bounds as dashed lines.
    pub fn error_chart(&self) -> Plot {
        let profile = self.profile();
        let (window, r) = self.setting();
        let end = profile.last().map_or(1, |p| p.0).max(1) as f64;
        let flat = |label: String, color: usize, v: f64| {
            Series::dashed(label, color, vec![(0.0, v * 100.0), (end, v * 100.0)])
        };
        let measured = profile.iter().map(|&(t, e)| (t as f64, e * 100.0)).collect();
        let mut plot = Plot::new("bits arrived t", "largest relative error (%)", (0.0, end));
        let past = dgim::bound_past_size_one(r);
        plot.series = vec![
            Series::line(
                format!("measured (N = {}, r = {r}), largest in each stretch of t", group_digits(window)),
                0,
                measured,
            ),
            flat("50 %: a window holding a single 1".into(), 1, 0.5),
            flat(format!("bound once the oldest bucket has size ≥ 2: {:.1} %", past * 100.0), 2, past),
        ];
        let book = dgim::book_bound(r);
        if (book - 0.5).abs() > 1e-12 {
            plot.series.push(flat(format!("the book's 1/(r − 1): {:.1} %", book * 100.0), 3, book));
        }
        plot.y_fixed = Some((0.0, 55.0));
        plot
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::sliced::finish;
    use crate::labs::window::WindowLab;
    use crate::link::query::Query;
    use crate::link::state::LinkState;
    use crate::plot::{to_svg, PlotColors};

    #[test]
    fn the_chart_draws_the_measured_profile_under_the_bounds() {
        let (lab, _) = WindowLab::read(&Query::parse("?p=0.3&length=4000&N=50&r=4&seed=2"));
        let mut run = lab.error_run();
        finish(&mut run, u64::MAX);
        let profile = run.profile();
        assert_eq!(profile.len(), 200);
        assert_eq!(profile.last().map(|p| p.0), Some(4000));
        let top = profile.iter().map(|p| p.1).fold(0.0, f64::max);
        assert_eq!(top, run.errors().max_relative);
        let plot = run.error_chart();
        assert_eq!(plot.series.len(), 4, "r = 4: the book's 1/3 differs from 50 %");
        assert!(plot.series[3].label.contains("33.3 %"), "{}", plot.series[3].label);
        assert!(to_svg(&plot, 600.0, 300.0, &PlotColors::for_theme(false, false)).contains("<svg"));
    }
}
