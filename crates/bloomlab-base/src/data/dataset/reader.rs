//! The reader: a file's bytes turned into items a slice of lines at a time.

use std::rc::Rc;

use super::items::{csv_cells, light_item, looks_like_url, text_tokens, Normal};
use super::{refuse, Dataset, Source, Split, MAX_ITEMS, MAX_LINE_CHARS};
use crate::engine::hashing::PrehashedMap;
use crate::text::group_digits;

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
        // xxh3 with seed 0, which is xxh3 without one, through the kernels' copy the pages that hash
        // items already carry (the crate's unseeded function is 2 KB more of code).
        let id = *self.seen.entry(bloomlab_kernels::xxh3::xxh3_64_with_seed(item.as_bytes(), 0)).or_insert(next);
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
