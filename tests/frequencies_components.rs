//! Server-rendered tests of the frequencies view: its hooks against a count-min sketch computed
//! here from the contract's positions (the classic filter's xxh3 family with m = w).

mod common;

use bloomlab_core::engine::hashing::HashFamily;
use common::{attr, render};

/// Count-min by hand: standard and conservative counters, row by row.
fn by_hand(items: &[&str], w: u64, d: u32) -> (Vec<u64>, Vec<u64>) {
    let (mut cm, mut cu) = (vec![0u64; (w * d as u64) as usize], vec![0u64; (w * d as u64) as usize]);
    for x in items {
        let cells: Vec<usize> = HashFamily::Xxh3
            .hash(x, d, w)
            .expect("xxh3 hashes any item")
            .iter()
            .enumerate()
            .map(|(j, h)| j * w as usize + h.position as usize)
            .collect();
        let least = cells.iter().map(|&c| cu[c]).min().unwrap_or(0);
        for &c in &cells {
            cm[c] += 1;
            cu[c] = cu[c].max(least + 1);
        }
    }
    (cm, cu)
}

fn as_hook(cells: &[u64], w: u64) -> String {
    let rows: Vec<String> =
        cells.chunks(w as usize).map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")).collect();
    rows.join("/")
}

#[tokio::test]
async fn typed_stream_grids_and_estimates() {
    let items = ["a", "b", "a", "c", "a", "b", "d", "e", "a"];
    let html = render("?view=frequencies&items=a,b,a,c,a,b,d,e,a&w=4&d=3&update=conservative").await;
    let (cm, cu) = by_hand(&items, 4, 3);
    assert_eq!(attr(&html, "cm-grid", "data-update"), ["conservative", "standard"]);
    assert_eq!(attr(&html, "cm-grid", "data-counters"), [as_hook(&cu, 4), as_hook(&cm, 4)]);
    assert_eq!(attr(&html, "cm-grid", "data-rows"), ["3", "3"]);
    assert_eq!(attr(&html, "cs-grid", "data-cols"), ["4"]);
    let cs = attr(&html, "cs-grid", "data-counters")[0];
    for row in cs.split('/') {
        let sum: i64 = row.split(',').map(|v| v.parse::<i64>().expect("a counter").abs()).sum();
        assert!(sum <= items.len() as i64 && (sum - items.len() as i64) % 2 == 0, "{row}");
    }
    let names = attr(&html, "estimate", "data-item");
    let sketches = attr(&html, "estimate", "data-sketch");
    let values = attr(&html, "estimate", "data-value");
    let truths = attr(&html, "estimate", "data-true");
    assert_eq!(names.len(), 15, "5 items × 3 sketches");
    for i in 0..names.len() {
        let truth = items.iter().filter(|x| **x == names[i]).count() as f64;
        assert_eq!(truths[i].parse::<f64>().unwrap(), truth);
        let v: f64 = values[i].parse().unwrap();
        let cells = HashFamily::Xxh3.hash(names[i], 3, 4).unwrap();
        let min = |g: &[u64]| cells.iter().enumerate().map(|(j, h)| g[j * 4 + h.position as usize]).min().unwrap();
        match sketches[i] {
            "cm" => assert_eq!(v, min(&cm) as f64, "{}", names[i]),
            "cm-cu" => assert_eq!(v, min(&cu) as f64, "{}", names[i]),
            "cs" => assert!(v.fract() == 0.0 || v.fract() == 0.5),
            other => panic!("unexpected sketch {other}"),
        }
    }
    let eps: f64 = attr(&html, "cm-bound", "data-epsilon")[0].parse().unwrap();
    let bound: f64 = attr(&html, "cm-bound", "data-bound")[0].parse().unwrap();
    assert!((eps - std::f64::consts::E / 4.0).abs() < 1e-12 && (bound - eps * 9.0).abs() < 1e-9);
    assert!(attr(&html, "notice", "data-param").is_empty());
    assert_eq!(attr(&html, "sketch-errors", "data-sketch"), ["cm", "cm-cu", "cs", "cbf"]);
    assert_eq!(attr(&html, "sketch-errors", "data-items"), ["5", "5", "5", "5"]);
    let under = attr(&html, "sketch-errors", "data-most-under");
    assert_eq!((under[0], under[1], under[3]), ("0", "0", "0"), "count-min and the counting filter never err low");
}

#[tokio::test]
async fn bad_shape_gives_notices() {
    let html = render("?view=frequencies&w=0&d=99").await;
    let params = attr(&html, "notice", "data-param");
    assert!(params.contains(&"w") && params.contains(&"d"), "{params:?}");
    assert_eq!(attr(&html, "cm-grid", "data-rows"), ["16", "16"], "d above 16 is 16");
}

/// Misra–Gries with k counters, by hand: (item, count) sorted by item.
fn misra_gries(items: &[&str], k: usize) -> Vec<(String, u64)> {
    let mut c: Vec<(String, u64)> = Vec::new();
    for x in items {
        if let Some(e) = c.iter_mut().find(|e| e.0 == *x) {
            e.1 += 1;
        } else if c.len() < k {
            c.push((x.to_string(), 1));
        } else {
            c.iter_mut().for_each(|e| e.1 -= 1);
            c.retain(|e| e.1 > 0);
        }
    }
    c.sort();
    c
}

#[tokio::test]
async fn heavy_hitters_and_the_calculator() {
    let items = ["a", "b", "a", "c", "d", "a", "b", "e", "a", "f", "a", "b"];
    let html = render("?view=frequencies&items=a,b,a,c,d,a,b,e,a,f,a,b&k=3").await;
    assert_eq!(attr(&html, "hh-counters", "data-algorithm"), ["mg", "ss"]);
    let mut mg: Vec<(String, u64)> = attr(&html, "hh-counters", "data-counters")[0]
        .split(',')
        .map(|p| {
            let (item, count) = p.rsplit_once(':').expect("item:count");
            (item.to_string(), count.parse().expect("a count"))
        })
        .collect();
    mg.sort();
    assert_eq!(mg, misra_gries(&items, 3));
    let ss = attr(&html, "hh-counters", "data-counters")[1];
    let total: u64 = ss.split(',').map(|p| p.split(':').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, items.len() as u64, "SpaceSaving's counts add up to N: {ss}");
    assert_eq!(attr(&html, "hh-truth", "data-items"), ["a"]);
    assert_eq!(attr(&html, "hh-found", "data-missed"), ["0", "0"]);
    assert!(attr(&html, "calc-shape", "data-w").is_empty(), "nothing computed before a click");
}

#[tokio::test]
async fn the_question_holds_back_the_estimates() {
    let html = render("?view=frequencies&quiz=class&w=4&d=3").await;
    assert_eq!(attr(&html, "question", "data-id"), ["frequencies-estimate"]);
    assert!(html.contains("class=\"frequencies question-open\""), "the estimates are held back while it is open");
    assert!(html.contains("<div class=\"answers\">"));
    let plain = render("?view=frequencies&w=4&d=3").await;
    assert!(attr(&plain, "question", "data-id").is_empty() && !plain.contains("question-open"));
}

#[tokio::test]
async fn a_long_stream_is_fed_in_slices_and_a_short_one_at_once() {
    // 200,000 arrivals: the first render shows the feed's progress and no hook of a half-fed sketch.
    let long = render("?view=frequencies&stream=zipf&length=200000&w=64&d=3").await;
    assert_eq!(attr(&long, "feed-progress", "data-status"), ["running"]);
    assert_eq!(attr(&long, "feed-progress", "data-total"), ["200000"]);
    for hook in ["cm-grid", "cs-grid", "estimate", "sketch-errors", "hh-counters", "cm-bound"] {
        assert!(attr(&long, hook, "data-testid").is_empty() && !long.contains(&format!("\"{hook}\"")), "{hook}");
    }
    // The default Zipf stream (10,000 arrivals) is fed at once, as a typed one is.
    let short = render("?view=frequencies&stream=zipf&w=64&d=3").await;
    assert!(attr(&short, "feed-progress", "data-status").is_empty());
    assert_eq!(attr(&short, "cm-grid", "data-rows"), ["3", "3"]);
}

#[tokio::test]
async fn the_run_at_scale_waits_for_its_button_or_its_focus_link() {
    let html = render("?view=frequencies&focus=scale&s=1.2&length=50000").await;
    assert!(html.contains("aria-labelledby=\"scale-title\""), "the panel a focus=scale link points to");
    assert!(attr(&html, "notice", "data-param").is_empty(), "focus=scale is a panel of this view");
    assert_eq!(attr(&html, "scale-run", "type"), ["button"]);
    assert!(attr(&html, "scale-result", "data-sketch").is_empty(), "nothing measured before it runs");
    // The run is a bundle of its own, drawn in the panel's empty slot once fetched.
    let slot = html.find("id=\"scale-slot\"").expect("the run's slot");
    assert!(html[slot..][html[slot..].find('>').unwrap() + 1..].starts_with("</div>"), "the slot is empty");
    let other = render("?view=frequencies&focus=nowhere").await;
    assert_eq!(attr(&other, "notice", "data-param"), ["focus"]);
}

/// The walkthrough at each step of a short stream: its grids and Misra–Gries's counters against
/// the ones computed here on the stream's first t items, the stream's current arrival marked, and
/// at the last step the looked-up item's estimates.
#[tokio::test]
async fn the_walkthrough_step_by_step() {
    let items = ["a", "b", "a", "c", "d", "a", "b", "e"];
    for step in 0..=items.len() + 1 {
        let t = step.min(items.len());
        let html = render(&format!("?view=frequencies&items=a,b,a,c,d,a,b,e&w=4&d=3&k=2&query=b&step={step}")).await;
        assert!(attr(&html, "notice", "data-param").is_empty(), "step {step}");
        let (cm, cu) = by_hand(&items[..t], 4, 3);
        assert_eq!(attr(&html, "walk-cm-grid", "data-update"), ["standard", "conservative"]);
        assert_eq!(attr(&html, "walk-cm-grid", "data-counters"), [as_hook(&cm, 4), as_hook(&cu, 4)], "step {step}");
        let mut mg: Vec<(String, u64)> = attr(&html, "walk-hh-counters", "data-counters")[0]
            .split(',')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (item, count) = p.rsplit_once(':').expect("item:count");
                (item.to_string(), count.parse().expect("a count"))
            })
            .collect();
        mg.sort();
        assert_eq!(mg, misra_gries(&items[..t], 2), "step {step}");
        let current = if step > items.len() { 0 } else { t };
        assert_eq!(attr(&html, "walk-stream", "data-current"), [current.to_string()]);
        assert_eq!(html.matches("aria-labelledby=\"step-title\"").count(), 1);
        let shown = if step == 0 || step > items.len() { "b" } else { items[t - 1] };
        assert_eq!(attr(&html, "walk-estimate", "data-item"), [shown, shown, shown]);
        let truth = items[..t].iter().filter(|x| **x == shown).count().to_string();
        assert_eq!(attr(&html, "walk-estimate", "data-true"), [truth.as_str(); 3]);
        // The whole stream's hooks stay one of each.
        assert_eq!(attr(&html, "cm-grid", "data-update").len(), 2);
        assert_eq!(attr(&html, "hh-counters", "data-algorithm"), ["mg", "ss"]);
    }
    let html = render("?view=frequencies&items=a,b,a,c,d,a,b,e&w=4&d=3&k=2&query=b&step=9").await;
    assert!(html.contains("Look up \u{201c}b\u{201d}"), "the last step looks b up");
    let (cm, _) = by_hand(&items, 4, 3);
    let cells = HashFamily::Xxh3.hash("b", 3, 4).unwrap();
    let min = cells.iter().enumerate().map(|(j, h)| cm[j * 4 + h.position as usize]).min().unwrap();
    assert_eq!(attr(&html, "walk-estimate", "data-value")[0], min.to_string());
    assert!(html.contains(&format!("the estimate is the smallest, {min}")));
}

/// The walkthrough's "Try it yourself" links open practice on its own numbers, and are left out
/// when the numbers are too large by hand.
#[tokio::test]
async fn the_try_it_links_carry_the_walkthroughs_numbers() {
    let html = render("?view=frequencies&items=ant,bee,ant,cat,ant,dog,bee&w=4&d=2&k=2&theme=dark").await;
    assert_eq!(attr(&html, "try-it", "data-exercise"), ["cm-update", "misra-gries"]);
    let hrefs = attr(&html, "try-it", "href");
    assert!(
        hrefs[0].contains("exercise=cm-update&amp;arrivals=ant,bee,ant,cat,ant,dog&amp;cols=4&amp;rows=2"),
        "{}",
        hrefs[0]
    );
    assert!(hrefs[0].ends_with("&amp;theme=dark"), "{}", hrefs[0]);
    assert!(hrefs[1].contains("exercise=misra-gries&amp;ids=0,1,0,2,0,3,1&amp;k=2"), "{}", hrefs[1]);
    let wide = render("?view=frequencies&w=272&k=10").await;
    assert!(attr(&wide, "try-it", "href").is_empty());
}

#[tokio::test]
async fn an_empty_misra_gries_table_says_why() {
    // Six items once each with k = 2: every third arrival finds both counters full and empties them.
    let html = render("?view=frequencies&items=a,b,c,d,e,f&k=2").await;
    assert_eq!(attr(&html, "hh-counters", "data-counters")[0], "");
    assert_eq!(attr(&html, "hh-none", "data-testid"), ["hh-none"]);
    assert!(html.contains("N/(k+1) = 2 times"), "the guarantee with this stream's numbers");
    let kept = render("?view=frequencies").await;
    assert!(attr(&kept, "hh-none", "data-testid").is_empty(), "apple is kept in the lecture's stream");
}
