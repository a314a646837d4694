//! The exercise sheet, server-rendered: the key shows the core's answers, its lines item by item
//! with their hooks, and links that open each walkthrough at its step and point at its panel.

mod common;

use bloomlab_core::labs::exercises::{Sheet, Topic};
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;

const LINK: &str = "?view=exercises&topics=bloom,lookup,reservoir,ams,fm,sampling&count=6&seed=3&answers=1";

#[tokio::test]
async fn the_key_shows_the_cores_answers_line_by_line_with_links_to_their_steps() {
    let html = common::render(LINK).await;
    let sheet = Sheet::read(&Query::parse(LINK)).0;
    let answers: Vec<&str> = sheet.exercises.iter().map(|e| e.answer.as_str()).collect();
    assert_eq!(common::attr(&html, "answer", "data-value"), answers);
    let links: Vec<String> = sheet.exercises.iter().map(|e| e.link.replace('&', "&amp;")).collect();
    assert_eq!(common::attr(&html, "answer-link", "href"), links);
    for link in &links {
        assert!(link.contains("&amp;step=") && link.ends_with("&amp;focus=step"), "{link}");
    }
    // Every line of the working, in order, with the values it names as hooks.
    let lines: Vec<_> = sheet.exercises.iter().flat_map(|e| e.lines.iter().map(move |l| (e.topic, l))).collect();
    assert_eq!(common::attr(&html, "answer-line", "data-testid").len(), lines.len());
    let hook = |name: &str, topic: Topic| -> Vec<String> {
        lines
            .iter()
            .filter(|(t, _)| *t == topic)
            .filter_map(|(_, l)| l.data.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()))
            .filter(|v| !v.is_empty())
            .collect()
    };
    let hashes = hook("hashes", Topic::Bloom);
    assert!(!hashes.is_empty());
    assert_eq!(common::attr(&html, "answer-line", "data-hashes"), hashes);
    assert_eq!(common::attr(&html, "answer-line", "data-verdict"), hook("verdict", Topic::Lookup));
    assert_eq!(common::attr(&html, "answer-line", "data-draw"), hook("draw", Topic::Reservoir));
    assert_eq!(common::attr(&html, "answer-line", "data-slot"), hook("slot", Topic::Reservoir));
    // The new topics' data, as docs/views/practice.md's hooks say.
    for name in ["data-lookups", "data-s", "data-draws", "data-picks"] {
        assert_eq!(common::attr(&html, "exercise", name).len(), 1, "{name}");
    }
    assert!(html.contains("n(v² − (v − 1)²)"), "the AMS key names the walkthrough's formula");
}

#[tokio::test]
async fn a_sheet_offers_every_topic_and_a_bare_link_asks_them_all() {
    let html = common::render("?view=exercises&answers=1").await;
    let offered = common::attr(&html, "exercise-topic", "data-topic");
    assert_eq!(offered, Topic::ALL.map(Topic::name));
    let asked = common::attr(&html, "exercise", "data-topic");
    assert_eq!(asked, Topic::DEFAULT.iter().map(|t| t.name()).collect::<Vec<_>>());
}

/// The frequencies chapter's topics: the core's answers, a key line per row (count-min) or per
/// arrival (Misra–Gries), and links to the frequencies walkthrough's step with its stage in focus.
#[tokio::test]
async fn the_count_min_and_heavy_hitter_topics() {
    let link = "?view=exercises&topics=count-min,heavy-hitters&count=2&seed=4&answers=1";
    let html = common::render(link).await;
    let sheet = Sheet::read(&Query::parse(link)).0;
    assert_eq!(common::attr(&html, "exercise", "data-topic"), ["count-min", "heavy-hitters"]);
    let answers: Vec<&str> = sheet.exercises.iter().map(|e| e.answer.as_str()).collect();
    assert_eq!(common::attr(&html, "answer", "data-value"), answers);
    for href in common::attr(&html, "answer-link", "href") {
        assert!(href.starts_with("?view=frequencies&amp;") && href.ends_with("&amp;focus=step"), "{href}");
    }
    assert_eq!(common::attr(&html, "exercise", "data-query").len(), 1);
    let rows = common::attr(&html, "answer-line", "data-row").len();
    let arrivals = common::attr(&html, "answer-line", "data-arrival").len();
    assert_eq!((rows, arrivals), (sheet.exercises[0].lines.len(), sheet.exercises[1].lines.len()));
}
