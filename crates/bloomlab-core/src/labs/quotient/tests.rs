//! The quotient view's link, history and long run.

use super::load::{cluster_stats, target_load, POINTS, PROBES};
use super::params::{MAX_OPS, PARAMS};
use super::*;
use crate::engine::quotient::{Miss, Slot, Step as Did};
use crate::engine::sliced::{finish, Sliced};
use crate::engine::stats::wilson;
use crate::lectures::model::{Carry, Model};
use crate::link::query::{build, Query};
use crate::link::state::LinkState;

pub(super) fn lab(link: &str) -> (QuotientLab, Vec<Notice>) {
    QuotientLab::read(&Query::parse(link))
}

fn named(notices: &[Notice]) -> Vec<String> {
    notices.iter().map(|n| format!("{}: {}", n.param.as_deref().unwrap_or("-"), n.message)).collect()
}

fn hook(lab: &QuotientLab) -> String {
    lab.filter().map(|f| f.slots_hook()).unwrap_or_default()
}

/// The table after the example's history, worked by hand: lime (quotient 2, remainder 4) went
/// before kiwi (2, 14), which moved into slot 3, and grape (3, 0) into slot 4; apricot (4, 3)
/// went after them into slot 5; the delete of lime moved the three back one slot each.
#[test]
fn the_bare_link_replays_the_example() {
    let (l, notices) = lab("?view=quotient");
    assert!(notices.is_empty(), "{:?}", named(&notices));
    assert_eq!((l.q, l.r, l.ops.len(), l.mq, l.seed), (4, 4, 7, 16, 1));
    assert_eq!(hook(&l), "-;-;1 0 0 14;1 0 0 0;1 0 0 3;-;-;-;-;1 0 0 1;-;-;-;-;-;-");
    let lime = &l.walk.done[3];
    assert_eq!((lime.op.item.as_str(), lime.trace.quotient, lime.trace.remainder), ("lime", 2, 4));
    let kinds: Vec<String> = lime.trace.steps.iter().map(short).collect();
    assert_eq!(
        kinds,
        ["canonical 2", "cluster 2", "run 2", "compare 2", "free 4", "shift 3>4", "shift 2>3", "place 2"]
    );
    assert_eq!(
        l.walk.filters[4].slots_hook(),
        "-;-;1 0 0 4;1 1 1 14;0 0 1 0;-;-;-;-;1 0 0 1;-;-;-;-;-;-",
        "after lime: kiwi continues the run in slot 3, grape is shifted into slot 4"
    );
    let apricot: Vec<String> = l.walk.done[4].trace.steps.iter().map(short).collect();
    assert_eq!(apricot[..6], ["canonical 4", "occupied 4", "back 4", "back 3", "cluster 2", "skip 2+2"]);
    let banana = &l.walk.done[5].trace;
    assert_eq!(banana.steps.last(), Some(&Did::NotFound(Miss::RunEnd { slot: 6 })));
    let delete: Vec<String> = l.walk.done[6].trace.steps.iter().map(short).collect();
    assert_eq!(delete[delete.len() - 4..], ["shift 3>2", "shift 4>3", "shift 5>4", "clear 5"]);
    assert_eq!(l.query_pairs(), Vec::<(&str, String)>::new(), "the bare link writes nothing");
    assert_eq!(l.walk.steps.len(), 1 + l.walk.done.iter().map(|d| d.trace.steps.len()).sum::<usize>());
}

/// A step in a few words, for the tests' lists.
fn short(s: &Did) -> String {
    match *s {
        Did::Canonical { slot, .. } => format!("canonical {slot}"),
        Did::CheckOccupied { slot, .. } | Did::SetOccupied { slot, .. } => format!("occupied {slot}"),
        Did::WalkBack { slot } => format!("back {slot}"),
        Did::ClusterStart { slot } => format!("cluster {slot}"),
        Did::SkipRun { start, len, .. } => format!("skip {start}+{len}"),
        Did::RunStart { slot } => format!("run {slot}"),
        Did::Compare { slot, .. } => format!("compare {slot}"),
        Did::Found { slot } => format!("found {slot}"),
        Did::NotFound(_) => "absent".into(),
        Did::FreeSlot { slot } => format!("free {slot}"),
        Did::Shift { from, to, .. } => format!("shift {from}>{to}"),
        Did::Place { slot, .. } => format!("place {slot}"),
        Did::Remove { slot, .. } => format!("remove {slot}"),
        Did::Clear { slot, .. } => format!("clear {slot}"),
    }
}

#[test]
fn a_full_table_refuses_an_insert_and_changes_nothing() {
    let (full, notices) = lab("?q=1&ops=i:a,i:b");
    assert!(notices.is_empty());
    let (l, notices) = lab("?q=1&ops=i:a,i:b,i:c,l:a");
    let said = named(&notices);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("ops: \u{201c}c\u{201d} was not inserted: the table is full (2 of 2 slots"),
        "{said:?}"
    );
    assert_eq!(
        l.ops.iter().map(|o| o.item.as_str()).collect::<Vec<_>>(),
        ["a", "b", "a"],
        "the refused insert is left out"
    );
    assert_eq!(l.walk.filters[2], l.walk.filters[3], "the lookup after it sees the table as it was");
    assert_eq!(full.filter(), l.filter());
    assert!(l.filter().unwrap().is_full());
    let last_place = (0..l.walk.steps.len()).rev().find(|&s| matches!(l.did_at(s), Some(Did::Place { .. }))).unwrap();
    assert!(l.narration(last_place).contains("The table is full"), "{}", l.narration(last_place));
    let mut direct = l.filter().unwrap().clone();
    let before = direct.clone();
    assert!(direct.insert("c").is_err());
    assert_eq!(direct, before);
}

/// cow and guava share fingerprint 37 when q = r = 4.
#[test]
fn deletes_the_filter_calls_absent_are_refused_and_a_shared_fingerprint_shows() {
    let (l, notices) = lab("?ops=i:apple,d:pear");
    assert_eq!(l.ops.len(), 1);
    assert!(named(&notices)[0].starts_with("ops: \u{201c}pear\u{201d} was not deleted"), "{:?}", named(&notices));
    let (l, notices) = lab("?ops=i:cow,d:guava,d:cow&query=cow");
    let said = named(&notices);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("although it was inserted"), "{said:?}");
    assert!(l.walk.done[1].phantom_delete());
    let found = (0..l.walk.steps.len())
        .find(|&s| {
            matches!(l.step_at(s), walk::Step::Op { op: 1, .. }) && matches!(l.did_at(s), Some(Did::Found { .. }))
        })
        .unwrap();
    assert!(l.narration(found).contains("never inserted"), "{}", l.narration(found));
    let look = l.lookup().unwrap();
    assert!(look.false_negative() && look.verdict().name() == "absent" && look.truth().name() == "member");
    assert!(l.narration(l.walk.steps.len() - 1).contains("false negative"));
}

#[test]
fn the_query_s_verdict_names_a_false_positive() {
    let (l, _) = lab("?ops=i:cow&query=guava");
    let look = l.lookup().unwrap();
    assert!(look.false_positive() && look.verdict().name() == "maybe" && look.truth().name() == "non-member");
    let last = l.walk.steps.len() - 1;
    assert!(l.narration(last).contains("A false positive"), "{}", l.narration(last));
    assert!(l.step_title(last).contains("(query)"), "{}", l.step_title(last));
    let (member, _) = l.with_fields(&[("query", "cow")]);
    assert!(!member.lookup().unwrap().false_positive() && member.lookup().unwrap().member);
    assert!(!member.narration(last).contains("false positive"));
    let (absent, _) = l.with_fields(&[("query", "melon")]);
    assert_eq!(absent.lookup().unwrap().verdict().name(), "absent");
    assert_eq!(absent.walk.done.last().unwrap().trace.steps.last(), Some(&Did::NotFound(Miss::NotOccupied)));
}

#[test]
fn bad_links_get_notices_naming_the_parameter_and_a_usable_page() {
    let cases: &[(&str, &str)] = &[
        ("?q=0", "q"),
        ("?q=9", "q"),
        ("?r=0", "r"),
        ("?r=64", "r"),
        ("?q=8&r=60", "r"),
        ("?ops=x:apple", "ops"),
        ("?ops=i:", "ops"),
        ("?ops=i:%zz", "ops"),
        ("?query=%zz", "query"),
        ("?mq=30", "mq"),
        ("?r=50&mq=20", "mq"),
        ("?seed=-1", "seed"),
    ];
    for (link, name) in cases {
        let (l, notices) = lab(link);
        assert!(notices.iter().any(|n| n.param.as_deref() == Some(name)), "{link}: {:?}", named(&notices));
        assert!(!l.walk.steps.is_empty() && !l.narration(l.walk.steps.len() - 1).is_empty(), "{link}");
        assert!(l.q + l.r <= 64 && l.mq + l.r <= 64, "{link}");
    }
    assert_eq!(lab("?q=8&r=60").0.r, 56);
    assert_eq!(lab("?r=50&mq=20").0.mq, 14);
    for p in PARAMS {
        for bad in p.bad_examples() {
            let (_, notices) = lab(&format!("?{}={bad}", p.name()));
            assert!(notices.iter().any(|n| n.param.as_deref() == Some(p.name())), "{}={bad}", p.name());
        }
        let (_, notices) = lab(&format!("?{}={}", p.name(), p.example()));
        assert!(notices.is_empty(), "{}: {:?}", p.name(), named(&notices));
    }
}

#[test]
fn long_histories_are_cut_and_bad_pieces_counted() {
    let ops: Vec<String> = (0..250).map(|i| format!("i:k{i}")).collect();
    let (l, notices) = lab(&format!("?q=8&ops={}", ops.join(",")));
    assert_eq!(l.ops.len(), MAX_OPS);
    assert!(named(&notices).iter().any(|n| n.contains("at most 200 operations")), "{:?}", named(&notices));
    let bad: Vec<String> = (0..10_000).map(|i| format!("z:{i}")).collect();
    let (l, notices) = lab(&format!("?ops={},i:ok", bad.join(",")));
    assert_eq!(l.ops, [Op::new(OpKind::Insert, "ok")]);
    assert_eq!(notices.len(), 4, "three named, the rest counted");
    assert!(notices[3].message.starts_with("9,997 more pieces"), "{}", notices[3].message);
}

#[test]
fn links_round_trip() {
    for link in [
        "?q=5&r=7&ops=i:a%2Cb,i:c,l:a%2Cb,d:c&query=z%26y&mq=12&seed=9",
        "?ops=,",
        "?q=1&ops=i:a,i:b,i:c",
        "?ops=I:peach,D:peach&query=peach",
        "?q=8&r=56&mq=8",
    ] {
        let (l, _) = lab(link);
        let (again, notices) = lab(&build(&l.query_pairs()));
        assert!(notices.is_empty(), "{link}: {:?}", named(&notices));
        assert_eq!(again, l, "{link}");
    }
    let (typed, notices) = lab("?").0.with_fields(&[("ops", " i:cow , i:a,b , d:cow,l:100%")]);
    assert_eq!(named(&notices).len(), 1, "b is not an operation: {:?}", named(&notices));
    let items: Vec<&str> = typed.ops.iter().map(|o| o.item.as_str()).collect();
    assert_eq!(items, ["cow", "a", "cow", "100%"], "a form's text reads as a link's list");
    let (empty, _) = lab("?ops=,");
    assert!(empty.ops.is_empty() && empty.walk.steps.len() == 1);
    assert!(empty.narration(0).contains("The history is empty"));
}

#[test]
fn the_run_restarts_only_when_its_parameters_change() {
    let (l, _) = lab("?");
    let mut run = l.run();
    assert_eq!(l.with_fields(&[("query", "x")]).0.carry_run(&l, &mut run), Carry::Keep);
    assert_eq!(l.with_fields(&[("mq", "10")]).0.carry_run(&l, &mut run), Carry::Restart);
    assert_eq!(l.with_fields(&[("r", "6")]).0.carry_run(&l, &mut run), Carry::Restart);
    let (_, stepper, notices) = QuotientLab::open(&Query::parse("?step=5"));
    assert_eq!((stepper.step(), notices.len()), (5, 0));
}

#[test]
fn the_measured_rate_agrees_with_theory_and_clusters_grow_with_load() {
    let mut run = LoadRun::new(14, 4, 1);
    assert_eq!(run.ops_done(), 0);
    finish(&mut run, 50_000);
    assert!(run.error.is_none());
    assert_eq!(run.points.len(), POINTS);
    assert_eq!(run.ops_done(), run.ops_total());
    for (j, p) in run.points.iter().enumerate() {
        assert!((p.load - target_load(j)).abs() < 1e-3, "point {j}: {}", p.load);
        assert_eq!(p.probes, PROBES);
        // Every point within the 99.9 % interval; the 95 % one at three loads.
        let (lo, hi) = wilson(p.hits, p.probes, 3.29);
        assert!(lo <= p.theory && p.theory <= hi, "load {}: {} against {}", p.load, p.fpr(), p.theory);
    }
    for j in [4, 9, 14] {
        let p = run.points[j];
        let (lo, hi) = p.interval();
        assert!(lo <= p.theory && p.theory <= hi, "load {}: {} against {}", p.load, p.fpr(), p.theory);
    }
    for w in run.points.windows(2) {
        assert!(w[1].avg_cluster > w[0].avg_cluster, "{:?}", w);
        assert!(w[1].avg_cluster >= w[1].avg_run);
    }
    assert!(run.points[18].avg_cluster > 10.0 * run.points[0].avg_cluster);
    let hook = run.hook_points();
    assert_eq!(hook.split(';').count(), POINTS);
    let first: Vec<f64> = hook.split(';').next().unwrap().split(':').map(|x| x.parse().unwrap()).collect();
    assert_eq!(first.len(), 3);
    assert!((first[0] - 0.05).abs() < 1e-3 && (first[2] - run.points[0].fpr()).abs() < 1e-6);
    assert_eq!(run.chart().measured.len(), POINTS);
    assert_eq!(run.cluster_chart().series.len(), 2);
}

#[test]
fn the_run_is_the_same_whatever_the_slices_and_reports_a_table_it_cannot_make() {
    let (mut a, mut b) = (LoadRun::new(8, 3, 5), LoadRun::new(8, 3, 5));
    finish(&mut a, 1_000_000);
    finish(&mut b, 7);
    assert_eq!(a.points, b.points);
    let mut bad = LoadRun::new(3, 62, 1);
    assert_eq!(bad.work(10), 0);
    assert!(bad.is_done() && bad.error.is_some() && bad.ops_done() == bad.ops_total());
}

#[test]
fn cluster_stats_agree_with_the_engine() {
    let (l, _) = lab("?q=3&ops=i:a,i:b,i:c,i:d,i:e,i:f");
    let f = l.filter().unwrap();
    let (cluster, run) = cluster_stats(f);
    assert_eq!(Some(cluster), f.average_cluster_len());
    assert_eq!(run, f.len() as f64 / f.runs().len() as f64);
    let empty = crate::engine::quotient::QuotientFilter::new(3, 3).unwrap();
    assert_eq!(cluster_stats(&empty), (0.0, 0.0));
    assert!(Slot::default().is_empty());
}
