//! The one chart layer. A chart is pure data here — curves (solid or dashed), measured points
//! with interval bars, measured medians with their min–max bands, labelled vertical marks, axes (linear or log) with ticks, and a legend —
//! and `Plot::draw` lays it out as shapes in CSS pixels, clipped to the plotting area. `render`
//! draws those shapes through any plotters backend (the canvas in the page), and `to_svg` writes
//! them as the SVG document plotters' SVG backend would (checked against it in the tests). Every chart of the app (the FP lab, Skiena's figure, the MLBF
//! comparison, the counting experiment) is a `Plot`.

mod clip;
mod export;
mod layout;
mod legend;
mod render;
mod series;
mod svg;
#[cfg(test)]
mod svg_tests;
#[cfg(test)]
mod tests;
mod ticks;

pub use export::{DataRow, DataTable, TABLE_ROWS};
pub use layout::{Anchor, Frame, Shape};
pub use render::render;
pub use series::Series;
pub use svg::to_svg;
use ticks::nice_step;
pub use ticks::{decade_label, decade_ticks, format_tick};

pub use bloomlab_base::draw::palette::Rgb;
use bloomlab_base::draw::palette::{FOCUS, INK, LINE, MUTED, PANEL, PROJECTOR_GRID, SERIES};

/// The colours of a plot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotColors {
    pub background: Rgb,
    pub text: Rgb,
    pub axis: Rgb,
    pub grid: Rgb,
    pub measured: Rgb,
    pub mark: Rgb,
    /// One per curve, in order.
    pub series: [Rgb; 8],
    /// Type and line sizes against the usual (the projector theme draws larger).
    pub scale: f64,
}

impl PlotColors {
    /// The projector theme's type against the usual: its root font size (22 px in
    /// `static/css/base.css`) over the usual 16 px, so the charts' text grows with the prose.
    pub const PROJECTOR_SCALE: f64 = 22.0 / 16.0;

    /// Presenter mode's type against the usual: twice, so the smallest chart text (a mark's label,
    /// 0.92 × 11 px) is over 20 px, what a large room reads on a 1024 × 768 projector.
    pub const PRESENTER_SCALE: f64 = 2.0;

    /// These colours with presenter mode's type and lines (never smaller than the theme's own).
    pub fn presenting(self) -> PlotColors {
        PlotColors { scale: self.scale.max(Self::PRESENTER_SCALE), ..self }
    }

    /// The colours for a theme: `projector` is the light one with larger type and thicker lines.
    pub fn for_theme(dark: bool, projector: bool) -> PlotColors {
        match (dark, projector) {
            (true, _) => PlotColors::DARK,
            (false, true) => {
                PlotColors { scale: Self::PROJECTOR_SCALE, grid: PROJECTOR_GRID.rgb(false), ..PlotColors::LIGHT }
            }
            (false, false) => PlotColors::LIGHT,
        }
    }

    /// A plot's colours in the dark theme or the light one, from the one palette.
    pub const fn of(dark: bool) -> PlotColors {
        let mut series = [Rgb(0, 0, 0); 8];
        let mut i = 0;
        while i < series.len() {
            series[i] = SERIES[i].rgb(dark);
            i += 1;
        }
        PlotColors {
            background: PANEL.rgb(dark),
            text: INK.rgb(dark),
            axis: MUTED.rgb(dark),
            grid: LINE.rgb(dark),
            measured: FOCUS.rgb(dark),
            mark: MUTED.rgb(dark),
            series,
            scale: 1.0,
        }
    }

    pub const LIGHT: PlotColors = PlotColors::of(false);
    pub const DARK: PlotColors = PlotColors::of(true);
}

/// A measured rate with its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredPoint {
    pub x: f64,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A labelled vertical line.
#[derive(Clone, Debug, PartialEq)]
pub struct VMark {
    pub x: f64,
    pub label: String,
    pub dashed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub x_label: String,
    pub y_label: String,
    pub x_range: (f64, f64),
    pub log_y: bool,
    pub series: Vec<Series>,
    pub measured: Vec<MeasuredPoint>,
    pub measured_label: String,
    pub marks: Vec<VMark>,
    /// Ticks to use instead of the computed ones (value in axis units, label).
    pub x_ticks_at: Option<Vec<(f64, String)>>,
    pub y_ticks_at: Option<Vec<(f64, String)>>,
    /// A y range to use instead of the computed one (linear axes).
    pub y_fixed: Option<(f64, f64)>,
    /// When an axis carries logarithms of the values (log–log charts drawn on linear axes), their
    /// base, so the data table can show the values themselves.
    pub x_log_base: Option<f64>,
    pub y_log_base: Option<f64>,
}

/// The smallest value shown on a log axis.
pub const LOG_FLOOR: f64 = 1e-15;

impl Plot {
    /// A plot with its axes and nothing on it yet: linear y, computed ticks and ranges.
    pub fn new(x_label: &str, y_label: &str, x_range: (f64, f64)) -> Plot {
        Plot {
            x_label: x_label.into(),
            y_label: y_label.into(),
            x_range,
            log_y: false,
            series: Vec::new(),
            measured: Vec::new(),
            measured_label: String::new(),
            marks: Vec::new(),
            x_ticks_at: None,
            y_ticks_at: None,
            y_fixed: None,
            x_log_base: None,
            y_log_base: None,
        }
    }

    /// The y range shown.
    pub fn y_range(&self) -> (f64, f64) {
        if let Some((lo, hi)) = self.y_fixed.filter(|(lo, hi)| lo.is_finite() && hi.is_finite() && hi > lo) {
            return (lo, hi);
        }
        let mut values: Vec<f64> = Vec::new();
        for s in &self.series {
            if self.log_y || !s.ignore_in_range || self.series.iter().all(|t| t.ignore_in_range) {
                values.extend(s.points.iter().map(|p| p.1));
                values.extend(s.band.iter().flat_map(|b| [b.0, b.1]));
            }
        }
        for m in &self.measured {
            values.extend([m.rate, m.hi]);
            if self.log_y {
                values.push(m.lo);
            }
        }
        let values: Vec<f64> = values.into_iter().filter(|v| v.is_finite()).collect();
        if self.log_y {
            let pos: Vec<f64> = values.iter().cloned().filter(|v| *v >= LOG_FLOOR).collect();
            if pos.is_empty() {
                return (1e-6, 1.0);
            }
            let lo = pos.iter().cloned().fold(f64::INFINITY, f64::min);
            let hi = pos.iter().cloned().fold(0.0, f64::max);
            let top = 10f64.powf(hi.log10().ceil()).clamp(10.0 * LOG_FLOOR, 1.0);
            // Curves that dive towards 0 (near n = 0, or mlbf) would squash the rest: show at
            // most 10 decades, or down to the smallest measured bound if lower.
            let measured_lo = self
                .measured
                .iter()
                .flat_map(|m| [m.rate, m.hi])
                .filter(|v| *v >= LOG_FLOOR)
                .fold(f64::INFINITY, f64::min);
            let lo = lo.max(top * 1e-10).min(measured_lo);
            let mut bottom = 10f64.powf((lo.log10() - 0.1).floor()).max(LOG_FLOOR);
            if bottom >= top {
                bottom = top / 10.0;
            }
            (bottom, top)
        } else {
            let hi = values.iter().cloned().fold(0.0, f64::max);
            if hi <= 0.0 {
                return (0.0, 1e-3);
            }
            let step = nice_step(hi * 1.05, 5.0);
            let top = ((hi * 1.05 / step).ceil() * step * 1e12).round() / 1e12;
            // Rates stop at 1; anything larger gets the same headroom above its top value.
            (0.0, if hi <= 1.0 { top.min(1.0) } else { top })
        }
    }

    /// The plotting area for a picture `w` × `h` with text of `font` pixels.
    /// Its left side leaves room for the widest y tick label (0.6 font a character, ending 0.4 font
    /// before the axis) and, beyond it, the y axis's title turned on its side (1.5 font).
    pub fn frame(&self, w: f64, h: f64, font: f64) -> Frame {
        let top = font * 1.2;
        let bottom = (h - font * 3.4).max(top + 10.0);
        let target = ((bottom - top) / (font * 3.0)).clamp(2.0, 8.0);
        let widest = self.y_ticks(self.y_range(), target).iter().map(|t| t.1.chars().count()).max().unwrap_or(1);
        let left = font * (1.9 + 0.6 * widest as f64).max(3.0);
        Frame { left, top, right: (w - font * 1.2).max(left + 10.0), bottom }
    }

    pub fn x_px(&self, x: f64, f: &Frame) -> f64 {
        let (a, b) = self.x_range;
        let span = if b > a { b - a } else { 1.0 };
        f.left + (x - a) / span * (f.right - f.left)
    }

    /// None for values a log axis cannot show.
    pub fn y_px(&self, y: f64, f: &Frame, range: (f64, f64)) -> Option<f64> {
        if !y.is_finite() {
            return None;
        }
        let (lo, hi) = range;
        let t = if self.log_y {
            if y < LOG_FLOOR {
                return None;
            }
            (y.log10() - lo.log10()) / (hi.log10() - lo.log10())
        } else {
            (y - lo) / (hi - lo)
        };
        Some(f.bottom - t * (f.bottom - f.top))
    }
}
