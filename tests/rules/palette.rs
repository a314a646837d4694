//! One palette (`bloomlab_core::draw::palette`): the style sheet's theme colours are its swatches,
//! and the app writes no colour of its own.

use super::files;
use bloomlab_core::draw::palette::{Swatch, SERIES, SWATCHES};

/// Every `light-dark(#a, #b)` pair in `css`, with the custom property it defines if any.
fn pairs(css: &str) -> Vec<(Option<String>, String, String)> {
    let mut out = Vec::new();
    for line in css.lines() {
        for (i, _) in line.match_indices("light-dark(#") {
            let inner = line[i + 11..].split(')').next().unwrap_or("");
            let (a, b) = inner.split_once(',').unwrap_or((inner, ""));
            let name = line.trim_start().strip_prefix("--").and_then(|l| l.split(':').next()).map(str::to_string);
            out.push((name, a.trim().to_string(), b.trim().to_string()));
        }
    }
    out
}

#[test]
fn the_style_sheets_theme_colours_are_the_palettes_swatches() {
    let sheets = files("static/css", &["css"]);
    let base = &sheets.iter().find(|(p, _)| p.ends_with("/base.css")).expect("base.css").1;
    let defined: Vec<(String, String, String)> =
        pairs(base).into_iter().filter_map(|(n, a, b)| Some((n?, a, b))).collect();
    let css: Vec<&Swatch> = SWATCHES.iter().filter(|s| s.css).collect();
    let expected: Vec<(String, String, String)> =
        css.iter().map(|s| (s.name.to_string(), s.light.to_string(), s.dark.to_string())).collect();
    assert_eq!(defined, expected, "base.css's custom properties are the palette's `css` swatches, in order");
    let mut errors = Vec::new();
    for (path, text) in &sheets {
        for (_, a, b) in pairs(text) {
            if !SWATCHES.iter().chain(SERIES.iter()).any(|s| s.light == a && s.dark == b) {
                errors.push(format!("{path}: light-dark({a}, {b}) is no swatch of the palette"));
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_app_writes_no_colour_of_its_own() {
    let mut errors = Vec::new();
    for (path, code) in files("src", &["rs"]) {
        for (n, line) in code.lines().enumerate() {
            for (i, _) in line.match_indices("\"#") {
                let digits: String = line[i + 2..].chars().take_while(char::is_ascii_hexdigit).collect();
                let closed = line[i + 2 + digits.len()..].starts_with('"');
                if closed && matches!(digits.len(), 3 | 4 | 6 | 8) {
                    errors.push(format!("{path}:{}: \"#{digits}\"", n + 1));
                }
            }
        }
    }
    assert!(errors.is_empty(), "colours belong in the palette (draw::palette):\n{}", errors.join("\n"));
}
