//! Tours rendered server-side: a stop's link shows the tour bar above its view, a tour link
//! without a view lands on the home page with the bar (the page then loads the stop's own link),
//! the home page lists the built-in tours, a handout lists a tour's stops, and a tampered custom
//! tour gives a notice and a usable page.

mod common;

use bloomlab_core::link::tours::{builtin, encode, Stop};

#[tokio::test]
async fn a_tour_link_renders_the_bar_above_its_view() {
    let html = common::render("?view=ullman&step=4&tour=bloom-filters&stop=5").await;
    assert_eq!(common::attr(&html, "tour-bar", "data-tour"), ["bloom-filters"]);
    assert_eq!(common::attr(&html, "tour-bar", "data-stop"), ["5"]);
    assert_eq!(common::attr(&html, "tour-bar", "data-stops"), ["11"]);
    assert_eq!(common::attr(&html, "tour-prev", "href"), ["?view=ullman&amp;step=3&amp;tour=bloom-filters&amp;stop=4"]);
    assert_eq!(common::attr(&html, "tour-next", "href"), ["?view=ullman&amp;step=5&amp;tour=bloom-filters&amp;stop=6"]);
    assert!(html.contains("Looking up 118") && html.contains("5 / 11"));
    assert!(common::attr(&html, "notice", "data-param").is_empty());
    assert_eq!(common::attr(&html, "step", "data-step"), ["4"], "the view shows the stop's step");
    // The first stop has no previous one, the last no next one.
    let first = common::render("?view=classic&tour=bloom-filters&stop=1").await;
    assert!(common::attr(&first, "tour-prev", "href").is_empty());
    let last = common::render("?view=chunks&m=128&tour=applications&stop=5&present=1").await;
    assert!(common::attr(&last, "tour-next", "href").is_empty());
    assert_eq!(
        common::attr(&last, "tour-prev", "href"),
        ["?view=chunks&amp;tour=applications&amp;stop=4&amp;present=1"]
    );
}

#[tokio::test]
async fn home_lists_the_tours_and_a_handout_lists_the_stops() {
    let html = common::render("").await;
    assert_eq!(
        common::attr(&html, "tour-card", "data-tour"),
        ["bloom-filters", "variants", "streams", "applications", "frequencies", "built-once"]
    );
    let counts: Vec<String> = builtin::TOURS.iter().map(|t| t.stops.len().to_string()).collect();
    assert_eq!(common::attr(&html, "tour-card", "data-stops"), counts);
    let html = common::render("?tour=streams&handout=1").await;
    assert!(html.contains("data-testid=\"tour-handout\"") && html.contains("Sampling by key"));
    // Each stop's link written out and as a QR code.
    let stops = builtin::TOURS.iter().find(|t| t.name == "streams").unwrap().stops.len();
    assert_eq!(html.matches("data-testid=\"handout-link\"").count(), stops);
    assert_eq!(html.matches("data-testid=\"handout-qr\"").count(), stops);
    assert!(!html.contains("data-testid=\"tour-bar\""));
    let html = common::render("?tour=streams&stop=2").await;
    assert_eq!(common::attr(&html, "tour-bar", "data-stop"), ["2"], "no view yet: the bar, then the stop's own link");
}

#[tokio::test]
async fn a_built_in_tour_keeps_the_quiz_and_presenter_mode_from_stop_to_stop() {
    let html = common::render("?view=sampling&step=0&tour=streams&stop=1&quiz=class&present=1").await;
    assert_eq!(
        common::attr(&html, "tour-next", "href"),
        ["?view=sampling&amp;step=3&amp;tour=streams&amp;stop=2&amp;present=1&amp;quiz=class"]
    );
}

#[tokio::test]
async fn custom_tours_and_tampered_ones() {
    let stops = vec![
        Stop { link: "view=fp&x=k".into(), title: "Best k".into(), note: "The minimum.".into(), question: None },
        Stop {
            link: "view=ullman&step=2".into(),
            title: "Two".into(),
            note: String::new(),
            question: Some("Which bits?".into()),
        },
    ];
    let html = common::render(&format!("?view=fp&x=k&tour=custom&stop=1&stops={}", encode(&stops))).await;
    assert_eq!(common::attr(&html, "tour-bar", "data-stops"), ["2"]);
    assert!(!html.contains("Question: "), "the first stop asks nothing");
    // The bar names a stop's question as one.
    let second = common::render(&format!("?view=ullman&step=2&tour=custom&stop=2&stops={}", encode(&stops))).await;
    assert!(second.contains("<strong>Question: </strong>Which bits?"), "{second}");
    assert!(html.contains("Best k") && html.contains("The minimum."));
    for bad in ["1~Q!x", "garbage%", "1~A!a!b~~~"] {
        let html = common::render(&format!("?view=fp&tour=custom&stops={bad}")).await;
        assert_eq!(common::attr(&html, "notice", "data-param"), ["stops"], "{bad}");
        assert!(html.contains("data-testid=\"app-ready\"") && !html.contains("data-testid=\"tour-bar\""));
    }
    let html = common::render("?view=fp&tour=nope").await;
    assert_eq!(common::attr(&html, "notice", "data-param"), ["tour"]);
}
