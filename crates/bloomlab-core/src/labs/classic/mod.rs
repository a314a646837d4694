//! The classic view: its model (`Classic`: the filter's shape, the items put in, the last one
//! shown, the user's file) read from and written to the link, and the filter the page fills from
//! it in slices (`ClassicLab`, its run: it may hold millions of bits, so it is changed in place).

mod actions;
mod link;
mod model;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::data::generate::{write_item, Batch, ItemKind};
use crate::engine::filter::{BloomFilter, Trace, Verdict};
use crate::engine::formulas;
use crate::engine::hashing::HashFamily;

pub use link::{BULK, DATA, ITEMS, K, M, PARAMS, QUERY, SHAPE};
pub use model::{Classic, ClassicEdit, ItemShown};

pub const DEFAULT_M: u64 = 64;
pub const DEFAULT_K: u32 = 3;
pub const MIN_M: u64 = 1;
pub const MAX_M: u64 = 1 << 24;
pub const MAX_K: u32 = 32;
/// Most items typed or given in the link (bulk batches are separate).
pub const MAX_ITEMS: usize = 5000;
/// Sizes offered for bulk inserts.
pub const BATCH_SIZES: [u64; 3] = [1_000, 100_000, 1_000_000];
/// Most generated items in one filter.
pub const MAX_GENERATED: u64 = 4_000_000;

pub use crate::engine::filter::Truth;

/// The last item shown with its hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LastItem {
    Inserted(Trace),
    LookedUp { trace: Trace, verdict: Verdict, truth: Truth },
}

impl LastItem {
    pub fn trace(&self) -> &Trace {
        match self {
            LastItem::Inserted(t) | LastItem::LookedUp { trace: t, .. } => t,
        }
    }
}

/// A file's (or a paste's) distinct items, and how far they have been hashed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileItems {
    pub items: Rc<Vec<String>>,
    /// Items hashed into the filter (or skipped).
    pub done: u64,
    /// Items the family could not hash (the `ullman` hashes take whole numbers only).
    pub skipped: u64,
}

impl FileItems {
    pub fn total(&self) -> u64 {
        self.items.len() as u64
    }
    fn pending(&self) -> u64 {
        self.total() - self.done
    }
}

/// How far the filter has been filled from the inserted items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cursor {
    batch: usize,
    within: u64,
}

/// The filter as the page fills it: built from a `Classic` model, its typed items hashed at once
/// and the generated and file items in slices (`Sliced`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicLab {
    filter: BloomFilter,
    items: Vec<String>,
    batches: Vec<Batch>,
    cursor: Cursor,
    /// Items the current family could hash (the rest are kept but skipped).
    hashed_items: u64,
    /// People's own items (a file or a paste), hashed in slices after the generated batches.
    file: Option<FileItems>,
    shown: Option<LastItem>,
}

impl ClassicLab {
    pub fn new(family: HashFamily, m: u64, k: u32) -> Self {
        ClassicLab {
            filter: BloomFilter::new(family, m.clamp(MIN_M, MAX_M), k.clamp(1, MAX_K)),
            items: Vec::new(),
            batches: Vec::new(),
            cursor: Cursor::default(),
            hashed_items: 0,
            file: None,
            shown: None,
        }
    }

    // ----- reading -----

    pub fn filter(&self) -> &BloomFilter {
        &self.filter
    }
    pub fn items(&self) -> &[String] {
        &self.items
    }
    pub fn batches(&self) -> &[Batch] {
        &self.batches
    }
    /// People's own items, if a file or a paste was loaded.
    pub fn file(&self) -> Option<&FileItems> {
        self.file.as_ref()
    }
    pub fn shown(&self) -> Option<&LastItem> {
        self.shown.as_ref()
    }
    pub fn m(&self) -> u64 {
        self.filter.m()
    }
    pub fn k(&self) -> u32 {
        self.filter.k()
    }
    pub fn family(&self) -> HashFamily {
        self.filter.family()
    }

    /// Generated items in all batches.
    pub fn generated_total(&self) -> u64 {
        self.batches.iter().map(|b| b.count).sum()
    }

    /// Generated items already hashed into the filter.
    pub fn generated_done(&self) -> u64 {
        self.batches[..self.cursor.batch].iter().map(|b| b.count).sum::<u64>() + self.cursor.within
    }

    /// Generated items the family cannot hash (the `ullman` hashes take whole numbers only, and
    /// generated words and URLs are never whole numbers): counted, named in a notice, never pending.
    pub fn generated_skipped(&self) -> u64 {
        if self.family() == HashFamily::Ullman {
            self.generated_total()
        } else {
            0
        }
    }

    /// Generated items dealt with: hashed, or skipped because the family cannot hash them. The
    /// progress bar ends when this reaches `generated_total`.
    pub fn generated_processed(&self) -> u64 {
        self.generated_done() + self.generated_skipped()
    }

    /// Items hashed into the filter so far: the n of the formulas.
    pub fn n(&self) -> u64 {
        let file = self.file.as_ref().map_or(0, |f| f.done - f.skipped);
        self.hashed_items + file + if self.family() == HashFamily::Ullman { 0 } else { self.generated_done() }
    }

    /// Generated and file items still to hash (0 when the filter is complete).
    pub fn pending(&self) -> u64 {
        let file = self.file.as_ref().map_or(0, FileItems::pending);
        file + if self.family() == HashFamily::Ullman { 0 } else { self.generated_total() - self.generated_done() }
    }

    /// Whether `text` was inserted (typed, linked, generated or from the file).
    pub fn is_member(&self, text: &str) -> bool {
        self.items.iter().any(|s| s == text)
            || self.batches.iter().any(|b| b.contains(text))
            || self.file.as_ref().is_some_and(|f| f.items.iter().any(|s| s == text))
    }

    /// The chance that a random non-member passes this very filter: (ones/m)^k.
    pub fn fill_fp(&self) -> f64 {
        self.filter.fill_ratio().powi(self.k() as i32)
    }

    /// The optimal k for the current m and n.
    pub fn optimal_k(&self) -> u32 {
        formulas::optimal_k(self.m(), self.n(), MAX_K)
    }
}
