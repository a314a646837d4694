//! Tampered links never break a view: every view's model reads any query string without
//! panicking (a panic in WebAssembly kills the page). `tests/links_components.rs` in the app
//! renders tampered links through every view.

use bloomlab_core::labs::classic::Classic;
use bloomlab_core::labs::hashes::HashLab;
use bloomlab_core::labs::links;
use bloomlab_core::labs::practice::{Practice, Response};
use bloomlab_core::lectures::model::Model;
use bloomlab_core::link::page::{with_param, PageParams};
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::views::VIEWS;
use proptest::prelude::*;

/// Every parameter some view reads (the tables of docs/links.md and docs/views/).
const PARAMS: [&str; 58] = [
    "view",
    "tour",
    "stop",
    "stops",
    "handout",
    "m",
    "k",
    "n",
    "p",
    "hash",
    "items",
    "query",
    "step",
    "embed",
    "theme",
    "bulk",
    "stream",
    "lookups",
    "ops",
    "w",
    "mode",
    "force",
    "layers",
    "x",
    "formulas",
    "load",
    "families",
    "trials",
    "seed",
    "compare",
    "data",
    "exp",
    "log",
    "f",
    "variants",
    "s",
    "d",
    "rate",
    "buckets",
    "limit",
    "hashes",
    "groups",
    "length",
    "runs",
    "functions",
    "graph",
    "node",
    "positions",
    "counts",
    "source",
    "zipf",
    "queries",
    "policy",
    "period",
    "threshold",
    "pages",
    "rows",
    "chunks",
];

/// Every view's model read from one link (`labs::links::read`, whose match names every view of
/// the table, so a new view is read here without a line of its own), then the work a link can
/// start beyond reading: the classic filter's batches, the hash lab's measurement (when small), a
/// practice step graded and its result code.
fn read_every_model(q: &Query) {
    let _ = PageParams::from_query(q);
    for row in VIEWS {
        let _ = links::read(row.view, q);
    }
    let mut classic = Classic::read(q).0.run();
    classic.finish();
    let mut hashes = HashLab::read(q).0;
    if hashes.settings().n * 4 + hashes.settings().trials < 400_000 {
        hashes.work();
    }
    let mut practice = Practice::read(q).0;
    let step = practice.current();
    practice.submit(Response::Text(q.raw("answer").unwrap_or("1").to_string()));
    let _ = (step.grade(&Response::Bits(vec![true; 3])), practice.code());
}

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
        read_every_model(&Query::parse(&search));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The theme switch, Present and Embed edit one parameter: every other keeps what it meant,
    /// repeated keys included (a repeated key means its last copy).
    #[test]
    fn editing_one_parameter_keeps_what_the_others_mean(
        pairs in prop::collection::vec((prop::sample::select(vec!["m", "k", "view", "theme"]), value()), 0..8)
    ) {
        let search = format!("?{}", pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
        let q = Query::parse(&search);
        let edited = Query::parse(&with_param(&search, "theme", Some("dark")));
        for key in ["m", "k", "view"] {
            prop_assert_eq!(edited.raw(key).filter(|v| !v.is_empty()), q.raw(key).filter(|v| !v.is_empty()), "{}", search);
        }
        prop_assert_eq!(edited.raw("theme"), Some("dark"));
    }
}
