use super::constants::{fm_phi, hll_alpha, ln_gamma, loglog_alpha};
use super::*;

/// A hash for element i of trial `seed` (splitmix64): independent of the code under test.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn hashes(n: u64, seed: u64) -> impl Iterator<Item = u64> {
    (0..n).map(move |i| mix(seed.wrapping_mul(0x1_0000_0001).wrapping_add(i)))
}

#[test]
fn constants_match_the_papers() {
    assert!((fm_phi() - 0.77351).abs() < 1e-5, "φ = {}", fm_phi());
    assert!((loglog_alpha(1 << 16) - 0.39701).abs() < 2e-5, "{}", loglog_alpha(1 << 16));
    for (m, a) in [(16, 0.673), (32, 0.697), (64, 0.709)] {
        assert!((hll_alpha(m) - a).abs() < 1e-3, "α_{m} = {}", hll_alpha(m));
    }
    for m in [128u32, 1024, 1 << 16] {
        let approx = 0.7213 / (1.0 + 1.079 / m as f64);
        assert!((hll_alpha(m) - approx).abs() < 2e-4, "α_{m} = {} against {approx}", hll_alpha(m));
    }
    // Γ(1/2) = √π, Γ(5) = 24.
    assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-13);
    assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-13);
}

/// The textbook forms, written apart from the sketches: bit strings for PCSA, a loop of
/// `powi` for the registers.
fn pcsa_by_hand(hs: &[u64], p: u32) -> f64 {
    let m = 1usize << p;
    let mut seen = vec![vec![false; 66]; m];
    for &h in hs {
        let j = (h % m as u64) as usize;
        let rest = h / m as u64;
        let mut r = 0;
        while r < 64 - p as usize && (rest >> r) & 1 == 0 {
            r += 1;
        }
        seen[j][r] = true;
    }
    let total: f64 = seen.iter().map(|s| s.iter().position(|&b| !b).unwrap() as f64).sum();
    m as f64 * 2f64.powf(total / m as f64) / fm_phi()
}

fn maxima_by_hand(hs: &[u64], p: u32) -> Vec<u8> {
    let m = 1usize << p;
    let mut regs = vec![0u8; m];
    for &h in hs {
        let j = (h % m as u64) as usize;
        let rest = h / m as u64;
        let mut rho = 1;
        while rho <= 64 - p && (rest >> (rho - 1)) & 1 == 0 {
            rho += 1;
        }
        regs[j] = regs[j].max(rho as u8);
    }
    regs
}

#[test]
fn estimates_equal_independent_implementations_to_the_last_bit() {
    for (n, p, seed) in [(0u64, 4u32, 1u64), (10, 4, 2), (1_000, 6, 3), (50_000, 10, 4), (5, 16, 5)] {
        let hs: Vec<u64> = hashes(n, seed).collect();
        let mut pcsa = Pcsa::new(p);
        let mut regs = MaxRegisters::new(p);
        for &h in &hs {
            pcsa.add(h);
            regs.add(h);
        }
        assert_eq!(pcsa.estimate().to_bits(), pcsa_by_hand(&hs, p).to_bits(), "PCSA n={n} p={p}");
        let by_hand = maxima_by_hand(&hs, p);
        assert_eq!(regs.m, by_hand);
        let m = (1u32 << p) as f64;
        let mean = by_hand.iter().map(|&r| r as f64).sum::<f64>() / m;
        assert_eq!(regs.loglog().to_bits(), (loglog_alpha(1 << p) * m * 2f64.powf(mean)).to_bits());
        let sum: f64 = by_hand.iter().map(|&r| 1.0 / 2f64.powi(r as i32)).sum();
        let raw = hll_alpha(1 << p) * m * m / sum;
        let zeros = by_hand.iter().filter(|&&r| r == 0).count() as f64;
        let expected = if raw <= 2.5 * m && zeros > 0.0 { m * (m / zeros).ln() } else { raw };
        assert_eq!(regs.hll().to_bits(), expected.to_bits(), "HLL n={n} p={p}");
    }
}

/// The relative standard errors of PCSA, LogLog and HyperLogLog over `trials` runs of `n`
/// distinct hashes each.
fn measured_rse(p: u32, n: u64, trials: u64) -> [f64; 3] {
    let mut pcsa = Pcsa::new(p);
    let mut regs = MaxRegisters::new(p);
    let mut sq = [0.0; 3];
    for t in 0..trials {
        pcsa.clear();
        regs.clear();
        for h in hashes(n, 1_000 + t) {
            pcsa.add(h);
            regs.add(h);
        }
        for (s, e) in sq.iter_mut().zip([pcsa.estimate(), regs.loglog(), regs.hll()]) {
            *s += (e / n as f64 - 1.0).powi(2);
        }
    }
    sq.map(|s| (s / trials as f64).sqrt())
}

#[test]
fn measured_errors_are_within_a_fifth_of_theory() {
    for (p, n) in [(6u32, 10_000u64), (10, 60_000)] {
        let rse = measured_rse(p, n, 500);
        for (s, rse) in Sketch::ALL.into_iter().zip(rse) {
            let theory = s.theory_rse(1 << p);
            assert!((rse / theory - 1.0).abs() < 0.2, "{} m={} rse {rse} theory {theory}", s.name(), 1 << p);
        }
    }
}

#[test]
fn hll_union_is_the_sketch_of_the_union() {
    let a: Vec<u64> = hashes(3_000, 7).collect();
    let b: Vec<u64> = hashes(5_000, 8).chain(a[..1_000].iter().copied()).collect();
    let (mut sa, mut sb, mut sab) = (MaxRegisters::new(8), MaxRegisters::new(8), MaxRegisters::new(8));
    a.iter().for_each(|&h| sa.add(h));
    b.iter().for_each(|&h| sb.add(h));
    a.iter().chain(&b).for_each(|&h| sab.add(h));
    let u = sa.union(&sb).unwrap();
    assert_eq!(u, sab);
    assert_eq!(u.hll().to_bits(), sab.hll().to_bits());
    assert!(sa.union(&MaxRegisters::new(9)).is_none());
}

#[test]
fn small_counts_use_linear_counting_and_tails_fit() {
    let mut regs = MaxRegisters::new(10);
    for h in hashes(100, 3) {
        regs.add(h);
    }
    let zeros = regs.m.iter().filter(|&&r| r == 0).count() as f64;
    assert_eq!(regs.hll(), 1024.0 * (1024.0 / zeros).ln());
    // An all-zero rest has the longest tail and still fits a register and a bitmap bit.
    let mut pcsa = Pcsa::new(4);
    pcsa.add(0);
    regs.add(0);
    assert_eq!(pcsa.bitmaps[0], 1 << 60);
    assert_eq!(regs.m[0], 55);
    assert_eq!(register_bits(64), Some(6));
    assert_eq!(register_bits(100), None);
    assert_eq!(register_bits(8), None);
    assert_eq!(register_bits(1 << 17), None);
    assert_eq!(Sketch::HyperLogLog.memory_bits(64), 64 * 6);
    assert_eq!(Sketch::Pcsa.memory_bits(64), 64 * 59);
}
