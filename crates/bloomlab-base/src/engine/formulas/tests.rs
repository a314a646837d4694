//! Tests of the formulas.

use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-300)
}

#[track_caller]
fn assert_close(got: f64, want: f64, rel: f64) {
    assert!(close(got, want, rel), "got {got}, want {want}");
}

#[test]
fn reference_exact_vs_approximate() {
    // (m, k, n) -> approx / finite / exact, from reference-numbers.md (rounded there).
    let cases = [
        (2, 2, 1, 0.39958, 0.5625, 0.625),
        (16, 4, 2, 0.023969, 0.026450, 0.029674),
        (100, 5, 10, 0.0094309, 0.0096151, 0.0099514),
    ];
    for (m, k, n, a, f, e) in cases {
        assert_close(approx(m, n, k), a, 5e-5);
        assert_close(finite(m, n, k), f, 5e-5);
        assert_close(exact(m, n, k), e, 5e-5);
    }
}

#[test]
fn ullman_filter_numbers() {
    assert_close(approx(11, 3, 2), 0.176754, 3e-6);
    assert_close(finite(11, 3, 2), 0.189683, 3e-6);
    assert_close(exact(11, 3, 2), 3801581.0 / 19487171.0, 1e-12);
    assert_close(exact_by_stirling_sum(11, 3, 2), 3801581.0 / 19487171.0, 1e-12);
}

/// Enumerates every outcome of kn throws into m bits; returns the exact fraction
/// (sum of ones^k over outcomes, outcomes · m^k), whose ratio is E[(ones/m)^k].
fn enumerate_exact(m: u64, n: u64, k: u32) -> (u128, u128) {
    let throws = (k as u64 * n) as u32;
    let outcomes = m.pow(throws);
    let mut num: u128 = 0;
    for code in 0..outcomes {
        let mut c = code;
        let mut set = 0u64;
        for _ in 0..throws {
            set |= 1 << (c % m);
            c /= m;
        }
        num += (set.count_ones() as u128).pow(k);
    }
    (num, outcomes as u128 * (m as u128).pow(k))
}

#[test]
fn exact_matches_enumeration_on_tiny_cases() {
    let (num, den) = enumerate_exact(11, 3, 2);
    assert_eq!(num * 19487171, 3801581 * den, "11^6 outcomes give 3801581/19487171");
    for (m, n, k) in [(2, 1, 2), (3, 2, 2), (4, 1, 3), (5, 3, 1), (6, 2, 3), (7, 1, 4), (3, 4, 2), (8, 2, 2)] {
        let (num, den) = enumerate_exact(m, n, k);
        let want = num as f64 / den as f64;
        assert_close(exact(m, n, k), want, 1e-12);
        assert_close(exact_by_stirling_sum(m, n, k), want, 1e-12);
    }
}

#[test]
fn exact_agrees_with_the_stirling_sum_on_medium_cases() {
    for (m, n, k) in [(100, 10, 5), (64, 20, 3), (500, 40, 7), (1000, 100, 7), (50, 200, 2)] {
        assert_close(exact(m, n, k), exact_by_stirling_sum(m, n, k), 1e-9);
    }
}

#[test]
fn exact_approaches_finite_for_large_m_and_stays_finite_everywhere() {
    let m = 9_585_059;
    let e = exact(m, 1_000_000, 7);
    assert_close(e, finite(m, 1_000_000, 7), 1e-3);
    assert!(e > finite(m, 1_000_000, 7));
    for (m, n, k) in [(1, 1, 1), (1 << 40, 1, 30), (10, 1_000_000_000, 64), (u64::MAX, u64::MAX, 100)] {
        let v = exact(m, n, k);
        assert!((0.0..=1.0).contains(&v), "{m} {n} {k} -> {v}");
    }
}

#[test]
fn darts_numbers() {
    // 1 billion bits, 5 hashes, 100 million items.
    assert_close(zero_fraction_approx(1_000_000_000, 100_000_000, 5), 0.606531, 1e-6);
    assert_close(approx(1_000_000_000, 100_000_000, 5), 0.0094309, 1e-4);
    // MMDS: 8 billion bits, 1 billion items.
    let m = 8_000_000_000;
    for (k, want) in [(1, 0.117503), (2, 0.048929), (3, 0.030579), (4, 0.023969)] {
        assert_close(approx(m, 1_000_000_000, k), want, 2e-5);
    }
}

#[test]
fn skiena_numbers() {
    // load 5%: m = 20 n.
    let want = [0.05, 0.01, 0.003375, 0.0016, 0.0009765625];
    for (i, w) in want.iter().enumerate() {
        assert_close(skiena(2000, 100, i as u32 + 1), *w, 1e-12);
    }
    assert_close(skiena(2000, 100, 1) / skiena(2000, 100, 5), 51.2, 1e-12);
    let std = [0.048771, 0.009056, 0.002703, 0.001080, 0.000530];
    for (i, w) in std.iter().enumerate() {
        assert_close(approx(2000, 100, i as u32 + 1), *w, 2e-3);
    }
    assert_close(approx(2000, 100, 1) / approx(2000, 100, 5), 92.1, 1e-3);
    // The bound passes 1 at load 0.2 with k = 5: clipped.
    assert_eq!(skiena(500, 100, 5), 1.0);
}

#[test]
fn partitioned_and_mlbf() {
    assert_close(partitioned(1000, 100, 7), 0.0083338, 1e-4);
    assert_close(finite(1000, 100, 7), 0.0082136, 1e-4);
    assert_close(approx(1000, 100, 7), 0.0081937, 1e-4);
    assert_eq!(partitioned(5, 1, 5), 1.0);
    assert_close(mlbf(1000, 100, 7, 4), approx(1000, 100, 7).powi(4), 1e-12);
}

#[test]
fn sizing_reference() {
    assert_eq!(size_for(1_000_000, 0.01), Some((9_585_059, 7)));
    let (m, k) = size_for(40_000_000, 1e-6).unwrap();
    assert_eq!((m, k), (1_150_207_006, 20));
    assert_close(m as f64 / 8.0 / 1024.0 / 1024.0, 137.12, 1e-4);
    assert_eq!(size_for(0, 0.01), None);
    assert_eq!(size_for(10, 1.0), None);
    assert_eq!(size_for(10, 0.0), None);
    assert_eq!(size_for(10, f64::NAN), None);
    assert_eq!(optimal_k(9_585_059, 1_000_000, 64), 7);
    // At the optimum, FP ≈ 0.6185^(m/n).
    assert_close(approx(9_585_059, 1_000_000, 7), 0.6185f64.powf(9.585059), 2e-2);
}

#[test]
fn no_nan_or_infinity_anywhere() {
    let sizes = [0u64, 1, 2, 11, 1 << 20, u64::MAX];
    for &m in &sizes {
        for &n in &sizes {
            for k in [0u32, 1, 2, 7, 64] {
                for f in Formula::ALL {
                    let v = f.evaluate(m, n, k, 4);
                    assert!(v.is_finite() && (0.0..=1.0).contains(&v), "{f:?} {m} {n} {k} -> {v}");
                }
            }
        }
    }
}

#[test]
fn formula_names_round_trip() {
    for f in Formula::ALL {
        assert_eq!(Formula::parse(f.name()), Some(f));
    }
}
