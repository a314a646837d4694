use proptest::prelude::*;

use super::salaries::SalaryBias;
use super::stream::{bounded, bucket, stream, Tally};
use super::theory::{doubled, repeated_in_sample, repeated_in_stream, unique_in_sample};
use super::*;

/// The sample's expected counts by enumerating what happens to each kind of query.
fn brute(s: u64, d: u64, r: f64) -> (f64, f64) {
    // A unique query is in the sample once with chance r.
    let once_unique = s as f64 * r;
    // A doubled query: each copy in or out independently.
    let mut once = 0.0;
    let mut twice = 0.0;
    for (a, b) in [(true, true), (true, false), (false, true), (false, false)] {
        let p = if a { r } else { 1.0 - r } * if b { r } else { 1.0 - r };
        match (a as u8) + (b as u8) {
            1 => once += p,
            2 => twice += p,
            _ => {}
        }
    }
    let (once, twice) = (once_unique + d as f64 * once, d as f64 * twice);
    (once / (once + twice), twice / (once + twice))
}

#[test]
fn the_formulas() {
    let (t, o, n) = doubled(0.1);
    assert!((t - 0.01).abs() < 1e-12 && (o - 0.18).abs() < 1e-12 && (n - 0.81).abs() < 1e-12);
    for r in [0.1, 0.5, 1.0 / 3.0, 1.0] {
        for (s, d) in [(1_000, 500), (10, 1), (0, 7), (5, 0)] {
            let (u, rep) = brute(s, d, r);
            assert!((unique_in_sample(s, d, r) - u).abs() < 1e-12, "{s} {d} {r}");
            assert!((repeated_in_sample(s, d, r) - rep).abs() < 1e-12, "{s} {d} {r}");
        }
    }
    // r = 1/10: d / (10s + 19d).
    assert!((repeated_in_sample(1_000, 500, 0.1) - 500.0 / (10_000.0 + 9_500.0)).abs() < 1e-15);
    assert_eq!(repeated_in_stream(1_000, 500), 1.0 / 3.0);
}

#[test]
fn measured_fractions_near_the_formulas() {
    let lab = SamplingLab::new(100_000, 50_000, 0.1, 100, 1_000_000, 3);
    assert_eq!((lab.stream.once, lab.stream.repeated, lab.stream.size), (100_000, 50_000, 200_000));
    let theory = repeated_in_sample(100_000, 50_000, 0.1);
    let n = (lab.position.once + lab.position.repeated) as f64;
    let sd = (theory * (1.0 - theory) / n).sqrt();
    assert!(
        (lab.position.repeated_fraction() - theory).abs() < 5.0 * sd,
        "{} vs {theory}",
        lab.position.repeated_fraction()
    );
    // By key: the stream's fraction 1/3, up to which keys happened to fall in.
    let n = (lab.key.once + lab.key.repeated) as f64;
    let sd = (1.0 / 3.0 * 2.0 / 3.0 / n).sqrt();
    assert!((lab.key.repeated_fraction() - 1.0 / 3.0).abs() < 5.0 * sd);
}

#[test]
fn the_bounded_sample_drops_from_the_top() {
    let st = stream(1_000, 500, 1);
    let b = bounded(&st, 100, 10, 150, 1);
    assert!(b.sizes.iter().all(|&s| s <= 150));
    let dropped: Vec<u64> = b.drops.iter().map(|d| d.1).collect();
    assert!(!dropped.is_empty());
    assert_eq!(dropped, (b.final_cut..10).rev().collect::<Vec<_>>(), "9, then 8, …");
    // What is left is exactly the stream's elements in the buckets still kept.
    let kept = st.iter().filter(|&&q| bucket(q, 100, 1) < b.final_cut).count() as u64;
    assert_eq!(kept, b.final_size);
}

#[test]
fn salaries_by_key_are_exact_per_department() {
    let s = salaries::study(40, 0.1, 100, 1);
    assert!(s.by_tuple.0 < s.truth, "sampled tuples shrink the ranges: {} vs {}", s.by_tuple.0, s.truth);
    let all = salaries::tuples(40, 1);
    let (truth, n) = salaries::average_range(&all, 40);
    assert_eq!((truth, n), (s.truth, 40));
    // A department sampled by key keeps every tuple.
    let one: Vec<_> = all.iter().copied().filter(|t| t.department == 3).collect();
    assert_eq!(salaries::average_range(&one, 40).1, 1);
}

#[test]
fn links_and_notices() {
    let params =
        |s: &str| SamplingLab::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(params("?s=-1&d=x&rate=0&buckets=1&limit=0&seed=y"), ["s", "d", "rate", "buckets", "limit", "seed"]);
    assert_eq!(params("?rate=abc"), ["rate"]);
    assert_eq!(params("?s=0&d=0"), ["s"]);
    assert_eq!(params("?rate=10%25"), Vec::<String>::new());
    assert_eq!(SamplingLab::read(&Query::parse("?rate=1/2")).0.rate, 0.5);
    let lab = SamplingLab::read(&Query::parse("?s=50&d=20&rate=0.07&buckets=50&limit=10&seed=4")).0;
    let again = SamplingLab::read(&Query::parse(&crate::link::query::build(&lab.query_pairs()))).0;
    assert_eq!(lab, again);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn key_sampling_keeps_all_or_none_of_a_query(s in 0u64..300, d in 1u64..300, buckets in 2u64..50, seed in any::<u64>()) {
        let st = stream(s, d, seed);
        let cut = buckets / 3 + 1;
        let mut counts = vec![0u32; (s + d) as usize];
        for &q in st.iter().filter(|&&q| bucket(q, buckets, seed) < cut) {
            counts[q as usize] += 1;
        }
        for (q, &c) in counts.iter().enumerate() {
            let copies = if (q as u64) < s { 1 } else { 2 };
            prop_assert!(c == 0 || c == copies);
        }
        let t = Tally::of(st.iter().copied(), s + d);
        prop_assert_eq!((t.once, t.repeated), (s, d));
    }
}

#[test]
fn the_sample_can_be_corrected_in_the_once_or_twice_model() {
    let lab = SamplingLab::read(&Query::parse("s=7000&d=1300&rate=20%25&seed=3")).0;
    let c = theory::corrected_repeated(lab.position.once, lab.position.repeated, lab.rate).unwrap();
    let truth = lab.stream.repeated_fraction();
    assert!((truth - 0.1566).abs() < 1e-4, "{truth}");
    // The raw sample says 0.10; corrected, 0.1759 on this seeded sample (sampling noise of
    // a sample of about 1,900 queries, against 0.1566).
    let raw = lab.position.repeated_fraction();
    assert!((c - truth).abs() < 0.03 && (c - truth).abs() < (raw - truth).abs() / 2.0, "{c}, raw {raw}");
    // Exact on the expected counts.
    let (s, d, r) = (7000.0, 1300.0, 0.2);
    let (once, twice) = (s * r + 2.0 * d * r * (1.0 - r), d * r * r);
    let e = theory::corrected_repeated(once as u64, twice as u64, r).unwrap();
    assert!((e - d / (s + d)).abs() < 1e-3);
    assert_eq!(theory::corrected_repeated(0, 0, 0.5), None);
    assert_eq!(theory::rate_words(0.7), "70 % of the stream");
    assert_eq!(theory::rate_words(0.1), "about 1 in 10 of the stream");
}

#[test]
fn sampling_by_key_is_unbiased_for_salary_ranges_and_tuples_are_not() {
    let lab = SamplingLab::read(&Query::parse("")).0;
    let b = &lab.salary_bias;
    let truth = lab.salaries.truth;
    assert!((b.by_key.0 / truth - 1.0).abs() < 0.05, "{} against {truth}", b.by_key.0);
    assert!(b.by_tuple.0 < 0.9 * truth, "{} against {truth}", b.by_tuple.0);
    // An emptied sample averages +0, never -0.
    let (v, n) = salaries::average_range(&[], 3);
    assert_eq!((v.to_string(), n), ("0".to_string(), 0));
}

#[test]
fn the_sample_by_key_is_judged_against_its_standard_error() {
    use super::theory::key_fraction_error;
    let lab = SamplingLab::read(&Query::parse("")).0;
    let kept = lab.key.once + lab.key.repeated;
    let se = key_fraction_error(1.0 / 3.0, kept, 1_500);
    // About 150 of 1,500 keys: √(2/9/150 · 0.9) ≈ 3.6 %.
    assert!((se - 0.0365).abs() < 0.003, "{se} with {kept} keys");
    let words = lab.key_match_words();
    assert!(words.contains("28.38 %") && words.contains("33.33 %") && words.contains("within it"), "{words}");
    assert!(words.contains(&format!("±{:.2} percentage points", 196.0 * se)));
    assert_eq!(key_fraction_error(0.3, 0, 10), 0.0);
    assert_eq!(key_fraction_error(0.3, 10, 10), 0.0);
}

#[test]
fn a_tiny_rate_leaves_no_nan() {
    let lab = SamplingLab::read(&Query::parse("rate=1e-300")).0;
    let b = &lab.salary_bias;
    assert_eq!(b.by_tuple.1, 0, "no sample held a tuple");
    assert_eq!(SalaryBias::attr(b.by_tuple), "");
    assert!(!b.by_tuple.0.is_nan() && !b.by_key.0.is_nan());
    assert!(!SalaryBias::attr(b.by_key).contains("NaN"));
}
