//! Tests of the multi-layer view model.

use super::*;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(search: &str) -> MlbfLab {
    MlbfLab::read(&Query::parse(search)).0
}

#[test]
fn presets_show_what_they_say() {
    let p = presets();
    let mix = lab(&format!("?{}", p[0].params));
    assert!(mix.notices().is_empty(), "{:?}", mix.notices());
    let s = mix.shown().unwrap();
    assert!(s.trace.layers.iter().all(|l| l.verdict == Verdict::Maybe));
    assert_eq!(s.trace.xor_verdict, Verdict::Absent);
    assert_eq!(mix.verdict(), Some((Verdict::Absent, Truth::NonMember)));
    let cancel = lab(&format!("?{}", p[1].params));
    assert_eq!(cancel.verdict(), Some((Verdict::Maybe, Truth::NonMember)));
    let crawl = lab(&format!("?{}", p[2].params));
    assert!(crawl.notices().is_empty());
    assert_eq!(crawl.n(), 6);
    for hash in ["xxh3", "double"] {
        let mix = lab(&format!("?{}&hash={hash}", p[0].params));
        assert_eq!(mix.verdict(), Some((Verdict::Absent, Truth::NonMember)), "{hash}");
    }
}

#[test]
fn bad_parameters_give_notices() {
    let l = lab("?m=0&k=99&layers=0&hash=ullman&items=ftp://x.org/a,%zz,,example.com&query=mailto:a@b.c");
    let params: Vec<&str> = l.notices().iter().filter_map(|n| n.param.as_deref()).collect();
    for p in ["m", "k", "layers", "hash", "items", "query"] {
        assert!(params.contains(&p), "{p} in {params:?}");
    }
    assert_eq!((l.m(), l.k(), l.layers(), l.family()), (DEFAULT_M, MAX_K, DEFAULT_LAYERS, HashFamily::Xxh3));
    assert_eq!(l.items(), ["example.com"]);
    let long = format!("?items=example.com/{}", "a".repeat(100_000));
    let l = lab(&long);
    assert!(l.items().is_empty());
    assert_eq!(l.notices().len(), 1);
}

#[test]
fn link_round_trips_and_normalises() {
    let mut l = lab("?m=100&k=4&layers=3&hash=double&items=HTTP://Example.com:80/A//b%2Cc#x,b%C3%BCcher.example/x");
    assert_eq!(l.items(), ["example.com/A/b,c", "xn--bcher-kva.example/x"]);
    l.lookup("https://example.com/A/b,c/").unwrap();
    assert_eq!(l.verdict(), Some((Verdict::Maybe, Truth::Member)));
    let again = lab(&query::build(&l.query_pairs()));
    assert_eq!(again.items(), l.items());
    assert_eq!(again.filter(), l.filter());
    assert_eq!(again.shown().map(|s| &s.trace), l.shown().map(|s| &s.trace));
}

#[test]
fn settings_rebuild_from_the_same_urls() {
    let mut l = MlbfLab::default();
    for u in ["a.com/x/y", "a.com/x/z", "b.org"] {
        l.insert(u).unwrap();
    }
    assert!(l.insert("a.com/x/y/").is_err());
    l.lookup("a.com/x/q").unwrap();
    let before = l.filter().clone();
    l.set_layers(2);
    l.set_k(5);
    l.set_m(1000);
    l.set_family(HashFamily::Double);
    l.set_family(HashFamily::Xxh3);
    l.set_m(64);
    l.set_k(3);
    l.set_layers(4);
    assert_eq!(l.filter(), &before);
    assert!(l.shown().unwrap().is_lookup());
    assert!(!l.who_set(Some(0), l.shown().unwrap().trace.layers[0].steps[0].position).is_empty());
    l.clear();
    assert_eq!(l.n(), 0);
    assert_eq!(l.filter().xor_bits().count_ones(), 0);
}

#[test]
fn the_forms_fields_and_the_comparison_live_in_the_model() {
    let mut l = lab("?items=example.com/a&layers=3");
    l.set_layers_text("20");
    assert_eq!(l.layers(), MAX_LAYERS);
    assert!(l.notices().iter().any(|n| n.param.as_deref() == Some("layers")));
    l.set_layers_text("2");
    assert_eq!(l.layers(), 2);
    assert!(l.notices().is_empty());
    l.set_m_text("100");
    l.set_k_text("99");
    assert_eq!((l.m(), l.k()), (100, MAX_K));
    assert_eq!(l.items(), ["example.com/a"]);
    let pairs = l.query_pairs();
    assert!(!pairs.iter().any(|(k, _)| *k == "compare" || *k == "data"));
    l.ask_compare();
    l.set_own_data(true);
    let again = lab(&query::build(&l.query_pairs()));
    assert!(again.compare_requested());
    assert!(again.notices().iter().any(|n| n.param.as_deref() == Some("data")), "the file is never in the link");
    let mut own = again.clone();
    own.set_own_data(true);
    assert!(own.notices().iter().all(|n| n.param.as_deref() != Some("data")));
    own.set_own_data(false);
    assert!(!own.query_pairs().iter().any(|(k, _)| *k == "data"));
    assert!(own.query_pairs().contains(&("compare", "1".to_string())));
}

#[test]
fn ullman_hashes_get_their_own_notice() {
    let l = lab("?hash=ullman&m=100");
    let about: Vec<&str> =
        l.notices().iter().filter(|n| n.param.as_deref() == Some("hash")).map(|n| n.message.as_str()).collect();
    assert_eq!(about, ["the ullman hashes take whole numbers, not URL segments; using xxh3"]);
    assert_eq!((l.family(), l.m()), (HashFamily::Xxh3, 100));
    let l = lab("?hash=md5");
    assert!(l.notices()[0].message.contains("is not a hash family for URLs (xxh3, double, enhanced or naive)"));
}

#[test]
fn the_comparison_reads_the_shape_the_page_reads() {
    for search in [
        "?",
        "?k=5&layers=2&hash=double&compare=1",
        "?m=0&k=99&layers=0&hash=ullman&compare=yes",
        "?k=x&layers=99&hash=nonsense&compare=1&data=file",
        "?layers=7&k=1&hash=fnv&items=example.com/a",
    ] {
        let (page, ask) = (lab(search), CompareAsk::read(&Query::parse(search)));
        assert_eq!(
            (ask.family, ask.k, ask.layers, ask.run),
            (page.family(), page.k(), page.layers(), page.compare_requested()),
            "{search}"
        );
    }
    let asked = CompareAsk::read(&Query::parse("?k=5&layers=2&compare=1"));
    assert_eq!((asked.k, asked.layers, asked.run), (5, 2, true));
}
