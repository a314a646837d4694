use super::methods::{layer_keys, Method};
use super::run::{binary_timed, insert_sample, ladder, linear_queries, Items, SearchRun, BINARY_FULL};
use super::structure::{Item, Structure};
use super::urls::Urls;
use super::*;
use crate::data::url_layers::{layer_keys_of, normalize};
use crate::engine::timing::ROUNDS;

/// The machine's clock in milliseconds (the run's figures are never checked, only that they are
/// there: the timing method itself is tested with fake clocks in `engine::timing`).
fn clock() -> impl Fn() -> f64 {
    let start = std::time::Instant::now();
    move || start.elapsed().as_secs_f64() * 1e3
}

/// Runs to the end in slices of `budget` units.
fn finish(run: &mut SearchRun, budget: u64) {
    let now = clock();
    while !run.is_done() {
        run.work(budget, &now);
    }
}

/// The run's way of keeping items: all in one `Urls`.
fn urls_of(items: &[String]) -> Urls {
    let mut urls = Urls::with_items(items.len());
    for it in items {
        assert!(urls.push(it));
    }
    urls.shrink();
    urls
}

#[test]
fn every_structure_against_a_linear_scan() {
    let items: Vec<String> = (0..3_000).map(|i| run::crawl_item(7, i)).collect();
    let urls = urls_of(&items);
    let (members, others) = items.split_at(1_000);
    for method in Method::ALL {
        let mut s = Structure::new(method, 1_000, 0.01);
        for i in 0..1_000 {
            s.insert(&urls, i);
        }
        assert!(members.iter().all(|m| s.contains(&urls, m)), "{method:?} has no false negatives");
        let fp = others.iter().filter(|o| s.contains(&urls, o)).count();
        if method.approximate() {
            assert!(fp < 200, "{method:?}: {fp}");
        } else {
            assert_eq!(fp, 0, "{method:?} is exact");
        }
    }
}

#[test]
fn memory_is_what_the_structures_hold_and_the_characters_they_need() {
    let items: Vec<String> = (0..1_000).map(|i| format!("item{i}")).collect();
    let urls = urls_of(&items);
    let chars: u64 = items.iter().map(|s| s.len() as u64).sum();
    let mut linear = Structure::new(Method::Linear, 1_000, 0.01);
    let mut hash = Structure::new(Method::Hash, 1_000, 0.01);
    let mut bloom = Structure::new(Method::Bloom, 1_000, 0.01);
    for i in 0..1_000 {
        linear.insert(&urls, i);
        hash.insert(&urls, i);
        bloom.insert(&urls, i);
    }
    // Four bytes per item number; the characters are the shared ones, counted for each exact
    // structure in the page's figure but held once.
    assert_eq!(linear.own_bytes(), 4_000);
    assert_eq!(linear.bytes(&urls), 4_000 + chars);
    // 1,000 items at hashbrown's 7/8 load: 2,048 buckets of an item number and a control byte,
    // and one group of control bytes more (8 or 16 bytes, as the machine compares them).
    let table = hash.own_bytes();
    assert!((2_048 * 5 + 8..=2_048 * 5 + 16).contains(&table), "{table}");
    assert_eq!(hash.bytes(&urls), table + chars);
    let (m, _) = crate::engine::formulas::size_for(1_000, 0.01).unwrap();
    assert_eq!(bloom.bytes(&urls), m.div_ceil(64) * 8);
    assert_eq!(bloom.own_bytes(), bloom.bytes(&urls));
    assert_eq!(urls.bytes(), chars + 4_004);
}

#[test]
fn the_run_holds_the_urls_once() {
    // The most the run holds between steps, read from what is allocated, with a clock that never
    // advances (every insert block a whole build, every figure the same on every machine).
    let (n, queries) = (10_000u64, 500u64);
    let mut run = SearchRun::new(Items::Crawl { seed: 4 }, n, queries, 0.01);
    let mut most = 0;
    while !run.is_done() {
        run.work(5_000, &|| 0.0);
        most = most.max(run.held_bytes());
    }
    let items = n + queries;
    let chars: u64 = (0..items).map(|i| run::crawl_item(4, i).len() as u64).sum();
    // The URLs with their bounds (4 bytes each), then per member: 4 + 4 bytes for the two arrays,
    // 16,384 buckets of 5 bytes for the hash set (10,000 items at 7/8 load), 1.2 for the Bloom
    // filter, 3 for the multi-layer one, and a byte to spare. Structures holding strings of their
    // own would each need the characters again.
    let per_member = 8.0 + 16_384.0 * 5.0 / n as f64 + 1.2 + 3.0 + 1.0;
    let bound = (chars + 4 * (items + 1)) as f64 + per_member * n as f64;
    assert!((most as f64) < bound, "{most} bytes held, over {bound}");
    // With a copy of the URLs in each of the three exact structures and one more for the run,
    // it was over four times the characters.
    assert!(most < chars * 2, "{most} bytes held for {chars} bytes of URLs");
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
    finish(&mut run, 3_000);
    assert_eq!(run.ladder, [1_000, 3_000, 5_000]);
    assert_eq!(run.results.len(), 15);
    assert_eq!(run.ops_done(), run.ops_total());
    assert!(run.resolution.is_some_and(|r| r > 0.0) && run.min_block_ms == run.resolution.unwrap() * 100.0);
    for r in &run.results {
        assert_eq!(r.missed, 0, "{:?} at {}", r.method, r.n);
        for s in [r.insert, r.member, r.nonmember] {
            assert_eq!(s.rounds, ROUNDS, "{:?} at {}", r.method, r.n);
            assert!(s.min > 0.0 && s.min <= s.median && s.median <= s.max, "{s:?}");
        }
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
    finish(&mut run, 50);
    assert_eq!(run.ladder, [100, 200]);
    assert!(run.results.iter().all(|r| r.queries == r.n));
    assert_eq!(linear_queries(1_000_000, 10_000), 2);
    assert_eq!(linear_queries(100_000, 10_000), 20);
    assert_eq!(linear_queries(1_000, 10_000), 2_000);
    assert_eq!(binary_timed(1_000_000), 100);
    assert_eq!(binary_timed(10_000), 10_000);
    assert_eq!(ladder(1_000_000).len(), 7);
    assert_eq!(ladder(150), [100, 150]);
}

#[test]
fn bad_parameters() {
    let (spec, notices) = SearchSpec::read(&Query::parse("?n=5&queries=x&p=2&data=ftp&seed=-1"));
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
    let (again, n2) = SearchSpec::read(&Query::parse(&crate::link::query::build(&spec.query_pairs())));
    assert_eq!(again, spec);
    assert!(n2.is_empty());
}

#[test]
fn above_twenty_thousand_the_sorted_array_is_loaded_in_slices() {
    let mut run = SearchRun::new(Items::Crawl { seed: 3 }, 30_000, 300, 0.01);
    finish(&mut run, 7_000);
    let b = run.results.iter().find(|r| r.method == Method::Binary && r.n == 30_000).unwrap();
    assert_eq!((b.missed, b.fp), (0, 0));
    assert!(b.inserts_timed >= binary_timed(30_000) && b.inserts_timed <= 15_000, "{}", b.inserts_timed);
    assert_eq!(b.insert.rounds, ROUNDS);
    assert_eq!(run.ops_done(), run.ops_total());
}

#[test]
fn inserts_timed_per_round_follow_the_estimate_and_the_block() {
    // 10 ms blocks (a 0.1 ms clock), planned 1.5 times as long.
    let block = 10.0;
    // Nothing known yet: whole structures from empty.
    assert_eq!(insert_sample(Method::Hash, 300_000, None, block), 300_000);
    // 100 ns per insert: 150,000 inserts make 15 ms, under three quarters of a million or of 300,000.
    assert_eq!(insert_sample(Method::Hash, 1_000_000, Some(100.0), block), 150_000);
    assert_eq!(insert_sample(Method::Hash, 300_000, Some(100.0), block), 150_000);
    // At 200,000 that would be three quarters or more: whole structures (each about 20 ms).
    assert_eq!(insert_sample(Method::Hash, 200_000, Some(100.0), block), 200_000);
    // Fast inserts still time at least 1,000.
    assert_eq!(insert_sample(Method::Bloom, 1_000_000, Some(1e6), block), 1_000);
    // The sorted array above 20,000: at least the inserts that move 25,000,000 slots, more when a
    // block needs them (150 inserts of 100 µs make 15 ms), at most half.
    assert_eq!(insert_sample(Method::Binary, 1_000_000, Some(1e6), block), binary_timed(1_000_000));
    assert_eq!(insert_sample(Method::Binary, 1_000_000, Some(100_000.0), block), 150);
    assert_eq!(insert_sample(Method::Binary, 1_000_000, None, block), 100);
    assert_eq!(insert_sample(Method::Binary, 30_000, Some(1.0), block), 15_000);
    assert_eq!(insert_sample(Method::Binary, BINARY_FULL, None, block), BINARY_FULL);
}

#[test]
fn undo_takes_the_last_inserts_out_again() {
    let items: Vec<String> = (0..500).map(|i| run::crawl_item(5, i)).collect();
    let urls = urls_of(&items);
    let has = |s: &Structure, it: &String| s.contains(&urls, it);
    for method in Method::ALL {
        let mut s = Structure::new(method, 500, 0.01);
        let mut fresh = Structure::new(method, 500, 0.01);
        for i in 0..500 {
            s.insert(&urls, i);
        }
        for i in 0..300 {
            fresh.insert(&urls, i);
        }
        s.undo(&urls, 300..500 as Item);
        if method.approximate() {
            // A filter keeps its bits: inserting the same items again is the same work.
            assert!(items.iter().all(|it| has(&s, it)));
        } else {
            assert!(items[..300].iter().all(|it| has(&s, it)) && !items[300..].iter().any(|it| has(&s, it)));
            assert_eq!(s.bytes(&urls), fresh.bytes(&urls), "{method:?}: the same structure as one loaded with 300");
        }
        for i in 300..500 {
            s.insert(&urls, i);
        }
        assert!(items.iter().all(|it| has(&s, it)), "{method:?}");
    }
}

#[test]
fn slicing_changes_what_is_counted_not_at_all() {
    let counts = |budget| {
        let mut run = SearchRun::new(Items::Crawl { seed: 9 }, 3_000, 400, 0.02);
        finish(&mut run, budget);
        assert_eq!(run.ops_done(), run.ops_total());
        run.results
            .iter()
            .map(|r| (r.method, r.n, r.fp, r.missed, r.queries, r.bytes, r.insert.rounds))
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(97), counts(20_000));
}

#[test]
fn timing_charts_draw_the_median_with_its_band() {
    let mut run = SearchRun::new(Items::Crawl { seed: 2 }, 3_000, 200, 0.01);
    finish(&mut run, 5_000);
    let plot = timing_chart(&run.results, "lookup time per member", |r| r.member);
    assert_eq!(plot.series.len(), 5);
    for (s, m) in plot.series.iter().zip(Method::ALL) {
        let band = s.band_points().expect("a band");
        assert_eq!(band.len(), 2, "{m:?}: one point per n");
        for (p, (x, lo, hi)) in s.points.iter().zip(band) {
            let r = run.results.iter().find(|r| r.method == m && (r.n as f64).log10() == x).unwrap();
            assert!((p.1 - r.member.median.log10()).abs() < 1e-12);
            assert!((lo - r.member.min.log10()).abs() < 1e-12 && (hi - r.member.max.log10()).abs() < 1e-12);
        }
    }
    // The y range holds every band.
    let (y0, y1) = plot.y_fixed.unwrap();
    assert!(plot.series.iter().flat_map(|s| s.band.iter()).all(|&(lo, hi)| lo >= y0 && hi <= y1));
    let svg = crate::plot::to_svg(&plot, 640.0, 360.0, &crate::plot::PlotColors::LIGHT);
    assert!(svg.contains("<polygon"), "the bands are drawn");
    // The CSV export carries each point's fastest and slowest round, in nanoseconds as measured.
    let csv = plot.csv();
    assert!(csv.lines().next().unwrap().ends_with(",band low,band high"), "{csv}");
    let r = &run.results[0];
    let row = format!("{},{},{},,,{},{}", r.method.title(), r.n, r.member.median, r.member.min, r.member.max);
    let close = |line: &str| {
        let (a, b): (Vec<&str>, Vec<&str>) = (line.split(',').collect(), row.split(',').collect());
        a.len() == b.len()
            && a.iter().zip(&b).all(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                _ => x == y,
            })
    };
    assert!(csv.lines().any(close), "{row} in {csv}");
    // The memory chart has no band.
    assert!(chart(&run.results, "memory", |r| r.bytes as f64, bytes_label).series.iter().all(|s| s.band.is_empty()));
}

#[test]
fn a_rate_below_the_least_sizes_the_filter_as_the_least_and_says_so() {
    let (spec, notices) = SearchSpec::read(&Query::parse("?view=search&n=300000&p=1e-320"));
    assert_eq!(spec.p, P_LEAST);
    assert_eq!(notices.len(), 1);
    let said = &notices[0];
    assert_eq!(said.param.as_deref(), Some("p"));
    for part in ["p = 1e-320", "using 1e-12", "1,534 bits per URL", "k = 1,063", "57.5 bits and k = 40"] {
        assert!(said.message.contains(part), "{part:?} in {:?}", said.message);
    }
    // The filter the run builds: sized for 1e-12, 57.5 bits per URL, where 1e-320 asked for
    // 460 million bits at n = 300,000.
    let (m, k) = Structure::new(Method::Bloom, 300_000, spec.p).shape().unwrap();
    assert_eq!((m, k), crate::engine::formulas::size_for(300_000, 1e-12).unwrap());
    assert_eq!((m, k), (17_253_106, 40));
    assert_eq!(crate::engine::formulas::size_for(300_000, 1e-320).unwrap().0, 460_082_810);
    // A run asked for directly is held to the least too.
    assert_eq!(SearchRun::new(Items::Crawl { seed: 1 }, 1_000, 100, 1e-320).p, P_LEAST);
    // The least is written back and read again without a notice.
    let (again, quiet) = SearchSpec::read(&Query::parse(&crate::link::query::build(&spec.query_pairs())));
    assert_eq!((again.p, quiet.len()), (P_LEAST, 0));
}

#[test]
fn every_rate_from_the_least_up_reads_as_before() {
    for (link, p) in [("", 0.01), ("?p=0.01", 0.01), ("?p=1e-9", 1e-9), ("?p=1e-12", 1e-12), ("?p=5%25", 0.05)] {
        let (spec, notices) = SearchSpec::read(&Query::parse(link));
        assert_eq!((spec.p, notices.len()), (p, 0), "{link}");
    }
    let (spec, _) = SearchSpec::read(&Query::parse("?p=1e-9"));
    let (m, k) = Structure::new(Method::Bloom, 100_000, spec.p).shape().unwrap();
    assert_eq!((m, k), crate::engine::formulas::size_for(100_000, 1e-9).unwrap());
    // Per URL at the least: the bits and hash functions the declaration's comment gives.
    let (bits, k) = crate::link::params::filter_per_item(P_LEAST);
    assert_eq!((format!("{bits:.1}"), k), ("57.5".to_string(), 40));
}
