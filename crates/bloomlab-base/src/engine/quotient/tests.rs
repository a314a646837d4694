use super::proptests::{check, replay, Model};
use super::*;

/// A slot written as the hook writes it (`-` or `occupied continuation shifted remainder`).
fn slot(hook: &str) -> Slot {
    let v: Vec<u64> = hook.split(' ').filter_map(|x| x.parse().ok()).collect();
    match v.as_slice() {
        [o, c, s, rem] => Slot { occupied: *o == 1, continuation: *c == 1, shifted: *s == 1, remainder: *rem },
        _ => Slot::default(),
    }
}

/// Inserts (quotient, remainder) pairs, checking each insert's trace replays.
fn filled(q: u32, r: u32, pairs: &[(usize, u64)]) -> (QuotientFilter, Model) {
    let mut qf = QuotientFilter::new(q, r).unwrap();
    let mut model = Model::new();
    for &(quotient, rem) in pairs {
        let before = qf.slots().to_vec();
        let f = qf.join(quotient, rem);
        let t = qf.insert_fingerprint(f).unwrap();
        replay(&before, &t, &qf).unwrap();
        *model.entry(f).or_insert(0) += 1;
        check(&qf, &model).unwrap();
    }
    (qf, model)
}

#[test]
fn parameters_are_checked() {
    assert_eq!(QuotientFilter::new(0, 4), Err(QuotientError::QuotientBits(0)));
    assert_eq!(QuotientFilter::new(MAX_Q + 1, 4), Err(QuotientError::QuotientBits(MAX_Q + 1)));
    assert_eq!(QuotientFilter::new(3, 0), Err(QuotientError::RemainderBits));
    assert_eq!(QuotientFilter::new(10, 55), Err(QuotientError::TooWide { q: 10, r: 55 }));
    assert_eq!(QuotientFilter::new(3, u32::MAX), Err(QuotientError::TooWide { q: 3, r: u32::MAX }));
    let wide = QuotientFilter::new(4, 60).unwrap();
    let f = u64::MAX - 5;
    assert_eq!(wide.split(f), (15, f & ((1 << 60) - 1)));
    assert_eq!(wide.join(15, f), f);
    assert!(QuotientError::Full.to_string().contains("full"));
}

#[test]
fn items_hash_with_xxh3_and_split() {
    let qf = QuotientFilter::new(8, 8).unwrap();
    let f = xxhash_rust::xxh3::xxh3_64(b"apple") & 0xffff;
    assert_eq!(qf.fingerprint("apple"), f);
    assert_eq!(qf.split(f), ((f >> 8) as usize, f & 0xff));
    let mut qf = qf;
    assert!(qf.insert("apple").unwrap().steps.contains(&Step::Place {
        slot: (f >> 8) as usize,
        before: Slot { occupied: true, ..Slot::default() },
        after: Slot { occupied: true, continuation: false, shifted: false, remainder: f & 0xff },
    }));
    assert!(qf.contains("apple").found);
    assert!(qf.delete("apple").found);
    assert!(!qf.contains("apple").found && qf.is_empty());
}

/// Eight slots, 4-bit remainders: quotients 1, 1, 3, 2, 3 collide into one shifted cluster.
#[test]
fn the_worked_example() {
    let (mut qf, mut model) = filled(3, 4, &[(1, 5), (1, 2), (3, 7), (2, 9)]);
    assert_eq!(qf.slots_hook(), "-;1 0 0 2;1 1 1 5;1 0 1 9;0 0 1 7;-;-;-");
    let before = qf.slots().to_vec();
    let t = qf.insert_fingerprint(qf.join(3, 1)).unwrap();
    let steps = vec![
        Step::Canonical { slot: 3, remainder: 1 },
        Step::WalkBack { slot: 3 },
        Step::WalkBack { slot: 2 },
        Step::ClusterStart { slot: 1 },
        Step::SkipRun { quotient: 1, start: 1, len: 2 },
        Step::SkipRun { quotient: 2, start: 3, len: 1 },
        Step::RunStart { slot: 4 },
        Step::Compare { slot: 4, remainder: 7 },
        Step::FreeSlot { slot: 5 },
        Step::Shift { from: 4, to: 5, before: slot("-"), after: slot("0 1 1 7") },
        Step::Place { slot: 4, before: slot("0 0 1 7"), after: slot("0 0 1 1") },
    ];
    assert_eq!((t.quotient, t.remainder, t.fingerprint, t.found), (3, 1, 0x31, false));
    assert_eq!(t.steps, steps);
    replay(&before, &t, &qf).unwrap();
    *model.entry(0x31).or_insert(0) += 1;
    check(&qf, &model).unwrap();
    assert_eq!(qf.slots_hook(), "-;1 0 0 2;1 1 1 5;1 0 1 9;0 0 1 1;0 1 1 7;-;-");
    assert_eq!(qf.clusters(), vec![Span { start: 1, len: 5 }]);
    let runs: Vec<(usize, usize, usize)> = qf.runs().iter().map(|r| (r.quotient, r.span.start, r.span.len)).collect();
    assert_eq!(runs, vec![(1, 1, 2), (2, 3, 1), (3, 4, 2)]);
    assert_eq!(qf.average_cluster_len(), Some(5.0));
    assert_eq!(qf.load(), 5.0 / 8.0);

    // Deleting quotient 1's first remainder pulls the whole cluster back; it splits in three.
    let before = qf.slots().to_vec();
    let t = qf.delete_fingerprint(qf.join(1, 2));
    assert!(t.found);
    assert_eq!(
        t.steps[1..],
        [
            Step::CheckOccupied { slot: 1, occupied: true },
            Step::ClusterStart { slot: 1 },
            Step::RunStart { slot: 1 },
            Step::Compare { slot: 1, remainder: 2 },
            Step::Found { slot: 1 },
            Step::Remove { slot: 1, remainder: 2 },
            Step::Shift { from: 2, to: 1, before: slot("1 0 0 2"), after: slot("1 0 0 5") },
            Step::Shift { from: 3, to: 2, before: slot("1 1 1 5"), after: slot("1 0 0 9") },
            Step::Shift { from: 4, to: 3, before: slot("1 0 1 9"), after: slot("1 0 0 1") },
            Step::Shift { from: 5, to: 4, before: slot("0 0 1 1"), after: slot("0 1 1 7") },
            Step::Clear { slot: 5, before: slot("0 1 1 7"), after: slot("-") },
        ]
    );
    replay(&before, &t, &qf).unwrap();
    assert_eq!(qf.slots_hook(), "-;1 0 0 5;1 0 0 9;1 0 0 1;0 1 1 7;-;-;-");
    let spans = [Span { start: 1, len: 1 }, Span { start: 2, len: 1 }, Span { start: 3, len: 2 }];
    assert_eq!(qf.clusters(), spans);
    assert_eq!(qf.average_cluster_len(), Some(4.0 / 3.0));
}

#[test]
fn lookups_say_why_they_miss() {
    let (qf, _) = filled(3, 4, &[(1, 5), (1, 2), (3, 7), (2, 9)]);
    let last = |f: u64| qf.contains_fingerprint(f).steps.last().copied();
    assert_eq!(last(qf.join(0, 5)), Some(Step::NotFound(Miss::NotOccupied)));
    assert_eq!(last(qf.join(1, 3)), Some(Step::NotFound(Miss::Greater { slot: 2 })));
    assert_eq!(last(qf.join(1, 6)), Some(Step::NotFound(Miss::RunEnd { slot: 3 })));
    assert_eq!(last(qf.join(3, 7)), Some(Step::Found { slot: 4 }));
    assert!(qf.contains_fingerprint(qf.join(2, 9)).found);
    // Bits above q + r are ignored.
    assert!(qf.contains_fingerprint(qf.join(2, 9) | 1 << 40).found);
}

#[test]
fn clusters_wrap_around_the_end() {
    let (mut qf, mut model) = filled(2, 4, &[(3, 4), (3, 2), (0, 7)]);
    assert_eq!(qf.slots_hook(), "1 1 1 4;0 0 1 7;-;1 0 0 2");
    assert_eq!(qf.clusters(), vec![Span { start: 3, len: 3 }]);
    let t = qf.contains_fingerprint(qf.join(0, 7));
    assert!(t.found);
    assert_eq!(
        t.steps[2..5],
        [Step::WalkBack { slot: 0 }, Step::ClusterStart { slot: 3 }, Step::SkipRun { quotient: 3, start: 3, len: 2 }]
    );
    assert!(qf.contains_fingerprint(qf.join(3, 4)).found);
    assert!(!qf.contains_fingerprint(qf.join(0, 4)).found);
    let t = qf.delete_fingerprint(qf.join(3, 2));
    assert!(t.found);
    *model.get_mut(&qf.join(3, 2)).unwrap() -= 1;
    model.retain(|_, c| *c > 0);
    check(&qf, &model).unwrap();
    assert_eq!(qf.slots_hook(), "1 0 0 7;-;-;1 0 0 4");
}

#[test]
fn a_full_table_refuses_and_changes_nothing() {
    let (mut qf, model) = filled(2, 2, &[(3, 1), (3, 1), (0, 0), (3, 0)]);
    assert!(qf.is_full() && qf.load() == 1.0);
    let hook = qf.slots_hook();
    assert_eq!(hook, "1 1 1 1;0 1 1 1;0 0 1 0;1 0 0 0");
    for f in 0..16 {
        assert_eq!(qf.insert_fingerprint(f), Err(QuotientError::Full));
        assert_eq!(qf.slots_hook(), hook);
    }
    check(&qf, &model).unwrap();
    assert!(qf.contains_fingerprint(qf.join(3, 1)).found && !qf.contains_fingerprint(qf.join(1, 1)).found);
    assert!(qf.delete_fingerprint(qf.join(3, 1)).found);
    assert!(qf.insert_fingerprint(qf.join(1, 1)).is_ok());
}

#[test]
fn deleting_what_is_absent_changes_nothing() {
    let (mut qf, model) = filled(3, 3, &[(6, 1), (6, 3), (7, 2), (7, 2), (0, 5)]);
    let hook = qf.slots_hook();
    for f in [qf.join(6, 2), qf.join(1, 0), qf.join(7, 1), qf.join(0, 6)] {
        let t = qf.delete_fingerprint(f);
        assert!(!t.found && t.steps.iter().all(|s| s.write().is_none()));
        assert_eq!(qf.slots_hook(), hook);
    }
    check(&qf, &model).unwrap();
    // Duplicates: the second insert of (7, 2) said so; two deletes take both copies.
    assert!(qf.insert_fingerprint(qf.join(7, 2)).unwrap().found);
    for _ in 0..3 {
        assert!(qf.delete_fingerprint(qf.join(7, 2)).found);
    }
    assert!(!qf.delete_fingerprint(qf.join(7, 2)).found && !qf.contains_fingerprint(qf.join(7, 2)).found);
}

#[test]
fn the_hook_writes_bits_and_remainders() {
    let mut qf = QuotientFilter::new(2, 8).unwrap();
    assert_eq!(qf.slots_hook(), "-;-;-;-");
    qf.insert_fingerprint(qf.join(1, 200)).unwrap();
    qf.insert_fingerprint(qf.join(1, 0)).unwrap();
    assert_eq!(qf.slots_hook(), "-;1 0 0 0;0 1 1 200;-");
    assert_eq!(Slot::default().hook(), "-");
}

#[test]
fn the_fpr_formula_matches_a_measured_rate() {
    assert_eq!(expected_fpr(0.0, 4), 0.0);
    assert!((expected_fpr(1.0, 1) - (1.0 - (-0.5f64).exp())).abs() < 1e-15);
    assert!(expected_fpr(0.75, 6) < 0.75 / 64.0);
    let mut qf = QuotientFilter::new(12, 6).unwrap();
    for i in 0..3072 {
        qf.insert(&format!("member-{i}")).unwrap();
    }
    assert_eq!(qf.load(), 0.75);
    let probes = 100_000;
    let hits = (0..probes).filter(|i| qf.contains(&format!("absent-{i}")).found).count();
    let (measured, expected) = (hits as f64 / probes as f64, qf.expected_fpr());
    // About 1165 false positives; five binomial standard deviations either side.
    let sd = (expected * (1.0 - expected) / probes as f64).sqrt();
    assert!((measured - expected).abs() < 5.0 * sd, "measured {measured}, expected {expected}");
}
