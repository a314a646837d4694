//! A plot laid out as shapes in CSS pixels: grid, ticks, axis labels, marks, curves, measured
//! points with their intervals, and the legend. What lies in the plotting area is clipped to it,
//! so nothing is ever drawn across the axes.

use super::clip::clip_into;
use super::legend::draw_legend;
use super::{Plot, PlotColors, Rgb};

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
    /// A filled area, `opacity` 0 .. 1 (bands around measured medians).
    Polygon {
        points: Vec<(f64, f64)>,
        fill: Rgb,
        opacity: f64,
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
}

/// The plotting area inside the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// What every part of a drawing needs: the colours, the picture's size, the type size, the
/// plotting area and the y range.
pub(super) struct Pen<'a> {
    pub(super) colors: &'a PlotColors,
    w: f64,
    h: f64,
    pub(super) font: f64,
    pub(super) f: Frame,
    range: (f64, f64),
}

impl Pen<'_> {
    pub(super) fn line(&self, points: Vec<(f64, f64)>, color: Rgb, width: f64, dashed: bool) -> Shape {
        Shape::Line { points, color, width, dashed }
    }

    pub(super) fn text(&self, x: f64, y: f64, text: String, color: Rgb, size: f64, anchor: Anchor) -> Shape {
        Shape::Text { x, y, text, color, size, anchor, rotate: false }
    }
}

/// The type size of a `w` px wide picture: it grows with the theme's (the scale), and the narrow
/// size follows the width counted in that type.
pub(super) fn type_size(w: f64, colors: &PlotColors) -> f64 {
    (if w / colors.scale < 480.0 { 11.0 } else { 12.5 }) * colors.scale
}

impl Plot {
    /// The shapes of the plot in a `w` × `h` picture; with `legend`, a legend in a corner the
    /// data leaves free, or beside the plotting area when none is (see `legend`).
    pub fn draw(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> Vec<Shape> {
        self.draw_framed(w, h, colors, legend).0
    }

    /// The shapes, and the plotting area they were laid out in (a chart's `data-plot-height`).
    pub fn draw_framed(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> (Vec<Shape>, Frame) {
        let (font, range) = (type_size(w, colors), self.y_range());
        let (entries, f, place) = self.placed(w, h, colors, legend);
        let pen = Pen { colors, w, h, font, f, range };
        let mut out = vec![Shape::Rect { x: 0.0, y: 0.0, w, h, fill: colors.background }];
        self.draw_y_grid(&pen, &mut out);
        self.draw_x_grid(&pen, &mut out);
        self.draw_axes(&pen, &mut out);
        // Everything in the plotting area is clipped to it (see `clip_into`).
        let mut inside = Vec::new();
        self.draw_marks(&pen, &mut inside);
        self.draw_curves(&pen, &mut inside);
        self.draw_measured(&pen, &mut inside);
        let area = (f.left - 0.5, f.top - 0.5, f.right + 0.5, f.bottom + 0.5);
        for s in inside {
            clip_into(s, area, &mut out);
        }
        if let Some(at) = place {
            draw_legend(&pen, entries, at, &mut out);
        }
        (out, f)
    }

    /// Horizontal grid lines with their labels on the left.
    fn draw_y_grid(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, font) = (&pen.f, pen.font);
        let target = ((f.bottom - f.top) / (font * 3.0)).clamp(2.0, 8.0);
        for (v, label) in self.y_ticks(pen.range, target) {
            if let Some(y) = self.y_px(v, f, pen.range) {
                out.push(pen.line(vec![(f.left, y), (f.right, y)], pen.colors.grid, 1.0, false));
                out.push(pen.text(f.left - font * 0.4, y, label, pen.colors.axis, font, Anchor::End));
            }
        }
    }

    /// Vertical grid lines with their labels below.
    fn draw_x_grid(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, font, w) = (&pen.f, pen.font, pen.w);
        let target = ((f.right - f.left) / (font * 7.0)).clamp(2.0, 10.0);
        // Where the last label drawn ends: a label that would overlap it is left out (its grid
        // line stays), so dense ticks such as powers of two stay readable.
        let mut last_end = f64::NEG_INFINITY;
        for (v, label) in self.x_ticks(target) {
            let x = self.x_px(v, f);
            out.push(pen.line(vec![(x, f.top), (x, f.bottom)], pen.colors.grid, 1.0, false));
            // A label centred on the last tick may run past the picture's edge: end it there.
            let half = label.chars().count() as f64 * font * 0.3;
            let anchor = if x + half > w - 1.0 { Anchor::End } else { Anchor::Middle };
            let (start, end) =
                if anchor == Anchor::End { (w - 1.0 - 2.0 * half, w - 1.0) } else { (x - half, x + half) };
            if start < last_end + font * 0.5 {
                continue;
            }
            last_end = end;
            let lx = if anchor == Anchor::End { x + (w - 1.0 - x).min(half) } else { x };
            out.push(pen.text(lx, f.bottom + font * 1.0, label, pen.colors.axis, font, anchor));
        }
    }

    /// The axes and their labels.
    fn draw_axes(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, font, h) = (&pen.f, pen.font, pen.h);
        let corner = vec![(f.left, f.top), (f.left, f.bottom), (f.right, f.bottom)];
        out.push(pen.line(corner, pen.colors.axis, 1.0, false));
        let x_label = self.x_label.clone();
        out.push(pen.text((f.left + f.right) / 2.0, h - font * 0.9, x_label, pen.colors.text, font, Anchor::Middle));
        // A long y label gets smaller type rather than run off the top and bottom of the picture
        // (about 0.6 of the type size per character).
        let centre = (f.top + f.bottom) / 2.0;
        let room = 2.0 * centre.min(h - centre) - font * 0.5;
        let y_size = font.min(room / (self.y_label.chars().count().max(1) as f64 * 0.6));
        out.push(Shape::Text {
            x: font * 0.9,
            y: centre,
            text: self.y_label.clone(),
            color: pen.colors.text,
            size: y_size,
            anchor: Anchor::Middle,
            rotate: true,
        });
    }

    /// The labelled vertical marks inside the x range.
    fn draw_marks(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, font) = (&pen.f, pen.font);
        for (i, m) in self.marks.iter().enumerate() {
            if m.x < self.x_range.0 || m.x > self.x_range.1 || !m.x.is_finite() {
                continue;
            }
            let x = self.x_px(m.x, f);
            out.push(pen.line(vec![(x, f.top), (x, f.bottom)], pen.colors.mark, 1.0, m.dashed));
            let right_half = x > (f.left + f.right) / 2.0;
            let (lx, anchor) = if right_half { (x - font * 0.3, Anchor::End) } else { (x + font * 0.3, Anchor::Start) };
            let y = f.bottom - font * (0.8 + 1.3 * i as f64);
            out.push(pen.text(lx, y, m.label.clone(), pen.colors.mark, font * 0.92, anchor));
        }
    }

    /// The curves, split where a log axis cannot show the value, with their dots.
    fn draw_curves(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, range, width) = (&pen.f, pen.range, 2.0 * pen.colors.scale);
        for s in &self.series {
            let color = pen.colors.series[s.color % pen.colors.series.len()];
            self.draw_band(s, color, pen, out);
            let mut run: Vec<(f64, f64)> = Vec::new();
            for &(x, y) in &s.points {
                match self.y_px(y, f, range) {
                    Some(py) => run.push((self.x_px(x, f), py)),
                    None => {
                        if run.len() > 1 {
                            out.push(pen.line(std::mem::take(&mut run), color, width, s.dashed));
                        }
                        run.clear();
                    }
                }
            }
            if run.len() > 1 {
                out.push(pen.line(run, color, width, s.dashed));
            }
            if s.dots {
                for &(x, y) in &s.points {
                    if let Some(py) = self.y_px(y, f, range) {
                        out.push(Shape::Circle { x: self.x_px(x, f), y: py, r: 2.6, fill: color });
                    }
                }
            }
        }
    }

    /// A series' band: a translucent area from its lows to its highs, and a whisker at each point
    /// (so a single point shows its range too).
    fn draw_band(&self, s: &super::Series, color: Rgb, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, range) = (&pen.f, pen.range);
        let Some(band) = s.band_points() else { return };
        let px: Vec<(f64, Option<f64>, Option<f64>)> = band
            .iter()
            .map(|&(x, lo, hi)| (self.x_px(x, f), self.y_px(lo, f, range), self.y_px(hi, f, range)))
            .collect();
        // The area, in runs of points a log axis can show.
        let mut run: Vec<(f64, f64, f64)> = Vec::new();
        let flush = |run: &mut Vec<(f64, f64, f64)>, out: &mut Vec<Shape>| {
            if run.len() > 1 {
                let mut points: Vec<(f64, f64)> = run.iter().map(|p| (p.0, p.2)).collect();
                points.extend(run.iter().rev().map(|p| (p.0, p.1)));
                out.push(Shape::Polygon { points, fill: color, opacity: 0.18 });
            }
            run.clear();
        };
        for &(x, lo, hi) in &px {
            match (lo, hi) {
                (Some(lo), Some(hi)) => run.push((x, lo, hi)),
                _ => flush(&mut run, out),
            }
        }
        flush(&mut run, out);
        for (x, lo, hi) in px {
            if let (Some(lo), Some(hi)) = (lo, hi) {
                out.push(pen.line(vec![(x, lo), (x, hi)], color, 1.2 * pen.colors.scale, false));
                for y in [lo, hi] {
                    out.push(pen.line(vec![(x - 3.0, y), (x + 3.0, y)], color, 1.2 * pen.colors.scale, false));
                }
            }
        }
    }

    /// Measured points with their intervals.
    fn draw_measured(&self, pen: &Pen, out: &mut Vec<Shape>) {
        let (f, range, c) = (&pen.f, pen.range, pen.colors.measured);
        for p in &self.measured {
            let x = self.x_px(p.x, f);
            match (self.y_px(p.lo, f, range), self.y_px(p.hi, f, range)) {
                (Some(lo), Some(hi)) => {
                    out.push(pen.line(vec![(x, lo), (x, hi)], c, 1.5, false));
                    for y in [lo, hi] {
                        out.push(pen.line(vec![(x - 3.5, y), (x + 3.5, y)], c, 1.5, false));
                    }
                }
                // No false positive seen, on a log axis: only the upper bound, as a cap with a
                // short arrow pointing down.
                (None, Some(hi)) => {
                    out.push(pen.line(vec![(x - 3.5, hi), (x + 3.5, hi)], c, 1.5, false));
                    out.push(pen.line(vec![(x, hi), (x, hi + 9.0)], c, 1.5, false));
                    out.push(pen.line(vec![(x - 3.0, hi + 6.0), (x, hi + 9.5), (x + 3.0, hi + 6.0)], c, 1.5, false));
                }
                _ => {}
            }
            if let Some(y) = self.y_px(p.rate, f, range) {
                out.push(Shape::Circle { x, y, r: 3.6, fill: c });
                out.push(Shape::Circle { x, y, r: 2.0, fill: pen.colors.background });
            }
        }
    }
}
