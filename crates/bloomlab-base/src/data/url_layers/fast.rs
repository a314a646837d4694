//! The fast path: plain ASCII URLs put in normal form without the full URL parser.

use super::MAX_URL_CHARS;

/// The normal form of an already plain URL without the full URL parser, or `None` when it needs the
/// full normalisation: an `http`/`https` scheme or none, a host of lower- or upper-case ASCII
/// letters, digits, `-` and dots ending in a letter label (no port, no user, no `xn--`), and path
/// segments and a query of unreserved characters only. Reading a file of a million such URLs is
/// then a split and a copy; a property test checks it agrees with [`normalize`](super::normalize).
pub fn fast_normal(input: &str) -> Option<String> {
    let t = input.trim();
    let rest = strip_prefix_ci(t, "https://").or_else(|| strip_prefix_ci(t, "http://")).unwrap_or(t);
    // The fragment is never part of the address.
    let rest = rest.split_once('#').map_or(rest, |(before, _)| before);
    let (path_part, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (rest, None),
    };
    let mut parts = path_part.split('/');
    let host = parts.next()?;
    let tld = host.rsplit('.').next()?;
    if !host.contains('.')
        || host.split('.').any(|l| l.is_empty() || l.starts_with('-') || l.ends_with('-') || l.len() > 63)
        || !tld.bytes().all(|b| b.is_ascii_alphabetic())
        || host.as_bytes().windows(4).any(|w| w.eq_ignore_ascii_case(b"xn--"))
        || !host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return None;
    }
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~');
    let mut out = String::with_capacity(rest.len());
    out.push_str(host);
    out.make_ascii_lowercase();
    let mut last_empty = false;
    for seg in parts {
        last_empty = seg.is_empty();
        if seg.is_empty() {
            continue;
        }
        if seg == "." || seg == ".." || !seg.bytes().all(unreserved) {
            return None;
        }
        out.push('/');
        out.push_str(seg);
    }
    if let Some(q) = query {
        if last_empty
            || q.is_empty()
            || !out.contains('/')
            || !q.bytes().all(|b| unreserved(b) || matches!(b, b'=' | b'&'))
        {
            return None;
        }
        out.push('?');
        out.push_str(q);
    }
    // Plain ASCII by now: bytes are characters.
    (out.len() <= MAX_URL_CHARS).then_some(out)
}

/// `s` without `prefix`, matched ignoring ASCII case (`HTTP://` is `http://`).
pub fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &s[prefix.len()..])
}
