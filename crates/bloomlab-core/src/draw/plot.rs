//! A small line plot as pure data: curves, measured points with interval bars, vertical marks,
//! axes with ticks, and a legend. `Plot::draw` turns it into a list of shapes in CSS pixels,
//! which the canvas component paints and `Plot::to_svg` writes out, so both always agree.

use std::fmt::Write as _;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The colours of a plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotColors {
    pub background: Rgb,
    pub text: Rgb,
    pub axis: Rgb,
    pub grid: Rgb,
    pub measured: Rgb,
    pub mark: Rgb,
    /// One per curve, in order.
    pub series: [Rgb; 6],
}

impl PlotColors {
    pub const LIGHT: PlotColors = PlotColors {
        background: Rgb(255, 255, 255),
        text: Rgb(17, 24, 39),
        axis: Rgb(91, 100, 116),
        grid: Rgb(227, 231, 239),
        measured: Rgb(17, 24, 39),
        mark: Rgb(91, 100, 116),
        series: [
            Rgb(37, 99, 235),
            Rgb(234, 88, 12),
            Rgb(22, 163, 74),
            Rgb(190, 24, 93),
            Rgb(124, 58, 237),
            Rgb(14, 116, 144),
        ],
    };
    pub const DARK: PlotColors = PlotColors {
        background: Rgb(17, 24, 39),
        text: Rgb(229, 231, 235),
        axis: Rgb(154, 164, 178),
        grid: Rgb(37, 48, 68),
        measured: Rgb(243, 244, 246),
        mark: Rgb(154, 164, 178),
        series: [
            Rgb(96, 165, 250),
            Rgb(251, 146, 60),
            Rgb(74, 222, 128),
            Rgb(244, 114, 182),
            Rgb(167, 139, 250),
            Rgb(45, 212, 191),
        ],
    };
}

/// One curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    /// Index into `PlotColors::series`.
    pub color: usize,
    pub points: Vec<(f64, f64)>,
    /// Dots at each point (for curves over whole numbers).
    pub dots: bool,
    /// Left out when choosing the linear y range (a bound that runs off to 1).
    pub ignore_in_range: bool,
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
}

/// Where text is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// Something to paint, in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: Rgb,
    },
    Line {
        points: Vec<(f64, f64)>,
        color: Rgb,
        width: f64,
        dashed: bool,
    },
    Circle {
        x: f64,
        y: f64,
        r: f64,
        fill: Rgb,
    },
    /// Text with its baseline's middle (vertically centred) at (x, y); `rotate` turns it 90° left.
    Text {
        x: f64,
        y: f64,
        text: String,
        color: Rgb,
        size: f64,
        anchor: Anchor,
        rotate: bool,
    },
    /// Clip what follows to a rectangle, until `Unclip`.
    Clip {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    Unclip,
}

/// The plotting area inside the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// The smallest value shown on a log axis.
pub const LOG_FLOOR: f64 = 1e-15;

fn nice_step(span: f64, target: f64) -> f64 {
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
                let s = format!("{:.2}", v / div);
                return format!("{}{suffix}", s.trim_end_matches('0').trim_end_matches('.'));
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

impl Plot {
    /// The y range shown.
    pub fn y_range(&self) -> (f64, f64) {
        let mut values: Vec<f64> = Vec::new();
        for s in &self.series {
            if self.log_y || !s.ignore_in_range || self.series.iter().all(|t| t.ignore_in_range) {
                values.extend(s.points.iter().map(|p| p.1));
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
            (0.0, top.min(1.0).max(hi))
        }
    }

    /// The plotting area for a picture `w` × `h` with text of `font` pixels.
    pub fn frame(&self, w: f64, h: f64, font: f64) -> Frame {
        let left = font * if self.log_y { 4.2 } else { 4.8 };
        Frame {
            left,
            top: font * 1.2,
            right: (w - font * 1.2).max(left + 10.0),
            bottom: (h - font * 3.4).max(font * 1.2 + 10.0),
        }
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

    /// Ticks on the x axis: (value, label).
    pub fn x_ticks(&self, target: f64) -> Vec<(f64, String)> {
        let (a, b) = self.x_range;
        let step = nice_step(b - a, target);
        let first = (a / step).ceil() * step;
        let mut out = Vec::new();
        let mut i = 0;
        while i < 100 {
            let v = first + i as f64 * step;
            if v > b + step * 1e-9 {
                break;
            }
            out.push((v, format_tick(v, step)));
            i += 1;
        }
        out
    }

    /// Ticks on the y axis.
    pub fn y_ticks(&self, range: (f64, f64), target: f64) -> Vec<(f64, String)> {
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
            let mut out = Vec::new();
            let mut i = 0;
            while i < 100 {
                let v = lo + i as f64 * step;
                if v > hi + step * 1e-9 {
                    break;
                }
                out.push((v, format_tick(v, step)));
                i += 1;
            }
            out
        }
    }

    /// The shapes of the plot in a `w` × `h` picture; with `legend`, a legend in the top left.
    pub fn draw(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> Vec<Shape> {
        let font = if w < 480.0 { 11.0 } else { 12.5 };
        let f = self.frame(w, h, font);
        let range = self.y_range();
        let mut out = vec![Shape::Rect { x: 0.0, y: 0.0, w, h, fill: colors.background }];
        let x_target = ((f.right - f.left) / (font * 7.0)).clamp(2.0, 10.0);
        let y_target = ((f.bottom - f.top) / (font * 3.0)).clamp(2.0, 8.0);
        // Grid and tick labels.
        for (v, label) in self.y_ticks(range, y_target) {
            if let Some(y) = self.y_px(v, &f, range) {
                out.push(Shape::Line {
                    points: vec![(f.left, y), (f.right, y)],
                    color: colors.grid,
                    width: 1.0,
                    dashed: false,
                });
                out.push(Shape::Text {
                    x: f.left - font * 0.4,
                    y,
                    text: label,
                    color: colors.axis,
                    size: font,
                    anchor: Anchor::End,
                    rotate: false,
                });
            }
        }
        for (v, label) in self.x_ticks(x_target) {
            let x = self.x_px(v, &f);
            out.push(Shape::Line {
                points: vec![(x, f.top), (x, f.bottom)],
                color: colors.grid,
                width: 1.0,
                dashed: false,
            });
            out.push(Shape::Text {
                x,
                y: f.bottom + font * 1.0,
                text: label,
                color: colors.axis,
                size: font,
                anchor: Anchor::Middle,
                rotate: false,
            });
        }
        out.push(Shape::Line {
            points: vec![(f.left, f.top), (f.left, f.bottom), (f.right, f.bottom)],
            color: colors.axis,
            width: 1.0,
            dashed: false,
        });
        out.push(Shape::Text {
            x: (f.left + f.right) / 2.0,
            y: h - font * 0.9,
            text: self.x_label.clone(),
            color: colors.text,
            size: font,
            anchor: Anchor::Middle,
            rotate: false,
        });
        out.push(Shape::Text {
            x: font * 0.9,
            y: (f.top + f.bottom) / 2.0,
            text: self.y_label.clone(),
            color: colors.text,
            size: font,
            anchor: Anchor::Middle,
            rotate: true,
        });
        out.push(Shape::Clip { x: f.left, y: f.top - 1.0, w: f.right - f.left + 1.0, h: f.bottom - f.top + 1.0 });
        // Marks.
        for (i, m) in self.marks.iter().enumerate() {
            if m.x < self.x_range.0 || m.x > self.x_range.1 || !m.x.is_finite() {
                continue;
            }
            let x = self.x_px(m.x, &f);
            out.push(Shape::Line {
                points: vec![(x, f.top), (x, f.bottom)],
                color: colors.mark,
                width: 1.0,
                dashed: m.dashed,
            });
            let right_half = x > (f.left + f.right) / 2.0;
            out.push(Shape::Text {
                x: if right_half { x - font * 0.3 } else { x + font * 0.3 },
                y: f.bottom - font * (0.8 + 1.3 * i as f64),
                text: m.label.clone(),
                color: colors.mark,
                size: font * 0.92,
                anchor: if right_half { Anchor::End } else { Anchor::Start },
                rotate: false,
            });
        }
        // Curves: split where a log axis cannot show the value.
        for s in &self.series {
            let color = colors.series[s.color % colors.series.len()];
            let mut run: Vec<(f64, f64)> = Vec::new();
            for &(x, y) in &s.points {
                match self.y_px(y, &f, range) {
                    Some(py) => run.push((self.x_px(x, &f), py)),
                    None => {
                        if run.len() > 1 {
                            out.push(Shape::Line {
                                points: std::mem::take(&mut run),
                                color,
                                width: 2.0,
                                dashed: false,
                            });
                        }
                        run.clear();
                    }
                }
            }
            if run.len() > 1 {
                out.push(Shape::Line { points: run.clone(), color, width: 2.0, dashed: false });
            }
            if s.dots {
                for &(x, y) in &s.points {
                    if let Some(py) = self.y_px(y, &f, range) {
                        out.push(Shape::Circle { x: self.x_px(x, &f), y: py, r: 2.6, fill: color });
                    }
                }
            }
        }
        // Measured points with their intervals.
        for p in &self.measured {
            let x = self.x_px(p.x, &f);
            match (self.y_px(p.lo, &f, range), self.y_px(p.hi, &f, range)) {
                (Some(lo), Some(hi)) => {
                    out.push(Shape::Line {
                        points: vec![(x, lo), (x, hi)],
                        color: colors.measured,
                        width: 1.5,
                        dashed: false,
                    });
                    for y in [lo, hi] {
                        out.push(Shape::Line {
                            points: vec![(x - 3.5, y), (x + 3.5, y)],
                            color: colors.measured,
                            width: 1.5,
                            dashed: false,
                        });
                    }
                }
                // No false positive seen, on a log axis: only the upper bound, as a cap with a
                // short arrow pointing down.
                (None, Some(hi)) => {
                    out.push(Shape::Line {
                        points: vec![(x - 3.5, hi), (x + 3.5, hi)],
                        color: colors.measured,
                        width: 1.5,
                        dashed: false,
                    });
                    out.push(Shape::Line {
                        points: vec![(x, hi), (x, hi + 9.0)],
                        color: colors.measured,
                        width: 1.5,
                        dashed: false,
                    });
                    out.push(Shape::Line {
                        points: vec![(x - 3.0, hi + 6.0), (x, hi + 9.5), (x + 3.0, hi + 6.0)],
                        color: colors.measured,
                        width: 1.5,
                        dashed: false,
                    });
                }
                _ => {}
            }
            if let Some(y) = self.y_px(p.rate, &f, range) {
                out.push(Shape::Circle { x, y, r: 3.6, fill: colors.measured });
                out.push(Shape::Circle { x, y, r: 2.0, fill: colors.background });
            }
        }
        out.push(Shape::Unclip);
        if legend {
            let mut y = f.top + font * 0.9;
            let x = f.left + font * 0.8;
            let entries: Vec<(String, Rgb, bool)> = self
                .series
                .iter()
                .map(|s| (s.label.clone(), colors.series[s.color % colors.series.len()], false))
                .chain((!self.measured.is_empty()).then(|| (self.measured_label.clone(), colors.measured, true)))
                .collect();
            let longest = entries.iter().map(|e| e.0.chars().count()).max().unwrap_or(0) as f64;
            if !entries.is_empty() {
                out.push(Shape::Rect {
                    x: x - font * 0.4,
                    y: y - font * 0.8,
                    w: font * (2.8 + longest * 0.58),
                    h: font * 1.4 * entries.len() as f64 + font * 0.2,
                    fill: colors.background,
                });
            }
            for (label, color, dot) in entries {
                if dot {
                    out.push(Shape::Circle { x: x + font * 0.7, y, r: 3.6, fill: color });
                } else {
                    out.push(Shape::Line {
                        points: vec![(x, y), (x + font * 1.4, y)],
                        color,
                        width: 2.0,
                        dashed: false,
                    });
                }
                out.push(Shape::Text {
                    x: x + font * 1.8,
                    y,
                    text: label,
                    color: colors.text,
                    size: font,
                    anchor: Anchor::Start,
                    rotate: false,
                });
                y += font * 1.4;
            }
        }
        out
    }

    /// The plot as a standalone SVG document.
    pub fn to_svg(&self, w: f64, h: f64, colors: &PlotColors) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"system-ui, sans-serif\">"
        );
        let mut clip_id = 0;
        let mut open_groups = 0;
        for shape in self.draw(w, h, colors, true) {
            match shape {
                Shape::Rect { x, y, w, h, fill } => {
                    let _ = write!(
                        s,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                        r(x),
                        r(y),
                        r(w),
                        r(h),
                        fill.css()
                    );
                }
                Shape::Line { points, color, width, dashed } => {
                    let pts: Vec<String> = points.iter().map(|(x, y)| format!("{},{}", r(*x), r(*y))).collect();
                    let _ = write!(
                        s,
                        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width}\" stroke-linejoin=\"round\"{}/>",
                        pts.join(" "),
                        color.css(),
                        if dashed { " stroke-dasharray=\"5 4\"" } else { "" }
                    );
                }
                Shape::Circle { x, y, r: radius, fill } => {
                    let _ =
                        write!(s, "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"{}\"/>", r(x), r(y), fill.css());
                }
                Shape::Text { x, y, text, color, size, anchor, rotate } => {
                    let a = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    let transform =
                        if rotate { format!(" transform=\"rotate(-90 {} {})\"", r(x), r(y)) } else { String::new() };
                    let _ = write!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" fill=\"{}\" text-anchor=\"{a}\" dominant-baseline=\"middle\"{transform}>{}</text>",
                        r(x),
                        r(y),
                        color.css(),
                        escape_xml(&text)
                    );
                }
                Shape::Clip { x, y, w, h } => {
                    clip_id += 1;
                    let _ = write!(
                        s,
                        "<clipPath id=\"clip{clip_id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath><g clip-path=\"url(#clip{clip_id})\">",
                        r(x),
                        r(y),
                        r(w),
                        r(h)
                    );
                    open_groups += 1;
                }
                Shape::Unclip => {
                    if open_groups > 0 {
                        s.push_str("</g>");
                        open_groups -= 1;
                    }
                }
            }
        }
        for _ in 0..open_groups {
            s.push_str("</g>");
        }
        s.push_str("</svg>\n");
        s
    }
}

/// A coordinate with two decimals, never NaN.
fn r(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(log_y: bool) -> Plot {
        Plot {
            x_label: "hash functions k".into(),
            y_label: "false-positive rate".into(),
            x_range: (1.0, 10.0),
            log_y,
            series: vec![Series {
                label: "approx".into(),
                color: 0,
                points: (1..=10).map(|k| (k as f64, 0.5f64.powi(k))).collect(),
                dots: true,
                ignore_in_range: false,
            }],
            measured: vec![
                MeasuredPoint { x: 3.0, rate: 0.12, lo: 0.1, hi: 0.14 },
                MeasuredPoint { x: 9.0, rate: 0.0, lo: 0.0, hi: 0.004 },
            ],
            measured_label: "measured <95%>".into(),
            marks: vec![VMark { x: 7.0, label: "optimal k = 7".into(), dashed: true }],
        }
    }

    #[test]
    fn ticks_and_labels() {
        assert_eq!(format_tick(200_000.0, 50_000.0), "200k");
        assert_eq!(format_tick(1_500_000.0, 500_000.0), "1.5M");
        assert_eq!(format_tick(0.25, 0.05), "0.25");
        assert_eq!(format_tick(0.0001, 0.0001), "1e-4");
        assert_eq!(format_tick(0.00025, 0.00005), "2.5e-4");
        assert_eq!(format_tick(3.0, 1.0), "3");
        let p = sample(false);
        let xs: Vec<f64> = p.x_ticks(5.0).iter().map(|t| t.0).collect();
        assert_eq!(xs, [2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(p.y_range(), (0.0, 0.6));
        let l = sample(true);
        let (lo, hi) = l.y_range();
        assert!((lo - 1e-4).abs() < 1e-18 && hi == 1.0, "{lo} {hi}");
        let labels: Vec<String> = l.y_ticks((lo, hi), 8.0).into_iter().map(|t| t.1).collect();
        assert_eq!(labels, ["1e-4", "0.001", "0.01", "0.1", "1"]);
    }

    #[test]
    fn drawing_stays_inside_and_finite() {
        for log_y in [false, true] {
            let p = sample(log_y);
            for (w, h) in [(800.0, 420.0), (340.0, 260.0)] {
                let shapes = p.draw(w, h, &PlotColors::LIGHT, true);
                for s in &shapes {
                    let pts: Vec<(f64, f64)> = match s {
                        Shape::Line { points, .. } => points.clone(),
                        Shape::Circle { x, y, .. } | Shape::Text { x, y, .. } => vec![(*x, *y)],
                        _ => vec![],
                    };
                    for (x, y) in pts {
                        assert!(
                            x.is_finite()
                                && y.is_finite()
                                && (-1.0..=w + 1.0).contains(&x)
                                && (-1.0..=h + 1.0).contains(&y),
                            "{s:?}"
                        );
                    }
                }
                assert!(shapes.iter().any(|s| matches!(s, Shape::Text { text, .. } if text == "optimal k = 7")));
            }
        }
        // An empty plot still draws axes without NaN.
        let empty = Plot { series: vec![], measured: vec![], ..sample(true) };
        assert_eq!(empty.y_range(), (1e-6, 1.0));
        assert!(!empty.to_svg(300.0, 200.0, &PlotColors::DARK).contains("NaN"));
    }

    #[test]
    fn svg_is_well_formed_and_escaped() {
        let svg = sample(true).to_svg(640.0, 360.0, &PlotColors::DARK);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("measured &lt;95%&gt;"));
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains(&PlotColors::DARK.series[0].css()));
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }
}
