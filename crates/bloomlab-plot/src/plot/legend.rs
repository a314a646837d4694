//! The legend: its entries, where it goes and how it is drawn. It sits in the first corner of the
//! plotting area that no curve or measured point passes through (top left, top right, bottom
//! right, bottom left); when the data leaves no corner free it moves out of the plotting area,
//! to the right of it on a wide picture and above it on a narrow one, and the plotting area
//! makes room for it.

use super::layout::{Anchor, Frame, Pen, Shape};
use super::{Plot, PlotColors, Rgb};

/// A legend entry: label, colour, and whether its swatch is a dot (measured points) or a line.
pub(super) type Entry = (String, Rgb, bool);

/// The legend box's top left corner, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct LegendAt {
    pub x: f64,
    pub y: f64,
}

/// The legend box's width and height for these entries at this type size.
fn legend_size(entries: &[Entry], font: f64) -> (f64, f64) {
    let longest = entries.iter().map(|e| e.0.chars().count()).max().unwrap_or(0) as f64;
    (font * (2.8 + longest * 0.58), font * 1.4 * entries.len() as f64 + font * 0.2)
}

impl Plot {
    /// The legend's entries: each listed, labelled series (label, colour, false) and the measured points
    /// (true).
    pub(super) fn legend_entries(&self, colors: &PlotColors) -> Vec<Entry> {
        self.series
            .iter()
            .filter(|s| s.listed && !s.label.is_empty())
            .map(|s| (s.label.clone(), colors.series[s.color % colors.series.len()], false))
            .chain((!self.measured.is_empty()).then(|| (self.measured_label.clone(), colors.measured, true)))
            .collect()
    }

    /// How many of the data's points (curves sampled along each segment, and measured points)
    /// fall in the rectangle `r` = (left, top, right, bottom), in CSS pixels.
    fn points_in(&self, f: &Frame, range: (f64, f64), r: (f64, f64, f64, f64)) -> usize {
        let inside = |x: f64, y: f64| x >= r.0 && x <= r.2 && y >= r.1 && y <= r.3;
        let px = |p: &(f64, f64)| self.y_px(p.1, f, range).map(|y| (self.x_px(p.0, f), y));
        let mut n = 0;
        for s in &self.series {
            let pts: Vec<(f64, f64)> = s.points.iter().filter_map(px).collect();
            n += pts.iter().filter(|p| inside(p.0, p.1)).count();
            for w in pts.windows(2) {
                n += (1..8)
                    .map(|i| i as f64 / 8.0)
                    .filter(|t| inside(w[0].0 + (w[1].0 - w[0].0) * t, w[0].1 + (w[1].1 - w[0].1) * t))
                    .count();
            }
        }
        n + self.measured.iter().filter(|m| px(&(m.x, m.rate)).is_some_and(|(x, y)| inside(x, y))).count()
    }

    /// Where the legend goes, and the plotting area that leaves: `f` unchanged with the legend
    /// in a free corner, or `f` made smaller with the legend beside it. No entries, no legend.
    pub(super) fn legend_place(
        &self,
        f: Frame,
        entries: &[Entry],
        font: f64,
        range: (f64, f64),
        w: f64,
    ) -> (Frame, Option<LegendAt>) {
        if entries.is_empty() {
            return (f, None);
        }
        let (bw, bh) = legend_size(entries, font);
        let pad = font * 0.4;
        let (left, right) = (f.left + pad, (f.right - bw - pad).max(f.left + pad));
        let (top, bottom) = (f.top + pad * 0.25, (f.bottom - bh - pad).max(f.top));
        let corners = [(left, top), (right, top), (right, bottom), (left, bottom)];
        let margin = font * 0.5;
        for (x, y) in corners {
            if self.points_in(&f, range, (x - margin, y - margin, x + bw + margin, y + bh + margin)) == 0 {
                return (f, Some(LegendAt { x, y }));
            }
        }
        // No corner is free: beside the plot when that leaves it most of the width, else above.
        if f.right - bw - font * 1.2 - f.left >= w * 0.5 {
            let f2 = Frame { right: f.right - bw - font * 1.2, ..f };
            (f2, Some(LegendAt { x: f2.right + font * 0.8, y: f.top }))
        } else {
            let f2 = Frame { top: f.top + bh + font * 0.4, ..f };
            (f2, Some(LegendAt { x: f.left, y: f.top * 0.5 }))
        }
    }
}

/// The legend: a box with a swatch (line or dot) and the label of each entry, its top left at
/// `at`.
pub(super) fn draw_legend(pen: &Pen, entries: Vec<Entry>, at: LegendAt, out: &mut Vec<Shape>) {
    let font = pen.font;
    let (bw, bh) = legend_size(&entries, font);
    out.push(Shape::Rect { x: at.x, y: at.y, w: bw, h: bh, fill: pen.colors.background });
    let x = at.x + font * 0.4;
    let mut y = at.y + font * 0.8;
    for (label, color, dot) in entries {
        if dot {
            out.push(Shape::Circle { x: x + font * 0.7, y, r: 3.6, fill: color });
        } else {
            out.push(pen.line(vec![(x, y), (x + font * 1.4, y)], color, 2.0, false));
        }
        out.push(pen.text(x + font * 1.8, y, label, pen.colors.text, font, Anchor::Start));
        y += font * 1.4;
    }
}
