//! A plot laid out as shapes in CSS pixels: grid, ticks, axis labels, marks, curves, measured
//! points with their intervals, and the legend. What lies in the plotting area is clipped to it,
//! so nothing is ever drawn across the axes.

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

impl Plot {
    /// The shapes of the plot in a `w` × `h` picture; with `legend`, a legend in the top left.
    pub fn draw(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> Vec<Shape> {
        let font = if w < 480.0 { 11.0 } else { 12.5 } * colors.scale;
        let lw = colors.scale;
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
        // Where the last label drawn ends: a label that would overlap it is left out (its grid
        // line stays), so dense ticks such as powers of two stay readable.
        let mut last_end = f64::NEG_INFINITY;
        for (v, label) in self.x_ticks(x_target) {
            let x = self.x_px(v, &f);
            out.push(Shape::Line {
                points: vec![(x, f.top), (x, f.bottom)],
                color: colors.grid,
                width: 1.0,
                dashed: false,
            });
            // A label centred on the last tick may run past the picture's edge: end it there.
            let half = label.chars().count() as f64 * font * 0.3;
            let anchor = if x + half > w - 1.0 { Anchor::End } else { Anchor::Middle };
            let (start, end) =
                if anchor == Anchor::End { (w - 1.0 - 2.0 * half, w - 1.0) } else { (x - half, x + half) };
            if start < last_end + font * 0.5 {
                continue;
            }
            last_end = end;
            out.push(Shape::Text {
                x: if anchor == Anchor::End { x + (w - 1.0 - x).min(half) } else { x },
                y: f.bottom + font * 1.0,
                text: label,
                color: colors.axis,
                size: font,
                anchor,
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
        // A long y label gets smaller type rather than run off the top and bottom of the picture
        // (about 0.6 of the type size per character).
        let centre = (f.top + f.bottom) / 2.0;
        let room = 2.0 * centre.min(h - centre) - font * 0.5;
        let y_size = font.min(room / (self.y_label.chars().count().max(1) as f64 * 0.6));
        out.push(Shape::Text {
            x: font * 0.9,
            y: centre,
            text: self.y_label.clone(),
            color: colors.text,
            size: y_size,
            anchor: Anchor::Middle,
            rotate: true,
        });
        // Everything from here on is clipped to the plotting area (see `clip_into`).
        let plot_start = out.len();
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
                                width: 2.0 * lw,
                                dashed: s.dashed,
                            });
                        }
                        run.clear();
                    }
                }
            }
            if run.len() > 1 {
                out.push(Shape::Line { points: run.clone(), color, width: 2.0 * lw, dashed: s.dashed });
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
        let inside = out.split_off(plot_start);
        let area = (f.left - 0.5, f.top - 0.5, f.right + 0.5, f.bottom + 0.5);
        for s in inside {
            clip_into(s, area, &mut out);
        }
        if legend {
            let mut y = f.top + font * 0.9;
            let entries: Vec<(String, Rgb, bool)> = self
                .series
                .iter()
                .filter(|s| !s.label.is_empty())
                .map(|s| (s.label.clone(), colors.series[s.color % colors.series.len()], false))
                .chain((!self.measured.is_empty()).then(|| (self.measured_label.clone(), colors.measured, true)))
                .collect();
            let longest = entries.iter().map(|e| e.0.chars().count()).max().unwrap_or(0) as f64;
            let (bw, bh) = (font * (2.8 + longest * 0.58), font * 1.4 * entries.len() as f64 + font * 0.2);
            // Top left, unless more of the data lies there than in the top right.
            let covered = |x0: f64| {
                let inside = |px: f64, py: Option<f64>| {
                    py.is_some_and(|py| px >= x0 - font && px <= x0 + bw + font && py <= f.top + bh + font)
                };
                let on_lines: usize = self
                    .series
                    .iter()
                    .flat_map(|s| s.points.iter())
                    .filter(|p| inside(self.x_px(p.0, &f), self.y_px(p.1, &f, range)))
                    .count();
                on_lines
                    + self.measured.iter().filter(|m| inside(self.x_px(m.x, &f), self.y_px(m.rate, &f, range))).count()
            };
            let left = f.left + font * 0.4;
            let right = (f.right - bw - font * 0.4).max(left);
            let x0 = if covered(left) > covered(right) { right } else { left };
            let x = x0 + font * 0.4;
            if !entries.is_empty() {
                out.push(Shape::Rect { x: x0, y: y - font * 0.8, w: bw, h: bh, fill: colors.background });
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
}

/// Adds `shape` to `out` as far as it lies inside `area` (left, top, right, bottom): lines are
/// cut at the border (a line that leaves and comes back becomes two), circles and text outside
/// are dropped.
fn clip_into(shape: Shape, area: (f64, f64, f64, f64), out: &mut Vec<Shape>) {
    let (l, t, r, b) = area;
    let inside = |(x, y): (f64, f64)| x >= l && x <= r && y >= t && y <= b;
    match shape {
        Shape::Line { points, color, width, dashed } => {
            let mut run: Vec<(f64, f64)> = Vec::new();
            for pair in points.windows(2) {
                match clip_segment(pair[0], pair[1], area) {
                    Some((p, q)) => {
                        if run.last().is_some_and(|last| (last.0 - p.0).abs() > 1e-9 || (last.1 - p.1).abs() > 1e-9) {
                            out.push(Shape::Line { points: std::mem::take(&mut run), color, width, dashed });
                        }
                        if run.is_empty() {
                            run.push(p);
                        }
                        run.push(q);
                    }
                    None => {
                        if run.len() > 1 {
                            out.push(Shape::Line { points: std::mem::take(&mut run), color, width, dashed });
                        }
                        run.clear();
                    }
                }
            }
            if run.len() > 1 {
                out.push(Shape::Line { points: run, color, width, dashed });
            }
        }
        Shape::Circle { x, y, .. } | Shape::Text { x, y, .. } if !inside((x, y)) => {}
        other => out.push(other),
    }
}

/// The part of the segment p–q inside `area` (Liang–Barsky), if any.
fn clip_segment(p: (f64, f64), q: (f64, f64), (l, t, r, b): (f64, f64, f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    if ![p.0, p.1, q.0, q.1].iter().all(|v| v.is_finite()) {
        return None;
    }
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (den, num) in [(-dx, p.0 - l), (dx, r - p.0), (-dy, p.1 - t), (dy, b - p.1)] {
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
        } else {
            let u = num / den;
            if den < 0.0 {
                lo = lo.max(u);
            } else {
                hi = hi.min(u);
            }
        }
    }
    (lo <= hi).then_some(((p.0 + lo * dx, p.1 + lo * dy), (p.0 + hi * dx, p.1 + hi * dy)))
}
