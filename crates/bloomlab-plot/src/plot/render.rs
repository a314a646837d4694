//! Drawing a laid-out plot through plotters: any `DrawingBackend` (the page's canvas; in the tests,
//! plotters' SVG backend, against which `svg` is checked) gets the same shapes.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Anchor, Rgb, Shape};

fn color(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Draws `shapes` (CSS pixels) on `area`, `scale` device pixels per CSS pixel.
pub fn render<DB: DrawingBackend>(
    shapes: &[Shape],
    area: &DrawingArea<DB, Shift>,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round() as i32;
    let pt = |(x, y): (f64, f64)| (px(x), px(y));
    for shape in shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill } => {
                area.draw(&Rectangle::new([pt((*x, *y)), pt((x + w, y + h))], color(*fill).filled()))?;
            }
            Shape::Line { points, color: c, width, dashed } => {
                let style = color(*c).stroke_width(((width * scale).round() as u32).max(1));
                let pts: Vec<(i32, i32)> = points.iter().map(|p| pt(*p)).collect();
                if *dashed {
                    area.draw(&DashedPathElement::new(pts, px(5.0), px(4.0), style))?;
                } else {
                    area.draw(&PathElement::new(pts, style))?;
                }
            }
            Shape::Polygon { points, fill, opacity } => {
                let pts: Vec<(i32, i32)> = points.iter().map(|p| pt(*p)).collect();
                area.draw(&Polygon::new(pts, color(*fill).mix(*opacity).filled()))?;
            }
            Shape::Circle { x, y, r, fill } => {
                area.draw(&Circle::new(pt((*x, *y)), px(*r).max(1), color(*fill).filled()))?;
            }
            Shape::Text { x, y, text, color: c, size, anchor, rotate } => {
                let h = match anchor {
                    Anchor::Start => HPos::Left,
                    Anchor::Middle => HPos::Center,
                    Anchor::End => HPos::Right,
                };
                // The family by name, not from the string "sans-serif": plotters reads a string
                // through `to_lowercase`, which brings Unicode's case tables into every page.
                let font = FontDesc::new(FontFamily::SansSerif, size * scale, FontStyle::Normal);
                let mut style = font.color(&color(*c)).pos(Pos::new(h, VPos::Center));
                if *rotate {
                    style = style.transform(FontTransform::Rotate270);
                }
                area.draw(&Text::new(text.as_str(), pt((*x, *y)), style))?;
            }
        }
    }
    Ok(())
}
