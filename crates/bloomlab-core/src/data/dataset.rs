//! People's own data: a file or a pasted text read in the page (never sent anywhere), turned
//! into items. One item per line; in a CSV file, every cell that is a URL (a column of years or
//! titles beside it is skipped). URLs are normalised the multi-layer filter's way (scheme, case,
//! default ports, fragments), other items only trimmed; duplicates after normalisation are
//! dropped, first occurrence kept, so the items keep the file's order. Read in slices of lines.

use std::rc::Rc;

use crate::data::url_layers::{fast_normal, normalize, strip_prefix_ci, MAX_URL_CHARS};
use crate::engine::hashing::PrehashedMap;
use crate::text::{group_digits, shorten};

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

/// A URL-looking cell: no spaces, and a scheme, `www.`, or a host with a dot and a letter TLD.
pub fn looks_like_url(cell: &str) -> bool {
    let c = cell.trim();
    let spaced = if c.is_ascii() {
        c.bytes().any(|b| matches!(b, b' ' | b'\t'..=b'\r'))
    } else {
        c.chars().any(char::is_whitespace)
    };
    if c.is_empty() || spaced {
        return false;
    }
    if ["http://", "https://", "www."].iter().any(|p| strip_prefix_ci(c, p).is_some()) {
        return true;
    }
    let host = c.split(['/', '?', '#']).next().unwrap_or("");
    let host =
        host.rsplit_once(':').map_or(host, |(h, port)| if port.bytes().all(|b| b.is_ascii_digit()) { h } else { host });
    match host.rsplit_once('.') {
        Some((name, tld)) => !name.is_empty() && tld.len() >= 2 && tld.chars().all(|ch| ch.is_alphabetic()),
        None => false,
    }
}

/// How a reader puts an item in normal form (`None`: left out). Passed as a function so that a
/// bundle which never normalises URLs fully does not carry the `url` crate's tables.
pub type Normal = fn(&str) -> Option<String>;

/// The text of an item: trimmed, quotes around it dropped, at most `MAX_URL_CHARS` characters.
fn trimmed(raw: &str) -> Option<&str> {
    let t = raw.trim().trim_matches('"').trim();
    (!t.is_empty() && t.chars().count() <= MAX_URL_CHARS).then_some(t)
}

/// An item in normal form, every URL normalised the multi-layer filter's way (the `url` crate
/// for anything the fast path does not take: IDNA hosts, percent-encoding, dot segments,
/// user info) — for the views that compare URLs by their parts (search, multi-layer).
pub fn normal_item(raw: &str) -> Option<String> {
    let t = trimmed(raw)?;
    if looks_like_url(t) {
        if let Some(fast) = fast_normal(t) {
            return Some(fast);
        }
        if let Ok(u) = normalize(t) {
            return Some(u.normalized());
        }
    }
    Some(t.to_string())
}

/// An item with plain ASCII URLs normalised (scheme, host case, default port, fragment: the
/// fast path, which agrees with `normal_item` wherever it applies) and anything else kept as
/// written — for the views that only need equal strings (classic, moments).
pub fn light_item(raw: &str) -> Option<String> {
    let t = trimmed(raw)?;
    Some(if looks_like_url(t) { fast_normal(t).unwrap_or_else(|| t.to_string()) } else { t.to_string() })
}

/// Splits a CSV line into cells (quoted cells may hold commas; doubled quotes are one quote).
pub fn csv_cells(line: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' | ';' | '\t' if !quoted => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

/// Splits running text into items: URLs whole, other tokens into lower-case words.
pub fn text_tokens(line: &str, normal: Normal) -> impl Iterator<Item = String> + '_ {
    line.split_whitespace().flat_map(move |token| {
        let t = token.trim_matches(|c: char| matches!(c, '"' | '(' | ')' | '<' | '>' | ',' | ';'));
        let url = looks_like_url(t.trim_end_matches(['.', '!', '?', ':']))
            .then(|| normal(t.trim_end_matches(['.', '!', '?', ':'])));
        let words: Vec<String> = match url {
            Some(Some(u)) => vec![u],
            _ => crate::data::words::words(t).collect(),
        };
        words
    })
}

/// Reads a file's bytes a slice of lines at a time.
pub struct Reader {
    items: Vec<String>,
    sequence: Vec<u32>,
    bytes: Vec<u8>,
    pos: usize,
    split: Split,
    normal: Normal,
    /// xxh3 of each item kept, with its index (a 64-bit hash: two distinct items collide with
    /// chance about n²/2⁶⁵, 3·10⁻⁸ for two million items).
    seen: PrehashedMap<u32>,
    data: Dataset,
}

impl Reader {
    /// A reader for `bytes`, or why the file cannot be read. A file is read as CSV when its name
    /// ends in `.csv` or its first line has a separator and a URL cell.
    pub fn new(name: Option<&str>, bytes: Vec<u8>) -> Result<Reader, String> {
        if let Some(why) = refuse(name.unwrap_or("the pasted text"), &bytes) {
            return Err(why);
        }
        let first = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).lines().next().unwrap_or("").to_string();
        let csv = name.is_some_and(|n| n.to_ascii_lowercase().ends_with(".csv"))
            || (first.contains([',', ';', '\t']) && csv_cells(&first).iter().any(|c| looks_like_url(c)));
        let data = Dataset {
            source: Source::File(name.map(str::to_string)),
            lines: 0,
            found: 0,
            items: Default::default(),
            sequence: Default::default(),
            skipped: 0,
            csv,
            notes: Vec::new(),
        };
        // Room for the items the file is likely to hold (from the lines in its first 64 KiB), so
        // the table of seen items is not rebuilt while a big file is read.
        let sample = &bytes[..bytes.len().min(65_536)];
        let per_byte = (sample.iter().filter(|&&b| b == b'\n').count() + 1) as f64 / sample.len() as f64;
        let likely = ((per_byte * bytes.len() as f64 * 1.1) as usize).min(MAX_ITEMS);
        Ok(Reader {
            items: Vec::with_capacity(likely),
            sequence: Vec::with_capacity(likely),
            bytes,
            pos: 0,
            split: Split::Lines,
            normal: light_item,
            seen: PrehashedMap::with_capacity_and_hasher(likely, Default::default()),
            data,
        })
    }

    /// Reads running text as words (a CSV is still read cell by cell).
    pub fn split(mut self, split: Split) -> Reader {
        self.split = split;
        self
    }

    /// How items are put in normal form (`light_item` unless told).
    pub fn normal(mut self, normal: Normal) -> Reader {
        self.normal = normal;
        self
    }

    pub fn bytes_done(&self) -> usize {
        self.pos
    }

    pub fn bytes_total(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_done(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// Reads up to `budget` lines; returns the lines read.
    pub fn work(&mut self, budget: u64) -> u64 {
        let mut done = 0;
        // The bytes are lent out while lines borrow them, so that a line is not copied.
        let bytes = std::mem::take(&mut self.bytes);
        while done < budget.max(1) && self.pos < bytes.len() {
            let end = bytes[self.pos..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| self.pos + i);
            let raw = &bytes[self.pos..end];
            self.pos = end + 1;
            done += 1;
            self.data.lines += 1;
            // A line that is not valid UTF-8 cannot be read faithfully: it is left out.
            let Ok(line) = std::str::from_utf8(raw) else {
                self.data.skipped += 1;
                continue;
            };
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            if self.data.csv {
                for cell in csv_cells(line) {
                    if cell.trim().is_empty() {
                        continue;
                    }
                    if looks_like_url(cell.trim().trim_matches('"')) {
                        self.add(&cell);
                    } else {
                        self.data.skipped += 1;
                    }
                }
            } else if self.split == Split::Words {
                if line.chars().count() > MAX_LINE_CHARS {
                    self.data.skipped += 1;
                    continue;
                }
                for word in text_tokens(line, self.normal) {
                    self.keep(word);
                }
            } else {
                self.add(line);
            }
        }
        self.bytes = bytes;
        done
    }

    fn add(&mut self, raw: &str) {
        match (self.normal)(raw) {
            None => self.data.skipped += 1,
            Some(item) => self.keep(item),
        }
    }

    fn keep(&mut self, item: String) {
        if self.sequence.len() >= MAX_ITEMS {
            self.data.skipped += 1;
            return;
        }
        self.data.found += 1;
        let next = self.items.len() as u32;
        let id = *self.seen.entry(xxhash_rust::xxh3::xxh3_64(item.as_bytes())).or_insert(next);
        if id == next {
            self.items.push(item);
        }
        self.sequence.push(id);
    }

    /// The items read (reading the rest first), with notes on what was left out.
    pub fn finish(mut self) -> Result<Dataset, String> {
        while !self.is_done() {
            self.work(u64::MAX);
        }
        let mut d = self.data;
        d.items = Rc::new(self.items);
        d.sequence = Rc::new(self.sequence);
        if d.items.is_empty() {
            return Err(format!(
                "no items found in {} line(s){}",
                group_digits(d.lines),
                if d.csv { ": no cell of the CSV is a URL" } else { "" }
            ));
        }
        if d.found >= MAX_ITEMS as u64 && d.skipped > 0 {
            d.notes.push(format!("only the first {} items are used", group_digits(MAX_ITEMS as u64)));
        }
        if d.skipped > 0 {
            d.notes.push(format!(
                "{} {} left out ({})",
                group_digits(d.skipped),
                if d.csv { "cells or lines were" } else { "lines were" },
                if d.csv { "not URLs, too long or undecodable" } else { "too long or undecodable" }
            ));
        }
        let dup = d.found - d.items.len() as u64;
        if dup > 0 && self.split == Split::Lines {
            d.notes.push(format!("{} duplicates dropped", group_digits(dup)));
        } else if dup > 0 {
            d.notes.push(format!("repeats kept: {} of the items repeat an earlier one", group_digits(dup)));
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: Option<&str>, text: &str) -> Result<Dataset, String> {
        let mut r = Reader::new(name, text.as_bytes().to_vec())?.normal(normal_item);
        while !r.is_done() {
            r.work(2);
        }
        r.finish()
    }

    #[test]
    fn lines_csv_and_refusals() {
        let d = read(Some("urls.txt"), "HTTP://Example.com/a/\nexample.com/a\n\nword\n  word  \r\n").unwrap();
        assert_eq!(*d.items, ["example.com/a", "word"]);
        assert_eq!((d.lines, d.found, d.skipped), (5, 4, 0));
        let d =
            read(Some("crawl.csv"), "url,year\nhttps://a.org/x,2010\n\"http://b.net/y?q=1,2\",2011\nnot a url,1999\n")
                .unwrap();
        assert_eq!(*d.items, ["a.org/x", "b.net/y?q=1,2"]);
        assert!(d.csv);
        assert_eq!(d.skipped, 2 + 2 + 2, "the header's two cells, the years, the last line's two cells");
        assert!(read(Some("e.txt"), "").unwrap_err().contains("empty"));
        assert!(Reader::new(Some("x.bin"), vec![0, 1, 2, 3]).err().unwrap().contains("binary"));
        assert!(read(Some("y.csv"), "year,title\n2010,x\n").unwrap_err().contains("no cell"));
        let d = read(None, "a,https://a.org\n").unwrap();
        assert!(d.csv, "a pasted CSV is recognised by a URL cell in its first line");
        assert_eq!(d.halves().0.len() + d.halves().1.len(), d.items.len());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_left_out_and_counted() {
        // Enough good lines that the file as a whole is text, not binary.
        let mut bytes = b"https://a.org/x\n".repeat(30);
        bytes.extend_from_slice(b"https://b.org/\xff\xfe\n");
        bytes.extend_from_slice("caf\u{e9} \u{fffd}\nhttps://a.org/x\n".as_bytes());
        let mut r = Reader::new(Some("mixed.txt"), bytes).unwrap();
        r.work(1);
        r.work(10);
        let d = r.finish().unwrap();
        assert_eq!(
            *d.items,
            ["a.org/x", "caf\u{e9} \u{fffd}"],
            "a replacement character the file really holds is text"
        );
        assert_eq!((d.lines, d.found, d.skipped), (33, 32, 1));
        assert!(d.notes.iter().any(|n| n.contains("1 lines were left out")), "{:?}", d.notes);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        #[test]
        fn the_fast_path_agrees_with_the_url_crate(s in "(HTTPS?://|https?://)?[a-zA-Z0-9.-]{1,12}\\.(com|Org|de|x1)(/[a-zA-Z0-9._~%/-]{0,10}){0,3}(\\?[a-z0-9=&#]{0,6})?") {
            if let Some(fast) = fast_normal(&s) {
                let slow = normalize(&s).map(|u| u.normalized());
                proptest::prop_assert_eq!(Ok(fast), slow, "{}", s);
            }
        }
    }

    #[test]
    fn words_and_the_sequence() {
        let mut r =
            Reader::new(None, b"The cat, the HAT.\nSee https://Example.com/a/ and \"the\" bat's (hat)\n".to_vec())
                .unwrap()
                .split(Split::Words);
        r.work(1);
        let d = r.finish().unwrap();
        assert_eq!(*d.items, ["the", "cat", "hat", "see", "example.com/a", "and", "bat's"]);
        assert_eq!(*d.sequence, [0, 1, 0, 2, 3, 4, 5, 0, 6, 2]);
        assert_eq!(d.found, 10);
        // Running text without addresses splits into the same words as the word splitter.
        let text = "It's a truth universally acknowledged, that a single man -- in possession!";
        let ours: Vec<String> = text_tokens(text, light_item).collect();
        assert_eq!(ours, crate::data::words::words(text).take(100).collect::<Vec<_>>());
        // Lines keep repeats in the sequence too.
        let d = read(None, "b\na\nb\nb\n").unwrap();
        assert_eq!(
            (d.items.as_slice(), d.sequence.as_slice()),
            (&["b".to_string(), "a".into()][..], &[0, 1, 0, 0][..])
        );
    }

    proptest::proptest! {
        #[test]
        fn the_sequence_rebuilds_the_items_in_order(lines in proptest::collection::vec("[a-c]{1,2}", 1..60)) {
            let d = read(None, &lines.join("\n")).unwrap();
            let back: Vec<&str> = d.sequence.iter().map(|&i| d.items[i as usize].as_str()).collect();
            proptest::prop_assert_eq!(back, lines.iter().map(String::as_str).collect::<Vec<_>>());
            proptest::prop_assert_eq!(d.found as usize, lines.len());
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        /// The light normal form agrees with the full one wherever the fast path applies, and
        /// otherwise keeps the text as written.
        #[test]
        fn light_agrees_with_full_where_it_normalises(s in "(https?://)?[a-zA-Z0-9.ü-]{1,10}\\.(com|org)(/[a-zA-Z0-9.%/-]{0,8}){0,2}(#x)?| ?[a-z ]{0,6}") {
            let (light, full) = (light_item(&s), normal_item(&s));
            let t = s.trim().trim_matches('"').trim();
            if light.as_deref() != full.as_deref() {
                proptest::prop_assert_eq!(light.as_deref(), Some(t), "{}", s);
            }
        }
    }

    #[test]
    fn url_cells() {
        for yes in ["http://x.y", "www.example.com", "example.com/a", "a.b.co.uk:8080/x"] {
            assert!(looks_like_url(yes), "{yes}");
        }
        for no in ["2010", "1.5", "hello world", "", "v1.2", "a.b1"] {
            assert!(!looks_like_url(no), "{no}");
        }
        assert_eq!(csv_cells("a,\"b,c\",\"d\"\"e\""), ["a", "b,c", "d\"e"]);
    }
}
