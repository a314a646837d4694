use super::params::{DEFAULT_BITS, PARAMS};
use super::*;
use crate::engine::sliced::finish;
use crate::link::notice::Notice;
use crate::link::params::declare::full_link;
use crate::link::query::{build, Query};
use crate::link::state::LinkState;

fn read(link: &str) -> (WindowLab, Vec<Notice>) {
    WindowLab::read(&Query::parse(link))
}

#[test]
fn the_default_link_is_the_issues_stream() {
    let (lab, notices) = read("?view=window");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((lab.bits_text().as_str(), lab.window, lab.r, lab.t), (DEFAULT_BITS, 16, 2, 25));
    assert!(lab.query_pairs().is_empty());
    let d = lab.dgim();
    assert_eq!(WindowLab::buckets_text(&d), "1@24,1@23,2@21,2@17,4@14");
    assert_eq!((d.estimate(), lab.true_count(25)), (8.0, 9));
    assert_eq!(lab.memory(), Memory { now: 35, most: 70, exact: 16 });
    let b = lab.bounds();
    assert_eq!(b.book, 0.5);
    assert!(b.now < 0.5 && b.now > 0.0);
}

#[test]
fn every_bad_value_gets_its_notice_and_the_full_link_none() {
    let full = full_link("window", PARAMS);
    let (lab, notices) = read(&full);
    assert!(notices.is_empty(), "{full}: {notices:?}");
    assert_eq!((lab.generated, lab.len(), lab.t, lab.window, lab.r), (false, 10, 7, 10, 3));
    for p in PARAMS {
        for bad in p.bad_examples() {
            let link = format!("?view=window&{}={bad}", p.name());
            let (_, notices) = read(&link);
            assert!(notices.iter().any(|n| n.param.as_deref() == Some(p.name())), "{link}: {notices:?}");
        }
    }
}

#[test]
fn bad_input_and_limits() {
    let (lab, n) = read("?bits=1a0b1");
    assert_eq!((lab.bits_text().as_str(), n.len()), ("101", 1));
    assert!(n[0].message.contains("\u{201c}a\u{201d}, \u{201c}b\u{201d}"), "{}", n[0].message);
    let (lab, n) = read("?bits=xyz");
    assert_eq!((lab.bits_text().as_str(), n.len()), (DEFAULT_BITS, 2));
    let (lab, n) = read("?bits=%zz");
    assert_eq!((lab.bits_text().as_str(), n.len()), (DEFAULT_BITS, 1));
    let (lab, n) = read(&format!("?bits={}", "10".repeat(6_000)));
    assert_eq!((lab.len(), n.len()), (10_000, 1));
    let (lab, n) = read("?r=1");
    assert_eq!((lab.r, n.len()), (2, 1));
    assert!(n[0].message.contains("no error bound"));
    let (lab, n) = read("?r=0&N=0&t=99");
    assert_eq!((lab.r, lab.window, lab.t, n.len()), (2, 16, 25, 3));
    let (lab, n) = read("?n=8");
    assert_eq!((lab.window, n.len()), (8, 1));
    assert_eq!(n[0].param.as_deref(), Some("n"));
    assert_eq!(read("?N=8&n=3").0.window, 8, "N wins over n, without a notice");
    assert!(read("?N=8&n=3").1.is_empty());
}

#[test]
fn generated_streams_and_round_trips() {
    let (lab, n) = read("?p=0.2&length=3000&seed=7&N=100&r=3&t=1500");
    assert!(n.is_empty(), "{n:?}");
    assert!(lab.generated);
    assert_eq!((lab.len(), lab.t), (3000, 1500));
    for link in [
        "?p=0.2&length=3000&seed=7&N=100&r=3&t=1500",
        "?length=1000",
        "?bits=0110&t=2",
        "?p=0.7",
        "?bits=0110&p=0.7&length=50",
        "?seed=5",
    ] {
        let lab = read(link).0;
        let again = read(&build(&lab.query_pairs())).0;
        assert_eq!(again, lab, "{link}");
    }
    assert!(!read("?seed=5").0.generated, "a seed alone keeps the example stream");
}

#[test]
fn stepping_shows_each_arrival() {
    let (lab, _) = read("?bits=111&N=3");
    assert!(lab.arrival_at(0).is_none() && lab.arrival_at(4).is_none());
    let (a, d) = lab.arrival_at(3).expect("the third arrival");
    assert_eq!((a.t, a.merges.len()), (3, 1));
    assert_eq!(WindowLab::buckets_text(&d), "1@3,2@2");
    assert_eq!(d, lab.dgim());
    assert_eq!(lab.true_count(2), 2);
}

#[test]
fn errors_measured_at_every_t() {
    let (lab, _) = read("?p=0.5&length=5000&N=64&seed=3");
    let mut run = lab.error_run();
    finish(&mut run, 333);
    let e = run.errors();
    assert_eq!(e.measured, (1..=5000).filter(|&t| lab.true_count(t) > 0).count() as u64);
    assert!(e.max_relative > 0.0 && e.max_relative <= 0.5, "{e:?}");
    assert!(e.mean_relative < e.max_relative);
    assert!(e.max_past_size_one > 0.0 && e.max_past_size_one < lab.bounds().past_size_one, "{e:?}");
    assert!(e.most_memory_bits <= lab.memory().most);
    let worst = lab.dgim_at(e.worst_t);
    let off = (worst.estimate() - lab.true_count(e.worst_t) as f64).abs() / lab.true_count(e.worst_t) as f64;
    assert_eq!(off, e.max_relative);
    let (sparse, _) = read("?p=0.01&length=5000&N=20&seed=3");
    let mut run = sparse.error_run();
    finish(&mut run, u64::MAX);
    assert_eq!(run.errors().max_relative, 0.5, "a window holding a single 1 is estimated ½");
}
