//! The page address's query string: parsing, percent-decoding with checks, and building.
//!
//! Values keep their raw (still encoded) text until a reader decodes them, because list
//! parameters such as `items` split on literal commas first and decode each piece after.
//!
//! A key given more than once means its last copy (`?m=1&m=2` is m = 2), for every reader: `raw`
//! and `get` read it, `without` keeps it (so a link edited through `page::with_param`, the theme
//! switch and the Embed and Present buttons means what it meant), and `index.html`'s loader picks
//! the view's bundle by it.

use crate::text::percent::{self, Escaped};

/// Characters escaped in a value we write: anything that would end or split a value, plus
/// spaces and the escape character itself. Letters, digits, `/`, `:` and `@` stay readable.
pub const VALUE: Escaped = Escaped::CONTROLS.with(b" \"#%&+,<=>?[\\]^`{|}'");

/// Why a piece of the address could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// A `%` not followed by two hexadecimal digits.
    BadEscape,
    /// The escapes decode to bytes that are not UTF-8 text.
    NotUtf8,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::BadEscape => write!(f, "has a broken percent-escape (a % must be followed by two hex digits)"),
            DecodeError::NotUtf8 => write!(f, "decodes to bytes that are not UTF-8 text"),
        }
    }
}

/// Decodes one percent-encoded component; `+` means a space, as in HTML forms.
pub fn decode(raw: &str) -> Result<String, DecodeError> {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let ok = i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit();
            if !ok {
                return Err(DecodeError::BadEscape);
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    let spaced = raw.replace('+', " ");
    String::from_utf8(percent::decode(spaced.as_bytes())).map_err(|_| DecodeError::NotUtf8)
}

/// Encodes a value so that it survives as one query value (and one list element).
pub fn encode(value: &str) -> String {
    percent::encode(value, VALUE)
}

/// The query string as (decoded key, raw value) pairs, in order. A leading `?` is ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    pub fn parse(search: &str) -> Query {
        let s = search.strip_prefix('?').unwrap_or(search);
        let pairs = s
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (decode(k).unwrap_or_else(|_| k.to_string()), v.to_string())
            })
            .collect();
        Query { pairs }
    }

    /// A query from (key, raw value) pairs as they would appear in an address, values still
    /// percent-encoded. Unlike `build`, an empty value is kept (`key=`): a form's emptied list.
    pub fn from_raw_pairs(pairs: Vec<(String, String)>) -> Query {
        Query { pairs }
    }

    /// The raw value of `key`: its last copy, when it is given more than once.
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.pairs.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The decoded value of `key`.
    pub fn get(&self, key: &str) -> Option<Result<String, DecodeError>> {
        self.raw(key).map(decode)
    }

    /// The (decoded key, raw value) pairs, in order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The keys present, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.pairs.iter().map(|(k, _)| k.as_str())
    }

    /// Every parameter but `left_out`, once each, with the value `raw` reads (its last copy), at
    /// the place it first appears: the link to edit when a few parameters change (`build` writes
    /// it back).
    pub fn without(&self, left_out: &[&str]) -> Vec<(&str, String)> {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        for (k, v) in self.pairs() {
            if left_out.contains(&k) {
                continue;
            }
            match pairs.iter_mut().find(|(seen, _)| *seen == k) {
                Some(pair) => pair.1 = v.to_string(),
                None => pairs.push((k, v.to_string())),
            }
        }
        pairs
    }
}

/// Builds `?key=value&...` from already-encoded values, skipping empty ones.
pub fn build(pairs: &[(&str, String)]) -> String {
    let body: Vec<String> = pairs.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect();
    if body.is_empty() {
        String::new()
    } else {
        format!("?{}", body.join("&"))
    }
}

/// Encodes a list of items as the contract's comma-separated value.
pub fn encode_list<S: AsRef<str>>(items: &[S]) -> String {
    items.iter().map(|s| encode(s.as_ref())).collect::<Vec<_>>().join(",")
}

/// Splits a raw list value on literal commas and decodes each piece.
pub fn decode_list(raw: &str) -> Vec<Result<String, DecodeError>> {
    if raw.is_empty() {
        return Vec::new();
    }
    raw.split(',').map(decode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_rejects_bad_escapes() {
        assert_eq!(decode("a%2Cb").unwrap(), "a,b");
        assert_eq!(decode("hello+world").unwrap(), "hello world");
        assert_eq!(decode("%F0%9F%99%82").unwrap(), "🙂");
        assert_eq!(decode("🙂").unwrap(), "🙂");
        assert_eq!(decode("%"), Err(DecodeError::BadEscape));
        assert_eq!(decode("%4"), Err(DecodeError::BadEscape));
        assert_eq!(decode("%zz"), Err(DecodeError::BadEscape));
        assert_eq!(decode("ab%"), Err(DecodeError::BadEscape));
        assert_eq!(decode("%FF"), Err(DecodeError::NotUtf8));
    }

    #[test]
    fn lists_round_trip() {
        let items = ["a,b", "x y", "🙂", "100%", "a+b", "q?&=#", ""];
        let enc = encode_list(&items);
        assert!(!enc.contains(' '));
        let back: Vec<String> = decode_list(&enc).into_iter().map(|r| r.unwrap()).collect();
        assert_eq!(back, items);
        assert!(decode_list("").is_empty());
    }

    #[test]
    fn query_parse_and_build() {
        let q = Query::parse("?view=classic&m=64&items=a%2Cb,c&m=32&flag");
        assert_eq!(q.raw("m"), Some("32"));
        assert_eq!(q.raw("flag"), Some(""));
        assert_eq!(q.raw("items"), Some("a%2Cb,c"));
        assert_eq!(q.get("view"), Some(Ok("classic".to_string())));
        assert_eq!(q.get("nope"), None);
        assert_eq!(build(&[("view", "classic".into()), ("q", String::new()), ("m", "8".into())]), "?view=classic&m=8");
        assert_eq!(build(&[]), "");
        assert_eq!(Query::parse("").keys().count(), 0);
    }

    #[test]
    fn a_repeated_key_means_its_last_copy_for_every_reader() {
        let q = Query::parse("?view=classic&m=1&theme=dark&m=2&k=3&k=");
        assert_eq!((q.raw("m"), q.raw("k")), (Some("2"), Some("")));
        assert_eq!(q.without(&["theme"]), [("view", "classic".into()), ("m", "2".into()), ("k", String::new())]);
        // Editing one parameter keeps what the others meant: the theme switch on ?m=1&m=2.
        let switched = Query::parse(&build(&q.without(&["theme"])));
        for key in ["view", "m", "k"] {
            assert_eq!(switched.raw(key).filter(|v| !v.is_empty()), q.raw(key).filter(|v| !v.is_empty()), "{key}");
        }
        assert_eq!(crate::link::page::with_param("?m=1&m=2", "theme", Some("light")), "?m=2&theme=light");
    }
}
