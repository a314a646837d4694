//! The one palette: every colour the app paints, each named once with its light and dark theme
//! values. The style sheet's custom properties (`static/css/base.css`, `--name: light-dark(…)`)
//! are the swatches marked `css` (the root crate's `tests/palette.rs` checks the sheet against
//! [`SWATCHES`] both ways); the pixel grids (`bitmap::Palette`), the charts (`plot::PlotColors`)
//! and the canvases' ink take theirs from the constants here, so no view writes a colour.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// The colour with full opacity, as a pixel buffer takes it.
    pub const fn rgba(self) -> [u8; 4] {
        [self.0, self.1, self.2, 255]
    }
}

/// A named colour in the light and the dark theme, written `#rrggbb` as the style sheet writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swatch {
    /// The custom property's name without `--` (also the swatch's name in tests).
    pub name: &'static str,
    pub light: &'static str,
    pub dark: &'static str,
    /// Whether the style sheet defines it as a custom property.
    pub css: bool,
}

/// The value of one hex digit (0 for anything else: the tests check every swatch's digits).
const fn digit(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// `#rrggbb` as a colour, at compile time.
pub const fn from_hex(s: &str) -> Rgb {
    let b = s.as_bytes();
    Rgb(digit(b[1]) * 16 + digit(b[2]), digit(b[3]) * 16 + digit(b[4]), digit(b[5]) * 16 + digit(b[6]))
}

impl Swatch {
    /// The swatch in the dark theme or the light one, `#rrggbb`.
    pub const fn hex(self, dark: bool) -> &'static str {
        if dark {
            self.dark
        } else {
            self.light
        }
    }

    /// The swatch in the dark theme or the light one.
    pub const fn rgb(self, dark: bool) -> Rgb {
        from_hex(self.hex(dark))
    }
}

const fn css(name: &'static str, light: &'static str, dark: &'static str) -> Swatch {
    Swatch { name, light, dark, css: true }
}

const fn paint(name: &'static str, light: &'static str, dark: &'static str) -> Swatch {
    Swatch { name, light, dark, css: false }
}

pub const BG: Swatch = css("bg", "#f6f7fb", "#0b1120");
pub const PANEL: Swatch = css("panel", "#ffffff", "#111827");
pub const INK: Swatch = css("ink", "#111827", "#e5e7eb");
pub const MUTED: Swatch = css("muted", "#5b6474", "#9aa4b2");
pub const LINE: Swatch = css("line", "#e3e7ef", "#253044");
pub const ACCENT: Swatch = css("accent", "#2563eb", "#60a5fa");
/// Text on the accent colour, and a cell's label on a set bit.
pub const ACCENT_INK: Swatch = css("accent-ink", "#ffffff", "#0b1120");
/// A bit that is 0.
pub const ZERO: Swatch = css("zero", "#e4e8f0", "#2d3748");
/// A bit that is 1.
pub const ONE: Swatch = css("one", "#2563eb", "#60a5fa");
/// A highlighted bit that is set.
pub const HIT: Swatch = css("hit", "#ea580c", "#fb923c");
/// A highlighted bit that is 0, and a counter holding an item's minimum.
pub const MISS: Swatch = css("miss", "#dc2626", "#f87171");
pub const GOOD_BG: Swatch = css("good-bg", "#ecfdf3", "#052e1f");
pub const GOOD_INK: Swatch = css("good-ink", "#065f46", "#6ee7b7");
pub const BAD_BG: Swatch = css("bad-bg", "#fef2f2", "#3b0d0d");
pub const BAD_INK: Swatch = css("bad-ink", "#991b1b", "#fca5a5");
pub const WARN_BG: Swatch = css("warn-bg", "#fff7ed", "#3a1d06");
pub const WARN_INK: Swatch = css("warn-ink", "#9a3412", "#fdba74");
pub const NOTICE_BG: Swatch = css("notice-bg", "#fffbeb", "#2a2108");
pub const NOTICE_LINE: Swatch = css("notice-line", "#f59e0b", "#d97706");
/// The palest counter above 0 (the counter scale runs from it to `ONE`).
pub const LOW: Swatch = paint("low", "#bfd2fa", "#3e64a0");
/// A counter stuck at its largest value.
pub const SATURATED: Swatch = paint("saturated", "#7c3aed", "#c084fc");
/// The outline of the cell under the pointer, and a chart's measured points.
pub const FOCUS: Swatch = paint("focus", "#111827", "#f3f4f6");
/// A cell's label on a bit that is 0.
pub const CELL_INK: Swatch = paint("cell-ink", "#334155", "#cbd5e1");
/// A counter's label on a pale cell.
pub const COUNTER_INK: Swatch = paint("counter-ink", "#1e293b", "#e2e8f0");
/// A counter's label on a strong cell, in either theme.
pub const ON_STRONG: Swatch = paint("on-strong", "#ffffff", "#ffffff");
/// A chart's grid lines in the projector theme (a light theme with heavier lines).
pub const PROJECTOR_GRID: Swatch = paint("projector-grid", "#d2d7e1", "#d2d7e1");
/// Paper and ink of what is printed or scanned whatever the theme (a tour's QR code).
pub const PAPER: Swatch = paint("paper", "#ffffff", "#ffffff");
pub const PRINT_INK: Swatch = paint("print-ink", "#000000", "#000000");

/// The charts' curves, one colour each, in order: the first two are the bits' `ONE` and `HIT`.
pub const SERIES: [Swatch; 8] = [
    ONE,
    HIT,
    paint("series-3", "#16a34a", "#4ade80"),
    paint("series-4", "#be185d", "#f472b6"),
    paint("series-5", "#7c3aed", "#a78bfa"),
    paint("series-6", "#0e7490", "#2dd4bf"),
    paint("series-7", "#92400e", "#fde047"),
    paint("series-8", "#475569", "#cbd5e1"),
];

/// Every named swatch (the series after them), in the style sheet's order for those it defines.
pub const SWATCHES: [Swatch; 28] = [
    BG,
    PANEL,
    INK,
    MUTED,
    LINE,
    ACCENT,
    ACCENT_INK,
    ZERO,
    ONE,
    HIT,
    MISS,
    GOOD_BG,
    GOOD_INK,
    BAD_BG,
    BAD_INK,
    WARN_BG,
    WARN_INK,
    NOTICE_BG,
    NOTICE_LINE,
    LOW,
    SATURATED,
    FOCUS,
    CELL_INK,
    COUNTER_INK,
    ON_STRONG,
    PROJECTOR_GRID,
    PAPER,
    PRINT_INK,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_swatch_is_written_hash_and_six_hex_digits() {
        for s in SWATCHES.iter().chain(SERIES.iter()) {
            for v in [s.light, s.dark] {
                assert!(v.len() == 7 && v.starts_with('#'), "{}: {v}", s.name);
                assert!(v[1..].chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{}: {v}", s.name);
                assert_eq!(from_hex(v).css(), v, "read back as written");
            }
        }
        let mut names: Vec<&str> = SWATCHES.iter().chain(SERIES.iter()).map(|s| s.name).collect();
        names.sort();
        let all = names.len();
        names.dedup();
        assert_eq!(names.len(), all - 2, "one name per colour (ONE and HIT open the series)");
    }

    #[test]
    fn from_hex_reads_the_digits() {
        assert_eq!(from_hex("#2563eb"), Rgb(37, 99, 235));
        assert_eq!(from_hex("#ffffff").rgba(), [255, 255, 255, 255]);
        assert_eq!(ACCENT.rgb(true), Rgb(96, 165, 250));
    }
}
