//! Readers of numbers: whole numbers and decimals in a range, and rates (`0.01`, `1%`, `1/100`).

use crate::link::notice::{Notes, Notice};
use crate::text::parse_f64;

/// Reads a whole number parameter in `min..=max`. Returns the value to use and, when the
/// parameter was unusable, a notice naming it: unparsable or below `min` gives `default`,
/// above `max` gives `max`.
pub fn read_u64<N: Notes>(raw: Option<&str>, name: &str, min: u64, max: u64, default: u64, notices: &mut N) -> u64 {
    let Some(raw) = raw else { return default };
    let text = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    let shown = || crate::text::shorten(&text, 30);
    match text.trim().parse::<u64>() {
        Ok(v) if v < min => {
            notices.note(name, || format!("{name} = {} is too small (the least is {min}); using {default}", shown()));
            default
        }
        Ok(v) if v > max => {
            notices.note(name, || {
                format!(
                    "{name} = {} is larger than this view allows ({}); using {}",
                    shown(),
                    crate::text::group_digits(max),
                    crate::text::group_digits(max)
                )
            });
            max
        }
        Ok(v) => v,
        Err(_) => {
            let big = !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit());
            if big {
                notices.note(name, || {
                    format!(
                        "{name} = {} is larger than this view allows ({}); using {}",
                        shown(),
                        crate::text::group_digits(max),
                        crate::text::group_digits(max)
                    )
                });
                max
            } else {
                notices.bad(name, &text, || {
                    format!("is not a whole number from {min} to {}; using {default}", crate::text::group_digits(max))
                });
                default
            }
        }
    }
}

/// Reads a decimal number parameter in `min..=max` (e.g. an exponent). Unparsable, not finite or
/// out of range: `default`, with a notice naming the parameter.
pub fn read_f64(raw: Option<&str>, name: &str, min: f64, max: f64, default: f64, notices: &mut Vec<Notice>) -> f64 {
    let Some(raw) = raw else { return default };
    let text = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    match parse_f64(text.trim()) {
        Some(v) if v.is_finite() && (min..=max).contains(&v) => v,
        _ => {
            notices.push(Notice::bad(name, &text, &format!("is not a number from {min} to {max}; using {default}")));
            default
        }
    }
}

/// A rate 0 < p < 1, written as `0.01`, `1%` or `1/100`.
pub fn parse_rate(text: &str) -> Option<f64> {
    let t = text.trim();
    let v = if let Some(pct) = t.strip_suffix('%') {
        parse_f64(pct.trim())? / 100.0
    } else if let Some((a, b)) = t.split_once('/') {
        parse_f64(a.trim())? / parse_f64(b.trim())?
    } else {
        parse_f64(t)?
    };
    (v.is_finite() && v > 0.0 && v < 1.0).then_some(v)
}

/// Reads a rate parameter with `parse_rate`; anything else gives `default` and a notice.
pub fn read_rate(raw: Option<&str>, name: &str, default: f64, notices: &mut Vec<Notice>) -> f64 {
    let Some(raw) = raw else { return default };
    let text = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    parse_rate(&text).unwrap_or_else(|| {
        notices.push(Notice::bad(
            name,
            &crate::text::shorten(&text, 20),
            &format!("is not a rate between 0 and 1 (such as 0.01 or 1%); using {default}"),
        ));
        default
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_with_notices() {
        let mut n = vec![];
        assert_eq!(read_u64(None, "m", 1, 100, 64, &mut n), 64);
        assert_eq!(read_u64(Some("50"), "m", 1, 100, 64, &mut n), 50);
        assert!(n.is_empty());
        assert_eq!(read_u64(Some("-5"), "m", 1, 100, 64, &mut n), 64);
        assert_eq!(read_u64(Some("0"), "m", 1, 100, 64, &mut n), 64);
        assert_eq!(read_u64(Some("1000000000000"), "m", 1, 100, 64, &mut n), 100);
        assert_eq!(read_u64(Some("99999999999999999999999"), "m", 1, 100, 64, &mut n), 100);
        assert_eq!(read_u64(Some("1e6"), "m", 1, 100, 64, &mut n), 64);
        assert_eq!(read_u64(Some("%zz"), "m", 1, 100, 64, &mut n), 64);
        assert_eq!(n.len(), 6);
        assert!(n.iter().all(|x| x.param.as_deref() == Some("m")));
    }

    #[test]
    fn reads_rates_with_notices() {
        assert_eq!(parse_rate("1%"), Some(0.01));
        assert_eq!(parse_rate("1/100"), Some(0.01));
        assert_eq!(parse_rate("0"), None);
        assert_eq!(parse_rate("1"), None);
        let mut n = vec![];
        assert_eq!(read_rate(None, "p", 0.01, &mut n), 0.01);
        assert_eq!(read_rate(Some("5%25"), "p", 0.01, &mut n), 0.05);
        assert!(n.is_empty());
        assert_eq!(read_rate(Some("2"), "p", 0.01, &mut n), 0.01);
        assert_eq!(n.len(), 1);
        assert_eq!(n[0].param.as_deref(), Some("p"));
    }
}
