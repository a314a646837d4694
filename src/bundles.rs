//! The app ships as one bundle per chapter, so a page downloads only the views it can show:
//! `filters` (home, classic, Ullman's example, Skiena's comparison, the counting filter, the
//! benchmark), `measure` (the false-positive lab, the multi-layer filter with the url crate and
//! the comparison, and the hash lab), `streams` (the stream-mining chapter: sampling, distinct counts, moments; and the exercise sheets) and `apps`
//! (the toolbox, and where Bloom filters earn their keep: the search comparison, the crawler, the
//! chunked table). Each bundle's binary mounts the app with its own list; the loader in
//! `index.html` picks the bundle from the `view` parameter (a test checks the two agree).

use yew::prelude::*;

use crate::app::home::home_view;
use crate::core::link::page::{PageParams, View};
use crate::core::link::query::Query;
use crate::views::bench::view::BenchView;
use crate::views::chunks::view::ChunksView;
use crate::views::classic::view::ClassicView;
use crate::views::counting::view::CountingView;
use crate::views::crawler::view::CrawlerView;
use crate::views::distinct::view::DistinctView;
use crate::views::exercises::view::ExercisesView;
use crate::views::fp::view::FpView;
use crate::views::hashes::view::HashesView;
use crate::views::mlbf::view::MlbfView;
use crate::views::moments::view::MomentsView;
use crate::views::sampling::view::SamplingView;
use crate::views::search::view::SearchView;
use crate::views::skiena::view::SkienaView;
use crate::views::toolbox::view::ToolboxView;
use crate::views::ullman::view::UllmanView;

/// What a bundle draws for a page, or `None` for a view it does not hold.
pub type Views = fn(&PageParams, &Query) -> Option<Html>;

/// The bundles: their file name (as Trunk names a binary's output), their views, and how they
/// draw them.
pub const BUNDLES: [(&str, &[View], Views); 4] = [
    ("bloomlab", &[View::Home, View::Classic, View::Ullman, View::Skiena, View::Counting, View::Bench], filters),
    ("bloomlab-measure", &[View::Fp, View::Mlbf, View::Hashes], measure),
    ("bloomlab-streams", &[View::Sampling, View::Distinct, View::Moments, View::Exercises], streams),
    ("bloomlab-apps", &[View::Toolbox, View::Search, View::Crawler, View::Chunks], apps),
];

/// The first chapter's views.
pub fn filters(page: &PageParams, query: &Query) -> Option<Html> {
    let (page, query) = (page.clone(), query.clone());
    Some(match page.view {
        View::Home => home_view(&page),
        View::Classic => html! { <ClassicView {page} {query} /> },
        View::Ullman => html! { <UllmanView {page} {query} /> },
        View::Skiena => html! { <SkienaView {page} {query} /> },
        View::Counting => html! { <CountingView {page} {query} /> },
        View::Bench => html! { <BenchView /> },
        _ => return None,
    })
}

/// The measurement chapter's views.
pub fn measure(page: &PageParams, query: &Query) -> Option<Html> {
    let (page, query) = (page.clone(), query.clone());
    Some(match page.view {
        View::Fp => html! { <FpView {page} {query} /> },
        View::Mlbf => html! { <MlbfView {page} {query} /> },
        View::Hashes => html! { <HashesView {page} {query} /> },
        _ => return None,
    })
}

/// The streams chapter's views.
pub fn streams(page: &PageParams, query: &Query) -> Option<Html> {
    let (page, query) = (page.clone(), query.clone());
    Some(match page.view {
        View::Sampling => html! { <SamplingView {page} {query} /> },
        View::Distinct => html! { <DistinctView {page} {query} /> },
        View::Moments => html! { <MomentsView {page} {query} /> },
        View::Exercises => html! { <ExercisesView {page} {query} /> },
        _ => return None,
    })
}

/// The applications chapter's views.
pub fn apps(page: &PageParams, query: &Query) -> Option<Html> {
    let (page, query) = (page.clone(), query.clone());
    Some(match page.view {
        View::Toolbox => html! { <ToolboxView {page} {query} /> },
        View::Search => html! { <SearchView {page} {query} /> },
        View::Crawler => html! { <CrawlerView {page} {query} /> },
        View::Chunks => html! { <ChunksView {page} {query} /> },
        _ => return None,
    })
}

/// Every view (the server-rendered tests use this).
pub fn all(page: &PageParams, query: &Query) -> Option<Html> {
    BUNDLES.iter().find_map(|(_, _, draw)| draw(page, query))
}

/// Mounts the app in the page with the views of one bundle.
pub fn mount(views: Views) {
    let search = crate::web::location_search();
    yew::Renderer::<crate::app::App>::with_props(crate::app::AppProps { search: search.into(), views }).render();
}
