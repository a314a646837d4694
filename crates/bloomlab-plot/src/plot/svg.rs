//! The plot as a standalone SVG document, written straight from its laid-out shapes.
//!
//! The page draws charts through plotters' canvas backend (`render`). Drawing the export through
//! plotters' SVG backend as well compiled plotters' elements a second time into every page with a
//! chart (3.8 KB brotli); these few lines write the same elements instead. The tests compare this
//! document with plotters' SVG backend element by element: the same tags, attributes and integer
//! coordinates, except that a dashed line is one polyline with `stroke-dasharray` here, where
//! plotters writes each dash as a polyline of its own.

use std::fmt::Write;

use super::{Anchor, Plot, PlotColors, Rgb, Shape};

/// The dashes of a dashed line, as `render` draws them: 5 px of line, 4 px of gap.
const DASHES: &str = "5 4";

/// The plot as a standalone SVG document of `w` × `h` pixels, with its legend.
pub fn to_svg(plot: &Plot, w: f64, h: f64, colors: &PlotColors) -> String {
    let (pw, ph) = (w.max(1.0).round() as u32, h.max(1.0).round() as u32);
    document(&plot.draw(w, h, colors, true), pw, ph)
}

/// `shapes` (CSS pixels) as an SVG document of `pw` × `ph` pixels.
pub(crate) fn document(shapes: &[Shape], pw: u32, ph: u32) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg width=\"{pw}\" height=\"{ph}\" viewBox=\"0 0 {pw} {ph}\" xmlns=\"http://www.w3.org/2000/svg\">"
    );
    let at = Pixels { w: pw as i32, h: ph as i32 };
    for shape in shapes {
        write_shape(&mut out, shape, at);
    }
    out.push_str("</svg>\n");
    out
}

/// A CSS pixel as the whole device pixel `render` draws it at (scale 1).
fn px(v: f64) -> i32 {
    v.round() as i32
}

/// The picture's size: a point is drawn where plotters' drawing area puts it, moved into the
/// picture (each coordinate clamped to 0 ..= the width or height).
#[derive(Clone, Copy)]
struct Pixels {
    w: i32,
    h: i32,
}

impl Pixels {
    fn pt(self, (x, y): (f64, f64)) -> (i32, i32) {
        (px(x).clamp(0, self.w), px(y).clamp(0, self.h))
    }
}

/// `#RRGGBB`, as plotters writes a colour.
fn hex(c: Rgb) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// ` points="x,y x,y "`.
fn points(out: &mut String, pts: &[(f64, f64)], at: Pixels) {
    out.push_str(" points=\"");
    for &p in pts {
        let (x, y) = at.pt(p);
        let _ = write!(out, "{x},{y} ");
    }
    out.push('"');
}

fn write_shape(out: &mut String, shape: &Shape, at: Pixels) {
    match shape {
        Shape::Rect { x, y, w, h, fill } => {
            let ((x0, y0), (x1, y1)) = (at.pt((*x, *y)), at.pt((x + w, y + h)));
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" opacity=\"1\" fill=\"{}\" stroke=\"none\"/>",
                x0.min(x1),
                y0.min(y1),
                (x1 - x0).abs(),
                (y1 - y0).abs(),
                hex(*fill)
            );
        }
        Shape::Line { points: pts, color, width, dashed } => {
            let width = (width.round() as u32).max(1);
            let _ = write!(
                out,
                "<polyline fill=\"none\" opacity=\"1\" stroke=\"{}\" stroke-width=\"{width}\"",
                hex(*color)
            );
            if *dashed {
                let _ = write!(out, " stroke-dasharray=\"{DASHES}\"");
            }
            points(out, pts, at);
            out.push_str("/>\n");
        }
        Shape::Polygon { points: pts, fill, opacity } => {
            if *opacity == 0.0 {
                return;
            }
            let _ = write!(out, "<polygon opacity=\"{opacity}\" fill=\"{}\"", hex(*fill));
            points(out, pts, at);
            out.push_str("/>\n");
        }
        Shape::Circle { x, y, r, fill } => {
            let (cx, cy) = at.pt((*x, *y));
            let _ = writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" opacity=\"1\" fill=\"{}\" stroke=\"none\" stroke-width=\"1\"/>",
                px(*r).max(1),
                hex(*fill)
            );
        }
        Shape::Text { x, y, text, color, size, anchor, rotate } => {
            let (x, y) = at.pt((*x, *y));
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            // plotters writes a font's size in points: its pixel size over 1.24.
            let _ = write!(
                out,
                "<text x=\"{x}\" y=\"{y}\" dy=\"0.5ex\" text-anchor=\"{anchor}\" font-family=\"sans-serif\" font-size=\"{}\" opacity=\"1\" fill=\"{}\"",
                size / 1.24,
                hex(*color)
            );
            if *rotate {
                let _ = write!(out, " transform=\"rotate(270, {x}, {y})\"");
            }
            out.push_str(">\n");
            escape(out, text);
            out.push_str("\n</text>\n");
        }
    }
}

/// `text` with the five XML special characters escaped.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            other => out.push(other),
        }
    }
}
