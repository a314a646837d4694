//! Drawing a counter array into an RGBA pixel buffer on the same grid as bit arrays
//! (`bitmap::GridLayout`): 0 in the "zero" colour, other values on a colour scale from a pale to
//! the full "one" colour (logarithmic in the value, up to the largest value present), saturated
//! counters in a colour of their own. Dense maps (several counters per pixel) show the largest
//! counter of each pixel, and a pixel holding any saturated counter is drawn as saturated.

use crate::draw::bitmap::{blend, fill, GridLayout, Palette, Rgba};
use crate::draw::palette::{LOW, MISS, SATURATED};

/// The colours of a counter drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CounterPalette {
    pub base: Palette,
    /// The palest non-zero value.
    pub low: Rgba,
    /// A counter stuck at 2^w - 1.
    pub saturated: Rgba,
    /// The counter(s) holding the current item's minimum.
    pub minimum: Rgba,
}

impl CounterPalette {
    /// The colours of a counter drawing in the dark theme or the light one, from the one palette.
    pub const fn of(dark: bool) -> CounterPalette {
        CounterPalette {
            base: Palette::of(dark),
            low: LOW.rgb(dark).rgba(),
            saturated: SATURATED.rgb(dark).rgba(),
            minimum: MISS.rgb(dark).rgba(),
        }
    }
    pub const LIGHT: CounterPalette = CounterPalette::of(false);
    pub const DARK: CounterPalette = CounterPalette::of(true);
}

/// What to mark on top of the counters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CounterMarks<'a> {
    /// The current item's positions.
    pub positions: &'a [u64],
    /// Those of them holding the minimum.
    pub minimum: &'a [u64],
    /// The counter under the pointer.
    pub focus: Option<u64>,
}

/// The colour of a value on the scale (0 < value < saturation), with `top` the largest
/// unsaturated value present.
pub fn shade(value: u32, top: u32, saturation: u32, p: &CounterPalette) -> Rgba {
    if value == 0 {
        return p.base.zero;
    }
    if value >= saturation {
        return p.saturated;
    }
    if top <= 1 {
        return p.base.one;
    }
    let t = (value as f64).ln() / (top as f64).ln();
    blend(p.low, p.base.one, t)
}

/// Whether the value is printed inside cells of this layout.
pub fn has_room_for_values(layout: &GridLayout, dpr: f64) -> bool {
    layout.has_room_for_labels(dpr)
}

/// Draws `values` (each at most `saturation`) into `buf`, resizing it as needed.
pub fn render_counters(
    values: &[u32],
    saturation: u32,
    layout: &GridLayout,
    palette: &CounterPalette,
    marks: &CounterMarks,
    buf: &mut Vec<u8>,
) {
    let (w, h) = (layout.width, layout.height);
    buf.resize((w as usize) * (h as usize) * 4, 0);
    for px in buf.chunks_exact_mut(4) {
        px.copy_from_slice(&palette.base.background);
    }
    let top = values.iter().copied().filter(|&v| v < saturation).max().unwrap_or(0);
    let m = (values.len() as u64).min(layout.m);
    let inner = layout.cell.saturating_sub(layout.gap).max(1);
    let per = layout.bits_per_cell.max(1);
    for cell in 0..layout.cells {
        let start = cell * per;
        if start >= m {
            break;
        }
        let end = (start + per).min(m);
        let slice = &values[start as usize..end as usize];
        let biggest = slice.iter().copied().max().unwrap_or(0);
        let c = shade(biggest, top, saturation, palette);
        let (x, y) = layout.cell_origin(cell);
        fill(buf, w, x, y, inner.min(w - x), inner.min(h - y), c);
    }
    let grow = if inner < 5 { (5 - inner).div_ceil(2) } else { 0 };
    let mark = |buf: &mut Vec<u8>, pos: u64, c: Rgba, shrink: u32| {
        let (x, y) = layout.cell_origin(layout.cell_of(pos));
        let x0 = x.saturating_sub(grow);
        let y0 = y.saturating_sub(grow);
        let x1 = (x + inner + grow).min(w);
        let y1 = (y + inner + grow).min(h);
        fill(buf, w, x0, y0, x1 - x0, y1 - y0, c);
        if shrink > 0 && x1 - x0 > 2 * shrink && y1 - y0 > 2 * shrink {
            let value = values.get(pos as usize).copied().unwrap_or(0);
            let inside = if value >= saturation { palette.saturated } else { palette.base.hit };
            fill(buf, w, x0 + shrink, y0 + shrink, x1 - x0 - 2 * shrink, y1 - y0 - 2 * shrink, inside);
        }
    };
    for &pos in marks.positions {
        if pos < m {
            let value = values[pos as usize];
            mark(buf, pos, if value >= saturation { palette.saturated } else { palette.base.hit }, 0);
        }
    }
    // The minimum: a thick ring in the minimum colour around the cell.
    let ring = (inner / 6).max(1);
    for &pos in marks.minimum {
        if pos < m {
            mark(buf, pos, palette.minimum, if inner >= 6 { ring } else { 0 });
        }
    }
    if let Some(pos) = marks.focus.filter(|&p| p < m) {
        let (x, y) = layout.cell_origin(layout.cell_of(pos));
        let g = grow.max(1);
        let x0 = x.saturating_sub(g);
        let y0 = y.saturating_sub(g);
        let x1 = (x + inner + g).min(w);
        let y1 = (y + inner + g).min(h);
        let t = (layout.cell / 12).clamp(1, 3);
        let c = palette.base.focus;
        fill(buf, w, x0, y0, x1 - x0, t.min(y1 - y0), c);
        fill(buf, w, x0, y1.saturating_sub(t), x1 - x0, t.min(y1 - y0), c);
        fill(buf, w, x0, y0, t.min(x1 - x0), y1 - y0, c);
        fill(buf, w, x1.saturating_sub(t), y0, t.min(x1 - x0), y1 - y0, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(buf: &[u8], l: &GridLayout, pos: u64) -> Rgba {
        let (x, y) = l.cell_origin(l.cell_of(pos));
        let i = ((y * l.width + x) * 4) as usize;
        [buf[i], buf[i + 1], buf[i + 2], buf[i + 3]]
    }

    #[test]
    fn values_zero_scale_and_saturation() {
        let values = [0, 1, 7, 15, 3];
        let l = GridLayout::new(5, 200, 100, 20);
        let p = CounterPalette::LIGHT;
        let mut buf = vec![];
        render_counters(&values, 15, &l, &p, &CounterMarks::default(), &mut buf);
        assert_eq!(buf.len(), (l.width * l.height * 4) as usize);
        assert_eq!(at(&buf, &l, 0), p.base.zero);
        assert_eq!(at(&buf, &l, 1), p.low);
        assert_eq!(at(&buf, &l, 2), p.base.one, "7 is the largest unsaturated value");
        assert_eq!(at(&buf, &l, 3), p.saturated);
        let mid = at(&buf, &l, 4);
        assert!(mid != p.low && mid != p.base.one);
        render_counters(
            &values,
            15,
            &l,
            &p,
            &CounterMarks { positions: &[1, 4], minimum: &[1], focus: None },
            &mut buf,
        );
        assert_eq!(at(&buf, &l, 4), p.base.hit);
        assert_eq!(at(&buf, &l, 1), p.minimum, "the ring's corner");
    }

    #[test]
    fn a_million_counters_fit_and_saturation_shows_through() {
        let mut values = vec![0u32; 1 << 20];
        values[12345] = 15;
        values[700_000] = 3;
        let l = GridLayout::new(1 << 20, 1200, 380, 48);
        assert!(l.bits_per_cell > 1);
        let mut buf = vec![];
        let p = CounterPalette::DARK;
        render_counters(
            &values,
            15,
            &l,
            &p,
            &CounterMarks { positions: &[5, (1 << 20) - 1], minimum: &[5], focus: Some(9) },
            &mut buf,
        );
        assert_eq!(buf.len(), (l.width * l.height * 4) as usize);
        assert_eq!(at(&buf, &l, 12345), p.saturated);
        assert_eq!(at(&buf, &l, 700_000), p.base.one);
        // Shorter or longer value arrays than the layout never panic.
        render_counters(
            &values[..10],
            15,
            &l,
            &p,
            &CounterMarks { positions: &[99], minimum: &[99], focus: Some(99) },
            &mut buf,
        );
        assert!(shade(5, 1, 15, &p) == p.base.one);
    }
}
