use super::methods::{hash_buckets, layer_keys, Method, Structure};
use super::run::{binary_timed, ladder, linear_queries, Items, SearchRun};
use super::*;
use crate::data::url_layers::{layer_keys_of, normalize};

/// A fake clock: every reading is 0.001 ms later.
fn clock() -> impl Fn() -> f64 {
    let t = std::cell::Cell::new(0.0);
    move || {
        t.set(t.get() + 0.001);
        t.get()
    }
}

#[test]
fn every_structure_against_a_linear_scan() {
    let items: Vec<String> = (0..3_000).map(|i| run::crawl_item(7, i)).collect();
    let (members, others) = items.split_at(1_000);
    for method in Method::ALL {
        let mut s = Structure::new(method, 1_000, 0.01);
        for m in members {
            s.insert(m);
        }
        assert!(members.iter().all(|m| s.contains(m)), "{method:?} has no false negatives");
        let fp = others.iter().filter(|o| s.contains(o)).count();
        if method.approximate() {
            assert!(fp < 200, "{method:?}: {fp}");
        } else {
            assert_eq!(fp, 0, "{method:?} is exact");
        }
    }
}

#[test]
fn memory_is_what_the_structures_hold() {
    let items: Vec<String> = (0..1_000).map(|i| format!("item{i}")).collect();
    let chars: u64 = items.iter().map(|s| s.len() as u64).sum();
    let slot = std::mem::size_of::<Box<str>>() as u64;
    let mut linear = Structure::new(Method::Linear, 1_000, 0.01);
    let mut hash = Structure::new(Method::Hash, 1_000, 0.01);
    let mut bloom = Structure::new(Method::Bloom, 1_000, 0.01);
    for i in &items {
        linear.insert(i);
        hash.insert(i);
        bloom.insert(i);
    }
    assert_eq!(linear.bytes(), 1_000 * slot + chars);
    // 1,000 items: hashbrown's 2,048 buckets hold up to 1,792.
    assert_eq!(hash_buckets(1_792), 2_048);
    assert_eq!(hash.bytes(), 2_048 * (slot + 1) + 16 + chars);
    let (m, _) = crate::engine::formulas::size_for(1_000, 0.01).unwrap();
    assert_eq!(bloom.bytes(), m.div_ceil(64) * 8);
}

#[test]
fn layer_keys_match_the_mlbf_view() {
    for url in ["a.org", "a.org/x", "a.org/x/y/z/w/v", "b.net/s?q=1"] {
        let seg = normalize(url).unwrap();
        let owned = layer_keys_of(&seg.segments, 4);
        assert_eq!(layer_keys(&seg.normalized(), 4), owned.iter().map(|s| s.as_str()).collect::<Vec<_>>(), "{url}");
    }
}

#[test]
fn the_run_measures_every_method_at_every_n() {
    let mut run = SearchRun::new(Items::Crawl { seed: 1 }, 5_000, 500, 0.01);
    let now = clock();
    while !run.is_done() {
        run.work(3_000, &now);
    }
    assert_eq!(run.ladder, [1_000, 3_000, 5_000]);
    assert_eq!(run.results.len(), 15);
    assert_eq!(run.ops_done(), run.ops_total());
    for r in &run.results {
        assert_eq!(r.missed, 0, "{:?} at {}", r.method, r.n);
        assert!(r.insert_ns > 0.0 && r.member_ns > 0.0 && r.nonmember_ns > 0.0);
        if !r.method.approximate() {
            assert_eq!(r.fp, 0);
        }
    }
    let bloom = run.results.iter().find(|r| r.method == Method::Bloom && r.n == 5_000).unwrap();
    assert!(bloom.fp_rate() < 0.05, "sized for 1%: {}", bloom.fp_rate());
    let mlbf = run.results.iter().find(|r| r.method == Method::Mlbf && r.n == 5_000).unwrap();
    let (m, _) = mlbf.shape.unwrap();
    assert_eq!(m, 5 * super::methods::mlbf_m(5_000));
}

#[test]
fn files_split_in_half_and_fewer_queries_are_said() {
    let items: Rc<Vec<String>> = Rc::new((0..400).map(|i| format!("w{i}")).collect());
    let mut run = SearchRun::new(Items::File(items), 1_000_000, 10_000, 0.01);
    assert_eq!(run.n_max(), 200);
    let now = clock();
    while !run.is_done() {
        run.work(50, &now);
    }
    assert_eq!(run.ladder, [100, 200]);
    assert!(run.results.iter().all(|r| r.queries == r.n));
    assert_eq!(linear_queries(1_000_000, 10_000), 10);
    assert_eq!(linear_queries(100_000, 10_000), 100);
    assert_eq!(binary_timed(1_000_000), 200);
    assert_eq!(binary_timed(10_000), 10_000);
    assert_eq!(ladder(1_000_000).len(), 7);
    assert_eq!(ladder(150), [100, 150]);
}

#[test]
fn bad_parameters() {
    let mut notices = Vec::new();
    let spec = SearchSpec::from_query(&Query::parse("?n=5&queries=x&p=2&data=ftp&seed=-1"), &mut notices);
    let params: Vec<_> = notices.iter().filter_map(|n| n.param.clone()).collect();
    assert_eq!(params, ["n", "queries", "p", "data", "seed"]);
    assert_eq!(
        spec,
        SearchSpec {
            n: DEFAULT_N,
            queries: DEFAULT_QUERIES,
            p: DEFAULT_P,
            data: DataChoice::Crawl,
            seed: DEFAULT_SEED
        }
    );
    let spec = SearchSpec { n: 2_000, queries: 99, p: 0.05, data: DataChoice::File, seed: 3 };
    let mut n2 = Vec::new();
    let again = SearchSpec::from_query(&Query::parse(&crate::link::query::build(&spec.query_pairs())), &mut n2);
    assert_eq!(again, spec);
    assert!(n2.is_empty());
}

#[test]
fn above_twenty_thousand_the_sorted_array_is_loaded_in_slices() {
    let mut run = SearchRun::new(Items::Crawl { seed: 3 }, 30_000, 300, 0.01);
    let now = clock();
    while !run.is_done() {
        run.work(7_000, &now);
    }
    let b = run.results.iter().find(|r| r.method == Method::Binary && r.n == 30_000).unwrap();
    assert_eq!((b.missed, b.fp, b.inserts_timed), (0, 0, binary_timed(30_000)));
    assert_eq!(run.ops_done(), run.ops_total());
}
