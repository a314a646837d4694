//! Property tests of the multi-layer filter: no input panics, normal forms are fixed points,
//! inserted URLs are never reported absent, and any link loads.

use bloomlab_core::data::url_layers::normalize;
use bloomlab_core::engine::filter::Verdict;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::mlbf::MultiLayerFilter;
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::link::query::{encode_list, Query};
use bloomlab_core::link::state::LinkState;
use proptest::prelude::*;

fn url_like() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,40}",
        "(https?://)?[A-Za-z0-9.-]{1,12}(:[0-9]{1,5})?(/[A-Za-z0-9é%._~-]{0,6}){0,7}/?(\\?[a-z=&/]{0,8})?(#[a-z]{0,4})?",
        "[a-z]{1,6}:[^ ]{0,20}",
        // Internationalised hosts, typed or already in xn-- form (valid Punycode or not).
        "(https?://)?(xn--[a-z0-9-]{1,10}|[\\u{0080}-\\u{2fff}a-z]{1,6})(\\.[a-z]{2,3}|\\.xn--[a-z0-9]{2,8})?/[a-z]{0,4}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn normalising_never_panics_and_is_idempotent(s in url_like(), layers in 1usize..9) {
        if let Ok(u) = normalize(&s) {
            let norm = u.normalized();
            let again = normalize(&norm);
            prop_assert!(again.is_ok(), "{norm:?} from {s:?}");
            prop_assert_eq!(again.unwrap().normalized(), norm.clone());
            prop_assert!(u.segments.iter().all(|seg| !seg.is_empty()));
            let keys = u.layer_keys(layers);
            prop_assert_eq!(keys.len(), layers);
            prop_assert_eq!(keys.iter().filter(|k| !k.is_empty()).cloned().collect::<Vec<_>>().join("/"), norm);
        }
    }

    #[test]
    fn inserted_urls_are_never_reported_absent(
        family in prop_oneof![Just(HashFamily::Xxh3), Just(HashFamily::Double)],
        m in 1u64..3000,
        k in 1u32..8,
        layers in 1usize..7,
        urls in prop::collection::vec(url_like(), 0..30),
    ) {
        let mut f = MultiLayerFilter::new(family, m, k, layers);
        let keys: Vec<Vec<String>> = urls.iter().filter_map(|u| normalize(u).ok()).map(|u| u.layer_keys(layers)).collect();
        for key in &keys {
            f.insert(key);
        }
        for key in &keys {
            prop_assert_eq!(f.lookup(key).verdict, Verdict::Maybe);
            prop_assert_eq!(f.contains_fast(key), (true, true));
        }
    }

    #[test]
    fn any_link_loads(urls in prop::collection::vec(url_like(), 0..12), query in url_like(), m in ".{0,6}", layers in ".{0,3}") {
        let search = format!("?view=mlbf&items={}&query={}&m={}&layers={}&k=3", encode_list(&urls), bloomlab_core::link::query::encode(&query),
            bloomlab_core::link::query::encode(&m), bloomlab_core::link::query::encode(&layers));
        let lab = MlbfLab::read(&Query::parse(&search)).0;
        prop_assert!(lab.items().len() <= urls.len());
        prop_assert!(lab.layers() >= 1 && lab.layers() <= 8);
    }
}
