//! Drawing a bit (or counter) array into an RGBA pixel buffer: the layout of cells on a grid,
//! and the pixels themselves. One pass over the bits; no per-bit drawing calls.

use crate::draw::palette::{FOCUS, HIT, MISS, ONE, PANEL, ZERO};
use crate::engine::bitvec::BitVec;

pub type Rgba = [u8; 4];

/// The colours of a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub background: Rgba,
    pub zero: Rgba,
    pub one: Rgba,
    /// A highlighted bit that is set.
    pub hit: Rgba,
    /// A highlighted bit that is 0 (the reason a lookup says "absent").
    pub miss: Rgba,
    /// The outline of the bit under the pointer.
    pub focus: Rgba,
}

impl Palette {
    /// The colours of a drawing in the dark theme or the light one, from the one palette.
    pub const fn of(dark: bool) -> Palette {
        Palette {
            background: PANEL.rgb(dark).rgba(),
            zero: ZERO.rgb(dark).rgba(),
            one: ONE.rgb(dark).rgba(),
            hit: HIT.rgb(dark).rgba(),
            miss: MISS.rgb(dark).rgba(),
            focus: FOCUS.rgb(dark).rgba(),
        }
    }
    pub const LIGHT: Palette = Palette::of(false);
    pub const DARK: Palette = Palette::of(true);
}

/// Where the cells of an array go on a canvas, in device pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLayout {
    /// Number of bits.
    pub m: u64,
    /// Bits drawn by one cell (1 unless the array is larger than the canvas).
    pub bits_per_cell: u64,
    pub cells: u64,
    pub cols: u32,
    pub rows: u32,
    /// Side of one cell, gap included.
    pub cell: u32,
    /// Empty pixels at the right and bottom of each cell.
    pub gap: u32,
    pub width: u32,
    pub height: u32,
}

/// For a small array laid out in a few rows of `cell`-pixel cells: the largest cell, down to three
/// quarters of `cell`, that needs fewer rows (`cell` itself when none does).
fn fewer_rows(m: u64, width: u32, cell: u32, rows: u64) -> u32 {
    if !(2..=4).contains(&rows) {
        return cell;
    }
    let floor = (cell * 3 / 4).max(1);
    let (mut best, mut best_rows) = (cell, rows);
    for c in (floor..cell).rev() {
        let r = m.div_ceil((width / c).max(1) as u64);
        if r < best_rows {
            (best, best_rows) = (c, r);
        }
    }
    best
}

impl GridLayout {
    /// The largest square cells (at most `max_cell` pixels) that fit `m` bits into `width`
    /// pixels across and at most `max_height` down; when even one pixel per bit does not fit,
    /// each pixel shows the density of several bits.
    pub fn new(m: u64, width: u32, max_height: u32, max_cell: u32) -> GridLayout {
        let m = m.max(1);
        let width = width.max(1);
        let max_height = max_height.max(1);
        for cell in (1..=max_cell.max(1)).rev() {
            let cols = (width / cell).max(1) as u64;
            let rows = m.div_ceil(cols);
            if rows * cell as u64 <= max_height as u64 {
                // A few rows with a straggler (Ullman's 11 bits as 10 + 1 on a projector): cells
                // up to a quarter smaller that need fewer rows look better.
                let cell = fewer_rows(m, width, cell, rows);
                let (cols, rows) = ((width / cell).max(1) as u64, m.div_ceil((width / cell).max(1) as u64));
                let cols = cols.min(m) as u32;
                let gap = if cell >= 6 { (cell / 10).max(1) } else { 0 };
                return GridLayout {
                    m,
                    bits_per_cell: 1,
                    cells: m,
                    cols,
                    rows: rows as u32,
                    cell,
                    gap,
                    width: cols * cell,
                    height: rows as u32 * cell,
                };
            }
        }
        let area = width as u64 * max_height as u64;
        let bits_per_cell = m.div_ceil(area);
        let cells = m.div_ceil(bits_per_cell);
        let cols = (width as u64).min(cells) as u32;
        let rows = cells.div_ceil(cols as u64) as u32;
        GridLayout { m, bits_per_cell, cells, cols, rows, cell: 1, gap: 0, width: cols, height: rows }
    }

    /// The cell that shows bit `pos`.
    pub fn cell_of(&self, pos: u64) -> u64 {
        pos / self.bits_per_cell
    }

    /// Top-left pixel of a cell.
    pub fn cell_origin(&self, cell: u64) -> (u32, u32) {
        let col = (cell % self.cols as u64) as u32;
        let row = (cell / self.cols as u64) as u32;
        (col * self.cell, row * self.cell)
    }

    /// The bits `start..end` under pixel (x, y), if any.
    pub fn bits_at(&self, x: u32, y: u32) -> Option<(u64, u64)> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let cell = (y / self.cell) as u64 * self.cols as u64 + (x / self.cell) as u64;
        if cell >= self.cells {
            return None;
        }
        let start = cell * self.bits_per_cell;
        Some((start, (start + self.bits_per_cell).min(self.m)))
    }

    /// The bits `start..end` of a cell.
    pub fn cell_bits(&self, cell: u64) -> (u64, u64) {
        let start = cell.min(self.cells.saturating_sub(1)) * self.bits_per_cell;
        (start, (start + self.bits_per_cell).min(self.m))
    }

    /// Where a key moves the keyboard cursor from the bits `current` (a cell at a time): arrows
    /// by one cell or one row, Home and End to the ends, Page Up and Down by ten rows. `None` for
    /// keys that do not move it.
    pub fn key_move(&self, current: Option<(u64, u64)>, key: &str) -> Option<(u64, u64)> {
        if self.cells == 0 {
            return None;
        }
        let last = self.cells - 1;
        let cols = self.cols.max(1) as u64;
        let at = current.map(|(s, _)| self.cell_of(s).min(last));
        let cell = match (key, at) {
            ("ArrowRight" | "ArrowDown" | "ArrowLeft" | "ArrowUp" | "Home", None) => 0,
            ("End", _) => last,
            ("Home", _) => 0,
            ("ArrowRight", Some(c)) => (c + 1).min(last),
            ("ArrowLeft", Some(c)) => c.saturating_sub(1),
            ("ArrowDown", Some(c)) => (c + cols).min(last),
            ("ArrowUp", Some(c)) => c.saturating_sub(cols),
            ("PageDown", c) => (c.unwrap_or(0) + 10 * cols).min(last),
            ("PageUp", c) => c.unwrap_or(0).saturating_sub(10 * cols),
            _ => return None,
        };
        Some(self.cell_bits(cell))
    }

    /// Whether cells are big enough to print their position inside.
    pub fn has_room_for_labels(&self, dpr: f64) -> bool {
        self.bits_per_cell == 1 && (self.cell as f64) >= 22.0 * dpr
    }
}

/// `a` moved towards `b` by `t` (clamped to 0..=1; 0 when not a number), opaque.
pub(crate) fn blend(a: Rgba, b: Rgba, t: f64) -> Rgba {
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]), 255]
}

/// Paints the `w` × `h` rectangle at (`x0`, `y0`) of an RGBA buffer `width` pixels wide in `c`;
/// pixels past the buffer's end are left out.
pub(crate) fn fill(buf: &mut [u8], width: u32, x0: u32, y0: u32, w: u32, h: u32, c: Rgba) {
    for y in y0..y0.saturating_add(h) {
        let start = (y as usize).checked_mul(width as usize).and_then(|r| r.checked_add(x0 as usize));
        let Some(start) = start.and_then(|p| p.checked_mul(4)).filter(|&s| s < buf.len()) else { break };
        let end = start.saturating_add((w as usize).saturating_mul(4)).min(buf.len());
        for px in buf[start..end].chunks_exact_mut(4) {
            px.copy_from_slice(&c);
        }
    }
}

/// What to mark on top of the bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks<'a> {
    /// The current item's positions.
    pub positions: &'a [u64],
    /// The bit under the pointer.
    pub focus: Option<u64>,
}

/// Draws `bits` into `buf` (RGBA, `layout.width` × `layout.height`), resizing it as needed.
pub fn render_bits(bits: &BitVec, layout: &GridLayout, palette: &Palette, marks: &Marks, buf: &mut Vec<u8>) {
    let (w, h) = (layout.width, layout.height);
    buf.resize((w * h) as usize * 4, 0);
    for px in buf.chunks_exact_mut(4) {
        px.copy_from_slice(&palette.background);
    }
    let inner = layout.cell - layout.gap;
    if layout.bits_per_cell == 1 {
        // One cell per bit: walk the words, one fill per cell.
        for pos in 0..layout.m {
            let (x, y) = layout.cell_origin(pos);
            let c = if bits.get(pos as usize) { palette.one } else { palette.zero };
            if inner == 1 {
                let i = ((y * w + x) * 4) as usize;
                buf[i..i + 4].copy_from_slice(&c);
            } else {
                fill(buf, w, x, y, inner, inner, c);
            }
        }
    } else {
        // Several bits per pixel: shade by the fraction set.
        let per = layout.bits_per_cell;
        let mut shades = [[0u8; 4]; 65];
        let steps = per.min(64);
        for (i, s) in shades.iter_mut().enumerate().take(steps as usize + 1) {
            *s = blend(palette.zero, palette.one, i as f64 / steps as f64);
        }
        for cell in 0..layout.cells {
            let start = cell * per;
            let ones = bits.count_range(start as usize, (start + per).min(layout.m) as usize) as u64;
            let level = (ones * steps).div_ceil(per) as usize;
            let (x, y) = layout.cell_origin(cell);
            let i = ((y * w + x) * 4) as usize;
            buf[i..i + 4].copy_from_slice(&shades[level]);
        }
    }
    // Marks: a cell in the hit or miss colour, at least 5 pixels so that it shows on dense maps.
    let grow = if inner < 5 { (5 - inner).div_ceil(2) } else { 0 };
    for &pos in marks.positions {
        if pos >= layout.m {
            continue;
        }
        let c = if bits.get(pos as usize) { palette.hit } else { palette.miss };
        let (x, y) = layout.cell_origin(layout.cell_of(pos));
        let x0 = x.saturating_sub(grow);
        let y0 = y.saturating_sub(grow);
        let x1 = (x + inner + grow).min(w);
        let y1 = (y + inner + grow).min(h);
        fill(buf, w, x0, y0, x1 - x0, y1 - y0, c);
    }
    if let Some(pos) = marks.focus.filter(|&p| p < layout.m) {
        let (x, y) = layout.cell_origin(layout.cell_of(pos));
        let side = inner.max(1) + 2 * grow.max(1);
        let x0 = x.saturating_sub(grow.max(1));
        let y0 = y.saturating_sub(grow.max(1));
        let x1 = (x0 + side).min(w);
        let y1 = (y0 + side).min(h);
        let t = (layout.cell / 12).clamp(1, 3);
        fill(buf, w, x0, y0, x1 - x0, t.min(y1 - y0), palette.focus);
        fill(buf, w, x0, y1.saturating_sub(t), x1 - x0, t.min(y1 - y0), palette.focus);
        fill(buf, w, x0, y0, t.min(x1 - x0), y1 - y0, palette.focus);
        fill(buf, w, x1.saturating_sub(t), y0, t.min(x1 - x0), y1 - y0, palette.focus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_stays_inside_the_buffer_and_blend_inside_its_ends() {
        let mut buf = vec![0u8; 4 * 4 * 3];
        fill(&mut buf, 4, 2, 1, 2, 1, [9, 9, 9, 9]);
        let painted: Vec<usize> = (0..12).filter(|i| buf[i * 4] == 9).collect();
        assert_eq!(painted, [6, 7]);
        fill(&mut buf, 4, 3, 2, 10, 10, [7, 7, 7, 7]);
        assert_eq!(buf[44..48], [7, 7, 7, 7]);
        fill(&mut buf, 4, u32::MAX, u32::MAX, u32::MAX, u32::MAX, [1, 1, 1, 1]);
        assert_eq!(buf.iter().filter(|&&b| b == 1).count(), 0);
        assert_eq!(blend([0, 0, 0, 0], [200, 100, 50, 0], 0.5), [100, 50, 25, 255]);
        assert_eq!(blend([0, 0, 0, 0], [200, 100, 50, 0], 7.0), [200, 100, 50, 255]);
        assert_eq!(blend([10, 0, 0, 0], [200, 100, 50, 0], f64::NAN), [10, 0, 0, 255]);
    }

    #[test]
    fn small_arrays_get_big_cells_and_large_ones_a_density_map() {
        let small = GridLayout::new(11, 1000, 300, 48);
        assert_eq!((small.cell, small.cols, small.rows, small.bits_per_cell), (48, 11, 1, 1));
        // On a projector the 11 bits stay one row, in slightly smaller cells (not 10 + 1).
        let projector = GridLayout::new(11, 912, 380, 84);
        assert_eq!((projector.cols, projector.rows), (11, 1));
        assert!(projector.cell >= 63 && projector.width <= 912);
        // Large arrays keep the largest cells.
        let mid = GridLayout::new(4096, 1000, 300, 48);
        assert_eq!(mid.cell, (1..=48).rev().find(|&c| 4096u64.div_ceil((1000 / c) as u64) * c as u64 <= 300).unwrap());
        let mid = GridLayout::new(4096, 1000, 300, 48);
        assert_eq!(mid.bits_per_cell, 1);
        assert!(mid.rows as u64 * mid.cols as u64 >= 4096 && mid.height <= 300);
        let big = GridLayout::new(1 << 20, 1000, 300, 48);
        assert!(big.bits_per_cell > 1 && big.height <= 300 && big.width <= 1000);
        assert!(big.cells * big.bits_per_cell >= 1 << 20);
        // Every bit maps to a pixel inside the canvas, and back.
        for l in [small, mid, big] {
            for pos in [0, l.m / 3, l.m - 1] {
                let (x, y) = l.cell_origin(l.cell_of(pos));
                assert!(x < l.width && y < l.height);
                let (s, e) = l.bits_at(x, y).unwrap();
                assert!(s <= pos && pos < e, "{pos} in {s}..{e}");
            }
            assert_eq!(l.bits_at(l.width, 0), None);
        }
    }

    #[test]
    fn pixels_show_bits_and_marks() {
        let mut bits = BitVec::new(11);
        bits.set(2);
        let l = GridLayout::new(11, 110, 100, 10);
        let mut buf = vec![];
        let p = Palette::LIGHT;
        render_bits(&bits, &l, &p, &Marks::default(), &mut buf);
        assert_eq!(buf.len(), (l.width * l.height * 4) as usize);
        let at = |buf: &Vec<u8>, pos: u64| {
            let (x, y) = l.cell_origin(pos);
            let i = ((y * l.width + x) * 4) as usize;
            [buf[i], buf[i + 1], buf[i + 2], buf[i + 3]]
        };
        assert_eq!(at(&buf, 2), p.one);
        assert_eq!(at(&buf, 3), p.zero);
        render_bits(&bits, &l, &p, &Marks { positions: &[2, 3], focus: None }, &mut buf);
        assert_eq!(at(&buf, 2), p.hit);
        assert_eq!(at(&buf, 3), p.miss);
    }

    #[test]
    fn dense_maps_shade_by_density() {
        let mut bits = BitVec::new(1 << 16);
        for i in 0..(1 << 15) {
            bits.set(i);
        }
        let l = GridLayout::new(1 << 16, 128, 128, 8);
        assert_eq!(l.bits_per_cell, 4);
        let mut buf = vec![];
        render_bits(&bits, &l, &Palette::DARK, &Marks::default(), &mut buf);
        assert_eq!(&buf[0..4], &Palette::DARK.one);
        let last = buf.len() - 4;
        assert_eq!(&buf[last..], &Palette::DARK.zero);
    }
}

#[cfg(test)]
mod key_tests {
    use super::GridLayout;

    #[test]
    fn the_keyboard_cursor_moves_a_cell_at_a_time() {
        let l = GridLayout {
            m: 100,
            bits_per_cell: 1,
            cells: 100,
            cols: 10,
            rows: 10,
            cell: 10,
            gap: 1,
            width: 100,
            height: 100,
        };
        assert_eq!(l.key_move(None, "ArrowRight"), Some((0, 1)));
        assert_eq!(l.key_move(Some((5, 6)), "ArrowRight"), Some((6, 7)));
        assert_eq!(l.key_move(Some((5, 6)), "ArrowDown"), Some((15, 16)));
        assert_eq!(l.key_move(Some((5, 6)), "ArrowUp"), Some((0, 1)));
        assert_eq!(l.key_move(Some((99, 100)), "ArrowRight"), Some((99, 100)));
        assert_eq!(l.key_move(Some((40, 41)), "End"), Some((99, 100)));
        assert_eq!(l.key_move(Some((40, 41)), "Home"), Some((0, 1)));
        assert_eq!(l.key_move(Some((40, 41)), "x"), None);
        // A big array: cells of 1,024 bits each.
        let big = GridLayout {
            m: 1 << 20,
            bits_per_cell: 1024,
            cells: 1024,
            cols: 32,
            rows: 32,
            cell: 4,
            gap: 0,
            width: 128,
            height: 128,
        };
        assert_eq!(big.key_move(Some((2048, 3072)), "ArrowRight"), Some((3072, 4096)));
        assert_eq!(big.key_move(None, "End"), Some(((1 << 20) - 1024, 1 << 20)));
    }
}
