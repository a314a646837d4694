use super::*;
use xorf::{BinaryFuse8, Filter, Xor8};

/// The reference's key mixer (`murmur64(key + seed)`), written again for the oracle.
fn mix(key: u64, seed: u64) -> u64 {
    let mut h = key.wrapping_add(seed);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

fn keys(n: u64, salt: u64) -> Vec<u64> {
    (0..n).map(|i| mix(i, salt)).collect()
}

fn built_with(layout: Layout, keys: &[u64], seed: u64) -> Built {
    build(layout, 8, Attempts { first: seed, max: 1 }, |s, out| out.extend(keys.iter().map(|&k| mix(k, s))))
}

#[test]
fn xor_filter_holds_the_same_slots_as_xorf() {
    for (n, salt) in [(1u64, 1u64), (7, 2), (100, 3), (5_000, 4), (60_000, 5)] {
        let keys = keys(n, salt);
        let oracle = Xor8::from(&keys);
        let layout = Layout::new(Kind::Xor, n as u32, SegmentRule::Formula);
        assert_eq!(layout.segment_length as usize, oracle.block_length, "n = {n}");
        let ours = built_with(layout, &keys, oracle.seed);
        assert!(ours.built, "n = {n}");
        let theirs: Vec<u16> = oracle.fingerprints.iter().map(|&v| v as u16).collect();
        assert_eq!(ours.values, theirs, "n = {n}");
        assert!(keys.iter().all(|&k| ours.contains_hash(mix(k, ours.seed))));
    }
}

#[test]
fn binary_fuse_filter_holds_the_same_slots_as_xorf() {
    for (n, salt) in [(2u64, 1u64), (10, 2), (1_000, 3), (20_000, 4), (300_000, 5)] {
        let keys = keys(n, salt);
        let oracle = BinaryFuse8::try_from(&keys).expect("xorf builds");
        let layout = Layout::new(Kind::Fuse3, n as u32, SegmentRule::Formula);
        let d = &oracle.descriptor;
        assert_eq!(layout.segment_length, d.segment_length, "n = {n}");
        assert_eq!(layout.segment_count * layout.segment_length, d.segment_count_length, "n = {n}");
        assert_eq!(layout.array_length as usize, oracle.fingerprints.len(), "n = {n}");
        let ours = built_with(layout, &keys, d.seed);
        assert!(ours.built, "n = {n}");
        let theirs: Vec<u16> = oracle.fingerprints.iter().map(|&v| v as u16).collect();
        assert_eq!(ours.values, theirs, "n = {n}");
        assert!(keys.iter().all(|&k| oracle.contains(&k)));
    }
}

#[test]
fn fuse_sizes_match_the_reference_s_own_table_in_its_issue_77() {
    // size: (segment length, segment count, array length), as the reference printed them.
    for (n, len, count, array) in
        [(11_400, 1024, 12, 14_336), (11_504, 1024, 12, 14_336), (11_521, 1024, 12, 14_336), (11_550, 1024, 13, 15_360)]
    {
        let l = Layout::new(Kind::Fuse3, n, SegmentRule::Formula);
        assert_eq!((l.segment_length, l.segment_count, l.array_length), (len, count, array), "n = {n}");
    }
    let halved = Layout::new(Kind::Fuse3, 11_504, SegmentRule::Halving);
    assert!(halved.segment_count >= 34 && halved.segment_length == 256, "{halved:?}");
}

#[test]
fn each_kind_is_read_back_from_its_name() {
    for kind in Kind::ALL {
        assert_eq!(Kind::named(kind.name()), Some(kind));
    }
    assert_eq!(Kind::named("bloom"), None);
}

#[test]
fn xor_sizes_are_32_plus_1_23_n_rounded_down_to_three_blocks() {
    for n in [0u32, 1, 10, 1000, 1_000_000] {
        let l = Layout::new(Kind::Xor, n, SegmentRule::Formula);
        let want = (32.0 + 1.23 * n as f64).floor() as u32 / 3 * 3;
        assert_eq!(l.array_length, want);
        assert_eq!(l.segment_length * 3, want);
    }
}

#[test]
fn every_kind_keeps_its_keys_and_its_false_positive_rate_is_near_two_to_minus_fp() {
    let owned: Vec<String> = (0..20_000).map(|i| format!("key-{i}")).collect();
    let keys: Vec<&str> = owned.iter().map(|s| s.as_str()).collect();
    for kind in Kind::ALL {
        for fp in [8u32, 16] {
            let layout = Layout::new(kind, keys.len() as u32, SegmentRule::Formula);
            let f = build_keys(layout, fp, &keys, Attempts { first: 7, max: BUILD_ATTEMPTS });
            assert!(f.built && f.attempts <= 3, "{kind:?} fp {fp}: {} attempts", f.attempts);
            assert!(keys.iter().all(|k| f.contains(k)), "{kind:?}");
            let trials = 400_000u64;
            let hits = (0..trials).filter(|i| f.contains(&format!("absent-{i}"))).count() as f64;
            let expected = trials as f64 / (1u64 << fp) as f64;
            // Within 5 standard deviations (a binomial count), fixed data: it cannot flake.
            let sd = expected.sqrt().max(1.0);
            assert!((hits - expected).abs() < 5.0 * sd + 1.0, "{kind:?} fp {fp}: {hits} against {expected}");
        }
    }
}

#[test]
fn below_the_threshold_peeling_fails_and_at_the_reference_s_sizes_it_succeeds() {
    let n = 20_000;
    for kind in Kind::ALL {
        let threshold = 1.0 / kind.threshold_load();
        let rate =
            |ratio: f64| (0..20).filter(|&t| sweep_trial(kind, n, ratio, SegmentRule::Formula, t, t * 31)).count();
        // The threshold is where large n and many segments go: none below it at any n.
        assert_eq!(rate(threshold * 0.97), 0, "{kind:?} below");
        let sized = Layout::new(kind, n, SegmentRule::Formula);
        assert!(rate(sized.array_length as f64 / n as f64) >= 18, "{kind:?} at the reference's size");
    }
    // The xor filter's threshold is sharp already at this n: all fail a little below, all succeed a little above.
    let xor = |ratio: f64| (0..20).filter(|&t| sweep_trial(Kind::Xor, n, ratio, SegmentRule::Formula, t, t)).count();
    assert_eq!((xor(1.20), xor(1.25)), (0, 20));
}

#[test]
fn a_failed_peel_leaves_a_core_in_which_every_slot_has_two_keys_or_more() {
    let layout = Layout::with_ratio(Kind::Xor, 2_000, 1.0, SegmentRule::Formula);
    let hashes: Vec<u64> = (0..2_000).map(|i| key_hash(&format!("x{i}"), 3)).collect();
    let p = peel(&layout, &hashes, &mut ());
    assert!(!p.complete(hashes.len()) && !p.core.is_empty());
    let left: Vec<u64> = {
        let gone: std::collections::HashSet<u64> = p.stack.iter().map(|e| e.0).collect();
        hashes.iter().copied().filter(|h| !gone.contains(h)).collect()
    };
    for &slot in &p.core {
        let users = left.iter().filter(|&&h| layout.slots(h)[..3].contains(&slot)).count();
        assert!(users >= 2, "slot {slot} has {users}");
    }
}

#[test]
fn a_trace_records_every_peel_and_the_queue() {
    let layout = Layout::new(Kind::Fuse3, 6, SegmentRule::Formula);
    let hashes: Vec<u64> = ["a", "b", "c", "d", "e", "f"].iter().map(|k| key_hash(k, 1)).collect();
    let mut trace = Trace::default();
    let p = peel(&layout, &hashes, &mut trace);
    assert_eq!(trace.peels.len(), p.stack.len());
    for (snap, &(hash, found)) in trace.peels.iter().zip(&p.stack) {
        assert_eq!(snap.hash, hash);
        assert_eq!(snap.slot, layout.slots(hash)[found as usize]);
    }
}
