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
    for e in [UrlError::Empty, UrlError::TooLong(5), UrlError::OtherScheme("ftp".into()), UrlError::NotAUrl("x".into())]
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

#[test]
fn plain_urls_take_the_fast_path() {
    assert_eq!(fast_normal("HTTPS://Example.COM/a/b?x=1").as_deref(), Some("example.com/a/b?x=1"));
    assert_eq!(fast_normal("www.site.org//docs/").as_deref(), Some("www.site.org/docs"));
    assert_eq!(fast_normal("http://A.org/x#top").as_deref(), Some("a.org/x"), "the fragment is dropped");
    assert_eq!(
        fast_normal("a.org/x?q=1#f").as_deref(),
        normalize("a.org/x?q=1#f").map(|u| u.normalized()).ok().as_deref()
    );
    for slow in ["a.com:8080/x", "user@a.com", "a.com/%41", "a.com/./x", "xn--bcher-kva.de", "1.2.3.4/x", "a.com?q"] {
        assert_eq!(fast_normal(slow), None, "{slow}");
    }
}
