use super::*;
use crate::engine::ribbon::{Outcome, RibbonParams};
use crate::engine::split_block::SplitBlock;
use crate::link::query::Query;
use crate::link::state::LinkState;

fn lab(link: &str) -> (SpaceLab, Vec<String>) {
    let (lab, notices) = SpaceLab::read(&Query::parse(link));
    (lab, notices.into_iter().map(|n| format!("{}: {}", n.param.unwrap_or_default(), n.message)).collect())
}

/// The blocked formula worked again: a block holding i keys passes a probe when each of its
/// eight words has the probe's bit set, (1 − (31/32)^i)^8, averaged over a Poisson number of
/// keys with mean λ, summed term by term from e^−λ.
fn blocked_rate(lambda: f64) -> f64 {
    let (mut weight, mut sum) = ((-lambda).exp(), 0.0);
    for i in 0..2_000 {
        sum += weight * (1.0 - (31.0f64 / 32.0).powi(i)).powi(8);
        weight *= lambda / f64::from(i + 1);
    }
    sum
}

/// Bits per key for a rate by the blocked formula, bisected again.
fn blocked_bits(rate: f64) -> f64 {
    let (mut lo, mut hi) = (1.0f64, 1_000.0f64);
    for _ in 0..200 {
        let mid = (lo * hi).sqrt();
        if blocked_rate(256.0 / mid) > rate {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

#[test]
fn the_panel_s_words_are_the_engine_s() {
    let (l, n) = lab("?items=cat,dog,cow,hen,x%2Cy&blocks=3");
    assert!(n.is_empty(), "{n:?}");
    let mut f = SplitBlock::new(3).unwrap();
    for k in ["cat", "dog", "cow", "hen", "x,y"] {
        f.insert(k);
    }
    assert_eq!(l.split.words_hook(), f.words_hook());
    assert_eq!((l.split.blocks(), l.split.sized), (3, false));
    assert_eq!(l.split.words_hook().split(';').count(), 3);
    let (sized, _) = lab("?rate=0.001");
    let want = Formula::Blocked.blocks(params::DEFAULT_KEYS.len() as u64, 0.001).unwrap();
    assert!(sized.split.sized && sized.split.blocks() == want);
    let keys = (sized.split.filter.ones() as usize).div_ceil(8);
    assert!(keys <= params::DEFAULT_KEYS.len(), "eight bits a key at most");
}

use crate::engine::split_block::sizing::Formula;

#[test]
fn the_sizing_table_is_both_formulas_worked_again() {
    for (n, rate) in [(100_000u64, 0.01), (1_000_000, 0.005), (5_000, 1e-4), (1_000, 0.2)] {
        let s = Sizing::new(n, rate);
        let spec = -8.0 / (1.0 - rate.powf(0.125)).ln();
        assert!(close(s.spec.bits_per_key.unwrap(), spec, 1e-12), "{n} {rate}");
        let whole = |bits: f64| ((bits * n as f64 / 8.0).ceil() as u64).div_ceil(32) as usize;
        assert_eq!(s.spec.blocks, Some(whole(spec)));
        let blocked = blocked_bits(rate);
        assert!(close(s.blocked.bits_per_key.unwrap(), blocked, 1e-9), "{n} {rate}");
        assert_eq!(s.blocked.blocks, Some(whole(blocked)));
        for row in [s.spec, s.blocked] {
            let bits = row.bits().unwrap();
            assert_eq!(bits, row.blocks.unwrap() as u64 * 256);
            assert!(close(row.blocked_rate.unwrap(), blocked_rate(n as f64 * 256.0 / bits as f64), 1e-9));
        }
        if rate <= 0.01 {
            assert!(s.spec.blocked_rate.unwrap() > rate, "sized by the spec, a filter misses its target");
        }
        assert!(s.blocked.blocked_rate.unwrap() <= rate);
        let ln2 = std::f64::consts::LN_2;
        let m = (-(n as f64) * rate.ln() / (ln2 * ln2)).ceil() as u64;
        let k = (m as f64 / n as f64 * ln2).round() as u32;
        assert_eq!(s.bloom, Some((m, k)));
    }
}

#[test]
fn the_spec_s_claim_is_worked_out_both_ways() {
    let c = SpecClaim::new();
    let bits = 8.0 / std::f64::consts::LN_2;
    assert!(close(c.bits_per_key, bits, 1e-15) && (c.bits_per_key * 100.0).round() == 1154.0);
    assert!(close(c.spec_rate, 0.5f64.powi(8), 1e-12), "k = 8 at its best: 2^-8, not 0.5%");
    assert!(close(c.blocked_rate, blocked_rate(256.0 / bits), 1e-9));
    assert!(c.blocked_rate > split::SPEC_CLAIM_RATE && c.spec_rate < split::SPEC_CLAIM_RATE);
    let spec = -8.0 / (1.0 - split::SPEC_CLAIM_RATE.powf(0.125)).ln();
    assert!(close(c.spec_bits.unwrap(), spec, 1e-12));
    assert!(close(c.blocked_bits.unwrap(), blocked_bits(split::SPEC_CLAIM_RATE), 1e-9));
    assert!(c.spec_bits.unwrap() < c.bits_per_key && c.bits_per_key < c.blocked_bits.unwrap());
}

#[test]
fn a_lookup_names_a_false_positive_as_one() {
    let keys: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
    let link = format!("?items={}&blocks=1", keys.join(","));
    let (full, _) = lab(&link);
    let fp = (0..10_000).map(|i| format!("q{i}")).find(|q| full.split.filter.contains(q)).expect("a crowded block");
    let (l, n) = lab(&format!("{link}&query={fp}"));
    assert!(n.is_empty(), "{n:?}");
    let v = l.lookup().unwrap();
    assert!(v.false_positive() && v.verdict() == "maybe" && v.truth() == "non-member");
    assert_eq!(v.probe, l.split.filter.probe(&fp));
    let (member, _) = l.with_fields(&[("query", "k7")]);
    let v = member.lookup().unwrap();
    assert!((v.verdict(), v.truth(), v.false_positive()) == ("maybe", "member", false));
    let absent = (0..10_000).map(|i| format!("q{i}")).find(|q| !full.split.filter.contains(q)).unwrap();
    let (miss, _) = l.with_fields(&[("query", &absent)]);
    assert_eq!(miss.lookup().unwrap().verdict(), "absent");
    assert!(lab("?").0.lookup().is_none());
}

#[test]
fn the_ribbon_rows_start_as_hashed_and_end_as_eliminated() {
    for w in ["8", "12", "16"] {
        let (l, _) = lab(&format!("?w={w}&items=apple,pear,plum,fig,kiwi,lime,date,lemon,mango,peach"));
        let r = l.ribbon.clone().unwrap();
        assert_eq!(r.params.width().to_string(), w);
        assert_eq!(l.ribbon_rows(0), r.params.rows_hook(r.seed, &l.keys));
        let steps: usize = r.trace.inserts.iter().map(|t| t.steps.len() + 2).sum::<usize>() + r.trace.back.len();
        assert_eq!(r.steps.len(), steps);
        assert!(r.built(), "w = {w}: a seed among 100 works");
        let last = r.rows_at(r.steps.len(), &l.keys);
        for (i, row) in last.iter().enumerate() {
            match r.outcome(i) {
                Some(Outcome::Stored(slot)) => {
                    let back = r.trace.back.iter().find(|b| b.row == slot).unwrap();
                    assert_eq!((row.start, Some((row.coeff, row.result))), (slot, back.stored), "w = {w} key {i}");
                    assert_eq!(row.coeff & 1, 1);
                }
                Some(Outcome::Redundant) => assert_eq!((row.coeff, row.result), (0, 0)),
                other => panic!("{other:?}"),
            }
            assert!(row.start + (64 - row.coeff.leading_zeros() as usize) <= r.params.slots());
        }
        let ribbon = r.trace.ribbon.as_ref().unwrap();
        assert!(l.keys.iter().all(|k| ribbon.contains(k)));
        for s in 0..=r.steps.len() {
            assert_eq!(l.ribbon_rows(s).split(';').count(), l.keys.len());
        }
    }
}

#[test]
fn a_failed_build_is_shown() {
    let twenty: Vec<String> = (0..20).map(|i| format!("w{i}")).collect();
    for (w, keys) in [(8, params::DEFAULT_KEYS.join(",")), (16, twenty.join(","))] {
        let (l, _) = lab(&format!("?w={w}&items={keys}"));
        let r = l.ribbon.unwrap();
        let failed = r.failed.as_ref().expect("a seed that fails");
        assert!(failed.trace.ribbon.is_none() && failed.trace.back.is_empty());
        assert_eq!(failed.trace.inserts.last().unwrap().outcome, Outcome::Failed);
        if r.attempts == 1 {
            assert_eq!(failed.params.slots(), l.keys.len().max(w), "no room at all");
        }
    }
    // Four keys in a band of 16: 16 slots, every row starting at 0, rank 4 on nearly every seed.
    let (few, _) = lab("?w=16&items=a,b,c,d");
    assert!(few.ribbon.unwrap().failed.is_none());
    let keys: Vec<String> = (0..300).map(|i| format!("k{i}")).collect();
    let (crowded, _) = lab(&format!("?items={}", keys.join(",")));
    let r = crowded.ribbon.unwrap();
    assert!(!r.built() && r.attempts == walk::WALK_ATTEMPTS, "300 keys in a band of 8 at ε = 0.25");
    assert_eq!(r.steps.last(), Some(&RibbonStep::Settle(r.trace.inserts.len() - 1)));
}

#[test]
fn the_space_a_chance_of_failure_asks_for() {
    let sure = walk::space_at(20, 8, 4, 1.0, 16, 1).unwrap();
    assert_eq!((sure.overhead, sure.slots), (0.0, 20));
    let half = walk::space_at(20, 8, 4, 0.5, 64, 1).unwrap();
    let tenth = walk::space_at(20, 8, 4, 0.1, 64, 1).unwrap();
    assert!(half.overhead <= tenth.overhead && tenth.failed <= 6, "{half:?} {tenth:?}");
    let p = RibbonParams::for_keys(20, tenth.overhead, 8, 4).unwrap();
    assert!(close(tenth.bits_per_key, p.slots() as f64 * 4.0 / 20.0, 1e-12));
    assert!(walk::space_at(0, 8, 4, 0.1, 8, 1).is_none() && walk::space_at(20, 8, 4, f64::NAN, 8, 1).is_none());
    assert_eq!(walk::space_at(3_000, 8, 4, 0.0, 4, 1), None, "w = 8 never holds 3,000 keys by ε = 2");
}

#[test]
fn bad_links_get_notices_naming_the_parameter() {
    let (l, n) = lab("?items=a,a,b,,%zz&blocks=999999999&n=5000000&rate=0&w=64&query=%zz");
    assert_eq!(l.keys, ["a", "b"]);
    assert_eq!((l.blocks, l.n, l.rate, l.w, l.query.clone()), (params::MAX_PANEL_BLOCKS, 1_000_000, 0.01, 16, None));
    for name in ["items", "blocks", "n", "rate", "w", "query"] {
        assert!(n.iter().any(|t| t.starts_with(&format!("{name}:"))), "{name}: {n:?}");
    }
    assert!(n.iter().any(|t| t.contains("more than once")), "{n:?}");
    assert!(n.iter().any(|t| t.contains("empty")), "{n:?}");
    for (link, name) in
        [("?rate=1", "rate"), ("?rate=-0.1", "rate"), ("?rate=x", "rate"), ("?w=4", "w"), ("?n=10", "n")]
    {
        let (l, n) = lab(link);
        assert!(n.len() == 1 && n[0].starts_with(name), "{link}: {n:?}");
        assert_eq!((l.rate, l.w, l.n), (0.01, 8, 100_000), "{link}");
    }
    let (tiny, n) = lab("?rate=1e-300");
    assert_eq!((tiny.rate, n.len()), (params::RATE_LEAST, 1));
    let (empty, n) = lab("?items=,,");
    assert_eq!((empty.keys.len(), n.len()), (params::DEFAULT_KEYS.len(), 4), "three empty keys, none left: {n:?}");
    for p in PARAMS {
        for bad in p.bad_examples() {
            let (_, n) = lab(&format!("?{}={bad}", p.name()));
            assert!(n.iter().any(|t| t.starts_with(&format!("{}:", p.name()))), "{}={bad}: {n:?}", p.name());
        }
    }
}

#[test]
fn links_round_trip_and_defaults_write_nothing() {
    let (round, n) = lab("?items=x%2Cy,z&blocks=3&n=5000&rate=0.005&w=12&query=w%20v&seed=9");
    assert!(n.is_empty(), "{n:?}");
    let pairs = round.query_pairs();
    assert_eq!(pairs.len(), 7);
    let again = Query::from_raw_pairs(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
    let (back, n) = SpaceLab::read(&again);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(back, round);
    assert!(lab("?").0.query_pairs().is_empty());
    let (odd, _) = lab("?rate=1/3");
    let (back, _) = odd.with_fields(&[]);
    assert_eq!(back.rate, odd.rate, "a rate written back reads as the same number");
}

#[test]
fn a_million_keys_pasted_are_cut_to_a_thousand() {
    let raw: Vec<String> = (0..1_000_000).map(|i| format!("key{i}")).collect();
    let (l, n) = lab(&format!("?items={}", raw.join(",")));
    assert_eq!(l.keys.len(), params::MAX_KEYS);
    assert_eq!(l.keys[999], "key999");
    assert!(n.iter().any(|t| t.contains("1,000,000 keys")), "{n:?}");
    assert!(l.ribbon.is_some() && l.split.sized);
}
