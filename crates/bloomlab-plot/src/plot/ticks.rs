//! Axis ticks: nice steps, tick labels (SI suffixes for large values, enough decimals for the
//! step), the decades of a log axis, and the ticks of a plot's axes.

use super::Plot;

pub(super) fn nice_step(span: f64, target: f64) -> f64 {
    if span.is_nan() || span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / target.max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    let nice = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// A tick label: SI suffixes for large values, enough decimals for the step otherwise.
pub fn format_tick(v: f64, step: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let a = v.abs();
    if a >= 1e4 {
        for (div, suffix) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")] {
            if a >= div {
                return format!("{}{suffix}", crate::text::trim_float(v / div, 2));
            }
        }
    }
    if v == 0.0 {
        return "0".into();
    }
    if a < 1e-3 {
        return format_sci(v);
    }
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    format!("{:.*}", decimals.min(6), v)
}

fn format_sci(v: f64) -> String {
    let e = v.abs().log10().floor() as i32;
    let mant = v / 10f64.powi(e);
    if (mant.round() - mant).abs() < 1e-9 {
        format!("{}e{e}", mant.round())
    } else {
        format!("{mant:.1}e{e}")
    }
}

/// The label of the decade 10^`e` on a log axis: written out from 0.001 to 1000, with SI
/// suffixes above (10k, 1M, …, 100T) and as 1e-4, 1e15 and so on beyond.
pub fn decade_label(e: i32) -> String {
    let v = 10f64.powi(e);
    match e {
        -3..=3 => format!("{:.*}", (-e).max(0) as usize, v),
        4..=14 => format_tick(v, v),
        _ => format!("1e{e}"),
    }
}

/// Ticks at the decades 10^`lo` ..= 10^`hi` as (exponent, label): every decade, or every few so
/// that about `target` show (the last always). The one way a log axis is ticked, whether the
/// axis itself is logarithmic (`Plot::log_y`) or carries the values' logarithms (`y_log_base`).
pub fn decade_ticks(lo: i32, hi: i32, target: f64) -> Vec<(i32, String)> {
    let every = (((hi - lo) as f64 / target).ceil() as i32).max(1);
    (lo..=hi).filter(|e| (e - lo) % every == 0 || *e == hi).map(|e| (e, decade_label(e))).collect()
}

/// Ticks every `step` from `first` up to `last` (at most 100), labelled for the step.
fn linear_ticks(first: f64, last: f64, step: f64) -> Vec<(f64, String)> {
    (0..100)
        .map(|i| first + i as f64 * step)
        .take_while(|&v| v <= last + step * 1e-9)
        .map(|v| (v, format_tick(v, step)))
        .collect()
}

impl Plot {
    /// Ticks on the x axis: (value, label).
    pub fn x_ticks(&self, target: f64) -> Vec<(f64, String)> {
        if let Some(ticks) = &self.x_ticks_at {
            return ticks.clone();
        }
        let (a, b) = self.x_range;
        let step = nice_step(b - a, target);
        linear_ticks((a / step).ceil() * step, b, step)
    }

    /// With a y axis of counts: from 0 to the largest value or a little above, ticked at whole
    /// numbers only (1, 2 or 5 times a power of ten apart, at most about six ticks), never 0.5.
    pub fn with_counts_on_y(self) -> Plot {
        let most = self.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).fold(0.0f64, f64::max).max(1.0);
        let step = nice_step(most, 5.0).max(1.0).round();
        let top = (most / step).ceil() * step;
        let ticks = linear_ticks(0.0, top, step);
        Plot { y_fixed: Some((0.0, top)), y_ticks_at: Some(ticks), ..self }
    }

    /// Ticks on the y axis.
    pub fn y_ticks(&self, range: (f64, f64), target: f64) -> Vec<(f64, String)> {
        if let Some(ticks) = &self.y_ticks_at {
            return ticks.clone();
        }
        let (lo, hi) = range;
        if self.log_y {
            let (a, b) = (lo.log10().round() as i32, hi.log10().round() as i32);
            decade_ticks(a, b, target).into_iter().map(|(e, label)| (10f64.powi(e), label)).collect()
        } else {
            let step = nice_step(hi - lo, target);
            linear_ticks(lo, hi, step)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_ticked_at_whole_numbers() {
        for (most, want) in [
            (1.0, vec!["0", "1"]),
            (3.0, vec!["0", "1", "2", "3"]),
            (7.0, vec!["0", "2", "4", "6", "8"]),
            (23.0, vec!["0", "5", "10", "15", "20", "25"]),
        ] {
            let mut p = Plot::new("share", "students", (0.0, 100.0));
            p.series = vec![crate::plot::Series::line("a", 0, vec![(0.0, 0.0), (50.0, most)])];
            let p = p.with_counts_on_y();
            let labels: Vec<String> = p.y_ticks(p.y_range(), 5.0).into_iter().map(|t| t.1).collect();
            assert_eq!(labels, want, "largest count {most}");
            assert_eq!(p.y_range().1, want.last().unwrap().parse::<f64>().unwrap());
        }
    }

    #[test]
    fn tick_labels() {
        assert_eq!(format_tick(200_000.0, 50_000.0), "200k");
        assert_eq!(format_tick(1_500_000.0, 500_000.0), "1.5M");
        assert_eq!(format_tick(0.25, 0.05), "0.25");
        assert_eq!(format_tick(0.0001, 0.0001), "1e-4");
        assert_eq!(format_tick(0.00025, 0.00005), "2.5e-4");
        assert_eq!(format_tick(3.0, 1.0), "3");
    }

    #[test]
    fn decades_are_labelled_one_way_on_every_log_axis() {
        let labels = |lo, hi, target| decade_ticks(lo, hi, target).into_iter().map(|t| t.1).collect::<Vec<_>>();
        assert_eq!(
            labels(-5, 6, 20.0),
            ["1e-5", "1e-4", "0.001", "0.01", "0.1", "1", "10", "100", "1000", "10k", "100k", "1M"]
        );
        // Above 10^3 (a branch that once could never run): SI suffixes, then powers of ten.
        assert_eq!(
            labels(4, 16, 20.0)[..],
            ["10k", "100k", "1M", "10M", "100M", "1G", "10G", "100G", "1T", "10T", "100T", "1e15", "1e16"]
        );
        // Every few decades when many, the last always.
        assert_eq!(labels(-12, 0, 3.0), ["1e-12", "1e-8", "1e-4", "1"]);
        assert_eq!(labels(-10, 0, 4.0), ["1e-10", "1e-7", "1e-4", "0.1", "1"]);
        // A log y axis ticks the same decades at their values.
        let mut p = Plot::new("x", "y", (0.0, 1.0));
        p.log_y = true;
        let ticks = p.y_ticks((1e-5, 1e6), 20.0);
        assert_eq!(ticks.iter().map(|t| t.1.as_str()).collect::<Vec<_>>(), labels(-5, 6, 20.0));
        assert_eq!(ticks[9].0, 1e4);
    }
}
