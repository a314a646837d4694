//! Today's normalisation through the `url` crate (2.5.8, with idna_adapter 1.0.0), kept for the
//! tests only: the code `normalize` ran before it had its own parser, word for word but for the
//! names. `differential.rs` checks that both give the same answer for every input.

use super::host::{ascii_host, typed_host};
use super::{UrlError, UrlSegments, MAX_URL_CHARS};
use url::Url;

/// [`normalize`](super::normalize) as it was, with the `url` crate.
pub(super) fn normalize_with_url_crate(input: &str) -> Result<UrlSegments, UrlError> {
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
    let url = parse_http_url(ascii.as_deref().unwrap_or(text), &mut changes)?;
    let host_segment = host_segment_url(&url, input.trim(), &mut changes)?;
    if !url.username().is_empty() || url.password().is_some() {
        changes.push("user name and password dropped".into());
    }
    if url.fragment().is_some() {
        changes.push("#fragment dropped".into());
    }
    let segments = path_segments_url(&url, host_segment, &mut changes);
    Ok(UrlSegments { segments, changes })
}

/// `text` parsed as an http or https URL (a text without a scheme is read as http), noting the
/// dropped scheme in `changes`.
fn parse_http_url(text: &str, changes: &mut Vec<String>) -> Result<Url, UrlError> {
    match Url::parse(text) {
        Ok(u) if u.scheme() == "http" || u.scheme() == "https" => {
            changes.push(format!("scheme {}:// dropped", u.scheme()));
            Ok(u)
        }
        Ok(u) => {
            // `example.com:8080/a` parses as the scheme `example.com`; a port after the colon
            // means it was a host without a scheme.
            let after = text.get(u.scheme().len() + 1..).unwrap_or("");
            let looks_like_port = !text.contains("://") && after.bytes().next().is_some_and(|b| b.is_ascii_digit());
            if looks_like_port {
                parse_with_http_url(text)
            } else {
                Err(UrlError::OtherScheme(u.scheme().to_string()))
            }
        }
        Err(url::ParseError::RelativeUrlWithoutBase)
            if text.starts_with('/') || text.starts_with('?') || text.starts_with('#') =>
        {
            Err(UrlError::NotAUrl("it has no host: start with one, such as example.com".into()))
        }
        Err(url::ParseError::RelativeUrlWithoutBase) => parse_with_http_url(text),
        Err(e) => Err(UrlError::NotAUrl(e.to_string())),
    }
}

/// The first segment: the host with a port other than 80 and 443, noting in `changes` what
/// normalisation changed on the host and port as typed (`typed`: the trimmed input).
fn host_segment_url(url: &Url, typed: &str, changes: &mut Vec<String>) -> Result<String, UrlError> {
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
fn path_segments_url(url: &Url, host_segment: String, changes: &mut Vec<String>) -> Vec<String> {
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
    segments
}

fn parse_with_http_url(text: &str) -> Result<Url, UrlError> {
    Url::parse(&format!("http://{text}")).map_err(|e| UrlError::NotAUrl(e.to_string()))
}
