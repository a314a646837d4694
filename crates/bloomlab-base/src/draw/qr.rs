//! QR codes for printed links (a tour's handout): the matrix from `qrcodegen` (Project Nayuki's
//! encoder: no dependencies, nothing fetched), drawn as one SVG path of the dark modules.

use qrcodegen::{QrCode, QrCodeEcc};

/// Light modules around the code that a scanner needs (the standard asks for 4).
pub const QUIET: i32 = 4;

/// A QR code as SVG: `side` modules square (the quiet zone included) and the dark modules as
/// one path in those units.
#[derive(Clone, Debug, PartialEq)]
pub struct QrSvg {
    pub side: u32,
    pub path: String,
}

/// The QR code of `text` at error correction level M (15 % of a printed code may be smudged),
/// or `None` when the text is too long for any QR code (about 2,300 characters).
pub fn qr_svg(text: &str) -> Option<QrSvg> {
    let code = QrCode::encode_text(text, QrCodeEcc::Medium).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            path += &format!("M{} {}h{}v1h-{}z", start + QUIET, y + QUIET, x - start, x - start);
        }
    }
    Some(QrSvg { side: (size + 2 * QUIET) as u32, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dark modules the path draws, read back from its `M x y h w` runs.
    fn modules(svg: &QrSvg) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for run in svg.path.split('M').filter(|r| !r.is_empty()) {
            let nums: Vec<i32> = run
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            out.extend((0..nums[2]).map(|i| (nums[0] + i, nums[1])));
        }
        out
    }

    #[test]
    fn the_path_draws_exactly_the_codes_dark_modules() {
        let link = "https://example.org/bloomlab/?view=fp&m=1000&n=100&k=4&tour=bloom-filters&at=3";
        let svg = qr_svg(link).unwrap();
        let code = QrCode::encode_text(link, QrCodeEcc::Medium).unwrap();
        assert_eq!(svg.side as i32, code.size() + 2 * QUIET);
        let mut want = Vec::new();
        for y in 0..code.size() {
            for x in 0..code.size() {
                if code.get_module(x, y) {
                    want.push((x + QUIET, y + QUIET));
                }
            }
        }
        assert_eq!(modules(&svg), want);
        // The finder pattern's top left corner is dark, inside the quiet zone.
        assert!(svg.path.starts_with(&format!("M{QUIET} {QUIET}h7")), "{}", &svg.path[..20]);
    }

    #[test]
    fn too_long_a_text_gives_none() {
        assert!(qr_svg(&"a".repeat(5_000)).is_none());
        assert!(qr_svg("").is_some());
    }
}
