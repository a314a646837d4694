//! Messages about bad input, shown on the page with the contract's `notice` hook.

use crate::link::query::Query;
use crate::text::shorten;

/// A short message about input that could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL parameter that caused it, if any.
    pub param: Option<String>,
    pub message: String,
}

impl Notice {
    /// A notice about a URL parameter.
    pub fn param(param: &str, message: impl Into<String>) -> Notice {
        Notice { param: Some(param.to_string()), message: message.into() }
    }

    /// A notice about something typed or clicked.
    pub fn input(message: impl Into<String>) -> Notice {
        Notice { param: None, message: message.into() }
    }
}

/// Reads a whole number parameter in `min..=max`. Returns the value to use and, when the
/// parameter was unusable, a notice naming it: unparsable or below `min` gives `default`,
/// above `max` gives `max`.
pub fn read_u64(raw: Option<&str>, name: &str, min: u64, max: u64, default: u64, notices: &mut Vec<Notice>) -> u64 {
    let Some(raw) = raw else { return default };
    let text = crate::link::query::decode(raw).unwrap_or_else(|_| raw.to_string());
    let shown = crate::text::shorten(&text, 30);
    match text.trim().parse::<u64>() {
        Ok(v) if v < min => {
            notices.push(Notice::param(
                name,
                format!("{name} = {shown} is too small (the least is {min}); using {default}"),
            ));
            default
        }
        Ok(v) if v > max => {
            notices.push(Notice::param(
                name,
                format!(
                    "{name} = {shown} is larger than this view allows ({}); using {}",
                    crate::text::group_digits(max),
                    crate::text::group_digits(max)
                ),
            ));
            max
        }
        Ok(v) => v,
        Err(_) => {
            let big = !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit());
            if big {
                notices.push(Notice::param(
                    name,
                    format!(
                        "{name} = {shown} is larger than this view allows ({}); using {}",
                        crate::text::group_digits(max),
                        crate::text::group_digits(max)
                    ),
                ));
                max
            } else {
                notices.push(Notice::param(
                    name,
                    format!(
                        "{name} = \u{201c}{shown}\u{201d} is not a whole number from {min} to {}; using {default}",
                        crate::text::group_digits(max)
                    ),
                ));
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
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=max).contains(&v) => v,
        _ => {
            notices.push(Notice::param(
                name,
                format!(
                    "{name} = \u{201c}{}\u{201d} is not a number from {min} to {max}; using {default}",
                    crate::text::shorten(&text, 30)
                ),
            ));
            default
        }
    }
}

/// Reads a parameter that names one of several choices (`parse` knows them). Missing or empty:
/// `default`. Unknown or undecodable: `default`, and a notice that says the parameter is not
/// `what` and that `default_name` is used.
pub fn read_choice<T: Copy>(
    q: &Query,
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
    default: T,
    what: &str,
    default_name: &str,
    notices: &mut Vec<Notice>,
) -> T {
    match q.get(name) {
        None => default,
        Some(Ok(v)) if v.trim().is_empty() => default,
        Some(Ok(v)) => parse(v.trim()).unwrap_or_else(|| {
            notices.push(Notice::param(
                name,
                format!("{name} = \u{201c}{}\u{201d} is not {what}; using {default_name}", shorten(&v, 30)),
            ));
            default
        }),
        Some(Err(e)) => {
            notices.push(Notice::param(name, format!("{name} {e}; using {default_name}")));
            default
        }
    }
}

/// Longest typed item, in characters.
pub const MAX_ITEM_CHARS: usize = 2000;

/// Checks an item typed or linked for a filter hashed by `family`: not empty, not longer than
/// `MAX_ITEM_CHARS`, and hashable by the family. The error says why it was left out.
pub fn check_item(text: &str, family: crate::engine::hashing::HashFamily) -> Result<(), String> {
    if text.is_empty() {
        return Err("an empty item was left out: type at least one character".into());
    }
    let chars = text.chars().count();
    if chars > MAX_ITEM_CHARS {
        return Err(format!(
            "an item of {} characters was left out: items are at most {} characters",
            crate::text::group_digits(chars as u64),
            crate::text::group_digits(MAX_ITEM_CHARS as u64)
        ));
    }
    family.check(text).map_err(|e| format!("{e}; it was left out"))
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
}
