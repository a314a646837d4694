//! The window view's bit streams: typed (read with the characters that are not bits reported),
//! or generated with a density of 1s.

/// The bits of `text` (`0` and `1`, oldest first), whitespace skipped, and the other characters
/// found (each once, in order).
pub fn parse(text: &str) -> (Vec<bool>, Vec<char>) {
    let mut bits = Vec::new();
    let mut other: Vec<char> = Vec::new();
    for c in text.chars() {
        match c {
            '0' => bits.push(false),
            '1' => bits.push(true),
            c if c.is_whitespace() => {}
            c => {
                if !other.contains(&c) {
                    other.push(c);
                }
            }
        }
    }
    (bits, other)
}

/// `bits` as text: `0`s and `1`s.
pub fn text(bits: &[bool]) -> String {
    bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

/// `length` bits, each 1 with probability `p`, from a generator seeded by `seed`.
pub fn generate(p: f64, length: u64, seed: u64) -> Vec<bool> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..length).map(|_| rng.f64() < p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_typed_and_generated() {
        assert_eq!(parse("10 1\n1"), (vec![true, false, true, true], vec![]));
        assert_eq!(parse("1x0yx"), (vec![true, false], vec!['x', 'y']));
        assert_eq!(text(&parse("0110").0), "0110");
        let g = generate(0.3, 10_000, 5);
        assert_eq!(g, generate(0.3, 10_000, 5));
        let ones = g.iter().filter(|&&b| b).count();
        assert!((2_800..3_200).contains(&ones), "{ones}");
        assert!(generate(0.0, 100, 1).iter().all(|&b| !b));
        assert!(generate(1.0, 100, 1).iter().all(|&b| b));
    }
}
