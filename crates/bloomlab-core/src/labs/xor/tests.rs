use super::walk::Step;
use super::*;
use crate::engine::sliced::{finish, Sliced};
use crate::engine::xor::fingerprint;
use crate::link::query::Query;
use crate::link::state::LinkState;

fn lab(link: &str) -> (XorLab, Vec<String>) {
    let (lab, notices) = XorLab::read(&Query::parse(link));
    (lab, notices.into_iter().map(|n| format!("{:?}: {}", n.param, n.message)).collect())
}

/// Keys still in the filter before peel i, recomputed from the keys and the order they left.
fn degree_before(lab: &XorLab, i: usize, slot: u32) -> usize {
    let gone: Vec<usize> = lab.walk.trace.peels[..i].iter().map(|p| lab.key_of(p.hash).expect("a key")).collect();
    (0..lab.keys.len()).filter(|k| !gone.contains(k) && lab.slots_of(*k).contains(&slot)).count()
}

#[test]
fn every_peel_takes_a_slot_one_key_still_uses_and_says_so() {
    for kind in ["xor", "fuse3", "fuse4"] {
        let (lab, notices) = lab(&format!("?kind={kind}&items=a,b,c,d,e,f,g,h,i,j,k,l"));
        assert!(notices.is_empty(), "{notices:?}");
        assert!(lab.walk.built.built, "{kind}");
        for (step, s) in lab.walk.steps.iter().enumerate() {
            if let Step::Peel(i) = *s {
                let p = &lab.walk.trace.peels[i];
                assert_eq!(degree_before(&lab, i, p.slot), 1, "{kind} peel {i}");
                let key = &lab.keys[lab.key_of(p.hash).unwrap()];
                let said = lab.narration(step);
                assert!(said.contains(&format!("Slot {} is used by “{key}” alone", p.slot)), "{said}");
                assert!(said.contains(&format!("({} there now)", i + 1)), "{said}");
                assert_eq!(lab.stack_at(step).len(), i + 1);
            }
        }
    }
}

#[test]
fn each_slot_written_is_the_fingerprint_xor_the_other_slots_and_every_key_passes() {
    let (lab, _) = lab("?kind=fuse3&items=one,two,three,four,five,six,seven&fp=16");
    let values = &lab.walk.built.values;
    for (step, s) in lab.walk.steps.iter().enumerate() {
        if let Step::Assign(i) = *s {
            let (key, own, others) = lab.assignment(i).unwrap();
            let want = others.iter().fold(fingerprint(lab.walk.hashes[key], 16), |x, &o| x ^ values[o as usize]);
            assert_eq!(values[own as usize], want);
            assert!(lab.narration(step).ends_with(&format!("= {want}.")), "{}", lab.narration(step));
            assert_eq!(lab.values_at(step)[own as usize], Some(want));
        }
    }
    assert!(lab.keys.iter().all(|k| lab.walk.built.contains(k)));
    assert_eq!(lab.walk.steps.last(), Some(&Step::Lookup));
}

#[test]
fn too_few_slots_per_key_fail_and_the_walkthrough_shows_the_core() {
    let keys: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
    let (lab, _) = lab(&format!("?items={}&spk=0.9", keys.join(",")));
    assert!(!lab.walk.built.built);
    assert_eq!(lab.walk.built.attempts, 100);
    assert_eq!(lab.walk.steps.last(), Some(&Step::Stuck));
    let last = lab.walk.steps.len() - 1;
    let core = lab.core_keys();
    assert!(!core.is_empty());
    for &slot in &lab.walk.built.peeled.core {
        let users = core.iter().filter(|&&k| lab.slots_of(k).contains(&slot)).count();
        assert!(users >= 2, "slot {slot}");
    }
    assert!(lab.narration(last).contains(&format!("with {} keys left", core.len())));
    assert!(lab.narration(0).contains("the last of 100 attempts, none of which could peel"), "{}", lab.narration(0));
    let (first, _) = XorLab::read(&Query::parse("?items=a,b,c"));
    assert_eq!(first.walk.built.attempts, 1);
    assert!(first.narration(0).contains("(xxh3 with the first seed)"), "{}", first.narration(0));
}

#[test]
fn a_lookup_names_a_false_positive_as_one() {
    let (base, _) = lab("?items=apple,pear,plum,fig,kiwi,lime");
    let fp = (0..100_000).map(|i| format!("q{i}")).find(|q| base.walk.built.contains(q)).expect("one in 256");
    let (lab, _) = lab(&format!("?query={fp}"));
    let l = lab.lookup().unwrap();
    assert!(l.false_positive() && l.verdict() == "maybe" && l.truth() == "non-member");
    let last = lab.walk.steps.len() - 1;
    assert!(lab.narration(last).contains("false positive"));
    let (member, _) = lab.with_fields(&[("query", "fig")]);
    assert_eq!(member.lookup().unwrap().verdict(), "maybe");
    assert!(!member.narration(last).contains("false positive"));
}

#[test]
fn bad_links_get_notices_naming_the_parameter_and_a_usable_page() {
    let (l, n) = lab("?items=a,a,b,,%zz&fp=12&kind=bloom&n=1000000000");
    assert_eq!(l.keys, ["a", "b"]);
    assert_eq!((l.fp, l.kind.name(), l.n), (8, "xor", 50_000_000));
    for name in ["items", "fp", "kind", "n"] {
        assert!(n.iter().any(|t| t.contains(name)), "{name}: {n:?}");
    }
    assert!(n.iter().any(|t| t.contains("more than once")), "{n:?}");
    let (empty, n) = lab("?items=");
    assert_eq!(empty.keys.len(), 6, "{n:?}");
    let (round, _) = lab("?kind=fuse4&fp=16&items=x%2Cy,z&query=w&seed=9&spk=1.5&n=500");
    let (again, n) = XorLab::read(&Query::from_raw_pairs(
        round.query_pairs().into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    ));
    assert!(n.is_empty());
    assert_eq!(again, round);
}

#[test]
fn the_sweep_peels_none_below_the_threshold_and_all_well_above_it() {
    let mut run = SweepRun::new(crate::engine::xor::Kind::Xor, 5_000, 1);
    finish(&mut run, u64::MAX);
    let hook = run.hook_points(0);
    let points: Vec<(f64, u64, u64)> = hook
        .split(';')
        .map(|p| {
            let (r, rest) = p.split_once(':').unwrap();
            let (s, t) = rest.split_once('/').unwrap();
            (r.parse().unwrap(), s.parse().unwrap(), t.parse().unwrap())
        })
        .collect();
    assert_eq!(points.len(), sweep::RATIOS);
    assert!(points.iter().filter(|p| p.0 <= 1.16).all(|p| p.1 == 0), "{hook}");
    assert!(points.iter().filter(|p| p.0 >= 1.30).all(|p| p.1 == p.2), "{hook}");
    let fuse = SweepRun::new(crate::engine::xor::Kind::Fuse3, 20_000, 1);
    assert_eq!(fuse.rules.len(), 2);
}

#[test]
fn a_million_keys_pasted_are_cut_to_the_walkthrough_s_thousand() {
    let raw: Vec<String> = (0..1_000_000).map(|i| format!("key{i}")).collect();
    let (lab, notices) = lab(&format!("?items={}", raw.join(",")));
    assert_eq!(lab.keys.len(), params::MAX_KEYS);
    assert_eq!(lab.keys[999], "key999");
    assert!(notices.iter().any(|n| n.contains("1,000,000 keys")), "{notices:?}");
    assert!(lab.walk.built.built);
}

#[test]
fn the_measured_rate_is_near_two_to_the_minus_fp_and_counts_every_probe() {
    for (kind, fp) in [(Kind::Xor, 8), (Kind::Fuse3, 8), (Kind::Fuse4, 16)] {
        let mut run = FprRun::new(kind, fp, 3_000, 7);
        // Any slicing gives the same result.
        let mut other = run.clone();
        finish(&mut run, 1);
        finish(&mut other, 97);
        assert_eq!(run, other, "{kind:?}");
        let m = run.measured().expect("measured");
        assert_eq!(m.probes, fpr::PROBES);
        assert!(m.low <= m.theory && m.theory <= m.high, "{kind:?} {fp}: {m:?}");
        // The hits recounted with the filter built from the same keys and seed, the keys each
        // written out here.
        let keys: Vec<String> = (0..3_000).map(|i| format!("m{i}")).collect();
        let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
        let layout = Layout::new(kind, 3_000, SegmentRule::Formula);
        let built = crate::engine::xor::build_keys(layout, fp, &refs, Attempts { first: 7, max: 100 });
        assert!(refs.iter().all(|k| built.contains(k)), "no false negative");
        let hits = (0..fpr::PROBES).filter(|i| built.contains(&format!("p{i}"))).count() as u64;
        assert_eq!((m.hits, m.attempts), (hits, built.attempts), "{kind:?}");
        assert_eq!(run.ops_done(), run.ops_total());
    }
}

#[test]
fn the_measurement_caps_n_at_a_million() {
    assert_eq!(FprRun::new(Kind::Xor, 8, 50_000_000, 1).n, fpr::FPR_MAX_N as u32);
    assert_eq!(FprRun::new(Kind::Xor, 8, 0, 1).n, 1);
}

#[test]
fn the_window_after_the_segment_length_doubles_fails_often_and_halving_closes_it() {
    use super::window::{doubling, first_seed_fails, n_at};
    // The reference's formula doubles the segment length inside the window.
    let d = doubling().expect("a doubling in the window");
    let length = |n| Layout::new(Kind::Fuse3, n, SegmentRule::Formula).segment_length;
    assert_eq!((length(d - 1), length(d)), (512, 1024));
    assert_eq!(n_at(10), 11_504);
    let at = |rule| Layout::new(Kind::Fuse3, 11_504, rule);
    let trials = if cfg!(debug_assertions) { 60 } else { 300 };
    let fails = |rule| (0..trials).filter(|&t| first_seed_fails(at(rule), t, 1)).count() as u64;
    let (formula, halving) = (fails(SegmentRule::Formula), fails(SegmentRule::Halving));
    eprintln!("n = 11,504: {formula} of {trials} failed with the formula, {halving} with halving");
    // The reference's issue #77 counted 68 of 300 key sets failing outright at this n: all of the
    // build's 100 seeds. With a chance p that one seed fails, a whole build fails with p^100; the
    // interval for p measured here, raised to the 100th power, holds 68/300.
    let (low, high) = crate::engine::stats::wilson(formula, trials, 3.0);
    let outright = 68.0 / 300.0;
    assert!(low.powi(100) <= outright && outright <= high.powi(100), "{formula} of {trials}");
    assert!(super::window::outright_rate(68, 300) > 0.98);
    assert!(halving * 4 < formula.max(1), "halving: {halving} of {trials}");
}
