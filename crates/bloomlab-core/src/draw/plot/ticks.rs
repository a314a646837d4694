//! Axis ticks: nice steps, tick labels (SI suffixes for large values, enough decimals for the
//! step), and the ticks of a plot's axes.

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

    /// Ticks on the y axis.
    pub fn y_ticks(&self, range: (f64, f64), target: f64) -> Vec<(f64, String)> {
        if let Some(ticks) = &self.y_ticks_at {
            return ticks.clone();
        }
        let (lo, hi) = range;
        if self.log_y {
            let (a, b) = (lo.log10().round() as i32, hi.log10().round() as i32);
            let every = (((b - a) as f64 / target).ceil() as i32).max(1);
            (a..=b)
                .filter(|e| (e - a) % every == 0 || *e == b)
                .map(|e| {
                    let v = 10f64.powi(e);
                    let label = if e >= -3 {
                        format!("{:.*}", (-e).max(0) as usize, v)
                    } else if e > 3 {
                        format_tick(v, v)
                    } else {
                        format!("1e{e}")
                    };
                    (v, label)
                })
                .collect()
        } else {
            let step = nice_step(hi - lo, target);
            linear_ticks(lo, hi, step)
        }
    }
}
