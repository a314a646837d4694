use super::*;

fn keys(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

#[test]
fn shapes_are_checked() {
    assert_eq!(RibbonParams::new(10, 0, 4), Err(RibbonError::BadWidth(0)));
    assert_eq!(RibbonParams::new(100, 65, 4), Err(RibbonError::BadWidth(65)));
    assert_eq!(RibbonParams::new(10, 8, 0), Err(RibbonError::BadResultBits(0)));
    assert_eq!(RibbonParams::new(10, 8, 33), Err(RibbonError::BadResultBits(33)));
    assert_eq!(RibbonParams::new(7, 8, 4), Err(RibbonError::TooFewSlots { slots: 7, width: 8 }));
    assert_eq!(RibbonParams::new(MAX_SLOTS + 1, 8, 4), Err(RibbonError::TooManySlots(MAX_SLOTS + 1)));
    assert_eq!(RibbonParams::for_keys(10, -0.1, 8, 4), Err(RibbonError::BadOverhead(-0.1)));
    assert!(RibbonParams::for_keys(10, f64::NAN, 8, 4).is_err());
    assert!(matches!(RibbonParams::for_keys(usize::MAX, 0.1, 8, 4), Err(RibbonError::TooManySlots(_))));
    let p = RibbonParams::for_keys(100, 0.1, 16, 7).unwrap();
    assert_eq!((p.slots(), p.width(), p.result_bits()), (110, 16, 7));
    assert_eq!(RibbonParams::for_keys(2, 0.0, 8, 4).unwrap().slots(), 8);
    assert!(!RibbonError::Unsolvable { key: 3 }.to_string().is_empty());
}

#[test]
fn rows_stay_in_the_band() {
    let p = RibbonParams::new(20, 8, 5).unwrap();
    for k in keys("k", 500) {
        let r = p.row(7, &k);
        assert!(r.start <= 12, "{r:?}");
        assert_eq!(r.coeff & 1, 1);
        assert!(r.coeff < 1 << 8 && r.result < 1 << 5);
    }
    let wide = RibbonParams::new(64, 64, 32).unwrap();
    assert_eq!(wide.row(1, "x").start, 0);
}

#[test]
fn rows_hook_format() {
    let p = RibbonParams::new(12, 8, 4).unwrap();
    let ks = ["apple", "pear"];
    let hook = p.rows_hook(3, &ks);
    let parts: Vec<&str> = hook.split(';').collect();
    assert_eq!(parts.len(), 2);
    for (part, k) in parts.iter().zip(ks) {
        let r = p.row(3, k);
        assert_eq!(*part, format!("{}:{}", r.start, r.bits(8)));
        assert!(r.bits(8).starts_with('1'));
    }
    let r = Row { start: 3, coeff: 0b1000_1101, result: 0 };
    assert_eq!(r.bits(8), "10110001");
}

#[test]
fn every_key_is_found() {
    let ks = keys("member-", 2000);
    let p = RibbonParams::for_keys(ks.len(), 0.1, 64, 8).unwrap();
    let built = Ribbon::build_retrying(p, 42, &ks, 20).unwrap();
    assert!(ks.iter().all(|k| built.ribbon.contains(k)));
    assert_eq!(built.ribbon.solution().len(), p.slots());
    assert!(built.ribbon.solution().iter().all(|z| *z < 1 << 8));
    assert_eq!(built.ribbon.seed(), attempt_seed(42, built.attempts - 1));
}

#[test]
fn measured_fpr_is_two_to_minus_r() {
    let ks = keys("in-", 3000);
    let p = RibbonParams::for_keys(ks.len(), 0.1, 64, 6).unwrap();
    let f = Ribbon::build_retrying(p, 1, &ks, 20).unwrap().ribbon;
    let queries = 100_000;
    let hits = (0..queries).filter(|i| f.contains(&format!("out-{i}"))).count();
    // Expected 100,000 / 64 = 1562.5 false positives, standard deviation about 39.2: allow 5 of it.
    let expected = f64::from(queries) / 64.0;
    let sd = (expected * (1.0 - 1.0 / 64.0)).sqrt();
    assert!((hits as f64 - expected).abs() < 5.0 * sd, "{hits} false positives, expected {expected}");
}

#[test]
fn retry_seeds_step_by_golden() {
    assert_eq!(attempt_seed(5, 0), 5);
    assert_eq!(attempt_seed(5, 2), 5u64.wrapping_add(GOLDEN.wrapping_mul(2)));
    assert_eq!(attempt_seed(u64::MAX, 1), GOLDEN - 1);
}

#[test]
fn too_many_keys_fail_every_seed() {
    // 12 keys, 8 slots of result 16 bits: at least 4 rows reduce to zero, each with a result that
    // is zero only by a 2^-16 chance.
    let ks = keys("x", 12);
    let p = RibbonParams::new(8, 8, 16).unwrap();
    assert!(matches!(Ribbon::build(p, 0, &ks), Err(RibbonError::Unsolvable { .. })));
    assert_eq!(Ribbon::build_retrying(p, 0, &ks, 5), Err(RibbonError::NoSeedWorked { attempts: 5 }));
}

#[test]
fn a_contradiction_fails_and_a_repeat_is_redundant() {
    let mut b = Banding::new(10);
    let row = Row { start: 2, coeff: 0b1011, result: 1 };
    assert_eq!(b.insert(row), Outcome::Stored(2));
    assert_eq!(b.insert(row), Outcome::Redundant);
    let t = b.insert_traced(Row { result: 0, ..row });
    assert_eq!(t.outcome, Outcome::Failed);
    assert_eq!(t.steps.len(), 1);
    let s = t.steps[0];
    assert_eq!((s.slot, s.xor_coeff, s.xor_result, s.shift), (2, 0, 1, 0));
    // A row that reaches past the last slot, and the empty row.
    assert_eq!(b.insert(Row { start: 8, coeff: 0b101, result: 0 }), Outcome::OutOfRange);
    assert_eq!(b.insert(Row { start: usize::MAX, coeff: 0b11, result: 0 }), Outcome::OutOfRange);
    assert_eq!(b.insert(Row { start: 0, coeff: 0, result: 1 }), Outcome::Failed);
    assert_eq!(b.insert(Row { start: 0, coeff: 0, result: 0 }), Outcome::Redundant);
    assert!(Banding::new(0).is_empty() && Banding::new(0).solve().is_empty());
}

#[test]
fn traces_record_the_elimination() {
    let mut b = Banding::new(8);
    b.insert(Row { start: 1, coeff: 0b0111, result: 0b10 });
    let t = b.insert_traced(Row { start: 1, coeff: 0b1101, result: 0b01 });
    // 1101 ^ 0111 = 1010: shift 1 to slot 2 as 101, stored there.
    assert_eq!(
        t.steps,
        vec![BandStep {
            slot: 1,
            coeff: 0b1101,
            result: 0b01,
            stored_coeff: 0b0111,
            stored_result: 0b10,
            xor_coeff: 0b1010,
            xor_result: 0b11,
            shift: 1,
        }]
    );
    assert_eq!(t.outcome, Outcome::Stored(2));
    assert_eq!(b.stored(2), Some((0b101, 0b11)));
    let (z, back) = b.solve_traced();
    assert_eq!(z, b.solve());
    assert_eq!(back.len(), 8);
    assert_eq!(back[0].row, 7);
    // Z[4] = 0 (free), Z[3] = 0, Z[2] = 11 ^ Z[4] = 11, Z[1] = 10 ^ Z[2] ^ Z[3] = 01.
    let step1 = back.iter().find(|s| s.row == 1).unwrap();
    assert_eq!(step1.terms, vec![(2, 0b11), (3, 0)]);
    assert_eq!((z[1], z[2]), (0b01, 0b11));
}

#[test]
fn traced_build_matches_the_plain_one() {
    let ks = keys("w", 10);
    let p = RibbonParams::for_keys(10, 0.5, 8, 4).unwrap();
    let built = Ribbon::build_retrying(p, 9, &ks, 50).unwrap();
    let seed = built.ribbon.seed();
    let trace = Ribbon::build_traced(p, seed, &ks);
    assert_eq!(trace.ribbon.as_ref(), Some(&built.ribbon));
    assert_eq!(trace.inserts.len(), 10);
    assert_eq!(trace.back.len(), p.slots());
    for (t, k) in trace.inserts.iter().zip(&ks) {
        assert_eq!(t.row, p.row(seed, k));
    }
}

#[test]
fn sweep_counts_working_seeds() {
    let easy = sweep(200, 0.2, 32, 8, 20, 3).unwrap();
    assert_eq!(easy.seeds, 20);
    assert!(easy.fraction() > 0.9, "{easy:?}");
    // No overhead: a square system is almost never solvable; 20% overhead at w = 64 almost always.
    let square = sweep(500, 0.0, 64, 8, 20, 3).unwrap();
    assert!(square.succeeded <= 1, "{square:?}");
    let roomy = sweep(500, 0.2, 64, 8, 20, 3).unwrap();
    assert!(roomy.succeeded >= 19, "{roomy:?}");
    assert!(sweep(10, 0.1, 0, 8, 2, 0).is_err());
    assert_eq!(Sweep { seeds: 0, succeeded: 0 }.fraction(), 0.0);
}
