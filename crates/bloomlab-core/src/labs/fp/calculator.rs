//! The sizing calculator: parsers for filter sizes and probabilities as people write them, and
//! the two directions of the usual calculator (n and p give m and k; m and n give the best k).

use crate::engine::formulas;
use crate::text::group_digits;
use crate::text::parse_f64;

/// The largest filter the calculator and the plots accept, in bits (one terabit).
pub const MAX_BITS: u64 = 1_000_000_000_000;

/// Reads a filter size: plain bits (`1000000`, `1,000,000`, `1e6`), or a number with a unit:
/// bytes `B` with SI (`kB`, `MB`, `GB`, `TB`) or binary (`KiB`, `MiB`, `GiB`, `TiB`) prefixes,
/// bits `b`/`bit`/`bits` with the same prefixes (`8Mbit`, `64Kib`), or a bare prefix meaning
/// bits (`8M`). A fractional number of bits is rounded up. Errors say what was wrong.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("is empty".into());
    }
    let split = t
        .char_indices()
        .find(|&(i, c)| {
            !(c.is_ascii_digit() || c == '.' || c == ',' || c == '_' || ((c == 'e' || c == 'E') && is_exponent(t, i)))
        })
        .map(|(i, _)| i)
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let value = parse_number(num).ok_or_else(|| format!("\u{201c}{}\u{201d} is not a number", num.trim()))?;
    let unit = unit.trim();
    let factor = unit_bits(unit).ok_or_else(|| {
        format!("has an unknown unit \u{201c}{unit}\u{201d} (use bits, or units such as KiB, MB, Mbit)")
    })?;
    let raw = value * factor;
    if !raw.is_finite() || raw.ceil() > MAX_BITS as f64 {
        return Err(format!("is larger than {} bits", group_digits(MAX_BITS)));
    }
    if raw < 1.0 {
        return Err("is less than one bit".into());
    }
    let bits = raw.ceil();
    Ok(bits as u64)
}

/// Whether the `e` at byte `i` of `t` starts an exponent (`1e6`, `1.5e-3`), not a unit.
fn is_exponent(t: &str, i: usize) -> bool {
    let b = t.as_bytes();
    i > 0 && b[i - 1].is_ascii_digit() && {
        let rest = &b[i + 1..];
        let rest = rest.strip_prefix(b"-").or_else(|| rest.strip_prefix(b"+")).unwrap_or(rest);
        rest.first().is_some_and(|c| c.is_ascii_digit())
    }
}

/// A non-negative decimal number, allowing `,` and `_` between digits and an exponent.
fn parse_number(s: &str) -> Option<f64> {
    let s = s.trim();
    if s.is_empty() || s.starts_with([',', '_']) || s.ends_with([',', '_']) {
        return None;
    }
    let cleaned: String = s.chars().filter(|&c| c != ',' && c != '_').collect();
    if cleaned.starts_with(['+', '-']) {
        return None;
    }
    let v = parse_f64(&cleaned)?;
    (v.is_finite() && v >= 0.0).then_some(v)
}

/// Bits per unit. Case matters only for `B` (bytes) against `b` (bits).
fn unit_bits(unit: &str) -> Option<f64> {
    if unit.is_empty() {
        return Some(1.0);
    }
    let (prefix, base) = if let Some(p) = strip_suffix_ci(unit, "bytes").or_else(|| strip_suffix_ci(unit, "byte")) {
        (p, 8.0)
    } else if let Some(p) = strip_suffix_ci(unit, "bits").or_else(|| strip_suffix_ci(unit, "bit")) {
        (p, 1.0)
    } else if let Some(p) = unit.strip_suffix('B') {
        (p, 8.0)
    } else if let Some(p) = unit.strip_suffix('b') {
        (p, 1.0)
    } else {
        (unit, 1.0)
    };
    let scale = match prefix.to_ascii_lowercase().as_str() {
        "" => 1.0,
        "k" => 1e3,
        "m" => 1e6,
        "g" => 1e9,
        "t" => 1e12,
        "ki" => 1024.0,
        "mi" => 1_048_576.0,
        "gi" => 1_073_741_824.0,
        "ti" => 1_099_511_627_776.0,
        _ => return None,
    };
    Some(scale * base)
}

fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(cut) && s[cut..].eq_ignore_ascii_case(suffix)).then(|| &s[..cut])
}

/// Reads a probability strictly between 0 and 1: `0.01`, `1%`, `1 in 1000`, `1/1000`, `1e-6`.
pub fn parse_probability(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("is empty".into());
    }
    let value = if let Some(pct) = t.strip_suffix('%') {
        parse_number(pct).map(|v| v / 100.0)
    } else if let Some((a, b)) = t.split_once(" in ").or_else(|| t.split_once('/')) {
        match (parse_number(a), parse_number(b)) {
            (Some(a), Some(b)) if b > 0.0 => Some(a / b),
            _ => None,
        }
    } else {
        parse_number(t)
    };
    let v = value.ok_or_else(|| "is not a probability (write it as 0.01, 1%, 1 in 1000 or 1e-6)".to_string())?;
    if !(v > 0.0 && v < 1.0) {
        return Err("must lie strictly between 0 and 1".into());
    }
    Ok(v)
}

/// Reads a count of items: a whole number, with optional `,`/`_` grouping, an exponent or a
/// `k`/`M`/`G` suffix (`40M`, `4e7`).
pub fn parse_count(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (num, scale) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1e3),
        Some('M') => (&t[..t.len() - 1], 1e6),
        Some('G' | 'B') => (&t[..t.len() - 1], 1e9),
        _ => (t, 1.0),
    };
    let v = parse_number(num).map(|v| v * scale).ok_or_else(|| "is not a whole number".to_string())?;
    if v.fract() != 0.0 {
        return Err("is not a whole number".into());
    }
    if v > MAX_BITS as f64 {
        return Err(format!("is larger than {}", group_digits(MAX_BITS)));
    }
    Ok(v as u64)
}

/// What the calculator answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizing {
    /// Bits.
    pub m: u64,
    /// Hash functions.
    pub k: u32,
    /// The FP rate this m, n and k give (`approx`, as the usual calculator reports).
    pub fp: f64,
    /// Bits per item.
    pub bits_per_item: f64,
}

/// From n items and a target rate p: m = ceil(-n ln p / (ln 2)^2), k = round((m/n) ln 2).
pub fn size_for(n: u64, p: f64) -> Option<Sizing> {
    let (m, k) = formulas::size_for(n, p)?;
    if m > MAX_BITS {
        return None;
    }
    Some(Sizing { m, k, fp: formulas::approx(m, n, k), bits_per_item: m as f64 / n as f64 })
}

/// From m bits and n items: the best whole k (at most `max_k`) and the rate it gives.
pub fn best_k_for(m: u64, n: u64, max_k: u32) -> Option<Sizing> {
    if m == 0 || n == 0 {
        return None;
    }
    let k = formulas::optimal_k(m, n, max_k);
    Some(Sizing { m, k, fp: formulas::approx(m, n, k), bits_per_item: m as f64 / n as f64 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::format_bits;

    #[test]
    fn sizes_with_units() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size(" 1,000,000 "), Ok(1_000_000));
        assert_eq!(parse_size("1e6"), Ok(1_000_000));
        assert_eq!(parse_size("64KiB"), Ok(64 * 1024 * 8));
        assert_eq!(parse_size("64 KiB"), Ok(524_288));
        assert_eq!(parse_size("1.5MB"), Ok(12_000_000));
        assert_eq!(parse_size("8Mbit"), Ok(8_000_000));
        assert_eq!(parse_size("8 Mbits"), Ok(8_000_000));
        assert_eq!(parse_size("1Mib"), Ok(1_048_576));
        assert_eq!(parse_size("2 bytes"), Ok(16));
        assert_eq!(parse_size("1kB"), Ok(8000));
        assert_eq!(parse_size("1KB"), Ok(8000));
        assert_eq!(parse_size("137.12MiB"), Ok((137.12f64 * 1_048_576.0 * 8.0).ceil() as u64));
        assert_eq!(parse_size("8M"), Ok(8_000_000));
        assert_eq!(parse_size("1GiB"), Ok(8 * (1 << 30)));
        assert_eq!(parse_size("1 bit"), Ok(1));
        assert_eq!(parse_size("1.5e3 B"), Ok(12_000));
        for bad in ["", "abc", "64 parsecs", "10 XB", "-5", "1..2", "0", "0.1", "5e20", "KiB", ",5", "1e", "🙂"] {
            assert!(parse_size(bad).is_err(), "{bad:?} -> {:?}", parse_size(bad));
        }
        assert!(parse_size("64 parsecs").unwrap_err().contains("unknown unit"));
    }

    #[test]
    fn probabilities_as_people_write_them() {
        assert_eq!(parse_probability("0.01"), Ok(0.01));
        assert_eq!(parse_probability("1%"), Ok(0.01));
        assert_eq!(parse_probability(" 0.5 % "), Ok(0.005));
        assert_eq!(parse_probability("1 in 1000"), Ok(0.001));
        assert_eq!(parse_probability("1/1000"), Ok(0.001));
        assert_eq!(parse_probability("1e-6"), Ok(1e-6));
        assert_eq!(parse_probability("1,5 in 1,000"), Ok(0.015));
        for bad in ["", "0", "1", "100%", "1.5", "-0.1", "1 in 0", "abc", "1e-400", "NaN", "inf", "1 in x", "%"] {
            assert!(parse_probability(bad).is_err(), "{bad:?} -> {:?}", parse_probability(bad));
        }
    }

    #[test]
    fn counts() {
        assert_eq!(parse_count("40000000"), Ok(40_000_000));
        assert_eq!(parse_count("40M"), Ok(40_000_000));
        assert_eq!(parse_count("4e7"), Ok(40_000_000));
        assert_eq!(parse_count("1,000"), Ok(1000));
        assert_eq!(parse_count("3.5k"), Ok(3500));
        assert!(parse_count("1.5").is_err());
        assert!(parse_count("x").is_err());
        assert!(parse_count("1e30").is_err());
    }

    #[test]
    fn the_usual_calculator() {
        let s = size_for(40_000_000, 1e-6).unwrap();
        assert_eq!((s.m, s.k), (1_150_207_006, 20));
        assert_eq!(format_bits(s.m), "1,150,207,006 bits (137.12 MiB)");
        let s = size_for(1_000_000, 0.01).unwrap();
        assert_eq!((s.m, s.k), (9_585_059, 7));
        assert!((s.fp - 0.01).abs() < 0.0005, "{}", s.fp);
        assert_eq!(size_for(0, 0.01), None);
        assert_eq!(size_for(10, 1.5), None);
        let b = best_k_for(9_585_059, 1_000_000, 32).unwrap();
        assert_eq!(b.k, 7);
        assert!((b.bits_per_item - 9.585059).abs() < 1e-12);
        assert_eq!(best_k_for(0, 5, 32), None);
        assert_eq!(best_k_for(5, 0, 32), None);
        assert_eq!(format_bits(12), "12 bits (2 bytes)");
        assert_eq!(format_bits(8 * 64 * 1024), "524,288 bits (64.00 KiB)");
    }
}
