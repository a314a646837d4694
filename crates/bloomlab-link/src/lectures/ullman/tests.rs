//! Tests of Ullman's lecture steps.

use super::*;
use crate::link::query;

#[test]
fn binary_split_matches_the_slide_table() {
    let cases = [
        (25, "11001", "101", 5, "10", 2),
        (159, "10011111", "0111", 7, "1011", 11),
        (585, "1001001001", "01001", 9, "10010", 18),
        (118, "1110110", "1110", 14, "101", 5),
    ];
    for (x, bin, odd, ov, even, ev) in cases {
        let s = BinarySplit::of(x);
        assert_eq!(s.binary(), bin);
        assert_eq!((s.odd_digits.as_str(), s.odd_value), (odd, ov), "{x}");
        assert_eq!((s.even_digits.as_str(), s.even_value), (even, ev), "{x}");
        assert_eq!(s.digits.last().unwrap().1, 1);
    }
}

#[test]
fn default_lecture_steps() {
    let (l, notices) = UllmanLecture::read(&Query::parse(""));
    assert!(notices.is_empty());
    let filters: Vec<String> = l.steps.iter().map(|s| s.bits.to_bit_string()).collect();
    assert_eq!(filters[0], "00000000000");
    assert_eq!(filters[1], "00100100000");
    assert_eq!(filters[2], "10100101000");
    assert_eq!(filters[3], "10100101010");
    match &l.steps[3].kind {
        StepKind::Insert { already_set, trace, .. } => {
            assert_eq!(already_set, &vec![7]);
            assert_eq!(trace.positions_csv(), "9,7");
        }
        k => panic!("{k:?}"),
    }
    match &l.steps[4].kind {
        StepKind::Lookup { trace, verdict, truth, .. } => {
            assert_eq!(trace.positions_csv(), "3,5");
            assert_eq!((*verdict, *truth), (Verdict::Absent, Truth::NonMember));
        }
        k => panic!("{k:?}"),
    }
    assert!(l.steps[4].narration.contains("bit 3 is 0"));
    match &l.steps[5].kind {
        StepKind::Density { ones, this_filter, approx, finite, exact } => {
            assert_eq!(*ones, 5);
            assert!((this_filter - 0.2066).abs() < 1e-4);
            assert!((approx - 0.176754).abs() < 1e-6);
            assert!((finite - 0.189683).abs() < 1e-6);
            assert!((exact - 3801581.0 / 19487171.0).abs() < 1e-12);
        }
        k => panic!("{k:?}"),
    }
    match &l.steps[7].kind {
        StepKind::SlideDarts { zeros, ones, fp, ones_rounded, fp_rounded } => {
            assert!((zeros - 0.606531).abs() < 1e-6);
            assert!((ones - 0.393469).abs() < 1e-6);
            assert!((fp - 0.0094309).abs() < 1e-7);
            assert_eq!(*ones_rounded, 0.393);
            assert!((fp_rounded - 0.009375).abs() < 1e-6);
        }
        k => panic!("{k:?}"),
    }
    match &l.steps[8].kind {
        StepKind::BookDarts { rows } => {
            assert!((rows[0].1 - 0.117503).abs() < 1e-6);
            assert!((rows[1].1 - 0.048929).abs() < 1e-6);
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(l.last_step(), 8);
    assert!(l.query_pairs().is_empty());
}

#[test]
fn custom_streams_and_bad_input() {
    let (l, notices) = UllmanLecture::read(&Query::parse("?stream=1,2,x,-3,99999999999999999999999,3&lookups=2,7&m=5"));
    assert_eq!(l.stream, vec![1, 2, 3]);
    assert_eq!(l.m, 5);
    assert_eq!(notices.iter().filter(|n| n.param.as_deref() == Some("stream")).count(), 3);
    // 3 inserts and 2 lookups between the start and the four reasoning steps.
    assert_eq!(l.steps.len(), 1 + 3 + 2 + 4);
    match &l.steps[4].kind {
        StepKind::Lookup { truth, verdict, .. } => assert_eq!((*truth, *verdict), (Truth::Member, Verdict::Maybe)),
        k => panic!("{k:?}"),
    }
    let again = UllmanLecture::read(&Query::parse(&query::build(&l.query_pairs()))).0;
    assert_eq!(again.steps, l.steps);
    let (l, notices) = UllmanLecture::read(&Query::parse("?m=0&lookups=%zz"));
    assert_eq!(l.m, DEFAULT_M);
    assert!(notices.iter().any(|n| n.param.as_deref() == Some("lookups")));
    let empty = UllmanLecture::read(&Query::parse("?stream=,&lookups=,")).0;
    assert!(empty.stream.is_empty() && empty.lookups.is_empty());
    assert_eq!(UllmanLecture::read(&Query::parse(&query::build(&empty.query_pairs()))).0.steps, empty.steps);
}

#[test]
fn lists_take_spaces_and_commas_alike_in_links_and_forms() {
    let (want, notices) = UllmanLecture::read(&Query::parse("?stream=1,2,3&lookups=4,5&m=13"));
    assert!(notices.is_empty());
    for link in ["?stream=1+2+3&lookups=4%205&m=13", "?stream=1,+2,,3&lookups=4%2C5&m=13"] {
        assert_eq!(UllmanLecture::read(&Query::parse(link)).0, want, "{link}");
    }
    let base = UllmanLecture::read(&Query::parse("")).0;
    for (stream, lookups) in [("1 2 3", "4 5"), ("1, 2,3", " 4,5 ")] {
        let (l, notices) = base.with_fields(&[("stream", stream), ("lookups", lookups), ("m", " 13 ")]);
        assert_eq!((l, notices.len()), (want.clone(), 0));
    }
    // Emptied lists are empty (no notice), an emptied m is the default, bad pieces are reported.
    let (l, notices) = base.with_fields(&[("stream", " "), ("lookups", "7 x"), ("m", "")]);
    assert_eq!((l.stream.len(), l.lookups.clone(), l.m), (0, vec![7], DEFAULT_M));
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["lookups"]);
    assert_eq!(l, UllmanLecture::read(&Query::parse("?stream=,&lookups=7+x")).0);
    // A broken escape spoils its own piece only.
    let (l, notices) = UllmanLecture::read(&Query::parse("?lookups=3,%zz,9"));
    assert_eq!(l.lookups, [3, 9]);
    assert_eq!(notices.len(), 1);
}

#[test]
fn the_plan_is_the_steps_in_order() {
    let mut rng = fastrand::Rng::with_seed(7);
    for case in 0..60 {
        let stream: Vec<u64> =
            (0..rng.usize(0..8)).map(|_| if case % 3 == 0 { rng.u64(..) } else { rng.u64(0..999) }).collect();
        let lookups: Vec<u64> = (0..rng.usize(0..5)).map(|_| rng.u64(0..999)).collect();
        let l = UllmanLecture::new([11, 1, 4096][case % 3], stream.clone(), lookups.clone());
        let p = plan(stream.len(), lookups.len());
        assert_eq!(p.len(), l.steps.len());
        for (planned, step) in p.iter().zip(&l.steps) {
            let ok = match (planned, &step.kind) {
                (Planned::Start, StepKind::Start) => true,
                (Planned::Insert(i), StepKind::Insert { split, .. }) => split.x == stream[*i],
                (Planned::Lookup(i), StepKind::Lookup { split, .. }) => split.x == lookups[*i],
                (Planned::Density, StepKind::Density { .. }) | (Planned::Darts, StepKind::Darts { .. }) => true,
                (Planned::SlideDarts, StepKind::SlideDarts { .. })
                | (Planned::BookDarts, StepKind::BookDarts { .. }) => true,
                _ => false,
            };
            assert!(ok, "{planned:?} against {:?}", step.title);
        }
    }
}

#[test]
fn an_element_whose_two_hashes_agree_sets_one_bit_and_the_step_says_so() {
    // Search the whole numbers for one whose odd- and even-numbered digits agree mod 11.
    let x = (1u64..10_000)
        .find(|&x| {
            let s = BinarySplit::of(x);
            s.odd_value % 11 == s.even_value % 11
        })
        .expect("such a number");
    let bit = BinarySplit::of(x).odd_value % 11;
    let l = UllmanLecture::read(&query::Query::parse(&format!("?stream={x}"))).0;
    let narration = &l.steps[1].narration;
    assert!(narration.contains(&format!("Set bit {bit} (both hashes chose it).")), "{x}: {narration}");
    assert!(!narration.contains(&format!("bits {bit} and {bit}")), "{narration}");
    // Two different bits read as before.
    let l = UllmanLecture::read(&query::Query::parse("?stream=25")).0;
    assert!(l.steps[1].narration.contains("Set bits 5 and 2."), "{}", l.steps[1].narration);
}

#[test]
fn the_forms_m_is_read_by_the_declared_m() {
    let base = UllmanLecture::read(&Query::parse("")).0;
    let (l, notices) = base.with_fields(&[(M.name, "5000")]);
    assert_eq!(l.m, MAX_M);
    let mut from_link = Vec::new();
    assert_eq!(M.read(&Query::parse("?m=5000"), &mut from_link), MAX_M);
    assert_eq!(notices, from_link);
    assert_eq!(l.query_pairs(), [("m", MAX_M.to_string())]);
}
