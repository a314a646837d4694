//! Text and numbers for people, shared by every layer (messages, readouts, charts): shortened
//! text, grouped digits, probabilities, trimmed decimals, powers of ten and sizes in bits; and
//! reading decimal numbers (`decimal`).

mod decimal;
mod lower;
pub mod percent;
pub use decimal::parse_f64;
pub use lower::lowercase;

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

/// `“s”`, cut to at most `max` characters (`shorten`): an item or a value quoted in a sentence.
pub fn quoted(s: &str, max: usize) -> String {
    format!("\u{201c}{}\u{201d}", shorten(s, max))
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

/// `v` with at most `digits` decimals, trailing zeros removed, and its whole part's digits
/// grouped: 33333.33 -> "33,333.3" (1 digit), 250000 -> "250,000", 33333.96 -> "33,334".
pub fn group_decimal(v: f64, digits: usize) -> String {
    let s = trim_float(v, digits);
    let (whole, frac) = s.split_once('.').map_or((s.as_str(), None), |(w, f)| (w, Some(f)));
    let Ok(n) = whole.parse::<u64>() else { return s };
    match frac {
        Some(f) => format!("{}.{f}", group_digits(n)),
        None => group_digits(n),
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

/// The fraction `num` / `den` written exactly when its decimals end within 6 digits
/// ("4611686018427387916.5"), else to 2 decimals rounded half up ("2.33"), all in integers, so
/// numbers beyond 2^53 lose nothing. `den` = 0 reads as 1.
pub fn exact_ratio(num: u128, den: u64) -> String {
    let den = den.max(1) as u128;
    let whole = num / den;
    let mut rest = num % den;
    let mut digits = String::new();
    while rest != 0 && digits.len() < 6 {
        rest *= 10;
        digits.push(char::from(b'0' + (rest / den) as u8));
        rest %= den;
    }
    if rest == 0 {
        return if digits.is_empty() { whole.to_string() } else { format!("{whole}.{digits}") };
    }
    // Not a short decimal: round to hundredths, half up.
    let hundredths = (num / den).saturating_mul(100) + (num % den * 1000 / den + 5) / 10;
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// `n` and a noun that agrees with it: "1 zero", "2 zeros", "1 distinct element", "0 bits".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_digits(n), if n == 1 { one } else { many })
}

/// An ordinal number in digits: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd, 111th.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// An ordinal in words up to ten (zeroth, first, …, tenth), in digits beyond (11th, 21st, …).
pub fn ordinal_word(n: u64) -> String {
    const WORDS: [&str; 11] =
        ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
    WORDS.get(n as usize).map(|w| w.to_string()).unwrap_or_else(|| ordinal(n))
}

/// `s` as a sentence: a full stop added unless it already ends with one (or with ?, ! or …).
pub fn sentence(s: &str) -> String {
    let s = s.trim_end();
    if s.is_empty() || s.ends_with(['.', '?', '!', '…']) {
        s.to_string()
    } else {
        format!("{s}.")
    }
}

/// Two clauses as prose: `a; b` when `b` goes on in lower case (or with a digit or a symbol),
/// two sentences `a. B` when `b` starts with a capital letter; `a`'s own full stop or semicolon
/// is not doubled.
pub fn join_clauses(a: &str, b: &str) -> String {
    let a = a.trim_end().trim_end_matches(['.', ';']);
    let b = b.trim_start();
    match b.chars().next() {
        None => a.to_string(),
        Some(c) if c.is_uppercase() => format!("{a}. {b}"),
        Some(_) => format!("{a}; {b}"),
    }
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
    #[test]
    fn decimals_keep_their_whole_part_grouped() {
        assert_eq!(super::group_decimal(33_333.333, 1), "33,333.3");
        assert_eq!(super::group_decimal(33_333.96, 1), "33,334");
        assert_eq!(super::group_decimal(250_000.0, 2), "250,000");
        assert_eq!(super::group_decimal(4.0 / 3.0, 2), "1.33");
        assert_eq!(super::group_decimal(-1.5, 1), "-1.5");
    }

    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(count_of(1, "zero", "zeros"), "1 zero");
        assert_eq!(count_of(0, "zero", "zeros"), "0 zeros");
        assert_eq!(count_of(4_318, "distinct element", "distinct elements"), "4,318 distinct elements");
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

    #[test]
    fn exact_ratios() {
        // Beyond 2^53 nothing is lost: 2^64 + 50 over 4.
        assert_eq!(exact_ratio((1u128 << 64) + 50, 4), "4611686018427387916.5");
        assert_eq!(exact_ratio(7, 2), "3.5");
        assert_eq!(exact_ratio(8, 2), "4");
        assert_eq!(exact_ratio(1, 8), "0.125");
        assert_eq!(exact_ratio(7, 3), "2.33");
        assert_eq!(exact_ratio(5, 3), "1.67");
        assert_eq!(exact_ratio(u64::MAX as u128 * 3 + 1, 3), "18446744073709551615.33");
        assert_eq!(exact_ratio(3, 0), "3");
    }

    #[test]
    fn ordinals() {
        let cases = [
            (0, "0th"),
            (1, "1st"),
            (2, "2nd"),
            (3, "3rd"),
            (4, "4th"),
            (11, "11th"),
            (12, "12th"),
            (13, "13th"),
            (21, "21st"),
            (22, "22nd"),
            (23, "23rd"),
            (101, "101st"),
            (111, "111th"),
            (112, "112th"),
            (1_000_003, "1000003rd"),
        ];
        for (n, text) in cases {
            assert_eq!(ordinal(n), text);
        }
        assert_eq!(ordinal_word(3), "third");
        assert_eq!(ordinal_word(0), "zeroth");
        assert_eq!(ordinal_word(12), "12th");
    }

    #[test]
    fn sentences_and_clauses() {
        assert_eq!(sentence("Set bits 5 and 2."), "Set bits 5 and 2.");
        assert_eq!(sentence("Set bits 5 and 2"), "Set bits 5 and 2.");
        assert_eq!(sentence("Why? "), "Why?");
        assert_eq!(sentence(""), "");
        assert_eq!(join_clauses("bits 3 and 5", "Look up 118."), "bits 3 and 5. Look up 118.");
        assert_eq!(join_clauses("bits 3 and 5.", "look up 118"), "bits 3 and 5; look up 118");
        assert_eq!(join_clauses("a;", "2^R = 16"), "a; 2^R = 16");
        assert_eq!(join_clauses("a.", " "), "a");
    }
}
