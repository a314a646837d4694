//! The built-in tours' stops and moments, read as the app reads them: every view's model from its
//! link (so this test sits above every layer: the tours are links, the labs read them).

use bloomlab_core::labs::links;
use bloomlab_core::labs::skiena::SkienaLab;
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::tours::{builtin, link_view, stop_link, MAX_STOPS};
use bloomlab_core::link::views::View;

/// What each stop's note relies on, kept with the app's tests (the core names no DOM selector).
#[path = "../../../tests/facts/mod.rs"]
#[allow(dead_code)]
mod facts;

/// The notices the page and the stop's view give for `link` (every view's model, as the views read
/// them), and for a walkthrough, its step and steps.
fn read_stop(link: &str) -> (View, Vec<Notice>, Option<(usize, usize)>) {
    let q = Query::parse(link);
    let page = PageParams::from_query(&q);
    let mut notices = page.notices.clone();
    let read = links::read(page.view, &q);
    notices.extend(read.notices);
    (page.view, notices, read.step)
}

#[test]
fn every_builtin_stop_is_a_link_the_app_reads_without_a_notice() {
    assert_eq!(
        builtin::TOURS.map(|t| t.name),
        ["bloom-filters", "variants", "streams", "applications", "frequencies", "built-once"]
    );
    for tour in builtin::TOURS {
        assert!(!tour.stops.is_empty() && tour.stops.len() <= MAX_STOPS, "{}", tour.name);
        for (i, &(link, title, note)) in tour.stops.iter().enumerate() {
            let (view, notices, step) = read_stop(link);
            assert!(notices.is_empty(), "{} stop {}: {link}: {notices:?}", tour.name, i + 1);
            assert_ne!(view, View::Home, "{} stop {}: {link} names its view", tour.name, i + 1);
            if let Some(asked) = Query::parse(link).raw("step") {
                let (step, last) = step.expect("a step on a walkthrough");
                assert_eq!(asked, step.to_string(), "{} stop {}: step {asked} of 0 ..= {last}", tour.name, i + 1);
            }
            assert!(!title.is_empty() && note.ends_with(['.', '?']), "{} stop {}", tour.name, i + 1);
            assert_eq!(stop_link(link), link, "a stop's link is written as the app writes it");
        }
    }
}

#[test]
fn the_home_cards_telling_moments_are_tour_stops_of_their_own_view() {
    let mut shown = 0;
    for v in View::listed() {
        if let Some(stop) = builtin::first_stop_showing(v) {
            assert_eq!(link_view(&stop.link), v, "{v:?}: {}", stop.link);
            let in_tours = builtin::TOURS.iter().any(|t| t.tour().stops.contains(&stop));
            let moment = builtin::MOMENTS.iter().any(|&(link, ..)| link == stop.link);
            assert!(in_tours || moment, "{v:?}");
            shown += 1;
        }
    }
    // The four tours visit most of the course: a card without a moment is the exception.
    assert!(shown >= 12, "only {shown} views have a moment in the tours");
    assert_eq!(builtin::first_stop_showing(View::Bench), None);
    // A moment outside the tours reads like a stop: its view, no notice, written as the app
    // writes it. Skiena's is the slides' 5% load, where k = 1 is dozens of times worse than k = 5
    // by both the bound and the standard formula.
    for &(link, title, note) in builtin::MOMENTS {
        let (view, notices, _) = read_stop(link);
        assert!(notices.is_empty() && view != View::Home && stop_link(link) == link, "{link}");
        assert!(!title.is_empty() && note.ends_with(['.', '?']), "{link}");
        assert!(builtin::TOURS.iter().all(|t| t.stops.iter().all(|s| link_view(s.0) != view)), "{link}");
    }
    let skiena = builtin::first_stop_showing(View::Skiena).expect("a moment on Skiena's view");
    let load = SkienaLab::read(&Query::parse(&skiena.link)).0.load;
    let (bound, standard) = bloomlab_core::lectures::skiena::ratios(5, load);
    assert!((24.0..100.0).contains(&bound) && (24.0..100.0).contains(&standard), "{bound} {standard}");
}

#[test]
fn every_builtin_stop_and_moment_declares_what_its_note_relies_on() {
    let mut stops = facts::all().filter(|f| f.view.is_none() && f.tour != "moment");
    for tour in builtin::TOURS {
        for i in 1..=tour.stops.len() {
            let f = stops.next().unwrap_or_else(|| panic!("no facts for {} stop {i}", tour.name));
            assert_eq!((f.tour, f.stop), (tour.name, i), "facts in stop order");
            assert!(!f.facts.is_empty() && !f.shows.is_empty(), "{} {i}", tour.name);
        }
    }
    assert!(stops.next().is_none(), "facts for stops that do not exist");
    for &(link, ..) in builtin::MOMENTS {
        assert!(facts::all().any(|f| f.tour == "moment" && f.link == link), "facts for the moment {link}");
    }
    // A card's link is one the app reads without a notice, on the card's own view.
    for f in facts::all().filter(|f| !f.link.is_empty()) {
        let (view, notices, _) = read_stop(f.link);
        assert!(notices.is_empty(), "{}: {notices:?}", f.link);
        if let Some(v) = f.view {
            assert_eq!(view, v, "{}", f.link);
        }
        let ops = ["=", ">", "<", "text", "visible", "checked"];
        assert!(f.facts.iter().all(|c| ops.contains(&c.op)), "{}", f.link);
    }
}
