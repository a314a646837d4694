//! The built-in tours as the app's bundles get them: as data the page loads, not as code.
//!
//! Every stop's title and note is text that only a page with `tour=` needs, yet reading the
//! address happens in every bundle. So the wasm bundles never reach [`super::builtin::TOURS`]
//! through here: the build writes the table as `tours.txt` ([`write`], by `examples/prerender.rs`),
//! the loader in `index.html` fetches that file beside the bundle when the address names a tour,
//! and the app hands the text to [`load`] before its first render. A native program (the build,
//! the server-side renderer, the tests) reads the compiled-in table unless something was loaded.
//!
//! The file holds one line per tour: its name, a space, and its title and stops written as a
//! custom tour's `stops` value in a link (`code`, version 1 with a title, percent-encoded), which
//! every bundle already reads.

use std::sync::OnceLock;

use super::{decode_titled, encode_titled, Tour};
use crate::link::query;

/// The tours handed over by the page, once.
static LOADED: OnceLock<Vec<Tour>> = OnceLock::new();

/// The built-in tours as the file `tours.txt` holds them.
pub fn write() -> String {
    super::builtin::TOURS
        .iter()
        .map(|t| {
            let tour = t.tour();
            format!("{} {}\n", tour.name, encode_titled(&tour.title, &tour.stops))
        })
        .collect()
}

/// The tours in `text` (as [`write`] writes them); a line that does not read is left out.
pub fn read(text: &str) -> Vec<Tour> {
    text.lines()
        .filter_map(|line| {
            let (name, code) = line.trim().split_once(' ')?;
            let (title, stops) = decode_titled(&query::decode(code).ok()?).ok()?;
            Some(Tour { name: name.to_string(), title: title.unwrap_or_default(), stops })
        })
        .collect()
}

/// Keeps the tours of `text` for the rest of the page's life (a second call changes nothing).
pub fn load(text: &str) {
    let _ = LOADED.set(read(text));
}

/// The built-in tours this program knows: the loaded ones, else (natively) the compiled-in table.
/// `None` in a bundle whose page loaded none (the file did not arrive).
pub(super) fn known() -> Option<Vec<Tour>> {
    if let Some(tours) = LOADED.get() {
        return Some(tours.clone());
    }
    compiled_in()
}

#[cfg(not(target_arch = "wasm32"))]
fn compiled_in() -> Option<Vec<Tour>> {
    Some(super::builtin::TOURS.iter().map(|t| t.tour()).collect())
}

/// In wasm the table is never compiled in: that is the point of loading it.
#[cfg(target_arch = "wasm32")]
fn compiled_in() -> Option<Vec<Tour>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::tours::builtin::TOURS;

    #[test]
    fn the_file_gives_back_every_builtin_tour_exactly() {
        let text = write();
        assert_eq!(text.lines().count(), TOURS.len());
        let read_back = read(&text);
        let compiled: Vec<Tour> = TOURS.iter().map(|t| t.tour()).collect();
        assert_eq!(read_back, compiled);
        // Loading it changes nothing a link shows.
        load(&text);
        assert_eq!(known(), Some(compiled));
    }

    #[test]
    fn broken_lines_are_left_out() {
        let text = write();
        let first = text.lines().next().unwrap_or_default();
        let damaged = format!("nonsense\n{first}\nname 2~x\n\n");
        assert_eq!(read(&damaged).len(), 1);
        assert_eq!(read(""), Vec::<Tour>::new());
    }
}
