//! DGIM buckets (`engine::streams::dgim`) against a direct implementation of issue 36's rules,
//! written here on a plain list, after every arrival of random bit streams; and the estimate
//! within its bound at every t.

use std::collections::BTreeMap;

use bloomlab_core::engine::streams::dgim::{self, Dgim};
use proptest::prelude::*;

/// The rules on a list of (size, timestamp), oldest first: drop what left the window, add a 1,
/// then while some size has r + 1 buckets merge the two oldest of the smallest such size.
fn direct_step(list: &mut Vec<(u64, u64)>, t: u64, bit: bool, n: u64, r: usize) {
    list.retain(|&(_, ts)| ts + n > t);
    if !bit {
        return;
    }
    list.push((1, t));
    loop {
        let mut by_size: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (i, &(size, _)) in list.iter().enumerate() {
            by_size.entry(size).or_default().push(i);
        }
        let Some((&size, at)) = by_size.iter().find(|(_, v)| v.len() > r) else { return };
        let (older, newer) = (at[0], at[1]);
        list[older] = (size * 2, list[newer].1);
        list.remove(newer);
    }
}

fn bits() -> impl Strategy<Value = Vec<bool>> {
    (0.0f64..=1.0).prop_flat_map(|p| prop::collection::vec(prop::bool::weighted(p), 0..400))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn buckets_follow_the_rules_and_the_estimate_its_bound(bits in bits(), n in 1u64..80, r in 2u32..6) {
        let mut dg = Dgim::new(n, r);
        let mut direct: Vec<(u64, u64)> = Vec::new();
        for (i, &bit) in bits.iter().enumerate() {
            let t = i as u64 + 1;
            let arrival = dg.step(bit);
            direct_step(&mut direct, t, bit, n, r as usize);
            let got: Vec<(u64, u64)> = dg.buckets().map(|b| (b.size, b.timestamp)).collect();
            let want: Vec<(u64, u64)> = direct.iter().rev().copied().collect();
            prop_assert_eq!(&got, &want, "t = {}", t);
            prop_assert_eq!((arrival.t, arrival.bit, dg.t()), (t, bit, t));
            prop_assert_eq!(arrival.created.is_some(), bit);

            let start = (t.saturating_sub(n)) as usize;
            let truth = bits[start..=i].iter().filter(|&&b| b).count() as u64;
            let (low, high) = dg.range();
            prop_assert!(low <= truth && truth <= high, "t = {}: {} not in {}..{}", t, truth, low, high);
            let est = dg.estimate();
            match dg.oldest() {
                None => prop_assert_eq!((truth, est), (0, 0.0)),
                Some(old) => {
                    let j = old.size.trailing_zeros();
                    let rel = (est - truth as f64).abs() / truth as f64;
                    prop_assert!(rel <= dgim::worst_relative_error(r, j) + 1e-12, "t = {}: {} off", t, rel);
                    prop_assert!(rel <= 0.5, "t = {}: {} off", t, rel);
                    if j >= 1 {
                        prop_assert!(rel <= dgim::bound_past_size_one(r) && rel <= dgim::book_bound(r));
                    }
                }
            }
            // Sizes are powers of two, at most N, never more than r of a size, at least r − 1 of
            // each size below the largest.
            let mut per_size: BTreeMap<u64, u32> = BTreeMap::new();
            for &(size, _) in &got {
                prop_assert!(size.is_power_of_two() && size <= n);
                *per_size.entry(size).or_default() += 1;
            }
            let largest = per_size.keys().last().copied().unwrap_or(0);
            prop_assert!(per_size.values().all(|&c| c <= r));
            let mut size = 1;
            while size < largest {
                prop_assert!(per_size.get(&size).copied().unwrap_or(0) >= r - 1, "t = {}: size {}", t, size);
                size *= 2;
            }
            prop_assert!(dg.memory_bits() <= dgim::max_memory_bits(n, r));
            prop_assert!(dg.len() as u64 <= dgim::max_buckets(n, r));
        }
    }
}

/// The worst cases the bound names do happen: a window holding one 1 (estimate ½), and for
/// r = 2 an oldest bucket of size 2 wholly inside (estimate 2 for 3 ones).
#[test]
fn the_bound_is_reached() {
    let mut dg = Dgim::new(4, 2);
    for bit in [true, false, false] {
        dg.push(bit);
    }
    assert_eq!((dg.estimate(), dg.range()), (0.5, (1, 1)));
    let mut dg = Dgim::new(3, 2);
    for _ in 0..3 {
        dg.push(true);
    }
    assert_eq!(dg.estimate(), 2.0);
    assert!((1.0 / 3.0 - dgim::worst_relative_error(2, 1)).abs() < 1e-12);
    // r = 3: sizes 1, 1, 2 after four 1s, all in a window of 4: estimate 3 for 4 ones, 1/(r + 1).
    let mut dg = Dgim::new(4, 3);
    for _ in 0..4 {
        dg.push(true);
    }
    assert_eq!(dg.estimate(), 3.0);
    assert!((dgim::worst_relative_error(3, 1) - 0.25).abs() < 1e-12);
}
