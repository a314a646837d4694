//! Property tests of the core: no false negatives, positions in range, formulas in [0, 1].

use bloomlab_core::data::generate::{index_of, item, ItemKind};
use bloomlab_core::engine::filter::{BloomFilter, Verdict};
use bloomlab_core::engine::formulas::{self, Formula};
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::link::query::{decode_list, encode_list};
use proptest::prelude::*;

fn family() -> impl Strategy<Value = HashFamily> {
    prop_oneof![Just(HashFamily::Xxh3), Just(HashFamily::Double)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn inserted_items_are_never_reported_absent(
        family in family(),
        m in 1u64..5000,
        k in 1u32..12,
        items in prop::collection::vec(".{0,24}", 0..60),
    ) {
        let mut f = BloomFilter::new(family, m, k);
        for s in &items {
            f.insert(s).unwrap();
        }
        for s in &items {
            prop_assert_eq!(f.lookup(s).unwrap().1, Verdict::Maybe);
            prop_assert!(f.contains_bytes(s.as_bytes()));
        }
    }

    #[test]
    fn positions_are_in_range_and_k_long(family in family(), m in 1u64..u64::MAX, k in 1u32..40, s in ".{0,40}") {
        let h = family.hash(&s, k, m).unwrap();
        prop_assert_eq!(h.len(), k as usize);
        prop_assert!(h.iter().all(|v| v.position < m && v.position == v.raw % m));
    }

    #[test]
    fn fast_positions_equal_the_contract_definition(family in family(), m in 1u64..u64::MAX, k in 1u32..40, s in ".{0,40}") {
        let slow: Vec<u64> = family.hash(&s, k, m).unwrap().into_iter().map(|h| h.position).collect();
        let mut fast = Vec::new();
        prop_assert!(family.for_each_position(s.as_bytes(), k, m, |p| fast.push(p)));
        prop_assert_eq!(fast, slow);
    }

    #[test]
    fn double_positions_survive_wrapping_at_every_size(m in prop_oneof![1u64..64, (1u64 << 62)..u64::MAX], s in ".{0,8}") {
        let slow: Vec<u64> = HashFamily::Double.hash(&s, 30, m).unwrap().into_iter().map(|h| h.position).collect();
        let mut fast = Vec::new();
        HashFamily::Double.for_each_position(s.as_bytes(), 30, m, |p| fast.push(p));
        prop_assert_eq!(fast, slow);
    }

    #[test]
    fn ullman_positions_read_alternate_bits(x in any::<u64>(), m in 1u64..1000) {
        let h = HashFamily::Ullman.hash(&x.to_string(), 2, m).unwrap();
        // Rebuild x from the two numbers: odd-numbered bits from h1, even-numbered from h2.
        let mut back = 0u64;
        for j in 0..32 {
            back |= ((h[0].raw >> j) & 1) << (2 * j);
            back |= ((h[1].raw >> j) & 1) << (2 * j + 1);
        }
        prop_assert_eq!(back, x);
        prop_assert_eq!(h[0].position, h[0].raw % m);
    }

    #[test]
    fn formulas_are_probabilities_and_ordered(m in 1u64..10_000_000, n in 0u64..1_000_000, k in 1u32..30) {
        for f in Formula::ALL {
            let v = f.evaluate(m, n, k, 4);
            prop_assert!(v.is_finite() && (0.0..=1.0).contains(&v), "{:?} {} {} {} -> {}", f, m, n, k, v);
        }
        // (1 - 1/m)^(kn) <= e^(-kn/m), so the finite formula is never below the approximation.
        prop_assert!(formulas::finite(m, n, k) >= formulas::approx(m, n, k) * (1.0 - 1e-9));
    }

    #[test]
    fn exact_is_at_least_finite(m in 2u64..400, n in 1u64..60, k in 1u32..8) {
        // Jensen: E[(X/m)^k] >= (E[X]/m)^k, and E[X]/m is the finite formula's fill.
        prop_assert!(formulas::exact(m, n, k) >= formulas::finite(m, n, k) * (1.0 - 1e-9));
    }

    #[test]
    fn item_lists_round_trip_through_links(items in prop::collection::vec(".{1,12}", 0..12)) {
        let encoded = encode_list(&items);
        let back: Vec<String> = decode_list(&encoded).into_iter().map(|r| r.unwrap()).collect();
        if items.is_empty() { prop_assert!(back.is_empty()); } else { prop_assert_eq!(back, items); }
    }

    #[test]
    fn generated_items_are_recognised(kind in prop_oneof![Just(ItemKind::Words), Just(ItemKind::Urls)],
                                      seed in 0u64..1000, i in 0u64..1_000_000) {
        let s = item(kind, seed, i);
        prop_assert_eq!(index_of(kind, seed, 1_000_000, &s), Some(i));
    }
}
