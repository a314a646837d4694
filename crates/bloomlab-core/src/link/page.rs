//! The parameters every page shares: `view`, `theme`, `embed`.

use crate::link::notice::Notice;
use crate::link::query::{self, Query};
use crate::text::shorten;

/// The views of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Home,
    Classic,
    Ullman,
    Counting,
    Mlbf,
    Fp,
    /// Skiena's hash table against Bloom filters comparison.
    Skiena,
    /// The hash lab: why hash quality matters.
    Hashes,
    /// Set operations, counting what is inside, a wrong n, the variants side by side.
    Toolbox,
    /// Printable exercise sheets with answer keys.
    Exercises,
    /// Sampling a stream by position against by key.
    Sampling,
    /// Counting distinct elements: Flajolet–Martin, combining estimates, neighbourhood sizes.
    Distinct,
    /// Frequency moments, the surprise number, the AMS estimate and reservoir sampling.
    Moments,
    /// The MLBF paper's comparison of search methods, measured in the page.
    Search,
    /// Why a crawler restarts its filter.
    Crawler,
    /// One filter per chunk of a table.
    Chunks,
    /// The in-browser benchmark run by the end-to-end harness.
    Bench,
}

impl View {
    pub const ALL: [View; 17] = [
        View::Home,
        View::Classic,
        View::Ullman,
        View::Counting,
        View::Mlbf,
        View::Fp,
        View::Skiena,
        View::Hashes,
        View::Toolbox,
        View::Sampling,
        View::Distinct,
        View::Moments,
        View::Search,
        View::Crawler,
        View::Chunks,
        View::Exercises,
        View::Bench,
    ];

    pub fn name(self) -> &'static str {
        match self {
            View::Home => "home",
            View::Classic => "classic",
            View::Ullman => "ullman",
            View::Counting => "counting",
            View::Mlbf => "mlbf",
            View::Fp => "fp",
            View::Skiena => "skiena",
            View::Hashes => "hashes",
            View::Toolbox => "toolbox",
            View::Exercises => "exercises",
            View::Sampling => "sampling",
            View::Distinct => "distinct",
            View::Moments => "moments",
            View::Search => "search",
            View::Crawler => "crawler",
            View::Chunks => "chunks",
            View::Bench => "bench",
        }
    }

    pub fn parse(s: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.name() == s)
    }

    /// The title people see.
    pub fn title(self) -> &'static str {
        match self {
            View::Home => "Bloom Lab",
            View::Classic => "Classic Bloom filter",
            View::Ullman => "Ullman's example",
            View::Counting => "Counting (spectral) filter",
            View::Mlbf => "Multi-layer filter for URLs",
            View::Fp => "False-positive lab",
            View::Skiena => "Skiena's comparison",
            View::Hashes => "Hash quality lab",
            View::Toolbox => "The filter toolbox",
            View::Exercises => "Exercise sheets",
            View::Sampling => "Sampling a stream",
            View::Distinct => "Counting distinct elements",
            View::Moments => "Moments and the AMS estimate",
            View::Search => "Search methods compared",
            View::Crawler => "The crawler's filter",
            View::Chunks => "One filter per chunk",
            View::Bench => "Benchmark",
        }
    }

    /// One sentence on what the view is for.
    pub fn blurb(self) -> &'static str {
        match self {
            View::Home => "What a Bloom filter is, and where to start.",
            View::Classic => "Insert and look up your own strings, watch the k bits of each, and catch false positives in the act — from 8 bits to a million.",
            View::Ullman => "Step through Ullman's 11-bit odd/even-bit example and the darts analysis, exactly as taught — or with your own numbers.",
            View::Counting => "Counters instead of bits: delete items, estimate counts, and see where counting filters go wrong.",
            View::Mlbf => "Split URLs into layers with one filter each and an XOR layer, and test the paper's claim fairly.",
            View::Fp => "Plot the formulas against measured false-positive rates, and size a real filter with the calculator.",
            View::Skiena => "A bit-vector hash table against Bloom filters in the same memory: the union bound for k = 1 to 5, and why there is a best k.",
            View::Hashes => "The same filter with different hash families: where naive seeds and double hashing fail the formulas, and the fix.",
            View::Exercises => "Seeded, printable exercise sheets on every topic of the week, with an answer key computed by the same code as the views.",
            View::Toolbox => "Union and intersection of two filters, how many items a filter holds, what a wrong n costs, and six variants at the same memory.",
            View::Sampling => "Why a 1-in-10 sample misreports repeated queries, how sampling by key fixes it, a sample kept within a limit, and key–value data.",
            View::Distinct => "Flajolet–Martin step by step with the lecture's hashes, why 2^R works, combining 64 estimates on a million elements, and neighbourhood sizes in a graph.",
            View::Moments => "The surprise number, the Alon–Matias–Szegedy estimate step by step, reservoir sampling for streams that never end, and the estimator on a million elements.",
            View::Search => "Linear search, binary search, a hash set, a Bloom filter and the multi-layer filter on the same URLs, up to a million — time, memory and false positives, on generated URLs or your own file.",
            View::Crawler => "A crawl with a Bloom filter as its seen-set: new pages lost as it fills, and four restart policies trading lost pages for pages fetched twice.",
            View::Chunks => "A table in chunks with one small filter each: which chunks a lookup reads, and the wasted reads against their expected number.",
            View::Bench => "Measures drawing and bulk insert speed in this browser.",
        }
    }

    /// The views listed in the navigation.
    pub const LISTED: [View; 16] = [
        View::Home,
        View::Classic,
        View::Ullman,
        View::Skiena,
        View::Counting,
        View::Mlbf,
        View::Fp,
        View::Hashes,
        View::Toolbox,
        View::Sampling,
        View::Distinct,
        View::Moments,
        View::Search,
        View::Crawler,
        View::Chunks,
        View::Exercises,
    ];
}

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
