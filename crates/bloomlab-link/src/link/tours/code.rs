//! A custom tour in one link: `stops`, version 1. Frozen: a `1~` link decodes the same forever, so
//! the tables below are never edited (a new table is a new version with its own prefix).
//!
//! The text before percent-encoding is `1` then, for each stop, `~` and its fields separated by `!`:
//! the link, the title, the "watch for" note and, when there is one, the question. Inside a field
//! `*` escapes: `**` `*`, `*t` `~`, `*e` `!`, `*u` `_`, `*d` `$`. A space in a title, note or
//! question is written `_`. The link is written without its `view=NAME&`: its first character is the
//! view's letter ([`VIEWS_V1`], `A` = home) or `.` for a link written whole; its parameters are
//! separated by `_` instead of `&`, and a parameter named in [`PARAMS_V1`] is written `$` and its
//! letter instead of `name=`. The whole is percent-encoded once ([`STOPS`]: letters, digits and
//! `~!*_$.-=,;:/@()` stay as they are).
//!
//! Extended, reading every earlier link the same: the leading `1` may be followed by `!` and the
//! tour's title, escaped as a stop's title is (`1!Week_3~…`). A tour without a title is written
//! exactly as before.

use crate::text::percent::{self, Escaped};

/// The views of version 1, lettered `A`, `B`, … in this order.
const VIEWS_V1: [&str; 17] = [
    "home",
    "classic",
    "ullman",
    "skiena",
    "fp",
    "hashes",
    "counting",
    "mlbf",
    "toolbox",
    "search",
    "crawler",
    "chunks",
    "sampling",
    "distinct",
    "moments",
    "exercises",
    "bench",
];

/// The parameters of version 1 written `$` + letter.
const PARAMS_V1: [(&str, char); 30] = [
    ("step", 's'),
    ("m", 'm'),
    ("k", 'k'),
    ("n", 'n'),
    ("items", 'i'),
    ("query", 'q'),
    ("hash", 'h'),
    ("ops", 'o'),
    ("stream", 't'),
    ("seed", 'e'),
    ("lookups", 'l'),
    ("w", 'w'),
    ("mode", 'M'),
    ("force", 'f'),
    ("layers", 'y'),
    ("formulas", 'u'),
    ("x", 'x'),
    ("log", 'g'),
    ("families", 'a'),
    ("trials", 'r'),
    ("p", 'p'),
    ("rate", 'R'),
    ("theme", 'T'),
    ("load", 'L'),
    ("compare", 'c'),
    ("data", 'D'),
    ("hashes", 'H'),
    ("bulk", 'b'),
    ("length", 'N'),
    ("policy", 'P'),
];

/// Escaped in the `stops` value: what would end or split a query value, and what browsers or
/// pasting would change — the query's own set, but for `,` and `=`, which a value may hold.
const STOPS: Escaped = crate::link::query::VALUE.without(b",=");

/// The most stops a tour holds.
pub const MAX_STOPS: usize = 40;
/// The most characters in one field of a stop.
pub const MAX_FIELD_CHARS: usize = 2_000;

/// One stop of a tour: a view link (a query string without `?`), its title, what to watch for,
/// and optionally a question for the class.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Stop {
    pub link: String,
    pub title: String,
    pub note: String,
    pub question: Option<String>,
}

/// Why a `stops` value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not a version this app reads.
    Version,
    NoStops,
    TooManyStops,
    /// Stop `n` (1-based) is broken.
    BadStop(usize),
    /// A field of stop `n` is over [`MAX_FIELD_CHARS`].
    TooLong(usize),
    /// The tour's title does not decode, or is over [`MAX_FIELD_CHARS`].
    BadTitle,
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::Version => write!(f, "is not a tour this app can read (it should start with 1~)"),
            CodeError::NoStops => write!(f, "holds no stops"),
            CodeError::TooManyStops => write!(f, "holds more than {MAX_STOPS} stops"),
            CodeError::BadStop(n) => write!(f, "has a broken stop {n}"),
            CodeError::TooLong(n) => write!(f, "has a field over {MAX_FIELD_CHARS} characters in stop {n}"),
            CodeError::BadTitle => write!(f, "has a broken title"),
        }
    }
}

fn escape(s: &str, spaces: bool, out: &mut String) {
    for c in s.chars() {
        match c {
            '*' => out.push_str("**"),
            '~' => out.push_str("*t"),
            '!' => out.push_str("*e"),
            '_' => out.push_str("*u"),
            '$' => out.push_str("*d"),
            ' ' if spaces => out.push('_'),
            c => out.push(c),
        }
    }
}

/// The text of a field: `_` is `space` (a space, or `&` in a link), `$` + letter a parameter.
fn unescape(s: &str, space: char, params: bool) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '*' => out.push(match chars.next()? {
                '*' => '*',
                't' => '~',
                'e' => '!',
                'u' => '_',
                'd' => '$',
                _ => return None,
            }),
            '_' => out.push(space),
            '$' if params => {
                let code = chars.next()?;
                let (name, _) = PARAMS_V1.iter().find(|(_, c)| *c == code)?;
                out.push_str(name);
                out.push('=');
            }
            '~' | '!' | '$' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

fn encode_link(link: &str, out: &mut String) {
    let coded = VIEWS_V1.iter().position(|v| {
        link.strip_prefix("view=")
            .and_then(|r| r.strip_prefix(v))
            .is_some_and(|r| r.is_empty() || r.strip_prefix('&').is_some_and(|rest| !rest.is_empty()))
    });
    let rest = match coded {
        Some(i) => {
            out.push((b'A' + i as u8) as char);
            let after = &link["view=".len() + VIEWS_V1[i].len()..];
            after.strip_prefix('&').unwrap_or(after)
        }
        None => {
            out.push('.');
            link
        }
    };
    for (i, pair) in rest.split('&').enumerate() {
        if i > 0 {
            out.push('_');
        }
        let short =
            pair.split_once('=').and_then(|(k, v)| PARAMS_V1.iter().find(|(n, _)| *n == k).map(|(_, c)| (*c, v)));
        match short {
            Some((c, v)) => {
                out.push('$');
                out.push(c);
                escape(v, false, out);
            }
            None => escape(pair, false, out),
        }
    }
}

fn decode_link(s: &str) -> Option<String> {
    let mut chars = s.chars();
    let first = chars.next()?;
    let rest = unescape(chars.as_str(), '&', true)?;
    if first == '.' {
        return Some(rest);
    }
    let view = VIEWS_V1.get((first as usize).checked_sub('A' as usize)?)?;
    Some(if rest.is_empty() { format!("view={view}") } else { format!("view={view}&{rest}") })
}

/// The `stops` value (percent-encoded, ready for a link) of a tour.
pub fn encode(stops: &[Stop]) -> String {
    encode_titled("", stops)
}

/// The `stops` value of a tour with a title (none when `title` is empty: then exactly `encode`'s).
pub fn encode_titled(title: &str, stops: &[Stop]) -> String {
    let mut text = String::from("1");
    if !title.is_empty() {
        text.push('!');
        escape(title, true, &mut text);
    }
    for stop in stops {
        text.push('~');
        encode_link(&stop.link, &mut text);
        for field in [Some(&stop.title), Some(&stop.note), stop.question.as_ref()].into_iter().flatten() {
            text.push('!');
            escape(field, true, &mut text);
        }
    }
    percent::encode(&text, STOPS)
}

/// The stops of a `stops` value, already percent-decoded (as `Query::get` gives it).
pub fn decode(text: &str) -> Result<Vec<Stop>, CodeError> {
    decode_titled(text).map(|(_, stops)| stops)
}

/// The title (`None` when the link has none) and the stops of a `stops` value, already
/// percent-decoded. A tour has at least one stop.
pub fn decode_titled(text: &str) -> Result<(Option<String>, Vec<Stop>), CodeError> {
    match decode_draft(text)? {
        (_, stops) if stops.is_empty() => Err(CodeError::NoStops),
        tour => Ok(tour),
    }
}

/// As [`decode_titled`], for a tour still being built: it may have a title and no stops yet.
pub fn decode_draft(text: &str) -> Result<(Option<String>, Vec<Stop>), CodeError> {
    let mut parts = text.split('~');
    let mut head = parts.next().unwrap_or_default().split('!');
    if head.next() != Some("1") {
        return Err(CodeError::Version);
    }
    let title = match (head.next(), head.next()) {
        (None, _) => None,
        (Some(t), None) => {
            let t =
                unescape(t, ' ', false).filter(|t| t.chars().count() <= MAX_FIELD_CHARS).ok_or(CodeError::BadTitle)?;
            (!t.is_empty()).then_some(t)
        }
        (Some(_), Some(_)) => return Err(CodeError::BadTitle),
    };
    let mut stops = Vec::new();
    for (i, part) in parts.enumerate() {
        let n = i + 1;
        if n > MAX_STOPS {
            return Err(CodeError::TooManyStops);
        }
        let fields: Vec<&str> = part.split('!').collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(CodeError::BadStop(n));
        }
        let link = decode_link(fields[0]).ok_or(CodeError::BadStop(n))?;
        let text: Option<Vec<String>> = fields[1..].iter().map(|f| unescape(f, ' ', false)).collect();
        let mut text = text.ok_or(CodeError::BadStop(n))?.into_iter();
        let stop = Stop {
            link,
            title: text.next().unwrap_or_default(),
            note: text.next().unwrap_or_default(),
            question: text.next(),
        };
        let fields = [Some(&stop.link), Some(&stop.title), Some(&stop.note), stop.question.as_ref()];
        if fields.into_iter().flatten().any(|f| f.chars().count() > MAX_FIELD_CHARS) {
            return Err(CodeError::TooLong(n));
        }
        stops.push(stop);
    }
    Ok((title, stops))
}
