//! Our URL parser against the url crate: for every input, [`normalize`] must give exactly what it
//! gave when it read URLs with the url crate ([`normalize_with_url_crate`]): the same segments,
//! the same notes on what changed, the same errors with the same texts. Links are the app's state,
//! so a link that works today must keep giving the same page.

use super::url_crate::normalize_with_url_crate;
use super::*;
use proptest::prelude::*;
use proptest::sample::select;

// The tables below are laid out by hand, several entries a line (`rustfmt::skip`), to stay short.

#[rustfmt::skip]
const SCHEMES: &[&str] = &[
    "", "", "", "http://", "https://", "HTTPS://", "hTtP://", "http:", "http:/", "http:\\\\", "http:///", "https:\\",
    "http:/\\/", "ws://", "wss://", "ftp://", "file://", "file:", "file:///", "FILE:\\\\", "file:/", "mailto:",
    "javascript:", "foo:", "foo://", "foo:///", "none:", "1a:", "a+b.c-d://", ":", "//", "\\\\", "///", "x:", "ex.ample:",
];
#[rustfmt::skip]
const USERINFO: &[&str] =
    &["", "", "", "user@", "user:pw@", ":@", ":pw@", "u:@", "@", "a@b@", "us%40er@", "@@", "a:b:c@", "\u{fc}@", "::@"];
#[rustfmt::skip]
const LABELS: &[&str] = &[
    "a", "a", "Example", "com", "org", "xn--bcher-kva", "xn--", "XN--Bcher-KVA", "xn--a-", "xn--zz!", "xn--ab-m1t",
    "xn--zckzah", "xn--r8jz45g", "xn---abc", "xn--1ug", "xn--a-ecp", "-", "a-b", "ab--c", "0", "1", "255", "256",
    "0x7f", "0X1", "0x", "010", "09", "08", "4294967296", "4294967295", "0xffffffff", "%41", "%2e", "%", "%zz", "%C3%BC",
    "%00", "%20", "%2F", "%3A80", "%5B", "b\u{fc}cher", "\u{c4}", "a b", "a<b", "a^", "a|b", "a_b", "*", "~", "'", "\"",
    "`", "{", "}", "1e", "\u{1}", "a\u{7f}", "%E4%BE%8B", "\u{4f8b}\u{3048}", "\u{3002}", "", "localhost", "C:",
];
#[rustfmt::skip]
const IP_HOSTS: &[&str] = &[
    "[::1]", "[1:2::3:4]", "[::ffff:1.2.3.4]", "[::ffff:1.2.3.400]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[::]",
    "[:1]", "[1::2::3]", "[0:0:1:0:0:0:0:1]", "[1:0:0:2:0:0:0:3]", "[::1", "[::1]x", "[fe80::1%25eth0]", "[g::1]",
    "[1:2:3:4:5:6:1.2.3.4]", "[1:2:3:4:5:6:7:1.2.3.4]", "[::01.2.3.4]", "[::1.2.3]", "[ABCD::EF]", "[12345::]", "[1:]",
    "[]", "[", "]", "[::1.2.3.4.5]", "[1::]", "[1:2:3:4:5:6:7::]", "[::0:0]", "[0::0:1:0:0]", "a[::1]", "0x7f.1",
    "010.0.0.1", "4294967296", "1.2.3.4.", "1..2", "1.2.3.4.5", "0x100000000", "1.0x", "127.1", "0.0.0.0", "1.256",
    "1.2.65536", "1.2.65535", "08.1", "0xg.1", "a.1", "1.a", "1.2.3.4..", ".", "..", "0xA.0XB", "00.0", "1.2.3.0400",
    "1.2.3.4.0", "0.0.0.0.0", "1.2.3.0.",
];
#[rustfmt::skip]
const PORTS: &[&str] =
    &["", "", "", ":", ":0", ":80", ":443", ":21", ":8080", ":65535", ":65536", ":99999", ":8a", ":a", "::", ":80:80", ":1\\"];
#[rustfmt::skip]
const SEGMENTS: &[&str] = &[
    "a", "B", ".", "..", "%2e", "%2E%2e", ".%2E", "%2e.", "%2e%2e", "%2E", "...", "a b", "\"", "<", ">", "`", "{", "}",
    "|", "\u{e4}", "%", "%zz", "%41", "c:", "C|", "a;b", "~", "", "'", "^", "\u{0}", "\u{7f}", "\u{1F642}", "%2f", "a.b",
];
#[rustfmt::skip]
const QUERIES: &[&str] = &["", "q=1", "a b", "'", "\"", "<>", "\u{fc}", "%", "x?y", "a'b", "`{}", "\u{1}", "a=1&b=2"];
#[rustfmt::skip]
const FRAGMENTS: &[&str] = &["", "f", "a b", "#", "?x", "\u{fc}"];
/// Risky characters for arbitrary short strings.
#[rustfmt::skip]
const ALPHABET: &[char] = &[
    'a', 'A', '1', '0', 'x', 'n', '-', '.', ':', '/', '\\', '@', '%', '2', 'e', 'E', '[', ']', '?', '#', ' ', '\t', '<',
    '|', 'h', 't', 'p', 's', 'f', '\u{fc}', '\u{1}', '^', '8',
];

fn check(s: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(normalize(s), normalize_with_url_crate(s), "{:?}", s);
    Ok(())
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::collection::vec(select(LABELS), 1..7).prop_map(|labels| labels.join(".")),
        1 => select(IP_HOSTS).prop_map(String::from),
    ]
}

fn path() -> impl Strategy<Value = String> {
    prop::collection::vec((select(&["/", "/", "/", "\\", "//"][..]), select(SEGMENTS)), 0..5)
        .prop_map(|parts| parts.into_iter().map(|(sep, seg)| format!("{sep}{seg}")).collect())
}

/// A URL from the grammar: scheme, user info, host, port, path, query, fragment.
fn grammar_url() -> impl Strategy<Value = String> {
    (
        select(SCHEMES),
        select(USERINFO),
        host(),
        select(PORTS),
        path(),
        prop::option::weighted(0.3, select(QUERIES)),
        prop::option::weighted(0.2, select(FRAGMENTS)),
        select(&["", "", "", " ", "\u{1}", "\t", "\n "][..]),
    )
        .prop_map(|(scheme, user, host, port, path, query, fragment, pad)| {
            let mut s = format!("{pad}{scheme}{user}{host}{port}{path}");
            if let Some(q) = query {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(f);
            }
            s.push_str(pad);
            s
        })
}

fn risky_string() -> impl Strategy<Value = String> {
    (select(&["", "", "http://", "https:", "foo://", "file://"][..]), prop::collection::vec(select(ALPHABET), 0..16))
        .prop_map(|(head, chars)| format!("{head}{}", chars.into_iter().collect::<String>()))
}

/// A grammar URL with one risky character put in somewhere.
fn mutated_url() -> impl Strategy<Value = String> {
    (grammar_url(), any::<usize>(), select(ALPHABET)).prop_map(|(s, at, c)| {
        let mut chars: Vec<char> = s.chars().collect();
        chars.insert(at % (chars.len() + 1), c);
        chars.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 14_000, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn urls_from_the_grammar_read_as_the_url_crate_reads_them(s in grammar_url()) {
        check(&s)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6_000, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn risky_short_strings_read_as_the_url_crate_reads_them(s in risky_string()) {
        check(&s)?;
    }

    #[test]
    fn grammar_urls_with_a_risky_character_read_as_the_url_crate_reads_them(s in mutated_url()) {
        check(&s)?;
    }
}

/// Hand-written cases, each a rule of the standard or a quirk of the url crate.
#[rustfmt::skip]
const CASES: &[&str] = &[
    "example.com", "http://Example.COM/Docs/Intro", "https://example.com:443/a", "http://example.com:80/a",
    "https://example.com:80/a", "http://example.com:443/a", "ws://example.com:80/a", "ftp://example.com:21/a",
    "https://-:80", "example.com:8080/a", "http://example.com:65535", "http://example.com:65536", "http://a:0/",
    "http://a:/", "http://a:8a/", "http://a::80", "http://:80/", "http://@a/", "http://@/a", "http://a@/",
    "http://user:pw@example.com/x", "http://:@a/", "http://::@a/", "http://a:@a/", "http://:b@a/", "http://a@b@c/",
    "http:example.com/a", "http:/example.com/a", "http:\\\\example.com\\a\\b", "http:///example.com", "HTTP://A.B/",
    "https://xn--bcher-kva.example/", "http://XN--BCHER-KVA.example/", "http://xn--/", "http://xn--a-/",
    "http://xn--zz!.example/", "http://xn---abc/", "http://xn--1ug/", "http://xn--a-ecp.b/", "http://xn--ab-m1t/",
    "http://a%41.com/", "http://a%2541.com/", "http://a%2Fb.com/x", "http://a%3A80/", "http://a%40b/", "http://a%25/",
    "http://a%/", "http://a%zz/", "http://%00/", "http://%20a/", "http://a%09b.com/", "http://%C3%BC/", "http://a b/",
    "http://a<b/", "http://a^b/", "http://a|b/", "http://a_b/", "http://a*b/", "http://a~b/", "http://a\"b/",
    "http://a`b/", "http://a{b}/", "http://a\u{7f}/", "http://\u{1}a/", "http://a\u{1}", "\u{1}http://a/", "http://a.\u{1}",
    "http://0x7f.1/", "http://010.0.0.1/", "http://4294967295/", "http://4294967296/", "http://1.2.3.4./",
    "http://1..2/", "http://1.2.3.4.5/", "http://1.2.3.4.0/", "http://0x100000000/", "http://1.0x/", "http://127.1/", "http://1.256/",
    "http://1.2.65536/", "http://08.1/", "http://0xg.1/", "http://a.1/", "http://1.a/", "http://1.2.3.4../", "http://./",
    "http://../", "http://0X7F.0/", "http://1.2.3.08/", "http://0/", "http://00/", "http://0x/", "http://09/",
    "http://[::1]/", "http://[::1]:8080/", "http://[1:2::3:4]/", "http://[::ffff:1.2.3.4]/", "http://[::ffff:1.2.3.400]/",
    "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[::]/", "http://[:1]/", "http://[1::2::3]/",
    "http://[0:0:1:0:0:0:0:1]/", "http://[1:0:0:2:0:0:0:3]/", "http://[::1", "http://[::1]x/", "http://[g::1]/",
    "http://[1:2:3:4:5:6:1.2.3.4]/", "http://[1:2:3:4:5:6:7:1.2.3.4]/", "http://[::01.2.3.4]/", "http://[::1.2.3]/",
    "http://[ABCD::EF]/", "http://[12345::]/", "http://[1:]/", "http://[]/", "http://[/", "http://]/", "http://a[b]/",
    "http://[1:2:3:4:5:6:7::]/", "http://[::0:0:1]/", "http://[1:0:0:2::3]/", "[::1]:8080/x", "192.168.0.1/a",
    "example.com/a//b/", "example.com/a/./c/../b", "example.com/a/b/..", "example.com/..", "example.com/../a",
    "example.com/%2e%2E/a", "example.com/a/%2e", "example.com/a/.%2e/b", "example.com/a/%2E./", "example.com/...",
    "example.com/c:/..", "example.com/a/c:/../..", "example.com/C|/..", "example.com/c:x/..", "example.com/a b",
    "example.com/\"<>`{}|^", "example.com/\u{e4}", "example.com/%", "example.com/%zz", "example.com/%41", "example.com/a\\b",
    "example.com/\u{0}", "example.com/?q=1", "example.com/search?q=1#x", "example.com?a'b c\"<>", "example.com/?\u{fc}",
    "example.com/?", "example.com/#", "example.com/#?q", "example.com/?#", "example.com/a?b?c#d#e", "example.com#f?x",
    "http://b\u{fc}cher.example/\u{e4}", "B\u{dc}CHER.example:8080/x", "https://user:pw@B\u{fc}cher\u{3002}Example/\u{e4}",
    "\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}/a", "B%C3%BCcher.Example/a", "http://x%FF.example/", "http://a\u{200f}b.example/",
    "ftp://example.com/a", "ftp://a:99999/", "ftp://[::1/", "ftp://a%/", "ws://a b/", "wss:///x", "ftp:", "ws:",
    "mailto:someone@example.com", "javascript:alert(1)", "foo:", "foo://", "foo://a b/", "foo://a<b/", "foo://a%/",
    "foo://a:99999/", "foo://a:8a/", "foo://a:1\\b", "foo://:80/", "foo://@/", "foo://@", "foo://u@/", "foo://:@/",
    "foo://[::1]/", "foo://[::1/", "foo://[zz]/", "foo://a\\b/", "foo://a^b", "foo://a|b", "foo://\u{fc}/", "foo:a b",
    "foo:/a b", "foo:///a", "none:x", "1a:b", "a+b.c-d://x", "ex.ample:8080/a", "example.com:8080", "example.com:80",
    "example.com:x", "localhost:3000/a", "a:b:c", "1:2", "::", "://", "%", "?", "#", "/just/a/path", "?q", "#f",
    "//example.com/a", "\\\\example.com\\a", "///a", "http://", "http:", "https:", "http:/", "http:\\", "http://@",
    "http://a@", "http://a:", "file://a/b", "file://a b/", "file://a:80/", "file:///c:/x", "file://c:/x", "file://C|/x",
    "file://localhost/x", "file://[::1]/", "file://[::1", "file://%/", "file://1.2.3.4.5/", "file:\\\\a b\\",
    "file:/a b", "file:a b", "FILE://x y", "file://xn--a-/", "file://a\\b c", "file:?x", "file:#x", "\u{1F642}", "\u{0}",
    "a\tb.com/c\nd", " example.com ", "\u{1}example.com", "example.com\u{1}", "http://exa mple.com/", "http://a/b\tc",
    "http://a\t:80/", "http://[::1]\t:8080/x", "hTtPs://A/B", "https://a.b.c.d.e.f/g/h/i/j", "http://a.b:8080/c?d#e",
    "file://A\u{fc}@", "file://A\u{fc}@/x", "http://A\u{fc}@x", "foo://A\u{fc}@x", "file://a%C3%BC/",
];

#[test]
fn hand_written_cases_read_as_the_url_crate_reads_them() {
    for s in CASES {
        assert_eq!(normalize(s), normalize_with_url_crate(s), "{s:?}");
    }
    // Each scheme with each port and each IP host: a few thousand more.
    for scheme in SCHEMES {
        for host in IP_HOSTS.iter().chain(&["a", "A.b", "xn--a-", "a%", "a b", "", "%41"]) {
            for port in PORTS {
                let s = format!("{scheme}{host}{port}/x");
                assert_eq!(normalize(&s), normalize_with_url_crate(&s), "{s:?}");
            }
        }
    }
}
