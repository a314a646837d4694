//! The darts analysis: d darts thrown at t targets, the fraction never hit, and a real throw.

/// The fraction of targets never hit, exactly: (1 - 1/t)^d.
pub fn miss_fraction_exact(targets: u64, darts: u64) -> f64 {
    if targets == 0 {
        return 0.0;
    }
    if darts == 0 {
        return 1.0;
    }
    if targets == 1 {
        return 0.0;
    }
    (darts as f64 * (-1.0 / targets as f64).ln_1p()).exp()
}

/// The slide's approximation e^(-d/t).
pub fn miss_fraction_approx(targets: u64, darts: u64) -> f64 {
    if targets == 0 {
        return 0.0;
    }
    (-(darts as f64) / targets as f64).exp()
}

/// Throws `darts` darts at `targets` targets with a seeded generator and returns how many
/// targets were never hit.
pub fn simulate_misses(targets: u64, darts: u64, seed: u64) -> u64 {
    if targets == 0 {
        return 0;
    }
    let mut hit = crate::engine::bitvec::BitVec::new(targets as usize);
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..darts {
        hit.set(rng.u64(..targets) as usize);
    }
    targets - hit.count_ones() as u64
}

/// Scales (t, d) down so that t is at most `max_targets`, keeping d/t.
pub fn scaled(targets: u64, darts: u64, max_targets: u64) -> (u64, u64) {
    if targets <= max_targets {
        return (targets, darts);
    }
    let ratio = darts as f64 / targets as f64;
    (max_targets, (ratio * max_targets as f64).round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_numbers() {
        assert!((miss_fraction_approx(1_000_000_000, 500_000_000) - 0.606531).abs() < 1e-6);
        assert!((miss_fraction_exact(1_000_000_000, 500_000_000) - 0.606531).abs() < 1e-6);
        assert!((miss_fraction_exact(11, 6) - (10.0f64 / 11.0).powi(6)).abs() < 1e-12);
        assert_eq!(miss_fraction_exact(0, 5), 0.0);
        assert_eq!(miss_fraction_exact(1, 5), 0.0);
        assert_eq!(miss_fraction_exact(10, 0), 1.0);
    }

    #[test]
    fn simulation_lands_near_the_formula() {
        let (t, d) = scaled(1_000_000_000, 500_000_000, 1_000_000);
        assert_eq!((t, d), (1_000_000, 500_000));
        let misses = simulate_misses(t, d, 42) as f64 / t as f64;
        // The standard deviation of the fraction is about sqrt(p(1-p)/t) ≈ 0.0005.
        assert!((misses - miss_fraction_exact(t, d)).abs() < 0.003, "{misses}");
        assert_eq!(simulate_misses(0, 10, 1), 0);
        assert_eq!(simulate_misses(10, 0, 1), 10);
    }
}
