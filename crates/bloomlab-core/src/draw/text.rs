//! Small text helpers shared by the core's messages.

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
        format!("{:.6}", p).trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{:.3e}", p)
    }
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
    }
}
