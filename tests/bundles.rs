//! The loader in `index.html` and `src/bundles.rs` agree on which bundle holds each view, and
//! each bundle draws exactly its own views.

use bloomlab::bundles::BUNDLES;
use bloomlab::core::link::page::{PageParams, View};
use bloomlab::core::link::query::Query;

fn loader_views() -> Vec<String> {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    let start = html.find("['").expect("the loader lists the measurement views");
    let list = &html[start + 1..start + html[start..].find(']').unwrap()];
    list.split(',').map(|s| s.trim().trim_matches('\'').to_string()).collect()
}

#[test]
fn loader_and_bundles_agree() {
    let (name, views, _) = BUNDLES[1];
    let mut listed: Vec<&str> = views.iter().map(|v| v.name()).collect();
    listed.sort();
    let mut loader = loader_views();
    loader.sort();
    assert_eq!(loader, listed);
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    for (name, _, _) in BUNDLES {
        assert!(html.contains(&format!("data-bin=\"{name}\"")), "{name} is built");
        assert!(html.contains(&format!("'{name}'")), "{name} is loaded");
    }
    assert_eq!(name, "bloomlab-measure");
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
