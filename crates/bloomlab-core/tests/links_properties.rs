//! Tampered links never break a view: every view's model reads any query string without
//! panicking (a panic in WebAssembly kills the page). `tests/links_components.rs` in the app
//! renders tampered links through every view.

use bloomlab_core::labs::classic::ClassicLab;
use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::labs::fp::FpLab;
use bloomlab_core::labs::hashes::HashLab;
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::lectures::ullman::UllmanLecture;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use proptest::prelude::*;

const PARAMS: [&str; 26] = [
    "view", "m", "k", "n", "p", "hash", "items", "query", "step", "embed", "theme", "bulk", "stream", "lookups", "ops",
    "w", "mode", "force", "layers", "x", "formulas", "load", "families", "trials", "seed", "compare",
];

/// Values people (and tamperers) put in links: numbers of every size and sign, escapes good and
/// broken, lists, emoji, and long runs.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| format!("{v}{v}")),
        "[0-9eE.+-]{0,12}",
        "(%[0-9A-Fa-fz]{0,2}|[a-z,:/]|%2C|🙂){0,16}",
        "(i|d):[a-z%0-9]{0,6}(,(i|d):[a-z0-9]{0,4}){0,5}",
        "[a-z]{1,3}://[a-z.]{0,12}(/[a-z%]{0,4}){0,6}",
        Just("x".repeat(5000)),
        Just(String::new()),
    ]
}

fn link() -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(PARAMS.to_vec()), value()), 0..6)
        .prop_map(|pairs| format!("?{}", pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_model_reads_any_link(search in link()) {
        let q = Query::parse(&search);
        let _ = PageParams::from_query(&q);
        let mut classic = ClassicLab::from_query(&q);
        classic.finish();
        let _ = UllmanLecture::from_query(&q);
        let _ = CountingLab::from_query(&q);
        let _ = FpLab::from_query(&q);
        let _ = MlbfLab::from_query(&q);
        let mut hashes = HashLab::from_query(&q);
        if hashes.settings().n * 4 + hashes.settings().trials < 400_000 {
            hashes.work();
        }
    }
}
