//! The `<iframe>` code that puts the current view into a course page: the same link with
//! `embed=1` (no site navigation) and a chosen theme, and a height that fits.

use crate::link::page::declared::{EMBED, THEME};
use crate::link::page::ThemeName;
use crate::link::query::{self, Query};
use crate::text::group_digits;

/// Heights offered for the frame, in CSS pixels.
pub const MIN_HEIGHT: u32 = 360;
pub const MAX_HEIGHT: u32 = 2400;

/// The message an embedded page sends its parent whenever its height changes:
/// `{ "type": "bloomlab-height", "height": <px>, "view": "<name>" }`.
pub const HEIGHT_MESSAGE: &str = "bloomlab-height";

/// The page's link with `embed=1` and the theme (`None`: the reader's system setting); every
/// other parameter is kept as it is.
pub fn embed_search(q: &Query, theme: Option<ThemeName>) -> String {
    let mut pairs = q.without(&[EMBED.name, THEME.name]);
    pairs.push((EMBED.name, "1".into()));
    if let Some(t) = theme {
        pairs.push((THEME.name, t.name().into()));
    }
    query::build(&pairs)
}

/// Escapes text for an HTML attribute.
fn attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Column widths offered for the frame, in CSS pixels (the height is measured at the width).
pub const WIDTHS: [u32; 4] = [600, 700, 900, 1100];
pub const DEFAULT_WIDTH: u32 = 700;

/// The frame's height for a view that needs `needed` pixels: that, within `MIN_HEIGHT` to
/// `MAX_HEIGHT`. The snippet's `height` and the dialog's sentence both come from here.
pub fn frame_height(needed: u32) -> u32 {
    needed.clamp(MIN_HEIGHT, MAX_HEIGHT)
}

/// The dialog's sentence about the frame's height, for a view measured at `needed` pixels in a
/// column `width` pixels wide: the height the snippet sets and, when that is not what the view
/// needs, why.
pub fn height_note(needed: u32, width: u32) -> String {
    let (frame, px) = (frame_height(needed), |v: u32| group_digits(v as u64));
    let measured = format!("in a column {} px wide (measured in a hidden frame)", px(width));
    if frame == needed {
        format!("The frame is {} px high: what this view needs {measured}.", px(frame))
    } else if needed > frame {
        format!(
            "The frame is {} px high, the most this code sets: this view needs {} px {measured}, so the frame \
             scrolls (or set a larger height yourself).",
            px(frame),
            px(needed)
        )
    } else {
        format!(
            "The frame is {} px high, the least this code sets: this view needs {} px {measured}.",
            px(frame),
            px(needed)
        )
    }
}

/// The snippet: an iframe of the page at `base` (origin and path) with the embed link, titled
/// for screen readers, `width` pixels wide (never wider than its column) or full width, and
/// `frame_height(height)` pixels high.
pub fn snippet(
    base: &str,
    q: &Query,
    theme: Option<ThemeName>,
    width: Option<u32>,
    height: u32,
    title: &str,
) -> String {
    let src = format!("{base}{}", embed_search(q, theme));
    let width = width.map_or("100%".to_string(), |w| w.to_string());
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"{width}\" height=\"{}\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
        attr(&src),
        attr(title),
        frame_height(height)
    )
}

/// The full app's link for an embedded page's address: the same state without `embed`.
pub fn full_search(q: &Query) -> String {
    query::build(&q.without(&[EMBED.name]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_state_and_sets_embed_and_theme() {
        let q = Query::parse("?view=classic&m=64&items=a%2Cb,c&embed=0&theme=dark");
        assert_eq!(
            embed_search(&q, Some(ThemeName::Projector)),
            "?view=classic&m=64&items=a%2Cb,c&embed=1&theme=projector"
        );
        assert_eq!(embed_search(&Query::parse(""), None), "?embed=1");
        let s = snippet("https://x.org/lab/", &q, None, None, 99_999, "Classic \"Bloom\" filter");
        assert_eq!(
            s,
            "<iframe src=\"https://x.org/lab/?view=classic&amp;m=64&amp;items=a%2Cb,c&amp;embed=1\" \
             title=\"Classic &quot;Bloom&quot; filter\" width=\"100%\" height=\"2400\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>"
        );
        let s = snippet("https://x.org/", &Query::parse("?view=fp"), Some(ThemeName::Light), Some(700), 812, "FP");
        assert!(s.contains("?view=fp&amp;embed=1&amp;theme=light\" title=\"FP\" width=\"700\" height=\"812\""), "{s}");
        assert_eq!(full_search(&Query::parse("?view=fp&embed=1&theme=light&m=64")), "?view=fp&theme=light&m=64");
    }

    /// The height in the snippet's `height="…"`.
    fn snippet_height(needed: u32) -> u32 {
        let s = snippet("https://x.org/", &Query::parse("?view=fp"), None, Some(700), needed, "FP");
        let at = s.find("height=\"").unwrap() + 8;
        s[at..].split('"').next().unwrap().parse().unwrap()
    }

    #[test]
    fn the_dialog_states_the_height_the_code_sets() {
        // 3,378 px measured: the code sets 2,400 and the sentence says 2,400 (and why), not 3,378.
        for (needed, frame) in [(3_378, 2_400), (812, 812), (120, 360), (2_400, 2_400)] {
            assert_eq!(snippet_height(needed), frame);
            let note = height_note(needed, 700);
            let stated = note.strip_prefix("The frame is ").unwrap().split(" px").next().unwrap().replace(',', "");
            assert_eq!(stated.parse::<u32>().unwrap(), frame, "{note}");
            assert!(note.contains(&group_digits(needed as u64)), "{note}");
        }
        assert_eq!(
            height_note(3_378, 700),
            "The frame is 2,400 px high, the most this code sets: this view needs 3,378 px in a column 700 px wide \
             (measured in a hidden frame), so the frame scrolls (or set a larger height yourself)."
        );
        assert_eq!(
            height_note(812, 900),
            "The frame is 812 px high: what this view needs in a column 900 px wide (measured in a hidden frame)."
        );
    }
}
