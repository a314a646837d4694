//! Tests of the multi-layer view model.

use super::*;
use crate::lectures::model::Model;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn lab(search: &str) -> MlbfLab {
    MlbfLab::read(&Query::parse(search)).0
}

fn notices(search: &str) -> Vec<Notice> {
    MlbfLab::read(&Query::parse(search)).1
}

fn params(notices: &[Notice]) -> Vec<&str> {
    notices.iter().filter_map(|n| n.param.as_deref()).collect()
}

/// The model after `edit`, with the notices it says the page shows (`None`: those it showed).
fn edited(lab: &MlbfLab, edit: MlbfEdit) -> (MlbfLab, Option<Vec<Notice>>) {
    lab.edit(edit).unwrap_or_else(|| (lab.clone(), None))
}

#[test]
fn presets_show_what_they_say() {
    let p = presets();
    assert!(notices(&format!("?{}", p[0].params)).is_empty());
    let mix = lab(&format!("?{}", p[0].params));
    let s = mix.shown().unwrap();
    assert!(s.trace.layers.iter().all(|l| l.verdict == Verdict::Maybe));
    assert_eq!(s.trace.xor_verdict, Verdict::Absent);
    assert_eq!(mix.verdict(), Some((Verdict::Absent, Truth::NonMember)));
    let cancel = lab(&format!("?{}", p[1].params));
    assert_eq!(cancel.verdict(), Some((Verdict::Maybe, Truth::NonMember)));
    let crawl = lab(&format!("?{}", p[2].params));
    assert!(notices(&format!("?{}", p[2].params)).is_empty());
    assert_eq!(crawl.n(), 6);
    for hash in ["xxh3", "double"] {
        let mix = lab(&format!("?{}&hash={hash}", p[0].params));
        assert_eq!(mix.verdict(), Some((Verdict::Absent, Truth::NonMember)), "{hash}");
    }
}

#[test]
fn bad_parameters_give_notices() {
    let link = "?m=0&k=99&layers=0&hash=ullman&items=ftp://x.org/a,%zz,,example.com&query=mailto:a@b.c";
    let said = notices(link);
    for p in ["m", "k", "layers", "hash", "items", "query"] {
        assert!(params(&said).contains(&p), "{p} in {:?}", params(&said));
    }
    let l = lab(link);
    assert_eq!((l.m(), l.k(), l.layers(), l.family()), (DEFAULT_M, MAX_K, DEFAULT_LAYERS, HashFamily::Xxh3));
    assert_eq!(l.items(), ["example.com"]);
    let long = format!("?items=example.com/{}", "a".repeat(100_000));
    assert!(lab(&long).items().is_empty());
    assert_eq!(notices(&long).len(), 1);
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
    let l = lab("?items=example.com/a&layers=3");
    let (l, said) = edited(&l, MlbfEdit::Layers("20".into()));
    assert_eq!((l.layers(), params(&said.unwrap())), (MAX_LAYERS, vec!["layers"]));
    let (l, said) = edited(&l, MlbfEdit::Layers("2".into()));
    assert_eq!((l.layers(), said), (2, Some(Vec::new())));
    let (l, _) = edited(&l, MlbfEdit::M("100".into()));
    let (l, said) = edited(&l, MlbfEdit::K("99".into()));
    assert_eq!((l.m(), l.k(), params(&said.unwrap())), (100, MAX_K, vec!["k"]));
    assert_eq!(l.items(), ["example.com/a"]);
    let pairs = l.query_pairs();
    assert!(!pairs.iter().any(|(k, _)| *k == "compare" || *k == "data"));
    let (asked, said) = edited(&l, MlbfEdit::Compare);
    assert!(asked.compare_requested() && said.is_none(), "asking for the comparison leaves the notices");
    assert!(asked.edit(MlbfEdit::Compare).is_none(), "asked twice: nothing changes");
    let (own, said) = edited(&l, MlbfEdit::Compared(true));
    assert_eq!(said, Some(Vec::new()), "people's URLs answer the data=file notice");
    let again = lab(&query::build(&own.query_pairs()));
    assert!(again.compare_requested());
    assert!(params(&notices(&query::build(&own.query_pairs()))).contains(&"data"), "the file is never in the link");
    let (generated, _) = edited(&own, MlbfEdit::Compared(false));
    assert!(!generated.query_pairs().iter().any(|(k, _)| *k == "data"));
    assert!(generated.query_pairs().contains(&("compare", "1".to_string())));
}

#[test]
fn ullman_hashes_get_their_own_notice() {
    let l = lab("?hash=ullman&m=100");
    let said = notices("?hash=ullman&m=100");
    let about: Vec<&str> =
        said.iter().filter(|n| n.param.as_deref() == Some("hash")).map(|n| n.message.as_str()).collect();
    assert_eq!(about, ["the ullman hashes take whole numbers, not URL segments; using xxh3"]);
    assert_eq!((l.family(), l.m()), (HashFamily::Xxh3, 100));
    assert!(notices("?hash=md5")[0]
        .message
        .contains("is not a hash family for URLs (xxh3, double, enhanced or naive)"));
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
