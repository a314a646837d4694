//! Server-rendered tests of the counting view: the contract's hooks and the numbers they carry.

mod common;

use bloomlab_core::engine::counting::{fan_factor_4bit, CountingFilter, Mode};
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::counting::presets::presets;
use common::{attr, render};

#[tokio::test]
async fn ops_link_renders_counters_estimate_and_verdict() {
    let html = render("?view=counting&m=32&k=3&w=4&ops=i:apple,i:apple,i:banana,d:apple&query=apple").await;
    let mut f = CountingFilter::new(HashFamily::Xxh3, 32, 3, 4, Mode::Min);
    f.insert("apple").unwrap();
    f.insert("apple").unwrap();
    f.insert("banana").unwrap();
    f.delete("apple").unwrap();
    assert_eq!(attr(&html, "counter-array", "data-counters"), [f.counters().to_csv().as_str()]);
    assert_eq!(attr(&html, "counter-array", "data-m"), ["32"]);
    assert_eq!(attr(&html, "counter-array", "data-layer"), ["primary"]);
    assert_eq!(attr(&html, "estimate", "data-item"), ["apple"]);
    assert_eq!(attr(&html, "estimate", "data-value"), ["1"]);
    assert_eq!(attr(&html, "estimate", "data-true"), ["1"]);
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["maybe"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["member"]);
    let positions: Vec<String> =
        HashFamily::Xxh3.hash("apple", 3, 32).unwrap().iter().map(|h| h.position.to_string()).collect();
    assert_eq!(attr(&html, "hash-trace", "data-positions"), [positions.join(",").as_str()]);
    assert_eq!(attr(&html, "fp-theory", "data-formula"), ["approx", "exact"]);
    assert_eq!(attr(&html, "fp-theory", "data-n"), ["2", "2"]);
    assert!(attr(&html, "notice", "data-param").is_empty());
    assert_eq!(attr(&html, "multiset-row", "data-item"), ["apple", "banana"]);
}

#[tokio::test]
async fn false_negatives_are_named_and_damage_listed() {
    let p = presets().into_iter().find(|p| p.id == "phantom-delete").unwrap();
    let html = render(&format!("?view=counting&{}", p.params)).await;
    assert_eq!(attr(&html, "verdict", "data-verdict"), ["absent"]);
    assert_eq!(attr(&html, "verdict", "data-truth"), ["member"]);
    assert!(html.contains("FALSE NEGATIVE"));
    assert_ne!(attr(&html, "damage", "data-false-negatives"), ["0"]);
}

#[tokio::test]
async fn refused_delete_and_bad_parameters_give_notices() {
    let html = render("?view=counting&m=0&k=x&w=40&mode=avg&hash=md5&force=maybe&ops=i:a,d:zzz,q:1&exp=x").await;
    let params = attr(&html, "notice", "data-param");
    for p in ["m", "k", "w", "mode", "hash", "force", "ops", "exp"] {
        assert!(params.contains(&p), "{p} missing from {params:?}");
    }
    assert_eq!(attr(&html, "counter-array", "data-m"), ["32"]);
    assert_eq!(attr(&html, "op-count", "data-value"), ["1"]);
}

#[tokio::test]
async fn recurring_minimum_draws_the_secondary_filter() {
    let html = render("?view=counting&mode=rm&m=32&ops=i:apple").await;
    assert_eq!(attr(&html, "counter-array", "data-layer"), ["primary", "secondary"]);
    assert_eq!(attr(&html, "counter-array", "data-m"), ["32", "16"]);
}

#[tokio::test]
async fn large_arrays_omit_data_counters_and_memory_is_computed() {
    let html = render("?view=counting&m=65537&ops=i:x").await;
    assert_eq!(attr(&html, "counter-array", "data-m"), ["65537"]);
    assert!(attr(&html, "counter-array", "data-counters").is_empty());
    let html = render("?view=counting&m=1048576&w=4").await;
    assert_eq!(attr(&html, "memory", "data-bits"), ["4194304"]);
    assert_eq!(attr(&html, "memory", "data-bloom-bits"), ["1048576"]);
    let fan: f64 = attr(&html, "overflow-bound", "data-per-counter")[0].parse().unwrap();
    assert_eq!(fan, fan_factor_4bit());
    assert!((fan / 1.37e-15 - 1.0).abs() < 0.005);
    assert!(html.contains("1.37 \u{00d7} 10^-15"));
}

#[tokio::test]
async fn presets_are_linked_and_the_experiment_starts_from_the_link() {
    let html = render("?view=counting&exp=7").await;
    assert_eq!(attr(&html, "preset-link", "data-preset").len(), presets().len());
    assert_eq!(attr(&html, "experiment", "data-seed"), ["7"]);
    assert_eq!(attr(&html, "experiment", "data-status"), ["running"]);
    let html = render("?view=home").await;
    assert!(html.contains("view=counting"));
}
