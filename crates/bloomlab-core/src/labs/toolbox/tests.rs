use std::rc::Rc;

use proptest::prelude::*;

use super::run::{ToolboxRun, VariantRun, WrongN, WRONG_MEASURED};
use super::sets::{estimate_n, filter_of, SetPair};
use super::variants::{blocked, Cuckoo, CuckooDemo, Structure, Variant};
use super::*;
use crate::engine::formulas::finite;
use crate::engine::sliced::{finish, Sliced};
use crate::lectures::model::{Carry, Model};

#[test]
fn estimates_by_hand() {
    // m = 100, k = 2, 20 bits set: −(100/2)·ln(0.8).
    assert!((estimate_n(100, 2, 20).unwrap() - 50.0 * -(0.8f64.ln())).abs() < 1e-12);
    assert_eq!(estimate_n(100, 2, 0), Some(0.0));
    assert_eq!(estimate_n(100, 2, 100), None);
}

#[test]
fn the_default_pair() {
    let lab = ToolboxLab::read(&Query::parse("")).0;
    let p = lab.pair();
    assert_eq!(p.truth, [4, 4, 6, 2]);
    assert!(p.union_exact);
    assert!(p.fresh.count_ones() <= p.intersection.count_ones());
    let e = p.estimates();
    assert!((e[0].unwrap() - 4.0).abs() < 1.0, "{:?}", e);
    // Inclusion–exclusion from the three estimates.
    assert!((e[3].unwrap() - (e[0].unwrap() + e[1].unwrap() - e[2].unwrap())).abs() < 1e-12);
}

#[test]
fn the_and_filter_errs_more_than_a_fresh_one() {
    let lab = ToolboxLab::read(&Query::parse("?m=4096&k=4&bulk-a=600&bulk-b=600&a=,&b=,")).0;
    let p = lab.pair();
    assert_eq!(p.truth[3], 300);
    assert!(p.extra_bits > 0);
    assert!(p.and_rate.value() > p.fresh_rate.value(), "{} vs {}", p.and_rate.value(), p.fresh_rate.value());
    let (lo, hi) = p.fresh_rate.interval();
    let f = finite(4096, 300, 4);
    assert!(lo <= f && f <= hi, "fresh filter {:?} against {f}", p.fresh_rate);
}

#[test]
fn every_variant_against_its_formula() {
    let mut run = VariantRun::new(&Variant::ALL, 5_000, 0.01, 8, 1);
    while !run.is_done() {
        run.work(3_001);
    }
    for r in &run.results {
        let theory = r.structure.theory(r.inserted).unwrap();
        let (lo, hi) = r.rate.interval();
        // Within the interval, or within a few interval widths for the approximations.
        let slack = 2.0 * (hi - lo);
        assert!(
            theory >= lo - slack && theory <= hi + slack,
            "{:?}: measured {} [{lo}, {hi}], theory {theory}",
            r.variant,
            r.rate.value()
        );
        assert_eq!(r.failed, 0, "{:?}", r.variant);
    }
    // With 12-bit fingerprints the same memory holds 3,992 fingerprints: inserts fail.
    let mut run = VariantRun::new(&[Variant::Cuckoo], 5_000, 0.01, 12, 1);
    while !run.is_done() {
        run.work(u64::MAX);
    }
    assert!(run.results[0].failed > 900);
    assert!((blocked(1 << 20, 0, 5)).abs() < 1e-15);
}

#[test]
fn the_cuckoo_filter_fills_to_about_95_percent() {
    let mut c = Cuckoo::new(1 << 16, 16);
    let mut i = 0u64;
    while c.first_failure_load.is_none() {
        c.insert(&i.to_le_bytes());
        i += 1;
    }
    let load = c.first_failure_load.unwrap();
    assert!(load > 0.9 && load < 1.0, "{load}");
}

#[test]
fn wrong_n() {
    let mut w = WrongN::new(2_000, 0.01, 3);
    assert!((w.rate_at(0.0) - finite(w.m, 2_000, w.k)).abs() < 1e-15);
    assert!(w.cost_of(0.01) > 0.0 && w.cost_of(1.0) > 1.0);
    while !w.is_done() {
        w.work_one();
    }
    assert_eq!(w.measured.len(), WRONG_MEASURED.len());
    for (e, r) in &w.measured {
        let (lo, hi) = r.interval();
        let t = w.rate_at(*e);
        assert!(t >= lo - (hi - lo) && t <= hi + (hi - lo), "{e}: {} vs {t}", r.value());
    }
}

#[test]
fn links_and_notices() {
    let params = |s: &str| ToolboxLab::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(
        params("?m=1&k=99&hash=md5&bulk-a=x&bulk-b=-1&n=0&p=2&f=99&variants=bloom,cuckoo&seed=z&a=%zz"),
        ["hash", "m", "k", "a", "bulk-a", "bulk-b", "n", "p", "f", "variants", "seed"]
    );
    let (lab, notices) = ToolboxLab::read(&Query::parse(
        "?m=512&k=2&hash=double&a=x%2Cy,z&b=,&bulk-a=10&bulk-b=20&n=300&p=0.05&f=12&variants=cuckoo,classic&seed=9",
    ));
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(ToolboxLab::read(&Query::parse(&crate::link::query::build(&lab.query_pairs()))).0, lab);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn no_variant_forgets_an_item(items in proptest::collection::hash_set("[a-z]{1,8}", 1..300), m in 2_000u64..20_000) {
        for v in Variant::ALL {
            let mut s = Structure::new(v, m, items.len() as u64, 0.01, 12);
            let stored: Vec<&String> = items.iter().filter(|i| s.insert(i.as_bytes())).collect();
            for i in stored {
                prop_assert!(s.contains(i.as_bytes()), "{:?} forgot {}", v, i);
            }
        }
    }

    #[test]
    fn the_union_is_the_filter_of_the_union(a in proptest::collection::vec("[a-z]{1,6}", 0..60), b in proptest::collection::vec("[a-z]{1,6}", 0..60)) {
        let p = SetPair::new(HashFamily::Xxh3, 512, 3, &a, &b, 1);
        let mut all = a.clone();
        all.extend(b.iter().cloned());
        let whole = filter_of(HashFamily::Xxh3, 512, 3, &all);
        prop_assert_eq!(&p.union, whole.bits());
    }

    #[test]
    fn cuckoo_deletes_never_remove_another_items_fingerprint(items in proptest::collection::hash_set(any::<u32>(), 1..400), cut in 0usize..400) {
        let mut c = Cuckoo::new(1 << 12, 8);
        let items: Vec<u32> = items.into_iter().collect();
        let stored: Vec<u32> = items.iter().copied().filter(|i| c.insert(&i.to_le_bytes())).collect();
        let (gone, kept) = stored.split_at(cut.min(stored.len()));
        for i in gone {
            prop_assert!(c.delete(&i.to_le_bytes()));
        }
        for i in kept {
            prop_assert!(c.contains(&i.to_le_bytes()), "{} lost after deleting others", i);
        }
    }
}

#[test]
fn the_small_cuckoo_filter_fills_and_kicks() {
    let mut d = CuckooDemo::new();
    assert_eq!(d.filter.buckets.len(), 8);
    let mut kicked = false;
    while d.filter.failed == 0 && d.words.len() < 40 {
        d.insert_next(1);
        kicked |= !d.filter.last_kicks.is_empty();
    }
    assert!(kicked, "some insert had to kick");
    assert!(d.words.len() >= 28, "32 slots fill to most of their load first: {}", d.words.len());
    let stored: Vec<&String> = d.words.iter().take(d.words.len() - 1).collect();
    for w in stored {
        assert!(d.filter.contains(w.as_bytes()), "{w}");
    }
}

#[test]
fn edits_in_plain_values() {
    use crate::link::state::LinkState;
    let base = ToolboxLab::read(&Query::parse("?bulk-a=50&seed=3")).0;
    // Fields the pair does not use leave it as it is; the others change it.
    for (field, value) in [("n", "5000"), ("p", "0.05"), ("f", "12")] {
        let (lab, notices) = base.with_fields(&[(field, value)]);
        assert!(notices.is_empty() && lab != base && lab.same_pair(&base), "{field}");
    }
    for (field, value) in [("m", "512"), ("k", "4"), ("seed", "4"), ("hash", "double")] {
        assert!(!base.with_fields(&[(field, value)]).0.same_pair(&base), "{field}");
    }
    // An item may hold commas and spaces; it is one item, as in the link.
    let (lab, notices) = base.with_item(Side::A, "  big, cat ");
    assert!(notices.is_empty());
    assert_eq!(lab.a.last().map(String::as_str), Some("big, cat"));
    assert_eq!(lab, ToolboxLab::read(&Query::parse("?bulk-a=50&seed=3&a=cat,dog,owl,fox,big%2C%20cat")).0);
    assert!(!lab.same_pair(&base));
    // Generated words: clamped by the core, with a notice.
    let (lab, notices) = base.with_more_words(Side::B, 100);
    assert_eq!((lab.bulk_b, notices.len()), (100, 0));
    let full = ToolboxLab::read(&Query::parse("?bulk-a=99950")).0;
    let (lab, notices) = full.with_more_words(Side::A, 100);
    assert_eq!(lab.bulk_a, MAX_BULK);
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["bulk-a"]);
    let (lab, notices) = full.with_more_words(Side::A, u64::MAX);
    assert_eq!((lab.bulk_a, notices.len()), (MAX_BULK, 1));
    // Emptied: the link with a=,&b=, and no generated words.
    let (lab, notices) = base.emptied();
    assert!(notices.is_empty());
    assert!(lab.a.is_empty() && lab.b.is_empty() && lab.bulk_a == 0 && lab.bulk_b == 0);
    assert_eq!(lab, ToolboxLab::read(&Query::parse("?seed=3&a=,&b=,")).0);
    assert_eq!(lab.pair().truth, [0, 0, 0, 0]);
    // Bad values: the link's notices.
    let (lab, notices) = base.with_fields(&[("m", "3"), ("p", "x"), ("n", "")]);
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["m", "p"]);
    assert_eq!(lab.n, N.default);
}

#[test]
fn the_shape_is_read_within_the_declared_limits() {
    let names: Vec<&str> = HashFamily::TEXT.iter().map(|f| f.name()).collect();
    assert_eq!(HASH.names, names.as_slice());
    let (lab, notices) = ToolboxLab::read(&Query::parse("?m=1&k=99&hash=ullman"));
    assert_eq!((lab.m, lab.k, lab.family), (M.default, K.max as u32, HashFamily::Xxh3));
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["hash", "m", "k"]);
    let (big, notices) = lab.with_fields(&[("m", "999999"), ("f", "2")]);
    assert_eq!((big.m, big.f), (M.max, F.default as u32));
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["m", "f"]);
}

#[test]
fn a_rate_below_the_least_is_the_least_with_a_notice() {
    let (lab, notices) = ToolboxLab::read(&Query::parse("?p=1e-320"));
    assert_eq!(lab.p, crate::labs::search::P_LEAST);
    let notice = notices.iter().find(|n| n.param.as_deref() == Some("p")).expect("a notice about p");
    assert!(notice.message.contains("1e-320") && notice.message.contains("per item"), "{}", notice.message);
    for fine in ["?p=0.01", "?p=1e-12", "?p=0.3"] {
        let notices = ToolboxLab::read(&Query::parse(fine)).1;
        assert!(notices.is_empty(), "{fine}: {notices:?}");
    }
}

/// The model after a typed edit, with the notices it returns.
fn edited(t: &Toolbox, edit: ToolboxEdit) -> (Toolbox, Vec<Notice>) {
    let (next, notices) = t.edit(edit).expect("every edit gives a model");
    (next, notices.expect("every edit returns its link's notices"))
}

#[test]
fn the_model_edits_as_its_link_and_builds_the_filters_only_when_they_change() {
    let base = Toolbox::read(&Query::parse("?bulk-a=50&seed=3")).0;
    assert_eq!(*base.pair, base.lab.pair());
    let (t, notices) = edited(&base, ToolboxEdit::AddItem(Side::B, " x, y ".into()));
    assert_eq!((t.lab.clone(), notices), base.lab.with_item(Side::B, "x, y"));
    assert!(!Rc::ptr_eq(&t.pair, &base.pair) && *t.pair == t.lab.pair());
    let (t, notices) = edited(&base, ToolboxEdit::AddWords(Side::A, 10));
    assert_eq!((t.lab.bulk_a, notices.len(), *t.pair == t.lab.pair()), (60, 0, true));
    let (t, notices) = edited(&base, ToolboxEdit::Empty);
    assert_eq!((t.lab.clone(), notices), base.lab.emptied());
    assert_eq!(t.pair.truth, [0, 0, 0, 0]);
    // An item already in A changes nothing: the same filters.
    let (t, notices) = edited(&base, ToolboxEdit::AddItem(Side::A, "cat".into()));
    assert!(notices.is_empty() && t.lab == base.lab && Rc::ptr_eq(&t.pair, &base.pair));
    // An edit returns the notices of the link it gives (here, too many generated words).
    let full = Toolbox::read(&Query::parse("?bulk-a=99950")).0;
    let (t, notices) = edited(&full, ToolboxEdit::AddWords(Side::A, 100));
    assert_eq!(t.lab.bulk_a, MAX_BULK);
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["bulk-a"]);
}

#[test]
fn what_a_change_keeps_and_measures_again() {
    let base = Toolbox::read(&Query::parse("?n=200&variants=classic,cuckoo")).0;
    // (field, value, the run's carry, the filters kept)
    let cases = [
        ("m", "512", Carry::Keep, false),
        ("k", "4", Carry::Keep, false),
        ("hash", "double", Carry::Keep, false),
        ("a", "x,y", Carry::Keep, false),
        ("bulk-b", "10", Carry::Keep, false),
        ("seed", "4", Carry::Restart, false),
        ("n", "300", Carry::Restart, true),
        ("p", "0.05", Carry::Restart, true),
        ("f", "12", Carry::Renew, true),
        ("variants", "cuckoo,scalable", Carry::Renew, true),
    ];
    for (field, value, carry, kept) in cases {
        let (next, notices) = base.with_fields(&[(field, value)]);
        assert!(notices.is_empty(), "{field}: {notices:?}");
        assert_eq!(Rc::ptr_eq(&next.pair, &base.pair), kept, "{field}: the filters kept");
        // Two wrong-n points measured, the variants not yet.
        let mut run = base.run();
        run.work(1);
        run.work(1);
        assert_eq!(next.carry_run(&base, &mut run), carry, "{field}");
        assert_eq!(run.wrong.measured.len(), 2, "{field}: the wrong-n points are kept in place");
        if carry == Carry::Renew {
            // The variants of the new settings from their start, measured as a fresh run's are.
            assert_eq!(run.variants.ops_done(), 0, "{field}");
            finish(&mut run, 1_000);
            let mut fresh = next.run();
            finish(&mut fresh, u64::MAX);
            assert_eq!(results(&run), results(&fresh), "{field}");
        }
    }
    let same = base.with_fields(&[("n", "200")]).0;
    assert_eq!((same.carry_run(&base, &mut base.run()), Rc::ptr_eq(&same.pair, &base.pair)), (Carry::Keep, true));
    let item = edited(&base, ToolboxEdit::AddItem(Side::A, "emu".into())).0;
    assert_eq!(item.carry_run(&base, &mut base.run()), Carry::Keep);
}

/// What the variants measured: (variant, inserted, failed, hits, trials) each.
fn results(run: &ToolboxRun) -> Vec<(Variant, u64, u64, u64, u64)> {
    run.variants.results.iter().map(|r| (r.variant, r.inserted, r.failed, r.rate.hits, r.rate.trials)).collect()
}

#[test]
fn the_wrong_n_points_come_first_one_per_slice() {
    let mut run = Toolbox::read(&Query::parse("?n=200&variants=classic")).0.run();
    assert_eq!(run.ops_total(), WRONG_MEASURED.len() as u64 + 200 + PROBES);
    for i in 1..=WRONG_MEASURED.len() {
        assert_eq!(run.work(u64::MAX), 1, "one point per slice, whatever the budget");
        assert_eq!((run.wrong.measured.len(), run.variants.ops_done()), (i, 0));
    }
    assert!(run.wrong.is_done() && !run.is_done());
    assert_eq!(run.work(1_000), 1_000, "then the variants, as many units as asked");
    finish(&mut run, u64::MAX);
    assert_eq!(run.ops_done(), run.ops_total());
}

#[test]
fn the_blocked_rate_is_the_direct_poisson_sum() {
    // The sum written out term by term from e^−λ (fine for these λ), against the shared average.
    for (m, n, k) in [(1u64 << 16, 1_000u64, 4u32), (1 << 20, 100_000, 7), (4_096, 500, 3)] {
        let lambda = n as f64 / (m / 512) as f64;
        let mut p = (-lambda).exp();
        let mut direct = 0.0;
        for j in 0..400u32 {
            if j > 0 {
                p *= lambda / j as f64;
            }
            direct += p * (1.0 - (1.0 - 1.0 / 512f64).powf((k * j) as f64)).powi(k as i32);
        }
        let ours = blocked(m, n, k);
        assert!((ours - direct).abs() <= 1e-12 * direct.max(1e-300), "m {m} n {n} k {k}: {ours} against {direct}");
    }
}
