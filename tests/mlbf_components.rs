//! Component tests of the multi-layer view (`view=mlbf`): the app rendered to HTML natively and
//! checked through the contract's hooks.

mod common;

use bloomlab_core::engine::formulas;
use bloomlab_core::engine::hashing::HashFamily;
use common::{attr, render};

const MIXING: &str =
    "?view=mlbf&m=64&k=3&layers=4&items=example.com/a1/a2/a3,example.com/b1/b2/b3&query=example.com/a1/b2/a3";

#[tokio::test]
async fn mixing_preset_every_layer_yes_xor_no() {
    let html = render(MIXING).await;
    assert_eq!(attr(&html, "bit-array", "data-layer"), ["1", "2", "3", "4", "xor"]);
    assert_eq!(attr(&html, "bit-array", "data-m"), ["64"; 5]);
    assert_eq!(attr(&html, "layer-verdict", "data-layer"), ["1", "2", "3", "4", "xor"]);
    assert_eq!(attr(&html, "layer-verdict", "data-verdict"), ["maybe", "maybe", "maybe", "maybe", "absent"]);
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["absent"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["non-member"]);
    assert_eq!(attr(&html, "verdict", "data-item"), ["example.com/a1/b2/a3"]);
    assert_eq!(attr(&html, "mlbf-explain", "data-case"), ["mixing"]);
    assert_eq!(attr(&html, "tree-leaves", "data-matched"), ["2"], "the tree has example.com/a1 but not a1/b2");
    assert!(attr(&html, "notice", "data-param").is_empty());
    // hash traces: one per layer and one for the XOR layer, whose positions are the XOR of the
    // layers' j-th positions mod m.
    assert_eq!(attr(&html, "hash-trace", "data-layer"), ["xor", "1", "2", "3", "4"]);
    let pos = |s: &str| -> Vec<u64> { s.split(',').map(|p| p.parse().unwrap()).collect() };
    let traces = attr(&html, "hash-trace", "data-positions");
    let layers: Vec<Vec<u64>> = traces[1..].iter().map(|s| pos(s)).collect();
    let xor: Vec<u64> = (0..3).map(|j| layers.iter().fold(0, |a, l| a ^ l[j]) % 64).collect();
    assert_eq!(pos(traces[0]), xor);
    for (i, key) in ["example.com", "a1", "b2", "a3"].iter().enumerate() {
        let want: Vec<u64> = HashFamily::Xxh3.hash(key, 3, 64).unwrap().iter().map(|h| h.position).collect();
        assert_eq!(layers[i], want, "layer {}", i + 1);
    }
    // The data-bits of every layer carry exactly the inserted bits.
    let bits = attr(&html, "bit-array", "data-bits");
    assert_eq!(bits.len(), 5);
    assert!(bits.iter().all(|b| b.len() == 64));
    // The paper's eq. 4 for this m, n, k, L is computed.
    let eq4: Vec<f64> = attr(&html, "fp-theory", "data-value").iter().map(|v| v.parse().unwrap()).collect();
    assert_eq!(eq4[0], formulas::mlbf(64, 2, 3, 4));
}

#[tokio::test]
async fn repeated_segments_cancel_preset() {
    let html = render("?view=mlbf&m=64&k=3&layers=4&items=example.com/docs/docs,example.com/blog/intro,example.com/news/blog&query=example.com/blog/blog").await;
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["maybe"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["non-member"]);
    assert_eq!(attr(&html, "mlbf-explain", "data-case"), ["cancel"]);
    assert_eq!(attr(&html, "verdict", "class"), ["verdict false-positive"]);
    assert!(html.contains("but it is a false positive"));
    assert_eq!(attr(&html, "layer-key", "data-key"), ["example.com", "blog", "blog", ""]);
}

#[tokio::test]
async fn lookups_stop_at_the_first_absent_layer() {
    let html = render("?view=mlbf&m=1024&k=3&layers=4&items=example.com/a/b&query=other.org/a/b").await;
    assert_eq!(attr(&html, "layer-verdict", "data-layer"), ["1"]);
    assert_eq!(attr(&html, "layer-verdict", "data-verdict"), ["absent"]);
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["absent"]);
    let html = render("?view=mlbf&items=example.com/a/b&query=HTTPS://Example.com:443/a//b/%23top").await;
    assert_eq!(attr(&html, "verdict", "data-truth"), ["member"]);
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["maybe"]);
    assert_eq!(attr(&html, "verdict", "class"), ["verdict member"]);
    assert_eq!(attr(&html, "url-normalized", "data-value"), ["example.com/a/b"]);
}

#[tokio::test]
async fn more_and_fewer_segments_than_layers() {
    let html = render("?view=mlbf&layers=3&items=example.com/a/b/c/d").await;
    assert_eq!(attr(&html, "layer-key", "data-key"), ["example.com", "a", "b/c/d"]);
    assert_eq!(attr(&html, "bit-array", "data-layer"), ["1", "2", "3", "xor"]);
    let html = render("?view=mlbf&layers=5&items=example.com").await;
    assert_eq!(attr(&html, "layer-key", "data-key"), ["example.com", "", "", "", ""]);
    assert_eq!(attr(&html, "url-tree", "data-nodes"), ["1"]);
}

#[tokio::test]
async fn bad_input_gives_notices_and_a_working_page() {
    let long = "a".repeat(100_000);
    let html = render(&format!(
        "?view=mlbf&m=0&k=abc&layers=99&hash=ullman&items=ftp://x.org/a,%zz,mailto:a@b.c,/only/path,example.com/{long},b%C3%BCcher.example/x&query=javascript:alert(1)"
    ))
    .await;
    let params = attr(&html, "notice", "data-param");
    for p in ["m", "k", "layers", "hash", "items", "query"] {
        assert!(params.contains(&p), "{p} missing from {params:?}");
    }
    assert_eq!(attr(&html, "bit-array", "data-layer").len(), 9, "layers = 99 is clamped to 8");
    assert_eq!(attr(&html, "stats", "data-n"), ["1"]);
    assert!(html.contains("xn--bcher-kva.example"));
}

#[tokio::test]
async fn tree_grows_and_is_cut() {
    let items: Vec<String> = (0..400).map(|i| format!("site{}.org/s{}/p{i}", i % 3, i % 7)).collect();
    let html = render(&format!("?view=mlbf&m=4096&items={}&query=site1.org/s1/p1", items.join(","))).await;
    let total: usize = attr(&html, "url-tree", "data-nodes")[0].parse().unwrap();
    let drawn: usize = attr(&html, "url-tree", "data-drawn")[0].parse().unwrap();
    assert_eq!(total, 3 + 21 + 400);
    assert!(drawn <= 150 + 3, "{drawn}");
    assert!(html.contains("Showing"));
    assert_eq!(attr(&html, "tree-node", "data-current").len(), 3);
}

#[tokio::test]
async fn comparison_is_offered_and_the_home_page_lists_the_view() {
    let html = render("?view=mlbf").await;
    assert_eq!(attr(&html, "compare-progress", "data-done"), ["0"]);
    assert_eq!(attr(&html, "compare-run", "class").len(), 1);
    let html = render("?view=mlbf&embed=1&theme=dark").await;
    assert!(!html.contains("data-testid=\"site-nav\""));
    let links = attr(&html, "mlbf-preset", "href");
    assert_eq!(links.len(), 3);
    assert!(links.iter().all(|l| l.starts_with("?view=mlbf&amp;embed=1&amp;theme=dark&amp;m=")), "{links:?}");
    let html = render("").await;
    assert!(attr(&html, "view-link", "data-view").contains(&"mlbf"));
}

#[tokio::test]
async fn the_comparison_is_fetched_when_asked_for() {
    use bloomlab::parts::Ask;
    use bloomlab::views::mlbf::compare_app::{CompareApp, CompareAppProps, RUN_BUTTON};
    let html = render("?view=mlbf").await;
    // The page draws an empty slot, then stand-ins with the comparison's hooks, idle.
    let slot = html.find("id=\"compare-slot\"").expect("the comparison's slot");
    assert!(html[slot..][html[slot..].find('>').unwrap() + 1..].starts_with("</div>"), "the slot is empty");
    assert!(html[slot..].contains("dataset-picker") && html[slot..].contains("data-testid=\"compare-run\""));
    assert_eq!(attr(&html, "compare-progress", "data-total"), ["0"]);
    assert!(html.contains("Run the comparison") && html.contains("not run yet"));
    assert!(
        attr(&html, "compare-chart", "data-testid").is_empty() && attr(&html, "fp-empirical", "data-filter").is_empty()
    );
    // A link that ran it on people's URLs: the crawl runs (a notice says why), fetched at once.
    let html = render("?view=mlbf&compare=1&data=file").await;
    assert_eq!(attr(&html, "notice", "data-param"), ["data"]);
    assert!(html.contains("Run again with these settings") && html.contains("fetching the comparison"));
    // The bundle's own app: the file reader open when that is what was asked for.
    for (ask, open) in [(Ask::Read, true), (Ask::Run, false)] {
        let app = yew::ServerRenderer::<CompareApp>::with_props(move || CompareAppProps { ask }).render().await;
        let picker = &app[app.find("<details").unwrap()..];
        assert_eq!(picker[..picker.find('>').unwrap()].contains("open"), open, "{ask:?}: {app}");
        assert!(app.contains(&format!("id=\"{RUN_BUTTON}\"")), "the focus has its place");
        assert_eq!(attr(&app, "dataset", "data-source"), ["generated"]);
        assert_eq!(attr(&app, "dataset", "data-items"), ["50000"]);
        assert_eq!(attr(&app, "compare-run", "type"), ["button"]);
    }
}
