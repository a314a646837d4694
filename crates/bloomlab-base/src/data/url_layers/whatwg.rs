//! Our own URL parser: the WHATWG URL standard's basic URL parser (no base URL), exactly as the url
//! crate 2.5.8 runs it, cut down to what [`normalize`](super::normalize) reads. For `http` and
//! `https` it returns the host, port, path and query in the url crate's serialisation, whether
//! there was a user name or password, and whether there was a fragment; for other schemes only
//! whether the text is a URL at all. Errors carry the url crate's own messages, because they end
//! up in the notices people read. The tests in `differential.rs` compare it with the url crate.

use super::ip::{ends_in_a_number, ipv4_text, ipv6_text};
use crate::text::percent::{self, push_encoded, Escaped};

/// The url crate's messages for the errors this parser can meet (its `ParseError` texts).
pub(super) const NO_BASE: &str = "relative URL without a base";
const EMPTY_HOST: &str = "empty host";
const BAD_PORT: &str = "invalid port number";
const BAD_IDNA: &str = "invalid international domain name";
const BAD_CHAR: &str = "invalid domain character";
pub(super) const BAD_IPV4: &str = "invalid IPv4 address";
pub(super) const BAD_IPV6: &str = "invalid IPv6 address";

pub(super) type Parse<T> = Result<T, &'static str>;

/// A parsed URL. Only the scheme is filled in for schemes other than `http`, `https`, `ws`, `wss`
/// and `ftp`.
#[derive(Debug, Default)]
pub(super) struct Parsed {
    /// Lower-case.
    pub scheme: String,
    /// As the url crate writes it: a lower-case domain, a dotted IPv4 address or `[IPv6]`.
    pub host: String,
    /// The port as typed; unlike the url crate's `port()`, a default port is kept here, since
    /// `normalize` drops 80 and 443 whatever the scheme.
    pub port: Option<u16>,
    /// Whether the URL had a user name or a password.
    pub userinfo: bool,
    /// Starts with `/`; percent-encoded, `.` and `..` resolved.
    pub path: String,
    pub query: Option<String>,
    pub fragment: bool,
}

/// Percent-encoded in a path besides C0 controls, DEL and non-ASCII bytes (the path set).
const PATH_SET: Escaped = Escaped::CONTROLS.with(b" \"#<>?`{}");
/// Percent-encoded in the query of a special URL (the special-query set).
const QUERY_SET: Escaped = Escaped::CONTROLS.with(b" \"#<>'");
/// Not allowed in an opaque host (the url crate's list).
const OPAQUE_FORBIDDEN: &[u8] = b"\0\t\n\r #/:<>?@[\\]^|";
/// Forbidden in a domain, with the C0 controls, space and DEL (idna's URL deny list).
const DOMAIN_FORBIDDEN: &[u8] = b"%#/:<>?@[\\]^|";

/// `input` parsed as the url crate's `Url::parse` would, or its error message.
pub(super) fn parse(input: &str) -> Parse<Parsed> {
    // Leading and trailing C0 controls and spaces are trimmed; tabs and line breaks anywhere are
    // ignored.
    let kept = input.trim_matches(|c: char| c <= ' ').bytes().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    // Only ASCII bytes were left out, so the text is still UTF-8.
    let text = String::from_utf8(kept.collect()).unwrap_or_default();
    let colon = scheme_len(text.as_bytes()).ok_or(NO_BASE)?;
    let mut url = Parsed { scheme: text[..colon].to_ascii_lowercase(), ..Parsed::default() };
    let rest = &text[colon + 1..];
    match url.scheme.as_str() {
        "http" | "https" | "ws" | "wss" | "ftp" => special(rest, &mut url)?,
        "file" => file_host(rest)?,
        _ => {
            if let Some(rest) = rest.strip_prefix("//") {
                opaque_authority(rest)?;
            }
        }
    }
    Ok(url)
}

/// Where the scheme's `:` is: an ASCII letter, then letters, digits, `+`, `-` and `.`.
fn scheme_len(b: &[u8]) -> Option<usize> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b.iter().position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b.get(end) == Some(&b':')).then_some(end)
}

/// After `http:` (or another special scheme but `file:`): any run of `/` and `\`, the authority,
/// then the path, query and fragment.
fn special(rest: &str, url: &mut Parsed) -> Parse<()> {
    let rest = &rest[rest.bytes().take_while(|b| matches!(b, b'/' | b'\\')).count()..];
    let (authority, after) = rest.split_at(end_at(rest, b"/\\?#"));
    let (userinfo, host_port) = split_userinfo(authority);
    url.userinfo = userinfo.is_some_and(|u| !u.is_empty() && u != ":");
    let (host, port) = split_port(host_port);
    if host.is_empty() {
        return Err(EMPTY_HOST);
    }
    url.host = special_host(host)?;
    if let Some(port) = port {
        url.port = parse_port(port)?;
    }
    let (before_fragment, fragment) = after.split_once('#').map_or((after, None), |(b, f)| (b, Some(f)));
    url.fragment = fragment.is_some();
    let (path, query) = before_fragment.split_once('?').map_or((before_fragment, None), |(p, q)| (p, Some(q)));
    url.path = special_path(path.strip_prefix('/').or_else(|| path.strip_prefix('\\')).unwrap_or(path));
    url.query = query.map(|q| {
        let mut out = String::with_capacity(q.len());
        push_encoded(&mut out, q, QUERY_SET);
        out
    });
    Ok(())
}

/// `file:` URLs: only a host after two slashes can make the text fail.
fn file_host(rest: &str) -> Parse<()> {
    let slash = |i: usize| matches!(rest.as_bytes().get(i), Some(b'/' | b'\\'));
    if !(slash(0) && slash(1)) {
        return Ok(());
    }
    let tail = &rest[2..];
    let host = &tail[..end_at(tail, b"/\\?#")];
    let b = host.as_bytes();
    let drive_letter = b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|');
    if !host.is_empty() && !drive_letter {
        special_host(host)?;
    }
    Ok(())
}

/// The authority of a URL of another scheme (after its `//`): only whether it is valid.
fn opaque_authority(rest: &str) -> Parse<()> {
    let (authority, after) = rest.split_at(end_at(rest, b"/?#"));
    let (userinfo, host_port) = split_userinfo(authority);
    if userinfo == Some("") && host_port.is_empty() && !after.is_empty() {
        return Err(EMPTY_HOST);
    }
    let (host, port) = split_port(host_port);
    if let Some(inner) = host.strip_prefix('[') {
        ipv6_text(inner.strip_suffix(']').ok_or(BAD_IPV6)?)?;
    } else if host.bytes().any(|b| OPAQUE_FORBIDDEN.contains(&b)) {
        return Err(BAD_CHAR);
    }
    if host.is_empty() && port.is_some() {
        return Err(EMPTY_HOST);
    }
    if let Some(port) = port {
        parse_port(port)?;
    }
    if host.is_empty() && userinfo.is_some_and(|u| !u.is_empty() && u != ":") {
        return Err(EMPTY_HOST);
    }
    Ok(())
}

/// Where `text` has its first byte of `stops`, or its length.
fn end_at(text: &str, stops: &[u8]) -> usize {
    text.bytes().position(|b| stops.contains(&b)).unwrap_or(text.len())
}

/// The user info (before the last `@`), if any, and the host and port.
fn split_userinfo(authority: &str) -> (Option<&str>, &str) {
    match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    }
}

/// The host and the text after its port's `:` (a `:` inside `[...]` belongs to the host).
fn split_port(host_port: &str) -> (&str, Option<&str>) {
    let mut in_brackets = false;
    for (i, b) in host_port.bytes().enumerate() {
        match b {
            b'[' => in_brackets = true,
            b']' => in_brackets = false,
            b':' if !in_brackets => return (&host_port[..i], Some(&host_port[i + 1..])),
            _ => {}
        }
    }
    (host_port, None)
}

/// Digits up to the end (or, in other schemes, a `\`); more than 65535 is an error.
fn parse_port(text: &str) -> Parse<Option<u16>> {
    let mut port: u32 = 0;
    let mut digits = false;
    for b in text.bytes() {
        if b.is_ascii_digit() {
            port = port * 10 + u32::from(b - b'0');
            if port > 65535 {
                return Err(BAD_PORT);
            }
            digits = true;
        } else if b == b'\\' {
            break;
        } else {
            return Err(BAD_PORT);
        }
    }
    Ok(u16::try_from(port).ok().filter(|_| digits))
}

/// The host of a special URL: `[IPv6]`, or percent-decoded, put through domain-to-ASCII as idna
/// 1.1 does it with the table-free back end (`host.rs` has already written non-ASCII hosts in
/// ASCII, so any non-ASCII byte left is an error), then read as IPv4 if it ends in a number.
fn special_host(host: &str) -> Parse<String> {
    if let Some(inner) = host.strip_prefix('[') {
        return ipv6_text(inner.strip_suffix(']').ok_or(BAD_IPV6)?);
    }
    let bytes = percent::decode(host.as_bytes());
    if bytes.iter().any(|&b| b <= b' ' || b >= 0x7f || DOMAIN_FORBIDDEN.contains(&b)) {
        return Err(BAD_IDNA);
    }
    let domain: String = bytes.iter().map(|b| char::from(b.to_ascii_lowercase())).collect();
    if !domain.split('.').all(punycode_label_ok) {
        return Err(BAD_IDNA);
    }
    if domain.is_empty() {
        return Err(EMPTY_HOST);
    }
    if ends_in_a_number(&domain) {
        return ipv4_text(&domain);
    }
    Ok(domain)
}

/// Whether an ASCII label that starts with `xn--` is Punycode idna takes: it does not end in `-`,
/// decodes, and its decoded text does not start with a joiner, holds no U+FFFD and is at most 1000
/// characters long. Other labels pass.
fn punycode_label_ok(label: &str) -> bool {
    let Some(code) = label.strip_prefix("xn--") else { return true };
    if label.ends_with('-') || code.len() > 2000 {
        return false;
    }
    match super::punycode::decode(code) {
        Some(chars) => {
            !matches!(chars.first(), Some('\u{200c}' | '\u{200d}'))
                && !chars.contains(&'\u{fffd}')
                && chars.len() <= 1000
        }
        None => false,
    }
}

/// The path of a special URL (`text`: after its first `/` or `\`, up to the query or fragment),
/// segment by segment as the url crate writes it: each percent-encoded, `.` and `%2e` dropped,
/// `..` (in any of its `%2e` spellings) removing the segment before it — except that, as in the url
/// crate, a first segment that looks like a Windows drive letter (`c:`) stays.
fn special_path(text: &str) -> String {
    let mut path = String::with_capacity(text.len() + 1);
    path.push('/');
    let mut rest = text;
    loop {
        let (segment, tail) = rest.split_at(end_at(rest, b"/\\"));
        let slash = !tail.is_empty();
        let start = path.len();
        push_encoded(&mut path, segment, PATH_SET);
        let once = dot_prefix(&path[start..]);
        if once == Some("") {
            path.truncate(start);
        } else if once.and_then(dot_prefix) == Some("") {
            path.truncate(start);
            if last_slash_can_be_removed(&path) {
                path.pop();
                let keep = path.rfind('/').map_or(path.len(), |i| i + 1);
                path.truncate(keep);
            }
        } else if slash {
            path.push('/');
        }
        match tail.get(1..) {
            Some(next) => rest = next,
            None => return path,
        }
    }
}

/// `s` after a leading `.` or `%2e` (either case).
fn dot_prefix(s: &str) -> Option<&str> {
    s.strip_prefix('.').or_else(|| s.get(..3).filter(|p| p.eq_ignore_ascii_case("%2e")).and_then(|_| s.get(3..)))
}

/// The url crate's test before `..` removes a segment: the path (ending in `/`) has a `/` before
/// its last one, and the segment between them is not a Windows drive letter.
fn last_slash_can_be_removed(path: &str) -> bool {
    let Some(before) = path.strip_suffix('/') else { return false };
    match before.rfind('/') {
        Some(i) => {
            let b = &path.as_bytes()[i + 1..];
            let drive = b.len() >= 2
                && b[0].is_ascii_alphabetic()
                && matches!(b[1], b':' | b'|')
                && (b.len() == 2 || b[2] == b'/');
            !drive
        }
        None => false,
    }
}
