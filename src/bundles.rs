//! The app ships as one bundle per chapter (`core::link::page::Bundle`, assigned per view in the
//! table of views, `core::link::views::VIEWS`), so a page downloads only the views it can show.
//! Each bundle's binary mounts the app with `draw::<B>`, which holds only the views the table puts
//! in bundle `B`: the others' arms are cut at compile time, and with them their code. The loader in
//! `index.html` picks the bundle from the `view` parameter, with the map `loader_map` writes into
//! it at build time (`examples/prerender.rs`); `views_json` is the end-to-end suite's list.

use yew::prelude::*;

use crate::app::home::home_view;
use crate::views::bench::view::BenchView;
use crate::views::chunks::view::ChunksView;
use crate::views::classic::view::ClassicView;
use crate::views::counting::view::CountingView;
use crate::views::crawler::view::CrawlerView;
use crate::views::distinct::view::DistinctView;
use crate::views::exercises::view::ExercisesView;
use crate::views::fp::view::FpView;
use crate::views::frequencies::view::FrequenciesView;
use crate::views::hashes::view::HashesView;
use crate::views::mlbf::view::MlbfView;
use crate::views::moments::view::MomentsView;
use crate::views::practice::view::PracticeView;
use crate::views::quotient::view::QuotientView;
use crate::views::sampling::view::SamplingView;
use crate::views::search::view::SearchView;
use crate::views::skiena::view::SkienaView;
use crate::views::space::view::SpaceView;
use crate::views::tally::view::TallyView;
use crate::views::toolbox::view::ToolboxView;
use crate::views::ullman::view::UllmanView;
use crate::views::window::view::WindowView;
use crate::views::xor::view::XorView;
use bloomlab_core::labs::practice::Exercise;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::views::{Bundle, View};

/// What `index.html` holds where the build writes the loader's map.
pub const LOADER_MAP_MARK: &str = "const chapters = {/* the table of views, written at build time */};";

/// The loader's map, bundle file → its views, as JavaScript, from the table of views.
pub fn loader_map() -> String {
    let rows: Vec<String> = Bundle::ALL
        .iter()
        .map(|b| {
            let views: Vec<String> = b.views().map(|v| format!("'{}'", v.name())).collect();
            format!("'{}': [{}]", b.file(), views.join(", "))
        })
        .collect();
    format!("const chapters = {{ {} }};", rows.join(", "))
}

/// What `index.html` holds where the build writes the practice page's second build's exercises
/// (a pattern that matches nothing, until then).
pub const DRILLS_MARK: &str = "const drills = /(?!)/;";

/// The practice page's second build (`Bundle::Practice`'s file with `-streams`): the same code
/// with the streams chapters' drills instead of the filter chapters' (`Exercise::STREAMS`,
/// index.html's `data-cargo-features`), so that neither page carries the other's.
pub const PRACTICE_STREAMS: &str = Exercise::STREAMS_FILE;

/// The loader's pattern for a link that opens on `PRACTICE_STREAMS`: its `exercise`, or the
/// first of an assignment's `tasks`, is a streams chapter's (`fm`, `fm:2,hll:1`, `fm,hll`).
pub fn drills_pattern() -> String {
    let names: Vec<&str> = Exercise::STREAMS.iter().map(|e| e.name()).collect();
    format!("const drills = /^(?:{})(?:[:,]|$)/;", names.join("|"))
}

/// `index.html` with the loader's map and pattern written in place of their marks (`None`
/// without them).
pub fn with_loader_map(html: &str) -> Option<String> {
    (html.contains(LOADER_MAP_MARK) && html.contains(DRILLS_MARK))
        .then(|| html.replacen(LOADER_MAP_MARK, &loader_map(), 1).replacen(DRILLS_MARK, &drills_pattern(), 1))
}

/// The table of views as JSON for the end-to-end suite (`DIST/views.json`): name, title, bundle
/// file and whether the navigation lists it.
pub fn views_json() -> String {
    let rows: Vec<String> = bloomlab_core::link::views::VIEWS
        .iter()
        .map(|r| {
            // A view whose bundle is built twice names the second build too (`also`): a page.
            let also = match r.bundle {
                Bundle::Practice => format!(", \"also\": \"{PRACTICE_STREAMS}\""),
                _ => String::new(),
            };
            format!(
                "  {{ \"name\": \"{}\", \"title\": \"{}\", \"bundle\": \"{}\"{also}, \"listed\": {} }}",
                r.name,
                r.title.replace('\\', "\\\\").replace('"', "\\\""),
                r.bundle.file(),
                r.listed
            )
        })
        .collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}

/// What a bundle draws for a page, or `None` for a view it does not hold.
pub use crate::app::Views;

/// The bundle numbered `B` (its place in `Bundle::ALL`) draws its own views, and no other.
pub fn draw<const B: usize>(page: &PageParams, query: &Query) -> Option<Html> {
    /// Whether `view` is in bundle `B`: a constant, so the other arms are dead code.
    macro_rules! here {
        ($view:ident) => {
            const { View::$view.bundle() as usize == B }
        };
    }
    let (page, query) = (page.clone(), query.clone());
    Some(match page.view {
        View::Home if here!(Home) => home_view(&page),
        View::Classic if here!(Classic) => html! { <ClassicView {page} {query} /> },
        View::Ullman if here!(Ullman) => html! { <UllmanView {page} {query} /> },
        View::Skiena if here!(Skiena) => html! { <SkienaView {page} {query} /> },
        View::Counting if here!(Counting) => html! { <CountingView {page} {query} /> },
        View::Mlbf if here!(Mlbf) => html! { <MlbfView {page} {query} /> },
        View::Fp if here!(Fp) => html! { <FpView {page} {query} /> },
        View::Hashes if here!(Hashes) => html! { <HashesView {page} {query} /> },
        View::Toolbox if here!(Toolbox) => html! { <ToolboxView {page} {query} /> },
        View::Sampling if here!(Sampling) => html! { <SamplingView {page} {query} /> },
        View::Distinct if here!(Distinct) => html! { <DistinctView {page} {query} /> },
        View::Moments if here!(Moments) => html! { <MomentsView {page} {query} /> },
        View::Frequencies if here!(Frequencies) => html! { <FrequenciesView {page} {query} /> },
        View::Window if here!(Window) => html! { <WindowView {page} {query} /> },
        View::Xor if here!(Xor) => html! { <XorView {page} {query} /> },
        View::Quotient if here!(Quotient) => html! { <QuotientView {page} {query} /> },
        View::Space if here!(Space) => html! { <SpaceView {page} {query} /> },
        View::Search if here!(Search) => html! { <SearchView {page} {query} /> },
        View::Crawler if here!(Crawler) => html! { <CrawlerView {page} {query} /> },
        View::Chunks if here!(Chunks) => html! { <ChunksView {page} {query} /> },
        View::Exercises if here!(Exercises) => html! { <ExercisesView {page} {query} /> },
        View::Practice if here!(Practice) => html! { <PracticeView {page} {query} /> },
        View::Tally if here!(Tally) => html! { <TallyView {page} {query} /> },
        View::Bench if here!(Bench) => html! { <BenchView /> },
        _ => return None,
    })
}

/// Each bundle's drawing function, in `Bundle::ALL`'s order.
pub const BUNDLES: [(Bundle, Views); 22] = [
    (Bundle::Home, draw::<{ Bundle::Home as usize }>),
    (Bundle::Measure, draw::<{ Bundle::Measure as usize }>),
    (Bundle::Streams, draw::<{ Bundle::Streams as usize }>),
    (Bundle::Apps, draw::<{ Bundle::Apps as usize }>),
    (Bundle::Variants, draw::<{ Bundle::Variants as usize }>),
    (Bundle::Practice, draw::<{ Bundle::Practice as usize }>),
    (Bundle::Search, draw::<{ Bundle::Search as usize }>),
    (Bundle::Moments, draw::<{ Bundle::Moments as usize }>),
    (Bundle::Lectures, draw::<{ Bundle::Lectures as usize }>),
    (Bundle::Fp, draw::<{ Bundle::Fp as usize }>),
    (Bundle::Toolbox, draw::<{ Bundle::Toolbox as usize }>),
    (Bundle::Exercises, draw::<{ Bundle::Exercises as usize }>),
    (Bundle::Tally, draw::<{ Bundle::Tally as usize }>),
    (Bundle::Sampling, draw::<{ Bundle::Sampling as usize }>),
    (Bundle::Bench, draw::<{ Bundle::Bench as usize }>),
    (Bundle::Hashes, draw::<{ Bundle::Hashes as usize }>),
    (Bundle::Skiena, draw::<{ Bundle::Skiena as usize }>),
    (Bundle::Frequencies, draw::<{ Bundle::Frequencies as usize }>),
    (Bundle::Window, draw::<{ Bundle::Window as usize }>),
    (Bundle::Classic, draw::<{ Bundle::Classic as usize }>),
    (Bundle::Built, draw::<{ Bundle::Built as usize }>),
    (Bundle::Space, draw::<{ Bundle::Space as usize }>),
];

/// Every view (the server-rendered tests use this).
pub fn all(page: &PageParams, query: &Query) -> Option<Html> {
    BUNDLES.iter().find_map(|(_, draw)| draw(page, query))
}

/// Mounts the app in the page with the views of bundle `B` (only `draw::<B>` is linked in, so the
/// binary holds no other bundle's views).
pub fn mount<const B: usize>() {
    let views: Views = draw::<B>;
    let search = crate::web::location_search();
    // The built-in tours are data, not code: handed over before the first render, so a tour's bar
    // is drawn with the page.
    if let Some(text) = crate::web::loaded_tours() {
        bloomlab_core::link::tours::loaded::load(&text);
    }
    yew::Renderer::<crate::app::App>::with_props(crate::app::AppProps { search: search.into(), views }).render();
}
