use proptest::prelude::*;

use super::combine::{Combine, CombineRun, CombineSpec};
use super::graph::{estimate, node_tail, recurrence, Graph, GraphRun};
use super::theory::{measure_r, p_r_at_least, p_r_at_least_approx, p_r_equals};
use super::walkthrough::{rows, tail_range, weakness};
use super::*;
use crate::engine::hashing::{linear, tail_length};

#[test]
fn the_exercise() {
    let lab = DistinctLab::from_query(&Query::parse(""));
    let r = rows(&lab.stream, &lab.hashes, lab.w);
    let values: Vec<Vec<u64>> = r.iter().map(|h| h.iter().map(|row| row.h).collect()).collect();
    assert!(values[0].iter().all(|v| v % 2 == 1), "2x + 1 is always odd");
    assert_eq!(values[1], [16, 10, 19, 10, 22, 2, 13, 25, 22]);
    assert_eq!(values[2], [12, 4, 16, 4, 20, 4, 8, 24, 20]);
    let finals: Vec<(u32, u64)> = r.iter().map(|h| (h.last().unwrap().r, h.last().unwrap().estimate())).collect();
    assert_eq!(finals, [(0, 1), (4, 16), (4, 16)]);
    assert_eq!(lab.truth(), 7);
    assert_eq!(r[1][0].binary, "10000");
    assert_eq!(r[1][0].tail, 4);
    assert!(weakness(2, 1, 5).unwrap().contains("odd for every x"));
    assert!(weakness(4, 2, 5).unwrap().contains("exactly 1 zero"));
    assert!(weakness(3, 7, 5).is_none());
    assert!(weakness(4, 0, 5).unwrap().contains("at least 2"));
    assert!(weakness(32, 3, 5).unwrap().contains("multiple of 2^5"));
    // Intro, 9 elements, summary, theory, graph d = 0..3.
    assert_eq!(lab.last_step(), 1 + 9 + 2 + 4 - 1);
}

#[test]
fn the_slides_graph() {
    let g = Graph::slides();
    let names = |v: Vec<u32>| v.iter().map(|&i| g.names[i as usize].clone()).collect::<Vec<_>>().join("");
    let e = g.find("E").unwrap();
    assert_eq!(names(g.neighbourhood(e, 0)), "E");
    assert_eq!(names(g.neighbourhood(e, 1)), "DEF");
    assert_eq!(names(g.neighbourhood(e, 2)), "BDEFG");
    assert_eq!(names(g.neighbourhood(e, 3)), "ABCDEFG");
    assert_eq!(g.edges(), 9);
}

#[test]
fn the_recurrence_is_the_largest_tail_in_the_neighbourhood() {
    for (g, seed) in [(Graph::slides(), 3), (Graph::random(300, 2, 9), 5)] {
        let levels = recurrence(&g, 4, 4, seed);
        for v in (0..g.len() as u32).step_by(7) {
            for d in 0..=4 {
                for h in 0..4 {
                    let want = g.neighbourhood(v, d).iter().map(|&u| node_tail(&g, u, h, seed)).max().unwrap();
                    assert_eq!(levels[d as usize][v as usize * 4 + h as usize] as u32, want.min(255));
                }
            }
        }
        // With one hash the estimate is 2^R.
        let one = recurrence(&g, 1, 2, seed);
        assert_eq!(estimate(&one, 0, 2, 1, 1), 2f64.powi(one[2][0] as i32));
    }
}

#[test]
fn the_sliced_graph_run_matches_the_recurrence() {
    let (nodes, d, hashes, seed) = (2_000, 6, 16, 11);
    let g = Graph::random(nodes, 3, seed);
    let levels = recurrence(&g, hashes, d, seed);
    let dist = g.distances(17, d);
    let want: Vec<(u32, u64, f64)> = (0..=d)
        .map(|i| (i, dist.iter().filter(|&&x| x <= i).count() as u64, estimate(&levels, 17, i, hashes, 1)))
        .collect();
    for budget in [1, 777, u64::MAX] {
        let mut run = GraphRun::new(nodes, 3, "17", d, hashes, seed);
        let mut slices = 0;
        while !run.is_done() {
            run.work(budget);
            slices += 1;
            assert!(slices < 100_000);
        }
        assert_eq!(run.rows, want, "budget {budget}");
        assert_eq!(run.ops_done(), run.ops_total());
        assert_eq!(run.graph(), Some((g.edges(), 17)));
    }
    let mut run = GraphRun::new(50, 3, "not a node", 2, 4, 1);
    run.finish();
    assert_eq!(run.graph().unwrap().1, 0, "an unknown node means node 0");
    assert_eq!(run.rows[0].1, 1, "n(v, 0) is the node itself");
}

#[test]
fn theory_against_counting() {
    // m = 2 keys: R ≥ 1 unless both tails are 0: 1 − (1/2)^2.
    assert!((p_r_at_least(2, 1) - 0.75).abs() < 1e-12);
    assert!((p_r_at_least(1, 3) - 0.125).abs() < 1e-12);
    let total: f64 = (0..=64).map(|i| p_r_equals(1000, i)).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!((p_r_at_least(1000, 10) - p_r_at_least_approx(1000, 10)).abs() < 1e-3);
    let counts = measure_r(1000, 4000, 1);
    for i in 6..14 {
        let measured = counts[i as usize] as f64 / 4000.0;
        let sd = (p_r_equals(1000, i) * (1.0 - p_r_equals(1000, i)) / 4000.0).sqrt();
        assert!((measured - p_r_equals(1000, i)).abs() < 5.0 * sd + 1e-3, "R = {i}: {measured}");
    }
}

#[test]
fn combining() {
    let xs = [1.0, 2.0, 4.0, 64.0];
    assert_eq!(Combine::Mean.apply(&xs, 2), 71.0 / 4.0);
    assert_eq!(Combine::Median.apply(&xs, 2), 3.0);
    assert_eq!(Combine::MedianOfMeans.apply(&xs, 1), 3.0, "groups of one: the median");
    assert_eq!(Combine::MedianOfMeans.apply(&xs, 4), 71.0 / 4.0, "one group: the mean");
    let spec = CombineSpec { length: 3_000, hashes: 32, runs: 6, group: 4, seed: 2 };
    let mut a = CombineRun::new(spec.clone());
    while !a.is_done() {
        a.work(u64::MAX / 4);
    }
    let mut b = CombineRun::new(spec);
    while !b.is_done() {
        b.work(777);
    }
    assert_eq!(a.results, b.results);
    assert_eq!(a.ops_done(), a.ops_total());
    // The truth: distinct draws from 1,500 values in 3,000 draws, about 1 − e^−2 of them.
    for r in &a.results {
        assert!((1_200..=1_350).contains(&r.truth), "{}", r.truth);
    }
    // The median of 32 powers of two lands within a factor of two of the truth.
    let e = a.errors(Combine::Median);
    assert!(e.iter().all(|x| x.abs() < 1.0), "{e:?}");
    assert_eq!(a.r_counts().iter().sum::<u64>(), 6 * 32);
}

#[test]
fn bad_parameters_give_notices() {
    let params = |s: &str| {
        DistinctLab::from_query(&Query::parse(s)).notices.into_iter().filter_map(|n| n.param).collect::<Vec<_>>()
    };
    assert_eq!(
        params("?stream=1.5,-3,x&hashes=0:1,x&w=65&groups=0&d=11&node=Z&length=0&runs=x&functions=65&graph=1"),
        ["stream", "hashes", "w", "groups", "d", "length", "runs", "functions", "graph", "node"]
    );
    assert_eq!(params("?w=0"), ["w"]);
    let lab = DistinctLab::from_query(&Query::parse("?hashes=1%3A0,5:2&stream=1%2C2"));
    assert_eq!((lab.hashes.clone(), lab.stream.clone()), (vec![(1, 0), (5, 2)], vec![1, 2]));
    let lab = DistinctLab::from_query(&Query::parse("?stream=,&hashes=0:3"));
    assert_eq!((lab.stream.len(), lab.hashes.len()), (9, 3));
    for s in ["", "?stream=7,7,8&hashes=5:1&w=64&groups=2&seed=4&d=3&node=17&length=500&runs=3&functions=8&graph=50"] {
        let lab = DistinctLab::from_query(&Query::parse(s));
        assert!(lab.notices.is_empty(), "{:?}", lab.notices);
        assert_eq!(DistinctLab::from_query(&Query::parse(&crate::link::query::build(&lab.query_pairs()))), lab);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn tail_lengths_stay_within_the_width(v in any::<u64>(), w in 1u32..=64) {
        let t = tail_length(v & if w == 64 { u64::MAX } else { (1 << w) - 1 }, w);
        prop_assert!(t <= w);
    }

    #[test]
    fn the_tail_range_matches_every_x(a in 1u64..200, b in 0u64..200, w in 1u32..=8) {
        let tails: Vec<u32> = (0..(1u64 << w)).map(|x| tail_length(linear(x, a, b, w), w)).collect();
        let (lo, hi) = tail_range(a, b, w);
        prop_assert_eq!(*tails.iter().min().unwrap(), lo);
        prop_assert_eq!(*tails.iter().max().unwrap(), hi);
    }
}

#[test]
fn a_typed_example_replaces_the_walkthrough() {
    let lab = DistinctLab::from_query(&Query::parse("")).with_example("?stream=8,8,16&hashes=1%3A0&w=6");
    assert_eq!((lab.stream.clone(), lab.hashes.clone(), lab.w), (vec![8, 8, 16], vec![(1, 0)], 6));
    assert!(lab.notices.is_empty(), "{:?}", lab.notices);
}
