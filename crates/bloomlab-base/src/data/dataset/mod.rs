//! People's own data: a file or a pasted text read in the page (never sent anywhere), turned
//! into items. One item per line; in a CSV file, every cell that is a URL (a column of years or
//! titles beside it is skipped). URLs are normalised the multi-layer filter's way (scheme, case,
//! default ports, fragments), other items only trimmed; duplicates after normalisation are
//! dropped, first occurrence kept, so the items keep the file's order. Read in slices of lines.

mod items;
mod reader;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::text::{group_digits, shorten};
pub use items::{csv_cells, light_item, looks_like_url, normal_item, text_tokens, Normal};
pub use reader::Reader;

/// Largest file read, in bytes.
pub const MAX_FILE_BYTES: usize = 50 * 1024 * 1024;
/// Most items kept (duplicates included).
pub const MAX_ITEMS: usize = 2_000_000;
/// Longest line read as running text, in characters.
pub const MAX_LINE_CHARS: usize = 100_000;

/// Where a view's items come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Generated,
    /// A file (its name) or pasted text (`None`).
    File(Option<String>),
}

/// How a line becomes items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// One item per line (or, in a CSV, every URL cell).
    #[default]
    Lines,
    /// Running text: every whitespace-separated token; a URL stays whole (normalised), other
    /// tokens become lower-case words of letters, digits and apostrophes.
    Words,
}

/// Items read from a file or a paste, with what was used and what was not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dataset {
    pub source: Source,
    /// Lines read (non-empty or not).
    pub lines: u64,
    /// Items found before dropping duplicates.
    pub found: u64,
    /// Distinct items, in file order (shared: the views run on them without copying).
    pub items: Rc<Vec<String>>,
    /// Every item found, duplicates included, as its index in `items` (a stream, for the views
    /// that count repeats).
    pub sequence: Rc<Vec<u32>>,
    /// Lines or cells left out (not a URL in a CSV, too long, undecodable), and items beyond the limit.
    pub skipped: u64,
    pub csv: bool,
    /// What the reader noticed, in words.
    pub notes: Vec<String>,
}

impl Dataset {
    /// The items split as the comparisons use them: the first half inserted, the second probed.
    pub fn halves(&self) -> (&[String], &[String]) {
        self.items.split_at(self.items.len() / 2)
    }
}

/// Why a file cannot be used at all.
pub fn refuse(name: &str, bytes: &[u8]) -> Option<String> {
    let name = shorten(name, 40);
    if bytes.is_empty() {
        return Some(format!("{name} is empty: there is nothing to read"));
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Some(format!(
            "{name} is {} bytes; this page reads files of at most {} bytes (50 MB)",
            group_digits(bytes.len() as u64),
            group_digits(MAX_FILE_BYTES as u64)
        ));
    }
    let head = &bytes[..bytes.len().min(8192)];
    let invalid = String::from_utf8_lossy(head).chars().filter(|&c| c == '\u{fffd}').count();
    if head.contains(&0) || invalid * 20 > head.len().max(1) {
        return Some(format!(
            "{name} looks like a binary file, not text: save your items as plain text, one per line, or as CSV"
        ));
    }
    None
}
