//! The darts analysis: d darts thrown at t targets, the fraction never hit, and a real throw; the
//! form's numbers (bits, hashes, items), read from what a student types.

use crate::link::notice::Notice;
use crate::text::{group_digits, parse_f64, shorten};

/// What the darts panel's notices name (its fields are not part of any link).
pub const DARTS: &str = "darts";

/// The darts form's numbers: t bits, k hashes and n items, so k·n darts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Darts {
    pub bits: u64,
    pub hashes: u32,
    pub items: u64,
}

/// The form's presets: the slides', the book's two and the 11-bit example.
pub const PRESETS: [(&str, Darts); 4] = [
    (
        "slides: 1 billion bits, 5 hashes, 100 million items",
        Darts { bits: 1_000_000_000, hashes: 5, items: 100_000_000 },
    ),
    ("book: 8 billion bits, 1 billion items, 1 hash", Darts { bits: 8_000_000_000, hashes: 1, items: 1_000_000_000 }),
    ("book: the same with 2 hashes", Darts { bits: 8_000_000_000, hashes: 2, items: 1_000_000_000 }),
    ("the 11-bit example", Darts { bits: 11, hashes: 2, items: 3 }),
];

impl Darts {
    /// The darts thrown, k·n.
    pub fn throws(&self) -> u64 {
        self.items.saturating_mul(self.hashes as u64)
    }

    /// The numbers with `field` (`bits`, `hashes` or `items`) set from a form's `text`, or a
    /// notice (about [`DARTS`]) saying why the text is not one: a whole number (commas,
    /// underscores and spaces between digits allowed, or written as 1e9 or 2.5E6) from 1 (0 for
    /// items) to 10^15 (64 for hashes).
    pub fn with_field(self, field: &str, text: &str) -> Result<Darts, Notice> {
        let (min, max) = match field {
            "hashes" => (1, 64),
            "items" => (0, 1_000_000_000_000_000),
            _ => (1, 1_000_000_000_000_000),
        };
        let Some(v) = whole_number(text).filter(|v| (min..=max).contains(v)) else {
            return Err(Notice::param(
                DARTS,
                format!(
                    "{field}: \u{201c}{}\u{201d} is not a whole number from {min} to {}",
                    shorten(text, 20),
                    group_digits(max)
                ),
            ));
        };
        let mut next = self;
        match field {
            "hashes" => next.hashes = v as u32,
            "items" => next.items = v,
            _ => next.bits = v,
        }
        Ok(next)
    }
}

/// A whole number as a student types it: digits with `,`, `_` or spaces between them, or a
/// mantissa and a power of ten (1e9, 2.5E6) that make a whole number.
fn whole_number(text: &str) -> Option<u64> {
    let cleaned: String = text.chars().filter(|c| !matches!(c, ',' | '_' | ' ')).collect();
    if let Some((a, b)) = cleaned.split_once(['e', 'E']) {
        let mantissa = parse_f64(a)?;
        let exp: i32 = b.parse().ok()?;
        let v = mantissa * 10f64.powi(exp);
        (v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v < 2f64.powi(64)).then_some(v as u64)
    } else {
        cleaned.parse::<u64>().ok()
    }
}

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

    #[test]
    fn the_forms_numbers_from_what_is_typed() {
        let d = PRESETS[0].1;
        assert_eq!(d.throws(), 500_000_000);
        assert_eq!(d.with_field("bits", " 2,000_000 "), Ok(Darts { bits: 2_000_000, ..d }));
        assert_eq!(d.with_field("bits", "1e9"), Ok(Darts { bits: 1_000_000_000, ..d }));
        assert_eq!(d.with_field("items", "2.5E6"), Ok(Darts { items: 2_500_000, ..d }));
        assert_eq!(d.with_field("items", "0"), Ok(Darts { items: 0, ..d }));
        assert_eq!(d.with_field("hashes", "64"), Ok(Darts { hashes: 64, ..d }));
        for (field, text) in [
            ("hashes", "65"),
            ("hashes", "0"),
            ("bits", "0"),
            ("bits", "1e19"),
            ("items", "1.5"),
            ("items", "-1"),
            ("bits", "1e999"),
            ("bits", "lots"),
            ("bits", ""),
        ] {
            let notice = d.with_field(field, text).unwrap_err();
            assert_eq!(notice.param.as_deref(), Some(DARTS));
            let why = notice.message;
            assert!(why.starts_with(&format!("{field}: \u{201c}")) && why.contains("is not a whole number"), "{why}");
        }
        assert!(d.with_field("hashes", "lots").unwrap_err().message.ends_with("from 1 to 64"));
        assert!(d.with_field("items", "x").unwrap_err().message.ends_with("from 0 to 1,000,000,000,000,000"));
    }
}
