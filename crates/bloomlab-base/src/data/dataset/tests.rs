use super::*;
use crate::data::url_layers::{fast_normal, normalize};

fn read(name: Option<&str>, text: &str) -> Result<Dataset, String> {
    let mut r = Reader::new(name, text.as_bytes().to_vec())?.normal(normal_item);
    while !r.is_done() {
        r.work(2);
    }
    r.finish()
}

#[test]
fn lines_csv_and_refusals() {
    let d = read(Some("urls.txt"), "HTTP://Example.com/a/\nexample.com/a\n\nword\n  word  \r\n").unwrap();
    assert_eq!(*d.items, ["example.com/a", "word"]);
    assert_eq!((d.lines, d.found, d.skipped), (5, 4, 0));
    let d = read(Some("crawl.csv"), "url,year\nhttps://a.org/x,2010\n\"http://b.net/y?q=1,2\",2011\nnot a url,1999\n")
        .unwrap();
    assert_eq!(*d.items, ["a.org/x", "b.net/y?q=1,2"]);
    assert!(d.csv);
    assert_eq!(d.skipped, 2 + 2 + 2, "the header's two cells, the years, the last line's two cells");
    assert!(read(Some("e.txt"), "").unwrap_err().contains("empty"));
    assert!(Reader::new(Some("x.bin"), vec![0, 1, 2, 3]).err().unwrap().contains("binary"));
    assert!(read(Some("y.csv"), "year,title\n2010,x\n").unwrap_err().contains("no cell"));
    let d = read(None, "a,https://a.org\n").unwrap();
    assert!(d.csv, "a pasted CSV is recognised by a URL cell in its first line");
    assert_eq!(d.halves().0.len() + d.halves().1.len(), d.items.len());
}

#[test]
fn a_line_that_is_not_utf8_is_left_out_and_counted() {
    // Enough good lines that the file as a whole is text, not binary.
    let mut bytes = b"https://a.org/x\n".repeat(30);
    bytes.extend_from_slice(b"https://b.org/\xff\xfe\n");
    bytes.extend_from_slice("caf\u{e9} \u{fffd}\nhttps://a.org/x\n".as_bytes());
    let mut r = Reader::new(Some("mixed.txt"), bytes).unwrap();
    r.work(1);
    r.work(10);
    let d = r.finish().unwrap();
    assert_eq!(*d.items, ["a.org/x", "caf\u{e9} \u{fffd}"], "a replacement character the file really holds is text");
    assert_eq!((d.lines, d.found, d.skipped), (33, 32, 1));
    assert!(d.notes.iter().any(|n| n.contains("1 lines were left out")), "{:?}", d.notes);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    #[test]
    fn the_fast_path_agrees_with_the_url_crate(s in "(HTTPS?://|https?://)?[a-zA-Z0-9.-]{1,12}\\.(com|Org|de|x1)(/[a-zA-Z0-9._~%/-]{0,10}){0,3}(\\?[a-z0-9=&#]{0,6})?") {
        if let Some(fast) = fast_normal(&s) {
            let slow = normalize(&s).map(|u| u.normalized());
            proptest::prop_assert_eq!(Ok(fast), slow, "{}", s);
        }
    }
}

#[test]
fn words_and_the_sequence() {
    let mut r = Reader::new(None, b"The cat, the HAT.\nSee https://Example.com/a/ and \"the\" bat's (hat)\n".to_vec())
        .unwrap()
        .split(Split::Words);
    r.work(1);
    let d = r.finish().unwrap();
    assert_eq!(*d.items, ["the", "cat", "hat", "see", "example.com/a", "and", "bat's"]);
    assert_eq!(*d.sequence, [0, 1, 0, 2, 3, 4, 5, 0, 6, 2]);
    assert_eq!(d.found, 10);
    // Running text without addresses splits into the same words as the word splitter.
    let text = "It's a truth universally acknowledged, that a single man -- in possession!";
    let ours: Vec<String> = text_tokens(text, light_item).collect();
    assert_eq!(ours, crate::data::words::words(text).take(100).collect::<Vec<_>>());
    // Lines keep repeats in the sequence too.
    let d = read(None, "b\na\nb\nb\n").unwrap();
    assert_eq!((d.items.as_slice(), d.sequence.as_slice()), (&["b".to_string(), "a".into()][..], &[0, 1, 0, 0][..]));
}

proptest::proptest! {
    #[test]
    fn the_sequence_rebuilds_the_items_in_order(lines in proptest::collection::vec("[a-c]{1,2}", 1..60)) {
        let d = read(None, &lines.join("\n")).unwrap();
        let back: Vec<&str> = d.sequence.iter().map(|&i| d.items[i as usize].as_str()).collect();
        proptest::prop_assert_eq!(back, lines.iter().map(String::as_str).collect::<Vec<_>>());
        proptest::prop_assert_eq!(d.found as usize, lines.len());
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
    /// The light normal form agrees with the full one wherever the fast path applies, and
    /// otherwise keeps the text as written.
    #[test]
    fn light_agrees_with_full_where_it_normalises(s in "(https?://)?[a-zA-Z0-9.ü-]{1,10}\\.(com|org)(/[a-zA-Z0-9.%/-]{0,8}){0,2}(#x)?| ?[a-z ]{0,6}") {
        let (light, full) = (light_item(&s), normal_item(&s));
        let t = s.trim().trim_matches('"').trim();
        if light.as_deref() != full.as_deref() {
            proptest::prop_assert_eq!(light.as_deref(), Some(t), "{}", s);
        }
    }
}

#[test]
fn url_cells() {
    for yes in ["http://x.y", "www.example.com", "example.com/a", "a.b.co.uk:8080/x"] {
        assert!(looks_like_url(yes), "{yes}");
    }
    for no in ["2010", "1.5", "hello world", "", "v1.2", "a.b1"] {
        assert!(!looks_like_url(no), "{no}");
    }
    assert_eq!(csv_cells("a,\"b,c\",\"d\"\"e\""), ["a", "b,c", "d\"e"]);
}
