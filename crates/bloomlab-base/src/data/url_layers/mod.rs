//! URLs for the multi-layer filter: normalisation (by our own parser of http and https URLs after
//! the WHATWG URL standard, `whatwg.rs` and `ip.rs`, tested against the `url` crate: they must read
//! every input alike) and the split into layers.
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

#[cfg(test)]
mod differential;
mod fast;
mod host;
mod ip;
mod punycode;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod url_crate;
mod whatwg;

pub use fast::{fast_normal, strip_prefix_ci};
use host::{ascii_host, typed_host};
use whatwg::{Parsed, NO_BASE};

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
    // URL parsers drop tabs and line breaks anywhere; drop them first, so the host found here is
    // the host the parser will see.
    let cleaned: String;
    let text = if text.contains(['\t', '\n', '\r']) {
        cleaned = text.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
        cleaned.as_str()
    } else {
        text
    };
    let ascii = ascii_host(text)?;
    let url = parse_http(ascii.as_deref().unwrap_or(text), &mut changes)?;
    let host_segment = host_segment(&url, input.trim(), &mut changes)?;
    if url.userinfo {
        changes.push("user name and password dropped".into());
    }
    if url.fragment {
        changes.push("#fragment dropped".into());
    }
    let segments = path_segments(&url, host_segment, &mut changes);
    Ok(UrlSegments { segments, changes })
}

/// `text` parsed as an http or https URL (a text without a scheme is read as http), noting the
/// dropped scheme in `changes`.
fn parse_http(text: &str, changes: &mut Vec<String>) -> Result<Parsed, UrlError> {
    match whatwg::parse(text) {
        Ok(u) if u.scheme == "http" || u.scheme == "https" => {
            changes.push(format!("scheme {}:// dropped", u.scheme));
            Ok(u)
        }
        Ok(u) => {
            // `example.com:8080/a` parses as the scheme `example.com`; a port after the colon
            // means it was a host without a scheme.
            let after = text.get(u.scheme.len() + 1..).unwrap_or("");
            let looks_like_port = !text.contains("://") && after.bytes().next().is_some_and(|b| b.is_ascii_digit());
            if looks_like_port {
                parse_with_http(text)
            } else {
                Err(UrlError::OtherScheme(u.scheme))
            }
        }
        Err(NO_BASE) if text.starts_with('/') || text.starts_with('?') || text.starts_with('#') => {
            Err(UrlError::NotAUrl("it has no host: start with one, such as example.com".into()))
        }
        Err(NO_BASE) => parse_with_http(text),
        Err(e) => Err(UrlError::NotAUrl(e.into())),
    }
}

/// The first segment: the host with a port other than 80 and 443, noting in `changes` what
/// normalisation changed on the host and port as typed (`typed`: the trimmed input).
fn host_segment(url: &Parsed, typed: &str, changes: &mut Vec<String>) -> Result<String, UrlError> {
    if url.host.is_empty() {
        return Err(UrlError::NotAUrl("it has no host".into()));
    }
    let mut host_segment = url.host.clone();
    // The scheme is dropped, so 80 and 443 are both dropped: keeping `:80` after `https://` would
    // read back as http's default and not survive a second normalisation.
    if let Some(port) = url.port.filter(|p| *p != 80 && *p != 443) {
        host_segment = format!("{host_segment}:{port}");
    }
    // What normalisation changed on the host and port.
    let typed_host = typed_host(typed);
    if !typed_host.is_empty() && typed_host != host_segment {
        let lower = crate::text::lowercase(&typed_host);
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
    Ok(host_segment)
}

/// The host segment, then the non-empty path segments with the query on the last one, noting
/// dropped empty segments and a trailing `/` in `changes`.
fn path_segments(url: &Parsed, host_segment: String, changes: &mut Vec<String>) -> Vec<String> {
    let raw_path = url.path.as_str();
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
    if let Some(q) = url.query.as_deref() {
        if !q.is_empty() {
            let last = segments.last_mut().expect("segments start with the host");
            last.push('?');
            last.push_str(q);
        }
    }
    segments
}

fn parse_with_http(text: &str) -> Result<Parsed, UrlError> {
    whatwg::parse(&format!("http://{text}")).map_err(|e| UrlError::NotAUrl(e.into()))
}
