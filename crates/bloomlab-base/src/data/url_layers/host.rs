//! The host as typed: where it is in the text, and its lower-case ASCII (IDNA) form.

use super::{punycode, UrlError};

/// `text` with its host written in lower-case ASCII (IDNA) form, or `None` when it is so already:
/// percent-escapes in the host decoded, then each label (split on `.` and the ideographic full
/// stops UTS 46 treats as dots) lower-cased and, if still non-ASCII, written as `xn--` + Punycode
/// (RFC 3492). The URL parser (`whatwg.rs`, which takes ASCII hosts only, as the url crate does with
/// the IDNA back end pinned to the one without Unicode tables) then sees lower-case ASCII hosts.
pub(super) fn ascii_host(text: &str) -> Result<Option<String>, UrlError> {
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
    let decoded = String::from_utf8(crate::text::percent::decode(typed.as_bytes()))
        .map_err(|_| UrlError::NotAUrl("its host has %-escapes that are not UTF-8 text".into()))?;
    let mut out = String::with_capacity(typed.len() + 8);
    for (i, label) in decoded.split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}']).enumerate() {
        if i > 0 {
            out.push('.');
        }
        let lower = crate::text::lowercase(label);
        if let Some(code) = lower.strip_prefix("xn--") {
            let decoded = punycode::decode(code)
                .ok_or_else(|| UrlError::NotAUrl("its host has an xn-- label that is not valid Punycode".into()))?;
            if !decoded.into_iter().all(domain_char) {
                return Err(UrlError::NotAUrl("its host has characters that domain names do not take".into()));
            }
        }
        if lower.is_ascii() {
            out.push_str(&lower);
        } else if !lower.chars().all(domain_char) {
            return Err(UrlError::NotAUrl("its host has characters that domain names do not take".into()));
        } else {
            let code = punycode::encode(&lower)
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

/// The host (and port) as typed, for saying what normalisation changed.
pub(super) fn typed_host(text: &str) -> String {
    text[host_port_span(text)].to_string()
}

/// Where `text` has its host and port, found where the URL parser looks: after `http:` (or another
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
