//! Names for the files people export (a chart as PNG, SVG or CSV), made from the page's link so a
//! folder of exports says which view and settings each one came from.

use crate::link::page::PageParams;
use crate::link::query::Query;

/// Longest file stem written (file systems allow 255 bytes; slides tools less).
const MAX_STEM: usize = 100;

/// `s` with every run of characters other than ASCII letters and digits turned into one `-`; a
/// `.` right after a digit (a decimal point) is kept.
fn clean(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || (c == '.' && out.ends_with(|p: char| p.is_ascii_digit())) {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches(['-', '.']).to_string()
}

/// The stem of an exported file: `bloomlab`, the view, the thing exported (`what`, without a
/// repeated view name) and the link's own parameters as `name` + value (theme and embed left
/// out), cut at a whole parameter to at most 100 characters. Any address gives a usable name.
pub fn file_stem(search: &str, what: &str) -> String {
    let q = Query::parse(search);
    let view = PageParams::from_query(&q).view.name();
    let what = clean(what);
    let what = what.strip_prefix(&format!("{view}-")).unwrap_or(&what);
    let mut stem = format!("bloomlab-{view}");
    if !what.is_empty() && what != view {
        stem = format!("{stem}-{what}");
    }
    let mut seen = Vec::new();
    for key in q.keys() {
        if ["view", "theme", "embed"].contains(&key) || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let value = q.get(key).and_then(Result::ok).unwrap_or_default();
        let part = format!("-{}{}", clean(key), clean(&value));
        if part.len() < 2 || stem.len() + part.len() > MAX_STEM {
            continue;
        }
        stem += &part;
    }
    stem
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn names_say_the_view_the_chart_and_the_settings() {
        assert_eq!(
            file_stem("?view=chunks&rows=5000&m=512&theme=dark", "chunks-chart"),
            "bloomlab-chunks-chart-rows5000-m512"
        );
        assert_eq!(
            file_stem("?view=fp&formulas=approx,exact&p=1%25", "fp-plot"),
            "bloomlab-fp-plot-formulasapprox-exact-p1"
        );
        assert_eq!(file_stem("", "x"), "bloomlab-home-x");
    }

    #[test]
    fn any_address_gives_a_short_clean_name() {
        for search in ["?view=%zz&a=%F0%9F%99%82&b=../../etc&c=", "?view=classic&items=a,b,c&items=d", "?x=<script>"] {
            let s = file_stem(search, "chart/../../");
            assert!(s.starts_with("bloomlab-") && s.len() <= 100, "{s}");
            assert!(s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.'), "{s}");
            assert!(!s.contains(".."), "{s}");
        }
        let long = format!("?view=classic&items={}&m=64", "a".repeat(500));
        let s = file_stem(&long, "bit-array");
        assert_eq!(s, "bloomlab-classic-bit-array-m64", "a too-long parameter is left out, the rest kept");
    }
}
