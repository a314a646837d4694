//! How text becomes items: which cells are URLs, the normal forms, CSV cells and running text.

use crate::data::url_layers::{fast_normal, normalize, strip_prefix_ci, MAX_URL_CHARS};

/// A URL-looking cell: no spaces, and a scheme, `www.`, or a host with a dot and a letter TLD.
pub fn looks_like_url(cell: &str) -> bool {
    let c = cell.trim();
    let spaced = if c.is_ascii() {
        c.bytes().any(|b| matches!(b, b' ' | b'\t'..=b'\r'))
    } else {
        c.chars().any(char::is_whitespace)
    };
    if c.is_empty() || spaced {
        return false;
    }
    if ["http://", "https://", "www."].iter().any(|p| strip_prefix_ci(c, p).is_some()) {
        return true;
    }
    let host = c.split(['/', '?', '#']).next().unwrap_or("");
    let host =
        host.rsplit_once(':').map_or(host, |(h, port)| if port.bytes().all(|b| b.is_ascii_digit()) { h } else { host });
    match host.rsplit_once('.') {
        Some((name, tld)) => !name.is_empty() && tld.len() >= 2 && tld.chars().all(|ch| ch.is_alphabetic()),
        None => false,
    }
}

/// How a reader puts an item in normal form (`None`: left out). Passed as a function so that a
/// bundle which never normalises URLs fully does not carry the URL parser.
pub type Normal = fn(&str) -> Option<String>;

/// The text of an item: trimmed, quotes around it dropped, at most `MAX_URL_CHARS` characters.
fn trimmed(raw: &str) -> Option<&str> {
    let t = raw.trim().trim_matches('"').trim();
    (!t.is_empty() && t.chars().count() <= MAX_URL_CHARS).then_some(t)
}

/// An item in normal form, every URL normalised the multi-layer filter's way (the full URL
/// parser for anything the fast path does not take: IDNA hosts, percent-encoding, dot segments,
/// user info) — for the views that compare URLs by their parts (search, multi-layer).
pub fn normal_item(raw: &str) -> Option<String> {
    let t = trimmed(raw)?;
    if looks_like_url(t) {
        if let Some(fast) = fast_normal(t) {
            return Some(fast);
        }
        if let Ok(u) = normalize(t) {
            return Some(u.normalized());
        }
    }
    Some(t.to_string())
}

/// An item with plain ASCII URLs normalised (scheme, host case, default port, fragment: the
/// fast path, which agrees with `normal_item` wherever it applies) and anything else kept as
/// written — for the views that only need equal strings (classic, moments).
pub fn light_item(raw: &str) -> Option<String> {
    let t = trimmed(raw)?;
    Some(if looks_like_url(t) { fast_normal(t).unwrap_or_else(|| t.to_string()) } else { t.to_string() })
}

/// Splits a CSV line into cells (quoted cells may hold commas; doubled quotes are one quote).
pub fn csv_cells(line: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' | ';' | '\t' if !quoted => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

/// Splits running text into items: URLs whole, other tokens into lower-case words.
pub fn text_tokens(line: &str, normal: Normal) -> impl Iterator<Item = String> + '_ {
    line.split_whitespace().flat_map(move |token| {
        let t = token.trim_matches(|c: char| matches!(c, '"' | '(' | ')' | '<' | '>' | ',' | ';'));
        let url = looks_like_url(t.trim_end_matches(['.', '!', '?', ':']))
            .then(|| normal(t.trim_end_matches(['.', '!', '?', ':'])));
        let words: Vec<String> = match url {
            Some(Some(u)) => vec![u],
            _ => crate::data::words::words(t).collect(),
        };
        words
    })
}
