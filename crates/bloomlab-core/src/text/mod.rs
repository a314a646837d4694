//! Text and numbers for people, shared by every layer (messages, readouts, charts): shortened
//! text, grouped digits, probabilities, trimmed decimals, powers of ten and sizes in bits; and
//! reading decimal numbers (`decimal`).

mod decimal;
pub use decimal::parse_f64;

/// `s` cut to at most `max` characters, with an ellipsis when cut.
pub fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// A whole number with thin grouping commas, e.g. 1048576 -> "1,048,576".
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A probability for people: fixed digits when moderate, scientific when tiny.
pub fn format_probability(p: f64) -> String {
    if !p.is_finite() {
        return "—".to_string();
    }
    if p == 0.0 {
        "0".to_string()
    } else if p >= 0.001 {
        trim_float(p, 6)
    } else {
        format!("{:.3e}", p)
    }
}

/// `v` with at most `digits` decimals, trailing zeros removed.
pub fn trim_float(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let s = format!("{v:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A float without a trailing ".0" for whole values, with three decimals otherwise.
pub fn whole_or_3_decimals(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.3}")
    }
}

/// A positive number given as its log10, written for people: plain when moderate,
/// `a.bc × 10^e` otherwise, and "< 10^-300" style text far below anything an f64 holds.
pub fn format_log10(l: f64) -> String {
    if !l.is_finite() {
        return "\u{2014}".to_string();
    }
    if l > -3.0 && l < 6.0 {
        return trim_float(10f64.powf(l), 4);
    }
    let e = l.floor();
    let mantissa = 10f64.powf(l - e);
    if e.abs() > 1e6 {
        return format!("10^{}", e as i64);
    }
    format!("{:.2} \u{00d7} 10^{}", mantissa, e as i64)
}

/// A size in bits for people: `1,150,207,006 bits (137.12 MiB)`.
pub fn format_bits(bits: u64) -> String {
    let bytes = bits as f64 / 8.0;
    let units = [("KiB", 1024f64), ("MiB", 1024f64.powi(2)), ("GiB", 1024f64.powi(3)), ("TiB", 1024f64.powi(4))];
    let human = units
        .iter()
        .rev()
        .find(|(_, size)| bytes >= *size)
        .map(|(name, size)| format!("{:.2} {name}", bytes / size))
        .unwrap_or_else(|| format!("{} bytes", (bytes.ceil() as u64)));
    format!("{} bits ({human})", group_digits(bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("ab", 4), "ab");
        assert_eq!(shorten("🙂🙂🙂", 2), "🙂…");
        assert_eq!(group_digits(1048576), "1,048,576");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(0), "0");
        assert_eq!(format_probability(0.1767541), "0.176754");
        assert_eq!(format_probability(0.5), "0.5");
        assert_eq!(format_probability(0.0000123), "1.230e-5");
        assert_eq!(format_probability(f64::NAN), "—");
        assert_eq!(trim_float(2.50, 3), "2.5");
        assert_eq!(trim_float(3.0, 2), "3");
        assert_eq!(trim_float(1234.5678, 0), "1235");
        assert_eq!(trim_float(f64::INFINITY, 2), "—");
        assert_eq!(whole_or_3_decimals(4.0), "4");
        assert_eq!(whole_or_3_decimals(2.0 / 3.0), "0.667");
    }
}
