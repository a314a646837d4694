use super::feed::Feed;
use super::params::{MAX_CELLS, PARAMS};
use super::*;
use crate::engine::counting::{CountingFilter, Mode};
use crate::engine::hashing::HashFamily;
use crate::engine::sliced::Sliced;
use crate::link::params::declare::full_link;
use crate::link::query::Query;
use crate::link::state::LinkState;

fn read(link: &str) -> (FrequenciesLab, Vec<Notice>) {
    FrequenciesLab::read(&Query::parse(link))
}

#[test]
fn the_default_link_is_the_lecture_stream() {
    let (lab, notices) = read("?view=frequencies");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((lab.stream().len(), lab.stream().distinct()), (20, 9));
    assert_eq!((lab.w, lab.d, lab.k, lab.update), (8, 3, 3, Update::Standard));
    assert_eq!(lab.queries.len(), 9);
    assert!(lab.query_pairs().is_empty(), "defaults are left out");
    let fed = lab.fed_at_once();
    let looked = lab.lookups(fed.summaries());
    assert_eq!((looked[0].item.as_str(), looked[0].truth), ("apple", 8));
    for l in &looked {
        assert!(l.truth <= l.cu && l.cu <= l.cm, "{l:?}");
        assert!(l.truth <= l.cbf, "{l:?}");
    }
    let bound = lab.bound(20);
    assert!((bound - std::f64::consts::E * 20.0 / 8.0).abs() < 1e-12);
    assert_eq!(lab.sizing().d, 3);
}

#[test]
fn every_bad_value_gets_its_notice_and_the_full_link_none() {
    let full = full_link("frequencies", PARAMS);
    let (lab, notices) = read(&full);
    assert!(notices.is_empty(), "{full}: {notices:?}");
    assert_eq!(lab.source, Source::Zipf);
    for p in PARAMS {
        for bad in p.bad_examples() {
            let link = format!("?view=frequencies&{}={bad}", p.name());
            // `step` is the walkthrough's, read with the stepper.
            let (_, _, notices) =
                <FrequenciesLab as crate::lectures::stepper::Stepped>::read_stepped(&Query::parse(&link));
            assert!(notices.iter().any(|n| n.param.as_deref() == Some(p.name())), "{link}: {notices:?}");
        }
    }
}

#[test]
fn links_round_trip() {
    for link in [
        "?items=a,b%2Cc,a&query=a,zz&w=5&d=2&update=conservative&k=2",
        "?stream=zipf&s=0.5&length=300&seed=4&w=50",
        "?stream=zipf&query=x,y&d=1",
    ] {
        let (lab, notices) = read(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let again = read(&crate::link::query::build(&lab.query_pairs())).0;
        assert_eq!(again, lab, "{link}");
    }
    let (lab, _) = read("?items=a,b%2Cc,a&query=a,zz");
    assert_eq!(lab.typed, ["a", "b,c", "a"]);
    assert_eq!(lab.queries, ["a", "zz"]);
    let (edited, n) = lab.with_fields(&[("items", " x y , z "), ("query", "")]);
    assert!(n.is_empty());
    assert_eq!(
        (edited.typed.clone(), edited.queries.clone()),
        (vec!["x y".to_string(), "z".into()], vec!["x y".into(), "z".into()])
    );
}

#[test]
fn limits_and_bad_input() {
    let (lab, notices) = read("?w=65536&d=16");
    assert_eq!((lab.w, lab.d), (MAX_CELLS / 16, 16));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].param.as_deref(), Some("w"));
    let (lab, notices) = read("?w=0&d=0");
    assert_eq!((lab.w, lab.d, notices.len()), (8, 3, 2));
    let (lab, notices) = read("?items=,,");
    assert_eq!((lab.typed.len(), notices.len()), (20, 1));
    let long = vec!["x"; 5_001].join(",");
    let (lab, notices) = read(&format!("?items={long}"));
    assert_eq!((lab.stream().len(), notices.len()), (5_000, 1));
    let many = (0..120).map(|i| format!("q{i}")).collect::<Vec<_>>().join(",");
    assert_eq!(read(&format!("?query={many}")).0.queries.len(), 100);
}

#[test]
fn the_counting_filter_is_the_counting_views() {
    let (lab, _) = read("?stream=zipf&length=2000&s=1.1&w=16&d=3");
    let fed = lab.fed_at_once();
    let s = fed.summaries();
    let mut cbf = CountingFilter::new(HashFamily::Xxh3, 48, 3, 32, Mode::Min);
    for &id in lab.stream().ids() {
        cbf.insert(lab.stream().name(id)).expect("xxh3 hashes any item");
    }
    for name in lab.stream().names().iter().take(300) {
        assert_eq!(s.cbf_estimate(name.as_bytes()), cbf.estimate(name).expect("an estimate").value as u64, "{name}");
    }
}

#[test]
fn stepping_and_slicing_feed_the_same() {
    let (lab, _) = read("?stream=zipf&length=500&k=4&w=10&d=4");
    let whole = lab.fed_at_once();
    let mut stepped = lab.feed();
    let mut n = 0;
    while let Some(a) = stepped.step() {
        assert_eq!((a.index, a.cm.len(), a.cs.len()), (n, 4, 4));
        assert!(a.cm.iter().all(|c| c.after == c.before + 1));
        n += 1;
    }
    assert_eq!(stepped.summaries(), whole.summaries());
    let mut sliced: Feed = lab.feed();
    while !sliced.is_done() {
        sliced.work(7);
    }
    assert_eq!((sliced.summaries(), sliced.ops_done()), (whole.summaries(), 500));
    let mut half = lab.feed();
    half.feed_to(200);
    assert_eq!(half.summaries().cm.total(), 200);
}

#[test]
fn heavy_hitters_on_the_lecture_stream() {
    let (lab, _) = read("?view=frequencies");
    let fed = lab.fed_at_once();
    let h = lab.hitters(fed.summaries());
    let apple = lab.stream().id("apple").expect("apple");
    assert_eq!(h.truth, vec![apple]);
    assert!((h.threshold - 20.0 / 3.0).abs() < 1e-12);
    assert!(h.mg.missed.is_empty() && h.ss.missed.is_empty());
    assert_eq!(h.mg.found.first(), Some(&apple));
    assert_eq!(h.ss.found.first(), Some(&apple));
    assert!(h.ss_certain.iter().all(|i| h.truth.contains(i)));
}

#[test]
fn hooks_as_text() {
    let (lab, _) = read("?items=a%2Cb,c,a%2Cb&w=3&d=2&k=2");
    let fed = lab.fed_at_once();
    let s = fed.summaries();
    let grid = hooks::grid(s.cm.cells(), s.cm.w()).expect("a small grid");
    assert_eq!(grid.split('/').count(), 2);
    assert!(grid.split('/').all(|row| row.split(',').map(|v| v.parse::<u64>().unwrap()).sum::<u64>() == 3));
    assert_eq!(hooks::mg_counters(&s.mg, lab.stream()), "a%2Cb:2,c:1");
    assert_eq!(hooks::ss_counters(&s.ss, lab.stream()), "a%2Cb:2:0,c:1:0");
    assert_eq!(hooks::grid(&vec![0u64; 70_000], 100), None);
}

#[test]
fn errors_against_the_bound() {
    let (lab, _) = read("?stream=zipf&length=20000&s=1&w=272&d=5");
    let fed = lab.fed_at_once();
    let e = lab.errors(fed.summaries());
    let get = |k: Sketch| e.iter().find(|x| x.sketch == k).copied().expect("measured");
    let (cm, cu, cs, cbf) =
        (get(Sketch::CountMin), get(Sketch::Conservative), get(Sketch::CountSketch), get(Sketch::Counting));
    assert_eq!((cm.most_under, cu.most_under, cbf.most_under), (0.0, 0.0, 0.0));
    assert!(cu.mean <= cm.mean && cu.most_over <= cm.most_over);
    assert!(cs.most_under > 0.0, "the count sketch errs low too");
    assert!(cm.items as usize == lab.stream().distinct() && cm.beyond_bound <= lab.sizing().delta);
}

#[test]
fn a_file_is_counted_and_its_likeliest_items_looked_up() {
    let (lab, _) = read("?view=frequencies");
    let names: Vec<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
    let on = lab.on_file(&names, &[0, 1, 0, 2, 0, 1]).expect("a stream");
    assert_eq!((on.source, on.stream().len(), on.stream().count_of("x")), (Source::File, 6, 3));
    assert_eq!(on.queries, ["x", "y", "z"]);
    let looked = on.lookups(on.fed_at_once().summaries());
    assert!(looked.iter().all(|l| l.cm >= l.truth), "{looked:?}");
    assert!(lab.on_file(&names, &[]).is_err(), "no items: a notice");
    assert!(on.query_pairs().iter().all(|(n, _)| *n != "stream" && *n != "items"), "the file is not in the link");
}

#[test]
fn the_run_at_scale_reads_the_shape_the_page_reads() {
    for link in [
        "?view=frequencies",
        "?stream=zipf&s=1.3&length=200000&seed=7&w=300&d=4&k=12",
        "?s=-1&length=1e308&seed=x&w=99999999&d=0&k=0",
        "?w=100000&d=20&length=5",
    ] {
        let (lab, _) = read(link);
        assert_eq!(ScaleShape::read(&Query::parse(link)), lab.scale_shape(), "{link}");
    }
    assert_eq!(ScaleShape::read(&Query::parse("?s=1.3&k=12")).k, 12);
}
