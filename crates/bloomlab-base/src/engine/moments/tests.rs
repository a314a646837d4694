use proptest::prelude::*;

use super::ams::{every_position, mean, variables};
use super::reservoir::{argument, product, run, Inclusion};
use super::stream::TokenStream;

/// The lecture's stream (slide 39).
fn lecture_stream() -> TokenStream {
    TokenStream::new("a b c b d a c d a b d c a a b".split(' ').map(String::from).collect())
}

/// The k-th moment by the definition, counting each value's copies afresh.
fn brute_moment(tokens: &[String], k: u32) -> u128 {
    let mut seen: Vec<&String> = Vec::new();
    let mut total = 0u128;
    for t in tokens {
        if !seen.contains(&t) {
            seen.push(t);
            total += (tokens.iter().filter(|u| *u == t).count() as u128).pow(k);
        }
    }
    total
}

#[test]
fn every_start_position_by_hand() {
    // a b c b d a c d a b d c a a b: X = 15(2c − 1) with c the copies from each position on.
    let stream = lecture_stream();
    let tokens = &stream.tokens;
    for v in every_position(&stream, 2) {
        let c = tokens[v.position - 1..].iter().filter(|t| **t == tokens[v.position - 1]).count() as u128;
        assert_eq!(v.value, 15 * (2 * c - 1));
    }
}

#[test]
fn reservoir_argument_and_measurement() {
    for (j, s, n) in [(1, 3, 15), (3, 3, 15), (4, 3, 15), (15, 3, 15), (7, 2, 100)] {
        assert!((product(&argument(j, s, n)) - s as f64 / n as f64).abs() < 1e-12, "{j} {s} {n}");
    }
    let (first, arrivals) = run(15, 3, 7);
    assert_eq!(first, [1, 2, 3]);
    assert_eq!(arrivals.len(), 12);
    assert!(arrivals.iter().all(|a| a.slots.len() == 3 && a.replaced.is_some() == (a.draw < a.chance)));
    let inc = Inclusion::measure(15, 3, 20_000, 3);
    for j in 1..=15 {
        let (m, (lo, hi)) = inc.measured(j);
        assert!(lo <= inc.theory() && inc.theory() <= hi, "position {j}: {m} [{lo}, {hi}]");
    }
    assert_eq!(inc.held.iter().sum::<u64>(), 3 * 20_000);
}

#[test]
fn mid_stream_estimates_use_the_length_so_far() {
    let s = TokenStream::new(["a", "b", "a", "c"].map(String::from).to_vec());
    // After 2 elements the variable from position 1 has counted a once: X = 2·(1² − 0²) = 2.
    let v = variables(&s, &[1], 2, 2);
    assert_eq!((v[0].count, v[0].value), (1, 2));
    // Every start position over the first 3 elements gives their moment exactly: 2² + 1² = 5.
    let all = variables(&s, &[1, 2, 3], 3, 2);
    assert_eq!(mean(&all), Some((15, 3)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_position_mean_is_the_exact_moment(ids in proptest::collection::vec(0u8..5, 1..40), k in 1u32..=4) {
        let tokens: Vec<String> = ids.iter().map(|i| format!("v{i}")).collect();
        let s = TokenStream::new(tokens.clone());
        let all = every_position(&s, k);
        let (sum, count) = mean(&all).unwrap();
        prop_assert_eq!(count as usize, tokens.len());
        prop_assert_eq!(sum, brute_moment(&tokens, k) * tokens.len() as u128);
        prop_assert_eq!(s.moment(k), brute_moment(&tokens, k));
    }

    #[test]
    fn the_reservoir_keeps_exactly_s(n in 0usize..200, s in 1usize..20, seed in any::<u64>()) {
        let (first, arrivals) = run(n, s, seed);
        prop_assert_eq!(first.len(), s.min(n));
        for a in &arrivals {
            prop_assert_eq!(a.slots.len(), s);
            let mut sorted = a.slots.clone();
            sorted.dedup();
            prop_assert!(a.slots.iter().all(|&p| p >= 1 && p <= a.position));
        }
    }
}
