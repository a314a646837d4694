//! The legend: its entries, where it goes and how it is drawn. It sits in the first corner of the
//! plotting area that no curve or measured point passes through (top left, top right, bottom
//! right, bottom left); when the data leaves no corner free it moves out of the plotting area,
//! to the right of it on a wide picture and above it on a narrow one, and the plotting area
//! makes room for it. Above the plot the entries run in as many columns as the picture's width holds, and
//! the picture can grow by the legend's height (`legend_room`) so that the plotting area keeps
//! the height it would have without one.

use super::layout::{Anchor, Frame, Pen, Shape};
use super::{Plot, PlotColors, Rgb};

/// A legend entry: label, colour, and whether its swatch is a dot (measured points) or a line.
pub(super) type Entry = (String, Rgb, bool);

/// The legend box's top left corner, in CSS pixels, and the columns its entries run in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct LegendAt {
    pub x: f64,
    pub y: f64,
    pub cols: usize,
}

/// One column's width (the longest entry's) at this type size.
fn column_width(entries: &[Entry], font: f64) -> f64 {
    let longest = entries.iter().map(|e| e.0.chars().count()).max().unwrap_or(0) as f64;
    font * (2.8 + longest * 0.58)
}

/// The legend box's width and height for these entries at this type size, in `cols` columns.
fn legend_size(entries: &[Entry], font: f64, cols: usize) -> (f64, f64) {
    let cols = cols.clamp(1, entries.len().max(1));
    let rows = entries.len().div_ceil(cols);
    (column_width(entries, font) * cols as f64, font * 1.4 * rows as f64 + font * 0.2)
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
        let (bw, bh) = legend_size(entries, font, 1);
        let pad = font * 0.4;
        let (left, right) = (f.left + pad, (f.right - bw - pad).max(f.left + pad));
        let (top, bottom) = (f.top + pad * 0.25, (f.bottom - bh - pad).max(f.top));
        let corners = [(left, top), (right, top), (right, bottom), (left, bottom)];
        let margin = font * 0.5;
        for (x, y) in corners {
            if self.points_in(&f, range, (x - margin, y - margin, x + bw + margin, y + bh + margin)) == 0 {
                return (f, Some(LegendAt { x, y, cols: 1 }));
            }
        }
        // No corner is free: beside the plot when that leaves it most of the width, else above,
        // in as many columns as the plot's width holds.
        if f.right - bw - font * 1.2 - f.left >= w * 0.5 {
            let f2 = Frame { right: f.right - bw - font * 1.2, ..f };
            (f2, Some(LegendAt { x: f2.right + font * 0.8, y: f.top, cols: 1 }))
        } else {
            // The columns may use the picture's whole width, the y axis's side too.
            let cols = ((w - font) / column_width(entries, font)).floor().max(1.0) as usize;
            let (bw, bh) = legend_size(entries, font, cols);
            let f2 = Frame { top: f.top + bh + font * 0.4, ..f };
            let x = f.left.min(w - font * 0.5 - bw).max(font * 0.5);
            (f2, Some(LegendAt { x, y: f.top * 0.5, cols }))
        }
    }

    /// How much taller a `w` × `h` picture must be for its plotting area to keep the height it
    /// has without a legend, and to be at least half the picture, when the legend goes above the
    /// plot; 0 when it sits in a corner or beside the plot (or there is none). A chart adds this
    /// to its height.
    pub fn legend_room(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> f64 {
        if !legend {
            return 0.0;
        }
        let f = self.frame(w, h, super::layout::type_size(w, colors));
        let (_, placed, _) = self.placed(w, h, colors, legend);
        let legend = (placed.top - f.top).max(0.0);
        // With the legend's height added, the plotting area has its own height back; grown
        // further by x, it is half the picture once f + x ≥ (h + legend + x) / 2.
        let kept = f.bottom - f.top;
        if legend == 0.0 {
            0.0
        } else {
            legend + (h + legend - 2.0 * kept).max(0.0)
        }
    }

    /// The plotting area of a `w` × `h` picture, legend placed (what `draw` draws the data in).
    pub fn plotting_area(&self, w: f64, h: f64, colors: &PlotColors, legend: bool) -> Frame {
        self.placed(w, h, colors, legend).1
    }

    /// The legend's entries (none without `legend`), the plotting area they leave and where the
    /// legend goes: the one layout `draw`, `plotting_area` and `legend_room` share.
    pub(super) fn placed(
        &self,
        w: f64,
        h: f64,
        colors: &PlotColors,
        legend: bool,
    ) -> (Vec<Entry>, Frame, Option<LegendAt>) {
        let font = super::layout::type_size(w, colors);
        let entries = if legend { self.legend_entries(colors) } else { Vec::new() };
        let (f, at) = self.legend_place(self.frame(w, h, font), &entries, font, self.y_range(), w);
        (entries, f, at)
    }
}

/// The legend: a box with a swatch (line or dot) and the label of each entry, its top left at
/// `at`.
pub(super) fn draw_legend(pen: &Pen, entries: Vec<Entry>, at: LegendAt, out: &mut Vec<Shape>) {
    let font = pen.font;
    let (bw, bh) = legend_size(&entries, font, at.cols);
    let col = column_width(&entries, font);
    let rows = entries.len().div_ceil(at.cols.max(1));
    out.push(Shape::Rect { x: at.x, y: at.y, w: bw, h: bh, fill: pen.colors.background });
    for (i, (label, color, dot)) in entries.into_iter().enumerate() {
        // Down the first column, then down the next.
        let x = at.x + font * 0.4 + col * (i / rows) as f64;
        let y = at.y + font * 0.8 + font * 1.4 * (i % rows) as f64;
        if dot {
            out.push(Shape::Circle { x: x + font * 0.7, y, r: 3.6, fill: color });
        } else {
            out.push(pen.line(vec![(x, y), (x + font * 1.4, y)], color, 2.0, false));
        }
        out.push(pen.text(x + font * 1.8, y, label, pen.colors.text, font, Anchor::Start));
    }
}

#[cfg(test)]
mod tests {
    use crate::plot::layout::Shape;
    use crate::plot::tests::sample;
    use crate::plot::{MeasuredPoint, Plot, PlotColors, Series};

    #[test]
    fn the_legend_moves_away_from_the_data() {
        let legend_x = |p: &Plot| {
            p.draw(600.0, 300.0, &PlotColors::LIGHT, true)
                .iter()
                .filter_map(|s| match s {
                    Shape::Text { x, text, .. } if text == "approx" => Some(*x),
                    _ => None,
                })
                .next()
                .unwrap()
        };
        let mut p = sample(false);
        p.measured.clear();
        p.marks.clear();
        // Falling from the top left: the legend goes to the right.
        p.series[0].points = (1..=10).map(|k| (k as f64, 1.0 / k as f64)).collect();
        assert!(legend_x(&p) > 300.0);
        // Rising to the top right: it stays on the left.
        p.series[0].points = (1..=10).map(|k| (k as f64, k as f64 / 10.0)).collect();
        assert!(legend_x(&p) < 300.0);
    }

    #[test]
    fn a_legend_above_the_plot_runs_in_columns_and_the_picture_grows_by_it() {
        // Five short curves over every corner (Skiena's comparison) and three long labels (the
        // distribution of R), in a half-width chart in presenter mode: the plotting area keeps the
        // height it has without a legend, at least half the picture.
        let mut skiena = Plot::new("load n/m", "false-positive probability", (0.0, 0.25));
        let shapes: [fn(f64) -> f64; 5] = [|_| 1.0, |_| 0.0, |t| t, |t| 1.0 - t, |_| 0.5];
        skiena.series = (0..5)
            .map(|k| {
                Series::line(
                    format!("k = {}", k + 1),
                    k,
                    (0..=25).map(|i| (i as f64 / 100.0, shapes[k](i as f64 / 25.0))).collect(),
                )
            })
            .collect();
        let mut fm = Plot::new("i (tail length)", "probability", (0.0, 11.0));
        fm.series = vec![
            Series::line("P(R = i)", 0, (0..=11).map(|i| (i as f64, if i % 2 == 0 { 1.0 } else { 0.0 })).collect()),
            Series::line(
                "P(R \u{2265} i) = 1 \u{2212} (1 \u{2212} 2^\u{2212}i)^n",
                1,
                (0..=11).map(|i| (i as f64, 1.0 - i as f64 / 11.0)).collect(),
            ),
        ];
        fm.measured = (0..=11).map(|i| MeasuredPoint { x: i as f64, rate: 0.5, lo: 0.4, hi: 0.6 }).collect();
        fm.measured_label = "R measured over 4000 runs".into();
        let colors = PlotColors::LIGHT.presenting();
        for (p, w, h) in [(&skiena, 400.0, 292.0), (&fm, 400.0, 260.0)] {
            let bare = p.plotting_area(w, h, &colors, false);
            let room = p.legend_room(w, h, &colors, true);
            assert!(room > 0.0, "the legend goes above the plot ({w}: {:?})", p.plotting_area(w, h, &colors, true));
            let f = p.plotting_area(w, h + room, &colors, true);
            assert!(f.bottom - f.top >= bare.bottom - bare.top - 0.5, "{f:?} against {bare:?}");
            assert!(f.bottom - f.top >= (h + room) / 2.0, "{f:?} in {}", h + room);
        }
        // Five short entries run in columns: fewer rows than entries.
        let room = skiena.legend_room(400.0, 292.0, &colors, true);
        let font = crate::plot::layout::type_size(400.0, &colors);
        assert!(room < font * 1.4 * 3.0, "{room}");
    }
}
