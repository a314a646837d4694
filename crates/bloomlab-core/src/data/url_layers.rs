//! URLs for the multi-layer filter: normalisation (with the `url` crate, not by hand) and the
//! split into layers.
//!
//! The paper drops `http://` / `https://` and splits the rest on `/`: the host is segment 1,
//! then the path segments. Segment i goes into layer i. This module decides the cases the paper
//! leaves open:
//!
//! * **Normalisation.** Host lower-cased (and non-ASCII hosts turned into their IDNA `xn--`
//!   form: each label lower-cased, then Punycode; the full UTS 46 mapping, with its width folding
//!   and NFC tables, is left out to keep ~80 KB of Unicode data out of the page), ports 80 and 443 dropped whatever the scheme (it is dropped too, so the normal form reads back the same), other ports kept on the host, `user:password@`
//!   dropped, the `#fragment` dropped, `.` and `..` resolved, percent-escapes made uniform, and
//!   empty segments (`a//b`, a trailing `/`) dropped. A query string (`?q=1`) is kept on the last
//!   segment: crawlers treat `/search?q=1` and `/search?q=2` as different pages.
//! * **More segments than layers.** The rest of the path is joined with `/` into the last layer,
//!   so no part of the address is thrown away: two URLs that differ deep down still differ.
//! * **Fewer segments than layers.** Each missing layer hashes an explicit marker (the empty
//!   string, which no real segment can be since empty segments are dropped). So every URL
//!   passes through all L layers and the XOR layer, and `example.com/a` is not confused with
//!   `example.com/a/b` merely because the second one is longer.

use url::Url;

/// Longest URL accepted, in characters (longer ones get a notice).
pub const MAX_URL_CHARS: usize = 2000;
/// What a missing layer hashes.
pub const EMPTY_MARKER: &str = "";
/// How the marker is shown to people.
pub const EMPTY_MARKER_SHOWN: &str = "∅ (no segment)";

/// A URL after normalisation, scheme dropped, as host and path segments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlSegments {
    /// Host (with a non-default port), then each non-empty path segment; the query string, if
    /// any, is on the last one. Never empty.
    pub segments: Vec<String>,
    /// What normalisation changed, in words (empty when the input was already normal).
    pub changes: Vec<String>,
}

impl UrlSegments {
    /// The normalised form: the segments joined with `/` (no scheme).
    pub fn normalized(&self) -> String {
        self.segments.join("/")
    }

    /// The key each of `layers` layers hashes: segment i for layer i, the rest joined into the
    /// last layer, and the empty marker for layers beyond the last segment.
    pub fn layer_keys(&self, layers: usize) -> Vec<String> {
        layer_keys_of(&self.segments, layers)
    }
}

/// Layer keys for already-normalised segments (see [`UrlSegments::layer_keys`]).
pub fn layer_keys_of<S: AsRef<str>>(segments: &[S], layers: usize) -> Vec<String> {
    let layers = layers.max(1);
    let mut keys: Vec<String> = Vec::with_capacity(layers);
    for i in 0..layers {
        if i + 1 == layers && segments.len() > layers {
            let rest: Vec<&str> = segments[i..].iter().map(|s| s.as_ref()).collect();
            keys.push(rest.join("/"));
        } else if let Some(s) = segments.get(i) {
            keys.push(s.as_ref().to_string());
        } else {
            keys.push(EMPTY_MARKER.to_string());
        }
    }
    keys
}

/// Why a text is not a URL the filter takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlError {
    Empty,
    TooLong(usize),
    OtherScheme(String),
    NotAUrl(String),
}

impl std::fmt::Display for UrlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UrlError::Empty => write!(f, "an empty URL was left out: type an address such as example.com/docs"),
            UrlError::TooLong(n) => write!(
                f,
                "a URL of {} characters was left out: this view takes URLs of at most {} characters",
                crate::text::group_digits(*n as u64),
                crate::text::group_digits(MAX_URL_CHARS as u64)
            ),
            UrlError::OtherScheme(s) => write!(
                f,
                "\u{201c}{}:\u{201d} addresses are left out: the multi-layer filter, as in the paper, takes http and https URLs only",
                crate::text::shorten(s, 20)
            ),
            UrlError::NotAUrl(why) => write!(f, "not a URL ({why}); it was left out"),
        }
    }
}

/// The normal form of an already plain URL without the `url` crate, or `None` when it needs the
/// full normalisation: an `http`/`https` scheme or none, a host of lower- or upper-case ASCII
/// letters, digits, `-` and dots ending in a letter label (no port, no user, no `xn--`), and path
/// segments and a query of unreserved characters only. Reading a file of a million such URLs is
/// then a split and a copy; a property test checks it agrees with [`normalize`].
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

/// Normalises `input` (with or without `http://` / `https://`) into host and path segments.
pub fn normalize(input: &str) -> Result<UrlSegments, UrlError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(UrlError::Empty);
    }
    let chars = text.chars().count();
    if chars > MAX_URL_CHARS {
        return Err(UrlError::TooLong(chars));
    }
    let mut changes = Vec::new();
    // The url crate drops tabs and line breaks anywhere; drop them first, so the host found here
    // is the host it will see.
    let cleaned: String;
    let text = if text.contains(['\t', '\n', '\r']) {
        cleaned = text.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
        cleaned.as_str()
    } else {
        text
    };
    let ascii = ascii_host(text)?;
    let text = ascii.as_deref().unwrap_or(text);
    let url = match Url::parse(text) {
        Ok(u) if u.scheme() == "http" || u.scheme() == "https" => {
            changes.push(format!("scheme {}:// dropped", u.scheme()));
            u
        }
        Ok(u) => {
            // `example.com:8080/a` parses as the scheme `example.com`; a port after the colon
            // means it was a host without a scheme.
            let after = text.get(u.scheme().len() + 1..).unwrap_or("");
            let looks_like_port = !text.contains("://") && after.bytes().next().is_some_and(|b| b.is_ascii_digit());
            if looks_like_port {
                parse_with_http(text)?
            } else {
                return Err(UrlError::OtherScheme(u.scheme().to_string()));
            }
        }
        Err(url::ParseError::RelativeUrlWithoutBase)
            if text.starts_with('/') || text.starts_with('?') || text.starts_with('#') =>
        {
            return Err(UrlError::NotAUrl("it has no host: start with one, such as example.com".into()))
        }
        Err(url::ParseError::RelativeUrlWithoutBase) => parse_with_http(text)?,
        Err(e) => return Err(UrlError::NotAUrl(e.to_string())),
    };
    let host = match url.host_str() {
        Some(h) if !h.is_empty() => h.to_string(),
        _ => return Err(UrlError::NotAUrl("it has no host".into())),
    };
    let mut host_segment = host;
    // The scheme is dropped, so 80 and 443 are both dropped: keeping `:80` after `https://` would
    // read back as http's default and not survive a second normalisation.
    if let Some(port) = url.port().filter(|p| *p != 80 && *p != 443) {
        host_segment = format!("{host_segment}:{port}");
    }
    // What normalisation changed on the host and port.
    let typed_host = typed_host(input.trim());
    if !typed_host.is_empty() && typed_host != host_segment {
        let lower = typed_host.to_lowercase();
        if lower == host_segment {
            changes.push("host lower-cased".into());
        } else if host_segment.contains("xn--") {
            changes.push(format!("host written in IDNA form ({host_segment})"));
        } else if lower.ends_with(":80") || lower.ends_with(":443") {
            changes.push("default port dropped".into());
        } else {
            changes.push(format!("host normalised to {host_segment}"));
        }
    }
    if !url.username().is_empty() || url.password().is_some() {
        changes.push("user name and password dropped".into());
    }
    if url.fragment().is_some() {
        changes.push("#fragment dropped".into());
    }
    let raw_path = url.path();
    let mut segments = vec![host_segment];
    let parts: Vec<&str> = raw_path.split('/').collect();
    let trailing = raw_path.len() > 1 && raw_path.ends_with('/');
    let inner = if parts.len() > 2 { &parts[1..parts.len() - 1] } else { &parts[0..0] };
    if inner.iter().any(|p| p.is_empty()) {
        changes.push("empty segments dropped".into());
    }
    if trailing {
        changes.push("trailing / dropped".into());
    }
    segments.extend(parts.into_iter().filter(|p| !p.is_empty()).map(|p| p.to_string()));
    if let Some(q) = url.query() {
        if !q.is_empty() {
            let last = segments.last_mut().expect("segments start with the host");
            last.push('?');
            last.push_str(q);
        }
    }
    Ok(UrlSegments { segments, changes })
}

/// `text` with its host written in lower-case ASCII (IDNA) form, or `None` when it is so already:
/// percent-escapes in the host decoded, then each label (split on `.` and the ideographic full
/// stops UTS 46 treats as dots) lower-cased and, if still non-ASCII, written as `xn--` + Punycode
/// (RFC 3492). The url crate's IDNA back end (pinned to the one without Unicode tables) then only
/// ever sees lower-case ASCII hosts.
fn ascii_host(text: &str) -> Result<Option<String>, UrlError> {
    let span = host_port_span(text);
    let host_port = &text[span.clone()];
    let host_end = match host_port.rfind(':') {
        Some(i) if host_port[i + 1..].bytes().all(|b| b.is_ascii_digit()) => i,
        _ => host_port.len(),
    };
    let typed = &host_port[..host_end];
    let at = span.start;
    let plain = |b: u8| b.is_ascii() && !b.is_ascii_uppercase() && b != b'%';
    let punycode = typed.to_ascii_lowercase().contains("xn--");
    if (typed.bytes().all(plain) && !punycode) || typed.starts_with('[') {
        return Ok(None);
    }
    let decoded = percent_encoding::percent_decode_str(typed)
        .decode_utf8()
        .map_err(|_| UrlError::NotAUrl("its host has %-escapes that are not UTF-8 text".into()))?;
    let mut out = String::with_capacity(typed.len() + 8);
    for (i, label) in decoded.split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}']).enumerate() {
        if i > 0 {
            out.push('.');
        }
        let lower = label.to_lowercase();
        if let Some(code) = lower.strip_prefix("xn--") {
            let decoded = idna::punycode::decode_to_string(code)
                .ok_or_else(|| UrlError::NotAUrl("its host has an xn-- label that is not valid Punycode".into()))?;
            if !decoded.chars().all(domain_char) {
                return Err(UrlError::NotAUrl("its host has characters that domain names do not take".into()));
            }
        }
        if lower.is_ascii() {
            out.push_str(&lower);
        } else if !lower.chars().all(domain_char) {
            return Err(UrlError::NotAUrl("its host has characters that domain names do not take".into()));
        } else {
            let code = idna::punycode::encode_str(&lower)
                .ok_or_else(|| UrlError::NotAUrl("its host cannot be written in IDNA form".into()))?;
            out.push_str("xn--");
            out.push_str(&code);
        }
    }
    Ok(Some(format!("{}{}{}", &text[..at], out, &text[at + typed.len()..])))
}

/// Characters this page takes in an internationalised host label: letters and digits of any
/// script, `-`, and the combining marks of the common scripts. Invisible joiners, direction marks,
/// symbols and punctuation are refused here, where the full UTS 46 tables (left out of the page)
/// would map or refuse them.
fn domain_char(c: char) -> bool {
    c.is_alphanumeric()
        || c == '-'
        || matches!(c,
            '\u{0300}'..='\u{036f}' | '\u{0483}'..='\u{0489}' | '\u{0591}'..='\u{05c7}' | '\u{0610}'..='\u{061a}'
            | '\u{064b}'..='\u{065f}' | '\u{0670}' | '\u{06d6}'..='\u{06ed}' | '\u{0900}'..='\u{0dff}'
            | '\u{0e00}'..='\u{0eff}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}'
            | '\u{fe20}'..='\u{fe2f}')
}

fn parse_with_http(text: &str) -> Result<Url, UrlError> {
    Url::parse(&format!("http://{text}")).map_err(|e| UrlError::NotAUrl(e.to_string()))
}

/// The host (and port) as typed, for saying what normalisation changed.
fn typed_host(text: &str) -> String {
    text[host_port_span(text)].to_string()
}

/// Where `text` has its host and port, found where the url crate looks: after `http:` (or another
/// special scheme) and any run of `/` and `\\` — without such a scheme `parse_with_http` puts
/// `http://` in front — up to the path, query or fragment, after any `user:password@`.
fn host_port_span(text: &str) -> std::ops::Range<usize> {
    let scheme_end = text
        .find(':')
        .filter(|&i| {
            let s = &text[..i];
            ["http", "https", "ws", "wss", "ftp", "file"].iter().any(|w| s.eq_ignore_ascii_case(w))
        })
        .map(|i| i + 1)
        .unwrap_or(0);
    let start = scheme_end + text[scheme_end..].bytes().take_while(|&b| b == b'/' || b == b'\\').count();
    let rest = &text[start..];
    let authority = &rest[..rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len())];
    let host_start = authority.rfind('@').map(|i| i + 1).unwrap_or(0);
    start + host_start..start + authority.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(s: &str) -> String {
        normalize(s).unwrap().normalized()
    }

    #[test]
    fn normalises_host_ports_fragments_and_empty_segments() {
        assert_eq!(norm("http://Example.COM/Docs/Intro"), "example.com/Docs/Intro");
        assert_eq!(norm("https://example.com:443/a"), "example.com/a");
        assert_eq!(norm("http://example.com:80/a"), "example.com/a");
        assert_eq!(norm("https://example.com:80/a"), "example.com/a");
        assert_eq!(norm("http://example.com:443/a"), "example.com/a");
        assert_eq!(norm("https://-:80"), "-");
        assert_eq!(norm("http://example.com:8080/a"), "example.com:8080/a");
        assert_eq!(norm("example.com:8080/a"), "example.com:8080/a");
        assert_eq!(norm("example.com/a//b/"), "example.com/a/b");
        assert_eq!(norm("example.com/a/b#top"), "example.com/a/b");
        assert_eq!(norm("example.com/a/./c/../b"), "example.com/a/b");
        assert_eq!(norm("  example.com  "), "example.com");
        assert_eq!(norm("https://user:pw@example.com/x"), "example.com/x");
        assert_eq!(norm("example.com/search?q=1#x"), "example.com/search?q=1");
        assert_eq!(norm("example.com/?q=1"), "example.com?q=1");
        assert_eq!(norm("example.com/a b"), "example.com/a%20b");
        assert_eq!(norm("http://bücher.example/ä"), "xn--bcher-kva.example/%C3%A4");
        assert_eq!(norm("BÜCHER.example:8080/x"), "xn--bcher-kva.example:8080/x");
        assert_eq!(norm("https://user:pw@Bücher。Example/ä"), "xn--bcher-kva.example/%C3%A4");
        assert_eq!(norm("http://ÄÖ.example/ü"), "xn--4ca0b.example/%C3%BC");
        assert_eq!(norm("例え.テスト/a"), "xn--r8jz45g.xn--zckzah/a");
        assert_eq!(norm("B%C3%BCcher.Example/a"), "xn--bcher-kva.example/a");
        assert!(normalize("http://x%FF.example/").is_err());
        assert_eq!(norm("xn--bcher-kva.example/a"), "xn--bcher-kva.example/a");
        assert_eq!(norm("http://नमस्ते.example/"), "xn--h2bhs4b8d8a.example");
        for bad in [
            "http://a\u{200f}b.example/",
            "http://a\u{200d}b.example/",
            "http://xn--ab-m1t.example/",
            "http://xn--zz!.example/",
        ] {
            assert!(normalize(bad).is_err(), "{bad:?}");
        }
        let s = normalize("HTTP://Example.com:80//a#f").unwrap();
        assert!(s.changes.iter().any(|c| c.contains("fragment")), "{:?}", s.changes);
        assert!(s.changes.iter().any(|c| c.contains("port")), "{:?}", s.changes);
    }

    #[test]
    fn normal_forms_are_fixed_points() {
        for s in [
            "http://Example.COM/Docs/Intro",
            "example.com:8080/a",
            "http://bücher.example/ä/b?x=1",
            "example.com/a//b/",
            "example.com/?q=1",
            "[::1]:8080/x",
            "192.168.0.1/a",
        ] {
            let once = norm(s);
            assert_eq!(norm(&once), once, "{s}");
        }
    }

    #[test]
    fn bad_input_is_reported_never_panics() {
        assert_eq!(normalize(""), Err(UrlError::Empty));
        assert_eq!(normalize("   "), Err(UrlError::Empty));
        assert!(matches!(normalize("ftp://example.com/a"), Err(UrlError::OtherScheme(s)) if s == "ftp"));
        assert!(matches!(normalize("mailto:someone@example.com"), Err(UrlError::OtherScheme(_))));
        assert!(matches!(normalize("javascript:alert(1)"), Err(UrlError::OtherScheme(_))));
        assert!(matches!(normalize("http://"), Err(UrlError::NotAUrl(_))));
        assert!(matches!(normalize("http://exa mple.com/"), Err(UrlError::NotAUrl(_))));
        assert!(matches!(normalize("/just/a/path"), Err(UrlError::NotAUrl(_))));
        let long = format!("example.com/{}", "a".repeat(100_000));
        assert!(matches!(normalize(&long), Err(UrlError::TooLong(_))));
        for weird in ["::", "://", "%", "?", "#", "http://[", "a:b:c", "🙂", "\u{0}", "http://xn--/", "1:2"] {
            let _ = normalize(weird);
        }
        for e in
            [UrlError::Empty, UrlError::TooLong(5), UrlError::OtherScheme("ftp".into()), UrlError::NotAUrl("x".into())]
        {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn layers_take_segments_rest_and_markers() {
        let s = normalize("example.com/a/b/c/d/e").unwrap();
        assert_eq!(s.layer_keys(4), ["example.com", "a", "b", "c/d/e"]);
        assert_eq!(s.layer_keys(6), ["example.com", "a", "b", "c", "d", "e"]);
        assert_eq!(s.layer_keys(1), ["example.com/a/b/c/d/e"]);
        let s = normalize("example.com/docs").unwrap();
        assert_eq!(s.layer_keys(4), ["example.com", "docs", EMPTY_MARKER, EMPTY_MARKER]);
        assert_eq!(normalize("https://example.com/").unwrap().layer_keys(2), ["example.com", EMPTY_MARKER]);
    }
}

#[cfg(test)]
mod fast_tests {
    use super::fast_normal;

    #[test]
    fn plain_urls_take_the_fast_path() {
        assert_eq!(fast_normal("HTTPS://Example.COM/a/b?x=1").as_deref(), Some("example.com/a/b?x=1"));
        assert_eq!(fast_normal("www.site.org//docs/").as_deref(), Some("www.site.org/docs"));
        assert_eq!(fast_normal("http://A.org/x#top").as_deref(), Some("a.org/x"), "the fragment is dropped");
        assert_eq!(
            fast_normal("a.org/x?q=1#f").as_deref(),
            super::normalize("a.org/x?q=1#f").map(|u| u.normalized()).ok().as_deref()
        );
        for slow in ["a.com:8080/x", "user@a.com", "a.com/%41", "a.com/./x", "xn--bcher-kva.de", "1.2.3.4/x", "a.com?q"]
        {
            assert_eq!(fast_normal(slow), None, "{slow}");
        }
    }
}
