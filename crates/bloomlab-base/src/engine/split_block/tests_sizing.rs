use super::sizing::{blocked_fpr, Formula};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn the_spec_formula_as_written() {
    let c = Formula::Spec.bits_per_value(0.005).unwrap();
    assert!(close(c, 11.0347, 1e-3), "{c}");
    let c1 = Formula::Spec.bits_per_value(0.01).unwrap();
    assert!(close(c1, 9.6815, 1e-3), "{c1}");
    // "1.2MB ... one million distinct values" at 1% does follow from the formula.
    let bytes = Formula::Spec.bytes(1_000_000, 0.01).unwrap();
    assert!((1_200_000..1_220_000).contains(&bytes), "{bytes}");
    // At 11.54 bits (8 / ln 2) the formula gives 2^-8, not 0.5%.
    let at = Formula::Spec.fpr_at_bits_per_value(8.0 / std::f64::consts::LN_2);
    assert!(close(at, 1.0 / 256.0, 1e-12), "{at}");
}

#[test]
fn the_blocked_formula() {
    let c = Formula::Blocked.bits_per_value(0.005).unwrap();
    assert!(close(c, 12.204, 1e-3), "{c}");
    let at = Formula::Blocked.fpr_at_bits_per_value(11.54);
    assert!(close(at, 0.006524, 1e-5), "{at}");
    let at1 = Formula::Blocked.fpr_at_bits_per_value(Formula::Spec.bits_per_value(0.01).unwrap());
    assert!(close(at1, 0.014627, 1e-5), "{at1}");
    // The round trip, and the blocked rate always above the spec's.
    for p in [0.1, 0.01, 0.005, 1e-3, 1e-5] {
        let c = Formula::Blocked.bits_per_value(p).unwrap();
        assert!(close(Formula::Blocked.fpr_at_bits_per_value(c), p, p * 1e-9));
        assert!(c > Formula::Spec.bits_per_value(p).unwrap());
    }
}

#[test]
fn blocked_fpr_is_a_poisson_average() {
    // λ = 1: a direct sum of e^-1 / i! · (1 - (31/32)^i)^8.
    let mut direct = 0.0;
    let mut pmf = (-1f64).exp();
    for i in 0..60 {
        direct += pmf * (1.0 - (31f64 / 32.0).powi(i)).powi(8);
        pmf /= f64::from(i + 1);
    }
    assert!(close(blocked_fpr(1.0), direct, 1e-15));
    assert_eq!(blocked_fpr(0.0), 0.0);
    assert_eq!(blocked_fpr(f64::NAN), 0.0);
    // Huge loads: every bit set, without underflow.
    assert!(close(blocked_fpr(5_000.0), 1.0, 1e-9));
    assert!(close(blocked_fpr(1e9), 1.0, 1e-9));
}

#[test]
fn sizing_edges() {
    for f in Formula::ALL {
        assert_eq!(f.bits_per_value(0.0), None);
        assert_eq!(f.bits_per_value(1.0), None);
        assert_eq!(f.bits_per_value(f64::NAN), None);
        assert_eq!(f.fpr(0, 100), 0.0);
        assert_eq!(f.fpr(10, 0), 1.0);
        assert_eq!(f.blocks(0, 0.01), Some(1));
        assert_eq!(f.blocks(u64::MAX, 0.01), None);
        assert!(!f.name().is_empty());
    }
    // Spec: 11.03 bits × 1000 values = 1380 bytes = 44 blocks (43.1 rounded up).
    assert_eq!(Formula::Spec.blocks(1000, 0.005), Some(44));
    let f = Formula::Blocked.fpr(1000, 44 * 32);
    assert!(f > 0.005, "{f}");
}
