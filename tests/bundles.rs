//! The loader in `index.html` and `src/bundles.rs` agree on which bundle holds each view, and
//! each bundle draws exactly its own views.

use bloomlab::bundles::BUNDLES;
use bloomlab::core::link::page::{PageParams, View};
use bloomlab::core::link::query::Query;

/// The loader's chapters: `'bundle': ['view', ...]` lines.
fn loader_chapters() -> Vec<(String, Vec<String>)> {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    let start = html.find("const chapters = {").expect("the loader lists its chapters");
    let body = &html[start..start + html[start..].find("};").unwrap()];
    body.lines()
        .filter_map(|line| {
            let (name, list) = line.trim().split_once(": [")?;
            let views = list.trim_end_matches(',').trim_end_matches(']');
            Some((
                name.trim_matches('\'').to_string(),
                views.split(',').map(|s| s.trim().trim_matches('\'').to_string()).collect(),
            ))
        })
        .collect()
}

#[test]
fn loader_and_bundles_agree() {
    let chapters = loader_chapters();
    assert_eq!(chapters.len(), BUNDLES.len() - 1, "every bundle but the first is a chapter: {chapters:?}");
    for (name, views, _) in &BUNDLES[1..] {
        let mut listed: Vec<&str> = views.iter().map(|v| v.name()).collect();
        listed.sort();
        let (_, loader) = chapters.iter().find(|(n, _)| n == name).expect("the loader knows the bundle");
        let mut loader: Vec<&str> = loader.iter().map(|s| s.as_str()).collect();
        loader.sort();
        assert_eq!(loader, listed, "{name}");
    }
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    for (name, _, _) in BUNDLES {
        assert!(html.contains(&format!("data-bin=\"{name}\"")), "{name} is built");
    }
    assert!(html.contains("|| 'bloomlab'"), "views of no chapter load the first bundle");
}

#[test]
fn every_view_is_in_exactly_one_bundle() {
    for v in View::ALL {
        let q = Query::parse(&format!("?view={}", v.name()));
        let page = PageParams::from_query(&q);
        let holders: Vec<&str> =
            BUNDLES.iter().filter(|(_, _, draw)| draw(&page, &q).is_some()).map(|(n, _, _)| *n).collect();
        assert_eq!(holders.len(), 1, "{v:?} in {holders:?}");
        let listed: Vec<&str> = BUNDLES.iter().filter(|(_, views, _)| views.contains(&v)).map(|(n, _, _)| *n).collect();
        assert_eq!(holders, listed, "{v:?}");
    }
}
