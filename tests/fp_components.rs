//! Server-rendered checks of the false-positive lab (`view=fp`): the contract's hooks and the
//! numbers they carry, the calculator and the notices.

mod common;

use common::{attr, render};

#[tokio::test]
async fn theory_readouts_follow_the_link() {
    let html = render("?view=fp&m=2&n=1&k=2&formulas=approx,finite,exact").await;
    assert_eq!(attr(&html, "fp-theory", "data-formula"), ["approx", "finite", "exact"]);
    assert_eq!(attr(&html, "fp-theory", "data-m"), ["2", "2", "2"]);
    let values: Vec<f64> = attr(&html, "fp-theory", "data-value").iter().map(|v| v.parse().unwrap()).collect();
    assert!((values[0] - 0.39958).abs() < 1e-5, "{values:?}");
    assert_eq!(values[1], 0.5625);
    assert!((values[2] - 0.625).abs() < 1e-12);
    assert!(attr(&html, "notice", "data-param").is_empty());
    assert!(html.contains("data-testid=\"fp-plot\""));
    // Nothing is measured before the page runs.
    assert!(attr(&html, "fp-empirical", "data-value").is_empty());
    assert_eq!(attr(&html, "fp-progress", "data-status"), ["running"]);
}

#[tokio::test]
async fn the_calculator_sizes_filters() {
    let html = render("?view=fp&n=40000000&p=1e-6").await;
    assert_eq!(attr(&html, "calc-m", "data-value"), ["1150207006"]);
    assert_eq!(attr(&html, "calc-k", "data-value"), ["20"]);
    assert!(html.contains("137.12 MiB"));
    let html = render("?view=fp&n=1000000&p=1%25").await;
    assert_eq!(attr(&html, "calc-m", "data-value"), ["9585059"]);
    assert_eq!(attr(&html, "calc-k", "data-value"), ["7"]);
    // Without p: the best k for m and n.
    let html = render("?view=fp&m=1.5MB&n=1000000").await;
    assert_eq!(attr(&html, "calc-m", "data-value"), ["12000000"]);
    assert_eq!(attr(&html, "calc-k", "data-value"), ["8"]);
    assert_eq!(attr(&html, "optimal-k", "data-value"), ["8"]);
}

#[tokio::test]
async fn big_presets_are_theory_only_and_presets_are_links() {
    let html = render("?view=fp&m=8000000000&n=1000000000&k=1&x=k&formulas=approx").await;
    assert_eq!(attr(&html, "fp-progress", "data-status"), ["theory"]);
    let v: f64 = attr(&html, "fp-theory", "data-value")[0].parse().unwrap();
    assert!((v - 0.117503).abs() < 1e-6);
    assert!(html.contains("theory only"));
    assert_eq!(attr(&html, "fp-preset", "data-preset"), ["mmds", "darts", "mlbf", "skiena"]);
    let hrefs = attr(&html, "fp-preset", "href");
    assert!(hrefs[0].starts_with("?view=fp&amp;m=8000000000&amp;n=1000000000"), "{}", hrefs[0]);
}

#[tokio::test]
async fn bad_input_names_each_parameter_and_shows_no_nan() {
    let html = render("?view=fp&m=64parsecs&n=0&k=99&p=1.5&x=q&formulas=approx,zzz").await;
    let params = attr(&html, "notice", "data-param");
    for p in ["m", "n", "k", "p", "x", "formulas"] {
        assert!(params.contains(&p), "{p} missing from {params:?}");
    }
    let html2 = render("?view=fp&m=3&k=5").await;
    assert_eq!(attr(&html2, "notice", "data-param"), ["m"]);
    for h in [&html, &html2] {
        assert!(!h.contains("NaN") && !h.contains("inf\"") && !h.contains("Infinity"));
    }
}
