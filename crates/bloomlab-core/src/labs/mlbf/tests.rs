//! Tests of the multi-layer view model.

use super::*;

fn lab(search: &str) -> MlbfLab {
    MlbfLab::from_query(&Query::parse(search))
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
