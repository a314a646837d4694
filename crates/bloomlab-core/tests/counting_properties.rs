//! Property tests of the counting (spectral) filter: what holds while only inserted items are
//! deleted, that saturation never wraps, and that Minimal Increase never undercounts without
//! deletes.

use std::collections::HashMap;

use bloomlab_core::engine::counting::{saturation, CountingFilter, Mode};
use bloomlab_core::engine::filter::BloomFilter;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::link::query::{self, Query};
use bloomlab_core::link::state::LinkState;
use proptest::prelude::*;

fn family() -> impl Strategy<Value = HashFamily> {
    prop_oneof![Just(HashFamily::Xxh3), Just(HashFamily::Double)]
}

/// (is_insert, item index) pairs over a small pool of items, so items repeat.
fn ops() -> impl Strategy<Value = Vec<(bool, u8)>> {
    prop::collection::vec((prop::bool::weighted(0.7), 0u8..12), 0..80)
}

fn name(i: u8) -> String {
    format!("item {i}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Minimum Selection, deleting only items in the multiset: no false negatives, and no
    /// estimate below the true count (capped at the saturation value).
    #[test]
    fn min_selection_never_undercounts(family in family(), m in 1u64..200, k in 1u32..8, w in 1u32..=32, ops in ops()) {
        let mut f = CountingFilter::new(family, m, k, w, Mode::Min);
        let mut truth: HashMap<String, u64> = HashMap::new();
        for (insert, i) in ops {
            let item = name(i);
            let c = truth.entry(item.clone()).or_default();
            if insert {
                f.insert(&item).unwrap();
                *c += 1;
            } else if *c > 0 {
                f.delete(&item).unwrap();
                *c -= 1;
            }
            for (item, &count) in &truth {
                let est = f.estimate(item).unwrap().value as u64;
                prop_assert!(est >= count.min(saturation(w) as u64), "{} has {} but estimate {}", item, count, est);
                if count > 0 {
                    prop_assert!(est > 0, "false negative for {}", item);
                }
            }
        }
    }

    /// Minimal Increase with inserts only never undercounts, and its counters never exceed
    /// those of Minimum Selection on the same stream.
    #[test]
    fn minimal_increase_never_undercounts_without_deletes(family in family(), m in 1u64..200, k in 1u32..8, w in 1u32..=32, ops in ops()) {
        let mut mi = CountingFilter::new(family, m, k, w, Mode::Mi);
        let mut ms = CountingFilter::new(family, m, k, w, Mode::Min);
        let mut truth: HashMap<String, u64> = HashMap::new();
        for (_, i) in ops {
            let item = name(i);
            mi.insert(&item).unwrap();
            ms.insert(&item).unwrap();
            *truth.entry(item).or_default() += 1;
        }
        for (item, &count) in &truth {
            let est = mi.estimate(item).unwrap().value as u64;
            prop_assert!(est >= count.min(saturation(w) as u64));
            prop_assert!(est <= ms.estimate(item).unwrap().value as u64);
        }
        for (a, b) in mi.counters().values().iter().zip(ms.counters().values()) {
            prop_assert!(a <= b);
        }
    }

    /// Whatever happens, even forced deletes of absent items, no counter passes 2^w - 1 or
    /// wraps, and a saturated counter stays saturated.
    #[test]
    fn saturation_never_wraps(family in family(), m in 1u64..64, k in 1u32..6, w in 1u32..=4,
                              mode in prop_oneof![Just(Mode::Min), Just(Mode::Mi), Just(Mode::Rm)], ops in ops()) {
        let mut f = CountingFilter::new(family, m, k, w, mode);
        let max = saturation(w);
        let mut stuck = vec![false; m as usize];
        for (insert, i) in ops {
            let item = name(i);
            if insert { f.insert(&item).unwrap(); } else { f.delete(&item).unwrap(); }
            for (p, &v) in f.counters().values().iter().enumerate() {
                prop_assert!(v <= max);
                if stuck[p] { prop_assert_eq!(v, max, "counter {} left saturation", p); }
                stuck[p] = v == max;
            }
            prop_assert_eq!(f.counters().saturated(), stuck.iter().filter(|&&s| s).count() as u64);
            prop_assert_eq!(f.counters().nonzero(), f.counters().values().iter().filter(|&&v| v > 0).count() as u64);
        }
    }

    /// Without deletes, the non-zero counters are exactly the bits of a classic Bloom filter
    /// of the same items: the same false-positive probability.
    #[test]
    fn nonzero_counters_are_the_bloom_filter(family in family(), m in 1u64..300, k in 1u32..8, w in 1u32..=8, ops in ops()) {
        let mut f = CountingFilter::new(family, m, k, w, Mode::Min);
        let mut b = BloomFilter::new(family, m, k);
        for (_, i) in ops {
            f.insert(&name(i)).unwrap();
            b.insert(&name(i)).unwrap();
        }
        let pattern: String = f.counters().values().iter().map(|&v| if v > 0 { '1' } else { '0' }).collect();
        prop_assert_eq!(pattern, b.bits().to_bit_string());
    }

    /// Any ops link replays to the same state after a round trip through the address.
    #[test]
    fn ops_links_round_trip(items in prop::collection::vec(".{1,12}", 1..10), deletes in prop::collection::vec(0usize..10, 0..5)) {
        let mut lab = CountingLab::default();
        for s in &items { let _ = lab.insert(s); }
        for d in deletes { if let Some(s) = items.get(d) { let _ = lab.delete(s); } }
        let again = CountingLab::read(&Query::parse(&query::build(&lab.query_pairs()))).0;
        prop_assert_eq!(again.ops(), lab.ops());
        prop_assert_eq!(again.filter(), lab.filter());
    }

    /// Arbitrary text in the parameters never panics.
    #[test]
    fn any_link_loads(search in "[?&=a-z0-9%:,]{0,80}") {
        let _ = CountingLab::read(&Query::parse(&search)).0;
        let _ = CountingLab::read(&Query::parse(&format!("?ops={search}&m={search}&w={search}&mode={search}"))).0;
    }
}
