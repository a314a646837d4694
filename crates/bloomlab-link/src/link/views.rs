//! The table of views: the one place a view is named. The navigation and the home page (grouped
//! by teaching chapter, in teaching order), the bundles, the loader's map in `index.html`
//! (`tests/bundles.rs` checks it) and the end-to-end suite's view list (`tests/e2e/views.json`,
//! checked likewise) all follow [`VIEWS`].

pub use super::bundle::Bundle;
pub use super::cards::{Card, CARDS};

/// The views of the app, in the table's order (row i of [`VIEWS`] is the view numbered i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Home,
    Classic,
    Ullman,
    Skiena,
    Fp,
    Hashes,
    Counting,
    Mlbf,
    Toolbox,
    Search,
    Crawler,
    Chunks,
    Sampling,
    Distinct,
    Moments,
    Frequencies,
    Window,
    Xor,
    Quotient,
    Space,
    Exercises,
    Practice,
    Tally,
    Bench,
}

/// The course in teaching order: the chapters a lecturer goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chapter {
    BloomFilters,
    Variants,
    Applications,
    Streams,
    Built,
    Practice,
}

impl Chapter {
    pub const ALL: [Chapter; 6] = [
        Chapter::BloomFilters,
        Chapter::Variants,
        Chapter::Applications,
        Chapter::Streams,
        Chapter::Built,
        Chapter::Practice,
    ];

    /// 1 for the first chapter.
    pub const fn number(self) -> usize {
        self as usize + 1
    }

    pub const fn title(self) -> &'static str {
        match self {
            Chapter::BloomFilters => "Bloom filters",
            Chapter::Variants => "Variants",
            Chapter::Applications => "Applications",
            Chapter::Streams => "Mining streams",
            Chapter::Built => "Filters built once",
            Chapter::Practice => "Practice",
        }
    }

    /// Its listed views, in teaching order.
    pub fn views(self) -> impl Iterator<Item = View> {
        VIEWS.iter().filter(move |row| row.listed && row.chapter == Some(self)).map(|row| row.view)
    }
}

/// One row of the table of views.
#[derive(Clone, Copy, Debug)]
pub struct ViewRow {
    pub view: View,
    /// The `view` parameter's value.
    pub name: &'static str,
    /// The title people see.
    pub title: &'static str,
    /// About how long the view takes in class; `None` for work outside class.
    pub minutes: Option<u32>,
    pub chapter: Option<Chapter>,
    pub bundle: Bundle,
    /// In the navigation and on the home page.
    pub listed: bool,
}

/// A listed view of a chapter.
const fn row(
    view: View,
    name: &'static str,
    title: &'static str,
    (chapter, minutes): (Chapter, Option<u32>),
    bundle: Bundle,
) -> ViewRow {
    ViewRow { view, name, title, minutes, chapter: Some(chapter), bundle, listed: true }
}

use Bundle::{Apps, Frequencies, Measure, Streams};
use Chapter::{Applications, BloomFilters, Practice, Variants};

/// The table of views, in teaching order.
pub const VIEWS: [ViewRow; 24] = [
    ViewRow {
        view: View::Home,
        name: "home",
        title: "Bloom Lab",
        minutes: None,
        chapter: None,
        bundle: Bundle::Home,
        listed: true,
    },
    row(View::Classic, "classic", "Classic Bloom filter", (BloomFilters, Some(10)), Bundle::Classic),
    row(View::Ullman, "ullman", "Ullman's example", (BloomFilters, Some(15)), Bundle::Lectures),
    row(View::Skiena, "skiena", "Skiena's comparison", (BloomFilters, Some(5)), Bundle::Skiena),
    row(View::Fp, "fp", "False-positive lab", (BloomFilters, Some(10)), Bundle::Fp),
    row(View::Hashes, "hashes", "Hash quality lab", (BloomFilters, Some(10)), Bundle::Hashes),
    row(View::Counting, "counting", "Counting (spectral) filter", (Variants, Some(10)), Bundle::Variants),
    row(View::Mlbf, "mlbf", "Multi-layer filter for URLs", (Variants, Some(10)), Apps),
    row(View::Toolbox, "toolbox", "The filter toolbox", (Variants, Some(10)), Bundle::Toolbox),
    row(View::Search, "search", "Search methods compared", (Applications, Some(10)), Bundle::Search),
    row(View::Crawler, "crawler", "The crawler's filter", (Applications, Some(5)), Measure),
    row(View::Chunks, "chunks", "One filter per chunk", (Applications, Some(5)), Measure),
    row(View::Sampling, "sampling", "Sampling a stream", (Chapter::Streams, Some(10)), Bundle::Sampling),
    row(View::Distinct, "distinct", "Counting distinct elements", (Chapter::Streams, Some(15)), Streams),
    row(View::Moments, "moments", "Moments and the AMS estimate", (Chapter::Streams, Some(15)), Bundle::Moments),
    row(View::Frequencies, "frequencies", "Frequencies and heavy hitters", (Chapter::Streams, Some(15)), Frequencies),
    row(View::Window, "window", "Counting ones in a window", (Chapter::Streams, Some(10)), Bundle::Window),
    row(View::Xor, "xor", "Xor and binary fuse filters", (Chapter::Built, Some(15)), Bundle::Built),
    row(View::Quotient, "quotient", "Quotient filter", (Chapter::Built, Some(10)), Bundle::Built),
    row(View::Space, "space", "The space they need", (Chapter::Built, Some(10)), Bundle::Space),
    row(View::Exercises, "exercises", "Exercise sheets", (Practice, None), Bundle::Exercises),
    row(View::Practice, "practice", "Run it by hand", (Practice, Some(10)), Bundle::Practice),
    row(View::Tally, "tally", "Class tally", (Practice, Some(5)), Bundle::Tally),
    ViewRow {
        view: View::Bench,
        name: "bench",
        title: "Benchmark",
        minutes: None,
        chapter: None,
        bundle: Bundle::Bench,
        listed: false,
    },
];

impl View {
    /// Every view, in the table's order.
    pub const ALL: [View; VIEWS.len()] = {
        let mut all = [View::Home; VIEWS.len()];
        let mut i = 0;
        while i < VIEWS.len() {
            all[i] = VIEWS[i].view;
            i += 1;
        }
        all
    };

    /// The view's row in [`VIEWS`].
    pub const fn row(self) -> &'static ViewRow {
        &VIEWS[self as usize]
    }

    pub const fn name(self) -> &'static str {
        self.row().name
    }

    pub fn parse(s: &str) -> Option<View> {
        VIEWS.iter().find(|row| row.name == s).map(|row| row.view)
    }

    /// The title people see.
    pub const fn title(self) -> &'static str {
        self.row().title
    }

    /// What the home page's card says of the view (`None` for the home page and the benchmark).
    pub fn card(self) -> Option<&'static Card> {
        CARDS.iter().find(|c| c.view == self)
    }

    /// The bundle that holds the view.
    pub const fn bundle(self) -> Bundle {
        self.row().bundle
    }

    /// The teaching chapter it belongs to (none for the home page and the benchmark).
    pub const fn chapter(self) -> Option<Chapter> {
        self.row().chapter
    }

    /// The pairs of a link to the view: `view` first, then `pairs` (declared parameters' names
    /// with their values).
    pub fn pairs(self, pairs: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
        let mut all = Vec::with_capacity(pairs.len() + 1);
        all.push((super::page::declared::VIEW.name, self.name().to_string()));
        all.extend(pairs);
        all
    }

    /// A link to the view with `pairs`: `?view=NAME&…` (empty values left out).
    pub fn link(self, pairs: Vec<(&'static str, String)>) -> String {
        super::query::build(&self.pairs(pairs))
    }

    /// The views in the navigation and on the home page (home first), in teaching order.
    pub fn listed() -> impl Iterator<Item = View> {
        VIEWS.iter().filter(|row| row.listed).map(|row| row.view)
    }
}

/// Row i of [`VIEWS`] is the view numbered i (checked at compile time), so a view finds its row by
/// index.
const _ROWS_IN_ORDER: () = {
    let mut i = 0;
    while i < VIEWS.len() {
        assert!(VIEWS[i].view as usize == i);
        i += 1;
    }
};

#[cfg(test)]
#[path = "views_tests.rs"]
mod tests;
