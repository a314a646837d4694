//! The frequencies view (`view=frequencies`, issue 36): one stream — typed, or a generated Zipf
//! stream — fed at once to a count-min sketch with each update, a count sketch on the same rows,
//! the counting Bloom filter of the same memory, Misra–Gries and SpaceSaving; the looked-up
//! items' estimates beside their true counts, the bound εN with its probability, and the
//! φ-heavy hitters each summary finds.
//!
//! The sketches themselves are `engine::streams`; this folder reads the link (`params`, `link`),
//! builds the stream (`stream`), feeds it (`feed`, in slices for long streams), and compares
//! (`errors`, `hitters`, `hooks`).

pub mod calculator;
pub mod errors;
pub mod feed;
pub mod hitters;
pub mod hooks;
mod link;
pub mod page;
pub mod params;
mod question;
pub mod rows;
pub mod scale;
pub mod stream;
mod walk;
mod walk_question;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::data::dataset::Dataset;
use crate::engine::sliced::finish;
use crate::engine::streams::count_min::Update;
use crate::engine::streams::sizing::Sizing;
use crate::lectures::count_min::Sketches;
use crate::link::notice::Notice;
pub use errors::{Errors, Sketch};
use feed::{Feed, Summaries};
pub use hitters::{default_phi, heavy_hitters, Hitters};
pub use link::ScaleShape;
pub use params::PARAMS;
use stream::Stream;

/// The lecture's stream: 20 arrivals of 9 fruit, `apple` 8 times and `banana` 4.
pub const DEFAULT_ITEMS: [&str; 20] = [
    "apple", "banana", "apple", "cherry", "apple", "date", "banana", "apple", "elder", "fig", "apple", "banana",
    "grape", "apple", "cherry", "kiwi", "apple", "banana", "lime", "apple",
];

/// Looked up by default in a Zipf stream: its likeliest words, ranks 1 to this.
pub const ZIPF_QUERIES: u32 = 10;

/// Where the stream comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    Typed,
    Zipf,
    /// The user's own file (never in the link: a link gives the typed stream).
    File,
}

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct FrequenciesLab {
    pub source: Source,
    /// The typed stream (kept while a Zipf stream is shown, to come back to).
    pub typed: Vec<String>,
    /// The Zipf stream's exponent, length and seed.
    pub s: f64,
    pub length: u64,
    pub seed: u64,
    /// The items looked up.
    pub queries: Vec<String>,
    pub w: u64,
    pub d: u32,
    /// The count-min grid drawn large.
    pub update: Update,
    /// Counters of the heavy-hitter summaries.
    pub k: usize,
    /// The summaries the walkthrough narrates and draws.
    pub sketches: Sketches,
    /// The looked-up item whose counters are highlighted (its place in `queries`; not in the link).
    pub selected: usize,
    /// The user's own file, counted instead of the link's stream while it is here (never in the
    /// link: it stays when the lab is read again from the form).
    pub file: Option<Rc<Dataset>>,
    stream: Rc<Stream>,
}

/// One looked-up item: its true count and every sketch's estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Lookup {
    pub item: String,
    pub truth: u64,
    pub cm: u64,
    pub cu: u64,
    pub cs: f64,
    pub cbf: u64,
}

impl FrequenciesLab {
    /// The lab on the user's own file: its distinct items `names` and its `sequence` of them
    /// (as `data::dataset` reads a file); the looked-up items, unless the link named them, are
    /// its 10 most frequent. A file with no items gives a notice and no lab.
    pub fn on_file(&self, names: &[String], sequence: &[u32]) -> Result<FrequenciesLab, Notice> {
        let stream = Stream::from_ids(names.to_vec(), sequence);
        if stream.is_empty() {
            return Err(Notice::input("the file has no items to count; the page keeps its stream"));
        }
        let mut lab = self.clone();
        if lab.source != Source::File && lab.queries == link::default_queries(lab.source, &lab.stream) {
            let ids = stream.ids_by_count();
            lab.queries = ids.iter().take(ZIPF_QUERIES as usize).map(|&i| stream.name(i).to_string()).collect();
        }
        lab.source = Source::File;
        lab.stream = Rc::new(stream);
        Ok(lab)
    }

    /// The highlighted item, if any is looked up.
    pub fn selected_item(&self) -> Option<&str> {
        self.queries.get(self.selected).or(self.queries.first()).map(String::as_str)
    }

    /// The stream the summaries are fed.
    pub fn stream(&self) -> &Rc<Stream> {
        &self.stream
    }

    /// A feed of the stream to fresh summaries (nothing fed yet): step it, or run it in slices.
    pub fn feed(&self) -> Feed {
        Feed::new(self.stream.clone(), self.w, self.d, self.k)
    }

    /// A feed of the whole stream, done at once (a typed stream, tests).
    pub fn fed_at_once(&self) -> Feed {
        let mut f = self.feed();
        finish(&mut f, u64::MAX);
        f
    }

    /// The guarantee the shape buys: ε = e/w, δ = e^−d.
    pub fn sizing(&self) -> Sizing {
        Sizing::of_shape(self.w, self.d as u64)
    }

    /// The bound εN after `n` arrivals.
    pub fn bound(&self, n: u64) -> f64 {
        self.sizing().bound(n)
    }

    /// The looked-up items' estimates in `s`, against their counts among its N arrivals.
    pub fn lookups(&self, s: &Summaries) -> Vec<Lookup> {
        let counts = errors::prefix_counts(&self.stream, s.cm.total() as usize);
        self.queries
            .iter()
            .map(|item| {
                let b = item.as_bytes();
                let truth = self.stream.id(item).and_then(|id| counts.get(id as usize)).copied().unwrap_or(0);
                Lookup {
                    item: item.clone(),
                    truth,
                    cm: s.cm.estimate(b),
                    cu: s.cu.estimate(b),
                    cs: s.cs.estimate(b),
                    cbf: s.cbf_estimate(b),
                }
            })
            .collect()
    }

    /// The φ-heavy hitters with φ = 1/k, and both summaries' reports.
    pub fn hitters(&self, s: &Summaries) -> Hitters {
        heavy_hitters(&self.stream, s, default_phi(self.k))
    }

    /// Each sketch's errors over every item that arrived, against εN.
    pub fn errors(&self, s: &Summaries) -> Vec<Errors> {
        errors::measure(&self.stream, s)
    }
}
