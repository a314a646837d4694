//! The parameters every page shares: `view`, `theme`, `embed`.

use crate::draw::text::shorten;
use crate::link::notice::Notice;
use crate::link::query::{self, Query};

/// The views of the app. What each one is called, shows and ships in is one row of [`VIEWS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Home,
    Classic,
    Ullman,
    Skiena,
    Counting,
    Mlbf,
    Fp,
    Hashes,
    Toolbox,
    Sampling,
    Distinct,
    Moments,
    Search,
    Crawler,
    Chunks,
    Exercises,
    Bench,
}

/// The shipped bundles, one per chapter: a page downloads only its view's bundle (Trunk names
/// each binary's files after it; the loader in `index.html` picks one from the `view` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bundle {
    /// Home, the classic filter, the lecture examples, the counting filter, the benchmark.
    Filters,
    /// The false-positive lab, the multi-layer filter (with the `url` crate), the hash lab.
    Measure,
    /// The stream-mining chapter and the exercise sheets.
    Streams,
    /// The toolbox and where Bloom filters earn their keep.
    Apps,
}

impl Bundle {
    pub const ALL: [Bundle; 4] = [Bundle::Filters, Bundle::Measure, Bundle::Streams, Bundle::Apps];

    /// The file name (Trunk's name for the binary's output), e.g. `bloomlab-measure`.
    pub const fn file(self) -> &'static str {
        match self {
            Bundle::Filters => "bloomlab",
            Bundle::Measure => "bloomlab-measure",
            Bundle::Streams => "bloomlab-streams",
            Bundle::Apps => "bloomlab-apps",
        }
    }

    /// Its views, in the table's order.
    pub fn views(self) -> impl Iterator<Item = View> {
        VIEWS.iter().filter(move |row| row.bundle == self).map(|row| row.view)
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
    /// One sentence on what the view is for (the home page's card).
    pub blurb: &'static str,
    pub bundle: Bundle,
    /// In the navigation and on the home page.
    pub listed: bool,
}

const fn row(view: View, name: &'static str, title: &'static str, bundle: Bundle, blurb: &'static str) -> ViewRow {
    ViewRow { view, name, title, blurb, bundle, listed: true }
}

/// The table of views, in the navigation's order: the one place a view is named. The navigation,
/// the home page's cards, the bundles, the loader's chapter map (`tests/bundles.rs` checks it) and
/// the end-to-end suite's view list (`tests/e2e/views.json`, checked likewise) follow it.
pub const VIEWS: [ViewRow; 17] = [
    row(View::Home, "home", "Bloom Lab", Bundle::Filters, "What a Bloom filter is, and where to start."),
    row(View::Classic, "classic", "Classic Bloom filter", Bundle::Filters,
        "Insert and look up your own strings, watch the k bits of each, and catch false positives in the act — from 8 bits to a million."),
    row(View::Ullman, "ullman", "Ullman's example", Bundle::Filters,
        "Step through Ullman's 11-bit odd/even-bit example and the darts analysis, exactly as taught — or with your own numbers."),
    row(View::Skiena, "skiena", "Skiena's comparison", Bundle::Filters,
        "A bit-vector hash table against Bloom filters in the same memory: the union bound for k = 1 to 5, and why there is a best k."),
    row(View::Counting, "counting", "Counting (spectral) filter", Bundle::Filters,
        "Counters instead of bits: delete items, estimate counts, and see where counting filters go wrong."),
    row(View::Mlbf, "mlbf", "Multi-layer filter for URLs", Bundle::Measure,
        "Split URLs into layers with one filter each and an XOR layer, and test the paper's claim fairly."),
    row(View::Fp, "fp", "False-positive lab", Bundle::Measure,
        "Plot the formulas against measured false-positive rates, and size a real filter with the calculator."),
    row(View::Hashes, "hashes", "Hash quality lab", Bundle::Measure,
        "The same filter with different hash families: where naive seeds and double hashing fail the formulas, and the fix."),
    row(View::Toolbox, "toolbox", "The filter toolbox", Bundle::Apps,
        "Union and intersection of two filters, how many items a filter holds, what a wrong n costs, and six variants at the same memory."),
    row(View::Sampling, "sampling", "Sampling a stream", Bundle::Streams,
        "Why a 1-in-10 sample misreports repeated queries, how sampling by key fixes it, a sample kept within a limit, and key–value data."),
    row(View::Distinct, "distinct", "Counting distinct elements", Bundle::Streams,
        "Flajolet–Martin step by step with the lecture's hashes, why 2^R works, combining 64 estimates on a million elements, and neighbourhood sizes in a graph."),
    row(View::Moments, "moments", "Moments and the AMS estimate", Bundle::Streams,
        "The surprise number, the Alon–Matias–Szegedy estimate step by step, reservoir sampling for streams that never end, and the estimator on a million elements."),
    row(View::Search, "search", "Search methods compared", Bundle::Apps,
        "Linear search, binary search, a hash set, a Bloom filter and the multi-layer filter on the same URLs, up to a million — time, memory and false positives, on generated URLs or your own file."),
    row(View::Crawler, "crawler", "The crawler's filter", Bundle::Apps,
        "A crawl with a Bloom filter as its seen-set: new pages lost as it fills, and four restart policies trading lost pages for pages fetched twice."),
    row(View::Chunks, "chunks", "One filter per chunk", Bundle::Apps,
        "A table in chunks with one small filter each: which chunks a lookup reads, and the wasted reads against their expected number."),
    row(View::Exercises, "exercises", "Exercise sheets", Bundle::Streams,
        "Seeded, printable exercise sheets on every topic of the week, with an answer key computed by the same code as the views."),
    ViewRow { listed: false, ..row(View::Bench, "bench", "Benchmark", Bundle::Filters, "Measures drawing and bulk insert speed in this browser.") },
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

    /// One sentence on what the view is for.
    pub const fn blurb(self) -> &'static str {
        self.row().blurb
    }

    /// The bundle that holds the view.
    pub const fn bundle(self) -> Bundle {
        self.row().bundle
    }

    /// The views in the navigation and on the home page (home first), in the table's order.
    pub fn listed() -> impl Iterator<Item = View> {
        VIEWS.iter().filter(|row| row.listed).map(|row| row.view)
    }
}

/// Row i of [`VIEWS`] is the view whose discriminant is i (a compile-time check), so a view finds
/// its row by index.
const _ROWS_IN_ORDER: () = {
    let mut i = 0;
    while i < VIEWS.len() {
        assert!(VIEWS[i].view as usize == i);
        i += 1;
    }
};

/// The colour theme asked for in the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThemeName {
    Light,
    Dark,
    /// Light, with large type for a lecture hall.
    Projector,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [ThemeName::Light, ThemeName::Dark, ThemeName::Projector];

    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Light => "light",
            ThemeName::Dark => "dark",
            ThemeName::Projector => "projector",
        }
    }

    pub fn parse(s: &str) -> Option<ThemeName> {
        ThemeName::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// What the shared parameters say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageParams {
    pub view: View,
    /// `None` follows the system.
    pub theme: Option<ThemeName>,
    pub embed: bool,
    pub notices: Vec<Notice>,
}

impl PageParams {
    pub fn from_query(q: &Query) -> PageParams {
        let mut notices = Vec::new();
        let view = match q.get("view") {
            None => View::Home,
            Some(Ok(v)) if v.is_empty() => View::Home,
            Some(Ok(v)) => View::parse(v.trim()).unwrap_or_else(|| {
                notices.push(Notice::param(
                    "view",
                    format!(
                        "view = \u{201c}{}\u{201d} is not a view of this app; showing the home page",
                        shorten(&v, 30)
                    ),
                ));
                View::Home
            }),
            Some(Err(e)) => {
                notices.push(Notice::param("view", format!("view {e}; showing the home page")));
                View::Home
            }
        };
        let theme = match q.get("theme") {
            None => None,
            Some(Ok(t)) if t.is_empty() => None,
            Some(Ok(t)) => ThemeName::parse(t.trim()).or_else(|| {
                notices.push(Notice::param(
                    "theme",
                    format!(
                        "theme = \u{201c}{}\u{201d} is not light, dark or projector; following the system",
                        shorten(&t, 30)
                    ),
                ));
                None
            }),
            Some(Err(e)) => {
                notices.push(Notice::param("theme", format!("theme {e}; following the system")));
                None
            }
        };
        let embed = match q.get("embed").map(|r| r.unwrap_or_default()) {
            None => false,
            Some(e) => match e.trim() {
                "1" | "true" => true,
                "0" | "false" | "" => false,
                other => {
                    notices.push(Notice::param(
                        "embed",
                        format!("embed = \u{201c}{}\u{201d} is not 0 or 1; showing the full page", shorten(other, 30)),
                    ));
                    false
                }
            },
        };
        PageParams { view, theme, embed, notices }
    }

    /// The shared parameters that reproduce this page (view first).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("view", self.view.name().to_string())];
        if self.embed {
            pairs.push(("embed", "1".into()));
        }
        if let Some(t) = self.theme {
            pairs.push(("theme", t.name().into()));
        }
        pairs
    }

    /// A link to another view that keeps the theme.
    pub fn link_to(&self, view: View) -> String {
        let mut pairs = vec![("view", view.name().to_string())];
        if let Some(t) = self.theme {
            pairs.push(("theme", t.name().into()));
        }
        query::build(&pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_shared_parameters() {
        let p = PageParams::from_query(&Query::parse("?view=classic&theme=dark&embed=1"));
        assert_eq!((p.view, p.theme, p.embed), (View::Classic, Some(ThemeName::Dark), true));
        assert!(p.notices.is_empty());
        let p = PageParams::from_query(&Query::parse(""));
        assert_eq!((p.view, p.theme, p.embed), (View::Home, None, false));
        let p = PageParams::from_query(&Query::parse("?view=nope&theme=pink&embed=yes"));
        assert_eq!((p.view, p.theme, p.embed), (View::Home, None, false));
        let params: Vec<_> = p.notices.iter().filter_map(|n| n.param.clone()).collect();
        assert_eq!(params, ["view", "theme", "embed"]);
        assert_eq!(
            PageParams::from_query(&Query::parse("?theme=projector")).link_to(View::Fp),
            "?view=fp&theme=projector"
        );
    }
}
