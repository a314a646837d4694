//! Component tests: the app rendered to HTML natively (Yew's server-side rendering), checked
//! for the contract's hooks and the numbers they carry.

mod common;

use bloomlab_core::link::page::View;
use common::{attr, render};

#[tokio::test]
async fn ullman_link_renders_the_lecture_state() {
    let html = render("?view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=118").await;
    assert_eq!(attr(&html, "bit-array", "data-bits"), ["10100101010"]);
    assert_eq!(attr(&html, "bit-array", "data-ones"), ["5"]);
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["absent"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["non-member"]);
    assert_eq!(attr(&html, "hash-trace", "data-positions"), ["3,5"]);
    assert_eq!(attr(&html, "hash-trace", "data-item"), ["118"]);
    assert_eq!(attr(&html, "fp-theory", "data-formula"), ["approx", "exact"]);
    let values: Vec<f64> = attr(&html, "fp-theory", "data-value").iter().map(|v| v.parse().unwrap()).collect();
    assert!((values[0] - 0.176754).abs() < 1e-6, "{values:?}");
    assert!((values[1] - 3801581.0 / 19487171.0).abs() < 1e-12, "{values:?}");
    assert!(attr(&html, "notice", "data-param").is_empty());
    assert!(html.contains("data-testid=\"site-nav\""));
}

#[tokio::test]
async fn false_positives_are_named() {
    // With 1 bit and 1 hash every non-member passes once anything is inserted.
    let html = render("?view=classic&m=1&k=1&items=a&query=b").await;
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["maybe"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["non-member"]);
    assert!(html.contains("false positive"));
}

#[tokio::test]
async fn bad_parameters_give_notices_and_a_working_page() {
    let html = render("?view=classic&m=-5&k=0&hash=md5&items=a,%zz&theme=pink&embed=2").await;
    let params = attr(&html, "notice", "data-param");
    for p in ["m", "k", "hash", "items", "theme", "embed"] {
        assert!(params.contains(&p), "{p} missing from {params:?}");
    }
    assert_eq!(attr(&html, "bit-array", "data-m"), ["64"]);
    let html = render("?view=nope").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["view"]);
    assert_eq!(attr(&html, "view-link", "data-view").len(), View::listed().count() - 1);
}

#[tokio::test]
async fn embed_hides_the_site_navigation() {
    let html = render("?view=classic&embed=1").await;
    assert!(!html.contains("data-testid=\"site-nav\""));
    assert!(html.contains("data-testid=\"bit-array\""));
}

#[tokio::test]
async fn large_filters_omit_data_bits() {
    let html = render("?view=classic&m=65537&k=3&items=x").await;
    assert_eq!(attr(&html, "bit-array", "data-m"), ["65537"]);
    assert!(attr(&html, "bit-array", "data-bits").is_empty());
    assert_eq!(attr(&html, "bit-array", "data-ones"), ["3"]);
    let html = render("?view=classic&m=65536&k=3").await;
    assert_eq!(attr(&html, "bit-array", "data-bits")[0].len(), 65536);
}

#[tokio::test]
async fn home_links_every_view() {
    let html = render("").await;
    let views = attr(&html, "view-link", "data-view");
    let want: Vec<&str> = View::listed().skip(1).map(|v| v.name()).collect();
    assert_eq!(views, want);
    for v in ["classic", "ullman", "skiena", "counting", "mlbf", "fp"] {
        assert!(views.contains(&v), "{v}");
    }
}

#[tokio::test]
async fn the_home_page_shows_the_course_in_teaching_order() {
    use bloomlab_core::link::views::Chapter;
    let html = render("").await;
    let numbers: Vec<String> = Chapter::ALL.iter().map(|c| c.number().to_string()).collect();
    assert_eq!(attr(&html, "course-chapter", "data-chapter"), numbers);
    assert_eq!(numbers.len(), 6, "Bloom filters, variants, applications, streams, filters built once, practice");
    assert_eq!(
        attr(&html, "view-minutes", "data-minutes").len(),
        View::listed().filter(|v| v.row().minutes.is_some()).count(),
        "every view in class has its minutes"
    );
    assert_eq!(html.matches("class=\"watch-for\"").count(), View::listed().count() - 1);
    // The navigation: five chapter menus, the current chapter marked, the view named beside them.
    let html = render("?view=mlbf").await;
    assert_eq!(attr(&html, "chapter-menu", "data-chapter").len(), Chapter::ALL.len());
    let start = html.find("chapter-menu current").expect("a current chapter");
    let tag = &html[html[..start].rfind('<').unwrap()..start];
    assert!(tag.contains("data-chapter=\"2\""), "the current chapter is marked: {tag}");
    assert!(html.contains("Multi-layer filter for URLs</strong>"), "the breadcrumb names the view");
}

#[tokio::test]
async fn presenter_mode_drops_the_chrome() {
    let html = render("?view=ullman&step=3&present=1").await;
    assert!(html.contains("app presenting") || html.contains("presenting"), "the presenter class");
    for hook in ["site-nav", "embed-button"] {
        assert!(!html.contains(&format!("data-testid=\"{hook}\"")), "{hook} is hidden");
    }
    assert!(!html.contains("site-footer"));
    assert_eq!(attr(&html, "step", "data-step"), ["3"], "the walkthrough is shown at its step");
    assert!(attr(&html, "notice", "data-param").is_empty());
}

#[tokio::test]
async fn the_lecturers_tools_stand_in_until_their_bundle_comes() {
    // The page draws the tools' hooks as stand-ins after an empty slot the tools bundle fills.
    let html = render("?view=classic").await;
    let slot = html.find("id=\"lecture-tools-slot\"").expect("the slot");
    for hook in ["present-button", "embed-button", "tour-add", "tour-editor"] {
        let at = html.find(&format!("data-testid=\"{hook}\"")).unwrap_or_else(|| panic!("{hook} stands in"));
        assert!(at > slot, "{hook} comes after the slot, which the tools take");
    }
    let after = &html[slot..];
    assert!(after[after.find('>').unwrap() + 1..].starts_with("</div>"), "the slot is empty");
    // The tools themselves: the panel the first click asked for is open at once.
    use bloomlab::parts::Ask;
    let tools = |ask: Ask| {
        yew::ServerRenderer::<bloomlab::app::tools::Tools>::with_props(move || bloomlab::app::tools::ToolsProps { ask })
            .render()
    };
    let details = |html: &str| {
        let at = html.find("<details").expect("the tour panel");
        html[at..at + html[at..].find('>').unwrap()].to_string()
    };
    let tour = tools(Ask::Tour).await;
    assert!(tour.contains(&format!("id=\"{}\"", bloomlab::app::tour::SUMMARY_ID)), "the focus has its place");
    assert_eq!(attr(&tour, "tour-editor", "data-stops"), ["0"]);
    assert!(details(&tour).contains(" open"), "{tour}");
    let plain = tools(Ask::Nothing).await;
    assert!(!details(&plain).contains(" open"), "{plain}");
    assert!(plain.contains("data-testid=\"embed-button\"") && plain.contains("data-testid=\"present-button\""));
}

#[test]
fn a_part_is_one_row_its_asks_and_news_one_vocabulary() {
    use bloomlab::parts::{Ask, News, PARTS};
    for ask in Ask::ALL {
        assert_eq!(Ask::named(ask.name()), ask, "{ask:?} is read back by its name");
    }
    assert_eq!(Ask::named("fly"), Ask::Nothing);
    let mut events: Vec<String> = Vec::new();
    for part in PARTS {
        assert!(PARTS.iter().filter(|p| p.slot == part.slot || p.bundle == part.bundle).count() == 1);
        let news = [News::Asked, News::Drawn, News::Failed, News::OnFile, News::OnCrawl, News::Load, News::Answered];
        events.extend(news.map(|n| part.event(n)));
        // The loader in index.html names the re-ask and the failure as `Part::event` does.
        assert_eq!(
            (part.event(News::Asked), part.event(News::Failed)),
            (part.bundle.into(), format!("{}-failed", part.bundle))
        );
    }
    let all = events.len();
    events.sort();
    events.dedup();
    assert_eq!(events.len(), all, "no two parts' news share an event");
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    assert!(
        html.contains("dispatchEvent(new Event(name))") && html.contains("dispatchEvent(new Event(`${name}-failed`))")
    );
}

#[tokio::test]
async fn home_cards_offer_a_telling_moment_from_the_tours() {
    let html = render("?theme=dark").await;
    let views = attr(&html, "view-moment", "data-view");
    assert!(views.len() >= 12, "moments for {views:?}");
    for (view, href) in views.iter().zip(attr(&html, "view-moment", "href")) {
        let href = href.replace("&amp;", "&");
        assert!(href.starts_with(&format!("?view={view}&")), "{view}: {href}");
        assert!(href.ends_with("theme=dark"), "the moment keeps the page's theme: {href}");
        let stop = bloomlab_core::link::tours::builtin::first_stop_showing(View::parse(view).unwrap()).unwrap();
        assert!(href.contains(&stop.link.replace("&amp;", "&")[..stop.link.len().min(20)]), "{view}: {href}");
    }
}

/// Work of `left` units, for the run's bookkeeping.
struct Countdown {
    left: u64,
    total: u64,
}

impl bloomlab_core::engine::sliced::Sliced for Countdown {
    fn work(&mut self, units: u64) -> u64 {
        let done = units.min(self.left).max(1).min(self.left);
        self.left -= done;
        done
    }
    fn is_done(&self) -> bool {
        self.left == 0
    }
    fn ops_done(&self) -> u64 {
        self.total - self.left
    }
    fn ops_total(&self) -> u64 {
        self.total
    }
}

#[test]
fn a_panel_sees_a_run_change_at_its_pace_and_at_its_end() {
    use bloomlab::hooks::sliced::SlicedRun;
    use bloomlab_core::engine::slice_budget::SliceBudget;
    // Outside a browser the clock stands still, so no 50 ms ever pass while the run goes on:
    // slices are not shown until the last one.
    let mut run = SlicedRun::new(Countdown { left: 10, total: 10 }, SliceBudget::new(1, 1, 1, 8.0));
    let first = run.shown();
    for slice in 0..9 {
        assert!(run.step(run.id, slice));
        assert!(run.shown() == first, "slice {slice} shown before its time");
    }
    assert!(run.step(run.id, 9) && run.is_done());
    let last = run.shown();
    assert!(last != first, "the last slice is shown at once");
    // A stale or extra slice changes nothing; an edit and a restart are shown at once.
    assert!(!run.step(run.id, 10) && run.shown() == last);
    run.edit(|c| c.left = 0);
    assert!(run.shown() != last);
    let edited = run.shown();
    run.restart(Countdown { left: 3, total: 3 });
    assert!(run.shown() != edited);
}

#[test]
fn a_run_stepped_by_its_loop_shows_the_same_until_it_ends_or_changes() {
    use bloomlab::hooks::sliced::{SlicedRun, NEXT_SLICE};
    use bloomlab_core::engine::slice_budget::SliceBudget;
    let mut run = SlicedRun::new(Countdown { left: 4, total: 4 }, SliceBudget::new(1, 1, 1, 8.0));
    let before = run.clone();
    // The next slice whatever its number, and only for the run under way.
    assert!(!run.step(run.id + 1, NEXT_SLICE) && run.slice == 0);
    for slice in 1..4 {
        assert!(run.step(run.id, NEXT_SLICE) && run.slice == slice);
        assert!(run.shows_same(&before), "slice {slice} changes nothing shown");
    }
    assert!(run.step(run.id, NEXT_SLICE) && run.is_done());
    assert!(!run.shows_same(&before), "its end is shown (the wall time)");
    assert!(!run.step(run.id, NEXT_SLICE), "nothing after the end");
    let done = run.clone();
    run.edit(|c| c.left = 0);
    assert!(!run.shows_same(&done), "an edit is shown");
    let edited = run.clone();
    run.renew();
    assert!(!run.shows_same(&edited), "a new run is shown");
}
