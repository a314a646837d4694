use std::cell::Cell;

use super::chart::{bound_curve, split_block_agrees, theory_curve};
use super::filters::{bound, overhead_pct};
use super::*;
use crate::engine::sliced::{finish, Sliced};
use crate::engine::split_block::sizing::Formula;
use crate::engine::stats::wilson;
use crate::engine::xor::Kind;
use crate::lectures::model::{Carry, Model};
use crate::link::query::Query;
use crate::link::state::LinkState;

/// The normal quantile of a two-sided 99.9% interval: a test holds ~20 points to their
/// intervals at once, so each gets a wider one than the page's 95%.
const Z999: f64 = 3.290_526_731_491_926;

fn finished(n: u64, probes: u64, plan: Vec<Size>, units: u64) -> SpaceRun {
    let mut run = SpaceRun::with_plan(n, probes, 1, plan);
    finish(&mut run, units);
    run
}

/// A classic filter's rate at b bits a key with the best whole k, worked again.
fn bloom_rate(bits: u32) -> f64 {
    let rate = |k: i32| (1.0 - (-f64::from(k) / f64::from(bits)).exp()).powi(k);
    (1..=64).map(rate).fold(1.0, f64::min)
}

#[test]
fn measured_rates_fall_within_their_intervals_of_the_formulas() {
    let plan = Size::plan().into_iter().filter(|s| !matches!(s, Size::Quotient { r: 16 })).collect();
    let run = finished(20_000, 60_000, plan, u64::MAX);
    for p in &run.points {
        assert!(p.built && p.lost == 0 && p.probes == 60_000, "{p:?}");
        let (lo, hi) = wilson(p.hits, p.probes, Z999);
        assert!(lo <= p.shape.theory && p.shape.theory <= hi, "{:?}: {} not in [{lo}, {hi}]", p.size, p.shape.theory);
        let again = match p.size {
            Size::Bloom { bits } => bloom_rate(bits),
            Size::Peeled { fp: b, .. } | Size::Ribbon { r: b } => 0.5f64.powi(b as i32),
            _ => continue,
        };
        assert!((p.shape.theory - again).abs() <= 1e-12 * again, "{:?}", p.size);
    }
    let split: Vec<&Point> = run.points.iter().filter(|p| p.filter() == Filter::SplitBlock).collect();
    for p in split.iter().filter(|p| p.bits_per_key() < 17.0) {
        assert_eq!(split_block_agrees(p), Formula::Blocked, "{:?}", p.size);
    }
    let pairs = run.same_bits();
    assert_eq!(pairs.len(), sizes::BLOOM_BITS.len());
    for (s, c) in pairs.iter().filter(|(s, _)| s.bits_per_key() >= 8.0) {
        assert!(s.interval().0 > c.interval().1, "{:?}: the blocks cost rate at the same bits", s.size);
    }
    let p12 = split.iter().find(|p| p.size == Size::SplitBlock { bits: 12 }).unwrap();
    let (lo, _) = p12.interval();
    assert!(Formula::Spec.fpr_at_bits_per_value(p12.bits_per_key()) < lo, "the spec's rate is too low to be measured");
}

#[test]
fn every_point_has_its_planned_bits_and_its_overhead_over_the_bound() {
    let run = finished(3_000, 5_000, Size::plan(), u64::MAX);
    assert_eq!(run.points.len(), Size::plan().len());
    for p in &run.points {
        assert_eq!(p.bits, p.shape.bits, "{:?}: the built structure has the bits planned", p.size);
        assert!(p.built, "{:?}", p.size);
        let bpk = p.bits as f64 / p.shape.keys as f64;
        assert_eq!(p.bits_per_key(), bpk);
        let over = (bpk / (1.0 / p.shape.theory).log2() - 1.0) * 100.0;
        assert!((p.overhead_theory().unwrap() - over).abs() < 1e-9, "{:?}", p.size);
        assert!(p.overhead_theory().unwrap() > 0.0, "{:?} beats the bound", p.size);
    }
    let q = run.points.iter().find(|p| p.filter() == Filter::Quotient).unwrap();
    assert_eq!((q.shape.keys, q.shape.detail), (1_536, 11), "0.75 · 2^11 keys of 3,000");
    let xor = run.points.iter().find(|p| p.size == Size::Peeled { kind: Kind::Xor, fp: 8 }).unwrap();
    assert_eq!(xor.shape.detail, ((32.0 + 1.23 * 3_000.0) as u64) / 3 * 3);
    assert_eq!((bound(0.25), bound(0.5f64.powi(8)), bound(1.0)), (2.0, 8.0, 0.0));
    assert_eq!(overhead_pct(12.0, 0.5f64.powi(8)), Some(50.0));
    assert_eq!((overhead_pct(8.0, 0.0), overhead_pct(8.0, 1.0), overhead_pct(f64::NAN, 0.5)), (None, None, None));
    let bloom = run.points.iter().find(|p| p.size == Size::Bloom { bits: 12 }).unwrap();
    let optimal = (1.0 / std::f64::consts::LN_2 - 1.0) * 100.0;
    assert!((bloom.overhead_theory().unwrap() - optimal).abs() < 2.0, "a Bloom filter's 44%");
}

#[test]
fn slices_of_any_size_give_the_same_points() {
    let whole = finished(1_500, 2_000, Size::plan(), u64::MAX);
    let mut run = SpaceRun::with_plan(1_500, 2_000, 1, Size::plan());
    let total = run.ops_total();
    let mut last = 0;
    while !run.is_done() {
        assert!(run.work(777) >= 1);
        assert!(run.ops_done() >= last && run.ops_done() <= total);
        last = run.ops_done();
    }
    assert_eq!(run.ops_done(), total);
    assert_eq!(run.points, whole.points);
    assert_eq!(finished(1_500, 2_000, Size::plan(), 1).points, whole.points);
    assert_ne!(finished(1_500, 2_000, vec![Size::Bloom { bits: 8 }], u64::MAX).points[0].hits, 0);
}

#[test]
fn a_clock_times_each_build_and_each_round_of_probes() {
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 0.25);
        ticks.get()
    };
    let plan = vec![Size::Bloom { bits: 8 }, Size::Peeled { kind: Kind::Fuse3, fp: 8 }, Size::Ribbon { r: 8 }];
    let mut run = SpaceRun::with_plan(2_000, 5_003, 1, plan.clone());
    while !run.is_done() {
        run.work_until(1_000, &clock);
    }
    let untimed = finished(2_000, 5_003, plan, u64::MAX);
    for (p, q) in run.points.iter().zip(&untimed.points) {
        assert_eq!(Point { timing: Timing::default(), ..p.clone() }, Point { timing: Timing::default(), ..q.clone() });
        assert!(!q.timing.timed && q.timing.lookup_ns().is_none());
        let t = &p.timing;
        assert_eq!(t.rounds.iter().map(|r| r.1).sum::<u64>(), 5_003);
        let lookups = t.lookup_ns().unwrap();
        assert_eq!(lookups.rounds, run::PROBE_ROUNDS);
        assert!(lookups.min <= lookups.median && lookups.median <= lookups.max && lookups.min > 0.0);
        assert!(t.build_ns_per_key(p.shape.keys).unwrap() > 0.0);
    }
}

#[test]
fn the_chart_draws_every_formula_above_the_bound_and_the_points() {
    let run = finished(2_000, 3_000, Size::plan(), u64::MAX);
    let plot = run.chart();
    assert!(plot.log_y);
    for f in Filter::ALL {
        assert!(plot.series.iter().any(|s| s.label == format!("{} (formula)", f.title())), "{f:?}");
        for (b, eps) in theory_curve(f, run.n) {
            assert!(eps > 0.0 && eps < 1.0 && b >= bound(eps), "{f:?} at {b} bits: {eps}");
        }
    }
    assert!(plot.series.iter().any(|s| s.label.starts_with("bound") && s.dashed));
    assert!(bound_curve().iter().all(|&(b, eps)| (bound(eps) - b).abs() < 1e-12));
    let hooks = run.hook_points();
    assert_eq!(hooks.len(), run.points.len());
    let names: Vec<&str> = hooks[0].attributes().iter().map(|a| a.0).collect();
    assert_eq!(names, ["data-filter", "data-bits-per-key", "data-fpr", "data-theory", "data-overhead"]);
    // The overhead is the bits a key over log2(1/theory), in percent, computed here again.
    for h in hooks.iter().filter(|h| h.theory > 0.0 && h.theory < 1.0) {
        let want = (h.bits_per_key / -h.theory.log2() - 1.0) * 100.0;
        let got: f64 = h.attributes()[4].1.parse().unwrap();
        assert!((got - want).abs() < 1e-9 * want.abs().max(1.0), "{} {}: {got} against {want}", h.filter, h.size);
    }
    let filters: std::collections::BTreeSet<&str> = hooks.iter().map(|h| h.filter).collect();
    assert_eq!(filters.len(), Filter::ALL.len());
    let x16 = hooks.iter().find(|h| h.filter == "xor" && h.size == "fp = 16").unwrap();
    assert_eq!(x16.attributes()[3].1, 0.5f64.powi(16).to_string());
}

#[test]
fn the_model_runs_the_chart_and_keeps_it_while_n_and_the_seed_stay() {
    let (lab, _) = SpaceLab::read(&Query::parse("?n=2000"));
    let mut run = lab.run();
    assert_eq!((run.n, run.probes, run.plan.len()), (2_000, run::MIN_PROBES, Size::plan().len()));
    let (query, _) = lab.with_fields(&[("query", "fig"), ("w", "12")]);
    assert_eq!(query.carry_run(&lab, &mut run), Carry::Keep);
    let (seed, _) = lab.with_fields(&[("seed", "2")]);
    assert_eq!(seed.carry_run(&lab, &mut run), Carry::Restart);
    let (n, _) = lab.with_fields(&[("n", "3000")]);
    assert_eq!(n.carry_run(&lab, &mut run), Carry::Restart);
}

#[test]
fn what_each_gives_up_is_true_to_its_core() {
    use crate::engine::quotient::QuotientFilter;
    use crate::engine::ribbon::{Ribbon, RibbonParams};
    use crate::engine::xor::{build_keys, Attempts, Layout, SegmentRule};
    use crate::labs::toolbox::variants::Cuckoo;
    assert!(GIVES_UP.iter().map(|g| g.filter).eq(Filter::ALL));
    let mut q = QuotientFilter::new(6, 8).unwrap();
    q.insert("a").unwrap();
    assert!(q.delete("a").found && !q.contains("a").found && filters::gives_up(Filter::Quotient).deletes);
    let mut c = Cuckoo::new(4 * 8 * 16, 8);
    c.insert(b"a");
    assert!(c.delete(b"a") && !c.contains(b"a") && filters::gives_up(Filter::Cuckoo).deletes);
    let keys: Vec<String> = (0..200).map(|i| format!("k{i}")).collect();
    let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
    for kind in Kind::ALL {
        let tight = Layout::with_ratio(kind, 200, 0.9, SegmentRule::Formula);
        assert!(!build_keys(tight, 8, &refs, Attempts { first: 1, max: 5 }).built, "{kind:?}");
    }
    let square = RibbonParams::for_keys(200, 0.0, 8, 4).unwrap();
    assert!(Ribbon::build_retrying(square, 1, &keys, 5).is_err());
    for g in GIVES_UP {
        assert_eq!(g.static_set, matches!(g.filter, Filter::Xor | Filter::Fuse3 | Filter::Fuse4 | Filter::Ribbon));
        assert!(!g.static_set || g.may_fail, "{:?}", g.filter);
    }
}
