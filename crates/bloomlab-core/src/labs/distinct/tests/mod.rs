//! The distinct-count lab's tests; its sketches' in `sketches`.

mod sketches;

use proptest::prelude::*;

use super::combine::{Combine, CombineSpec};
use super::graph::{estimate, node_tail, recurrence, Graph, GraphRun};
use super::streams::Streams;
use super::theory::{measure_r, p_r_at_least, p_r_at_least_approx, p_r_equals};
use super::*;
use crate::engine::hashing::{linear, tail_length};
use crate::engine::sliced::{finish, Sliced};
use crate::lectures::distinct::{rows, summary_text, tail_range, weakness};
use crate::link::state::LinkState;

#[test]
fn the_exercise() {
    let lab = DistinctLab::read(&Query::parse("")).0;
    let r = rows(&lab.stream, &lab.hashes, lab.w);
    let values: Vec<Vec<u64>> = r.iter().map(|h| h.iter().map(|row| row.h).collect()).collect();
    assert!(values[0].iter().all(|v| v % 2 == 1), "2x + 1 is always odd");
    assert_eq!(values[1], [16, 10, 19, 10, 22, 2, 13, 25, 22]);
    assert_eq!(values[2], [12, 4, 16, 4, 20, 4, 8, 24, 20]);
    let finals: Vec<(u32, u128)> = r.iter().map(|h| (h.last().unwrap().r, h.last().unwrap().estimate())).collect();
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
fn the_estimates_mean_is_exact_beyond_2_to_the_53() {
    let q = "stream=18446744073709551615,12345678901234567890,0,2,4,4&hashes=3:5,6:4,12:8,1:0&w=64";
    let lab = DistinctLab::read(&Query::parse(q)).0;
    let finals: Vec<u128> = lab.rows.iter().map(|h| h.last().unwrap().estimate()).collect();
    let sum: u128 = finals.iter().sum();
    // As an f64 the mean would read 4611686018427387904.00.
    assert_eq!(sum, 4 * 4611686018427387916 + 2, "{finals:?}");
    assert!(summary_text(&lab.rows).contains("mean of the 4 estimates is 4611686018427387916.5,"));
    let default = DistinctLab::read(&Query::parse("")).0;
    assert_eq!(summary_text(&default.rows), "The mean of the 3 estimates is 11, their median 16.");
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
    let mut a = Streams::new(spec.clone());
    finish(&mut a, u64::MAX / 4);
    let mut b = Streams::new(spec);
    finish(&mut b, 777);
    let (a, b) = (a.combine, b.combine);
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
    let params =
        |s: &str| DistinctLab::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(
        params("?stream=1.5,-3,x&hashes=0:1,x&w=65&groups=0&d=11&node=Z&length=0&runs=x&functions=65&graph=1"),
        ["stream", "hashes", "w", "groups", "d", "length", "runs", "functions", "graph", "node"]
    );
    assert_eq!(params("?w=0"), ["w"]);
    let lab = DistinctLab::read(&Query::parse("?hashes=1%3A0,5:2&stream=1%2C2")).0;
    assert_eq!((lab.hashes.clone(), lab.stream.clone()), (vec![(1, 0), (5, 2)], vec![1, 2]));
    let lab = DistinctLab::read(&Query::parse("?stream=,&hashes=0:3")).0;
    assert_eq!((lab.stream.len(), lab.hashes.len()), (9, 3));
    for s in
        ["", "?stream=7,7,8&hashes=5:1&w=64&group-size=2&seed=4&d=3&node=17&length=500&runs=3&functions=8&graph=50"]
    {
        let (lab, notices) = DistinctLab::read(&Query::parse(s));
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(DistinctLab::read(&Query::parse(&crate::link::query::build(&lab.query_pairs()))).0, lab);
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
    let (lab, notices) =
        DistinctLab::read(&Query::parse("")).0.with_fields(&[("stream", "8, 8, 16"), ("hashes", "1:0"), ("w", "6")]);
    assert_eq!((lab.stream.clone(), lab.hashes.clone(), lab.w), (vec![8, 8, 16], vec![(1, 0)], 6));
    assert!(notices.is_empty());
    // The same model as the link with those values, and the rows follow the example.
    assert_eq!(lab, DistinctLab::read(&Query::parse("?stream=8,8,16&hashes=1%3A0&w=6")).0);
    assert_eq!(lab.rows, rows(&lab.stream, &lab.hashes, lab.w));
}

fn params_of(notices: &[crate::link::notice::Notice]) -> Vec<String> {
    notices.iter().filter_map(|n| n.param.clone()).collect()
}

#[test]
fn forms_and_links_take_spaces_and_commas_alike() {
    let (want, notices) = DistinctLab::read(&Query::parse("?stream=3,1,4&hashes=5:1,3:2"));
    assert!(notices.is_empty());
    for link in
        ["?stream=3+1+4&hashes=5:1+3:2", "?stream=3%201%2C4&hashes=5:1%20%203:2", "?stream=+3,1+4,&hashes=5:1,,3:2"]
    {
        assert_eq!(DistinctLab::read(&Query::parse(link)).0, want, "{link}");
    }
    let base = DistinctLab::read(&Query::parse("")).0;
    for (stream, hashes) in [("3 1 4", "5:1 3:2"), ("3,1,4", "5:1,3:2"), (" 3, 1  4 ", "5:1, 3:2")] {
        let (lab, notices) = base.with_fields(&[("stream", stream), ("hashes", hashes)]);
        assert_eq!((lab, notices.len()), (want.clone(), 0), "{stream} / {hashes}");
    }
    // Bad and empty values give the link's notices.
    let (lab, notices) = base.with_fields(&[("stream", "3 x 4"), ("hashes", ""), ("w", "")]);
    assert_eq!(lab.stream, [3, 4]);
    assert_eq!(lab.hashes, DEFAULT_HASHES);
    assert_eq!(lab.w, DEFAULT_W);
    assert_eq!(params_of(&notices), ["stream", "hashes"]);
    let from_link = DistinctLab::read(&Query::parse("?stream=3+x+4&hashes=")).0;
    assert_eq!(lab, from_link);
    // The form shows the model's own text, which reads back as the same model.
    assert_eq!((want.stream_text(), want.hashes_text()), ("3, 1, 4".to_string(), "5:1, 3:2".to_string()));
    let fields = [("stream", want.stream_text()), ("hashes", want.hashes_text())];
    let (again, notices) = base.with_fields(&fields.iter().map(|(k, v)| (*k, v.as_str())).collect::<Vec<_>>());
    assert_eq!((again, notices.len()), (want.clone(), 0));
}

#[test]
fn one_group_and_seed() {
    let lab = DistinctLab::read(&Query::parse("?group-size=4&seed=9")).0;
    assert_eq!((lab.combine.group, lab.combine.seed, lab.seed()), (4, 9, 9));
    let (lab, notices) = lab.with_fields(&[("seed", "12"), ("group-size", "2")]);
    assert!(notices.is_empty());
    assert_eq!((lab.combine.group, lab.seed()), (2, 12));
    assert_eq!(lab.theory_key(), (lab.truth(), 12));
    let q = crate::link::query::build(&lab.query_pairs());
    assert!(q.contains("group-size=2") && q.contains("seed=12"), "{q}");
    // An old link's groups is still the group size, with a notice; written back as group-size.
    let (old, notices) = DistinctLab::read(&Query::parse("?groups=4&seed=9"));
    assert_eq!(old.combine.group, 4);
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["groups"]);
    assert!(crate::link::query::build(&old.query_pairs()).contains("group-size=4"));
}

#[test]
fn the_slides_node_and_the_random_graphs_node() {
    let read = |s: &str| DistinctLab::read(&Query::parse(s));
    let lab = |s: &str| read(s).0;
    let l = lab("");
    assert_eq!((l.node.as_str(), l.graph_node), ("E", 0));
    // Old links: a letter is the slides' node, a number the random graph's.
    let (l, notices) = read("?node=b");
    assert_eq!((l.node.as_str(), l.graph_node, notices.len()), ("B", 0, 0));
    let (l, notices) = read("?node=5");
    assert_eq!((l.node.as_str(), l.graph_node, notices.len()), ("E", 5, 0));
    assert_eq!(l.query_pairs(), [("graph-node", "5".to_string())]);
    assert_eq!(lab("?graph-node=5"), l);
    let l = lab("?graph=100000&d=10&node=5");
    assert_eq!((l.node.as_str(), l.graph_node), ("E", 5));
    // Both at once, and graph-node wins over an old numeric node.
    let (l, notices) = read("?node=F&graph-node=42");
    assert_eq!((l.node.as_str(), l.graph_node, notices.len()), ("F", 42, 0));
    assert_eq!(lab("?node=7&graph-node=42").graph_node, 42);
    // Out of range: the old notice for node, a clamp with a notice for graph-node.
    let (l, notices) = read("?node=500&graph=100");
    assert_eq!((l.node.as_str(), l.graph_node, params_of(&notices)), ("E", 0, vec!["node".to_string()]));
    let (l, notices) = read("?graph=100&graph-node=500");
    assert_eq!((l.graph_node, params_of(&notices)), (99, vec!["graph-node".to_string()]));
    let (l, notices) = read("?graph-node=x");
    assert_eq!((l.graph_node, params_of(&notices)), (0, vec!["graph-node".to_string()]));
    // The random graph's run measures the node the lab names.
    let l = lab("?graph=50&graph-node=7&d=1");
    let mut run = GraphRun::new(l.graph_nodes, 3, &l.graph_node.to_string(), l.d, 2, l.seed());
    run.finish();
    assert_eq!(run.graph().unwrap().1, 7);
}

#[test]
fn panels_hand_raw_values_and_the_core_clamps_with_a_notice() {
    let base = DistinctLab::read(&Query::parse("?graph=1000&graph-node=900")).0;
    let cases: [(&str, &str, &str); 8] = [
        ("graph", "5", "graph"),
        ("graph", "1000000", "graph"),
        ("d", "99", "d"),
        ("length", "5000000", "length"),
        ("functions", "0", "functions"),
        ("runs", "100000", "runs"),
        ("groups", "x", "groups"),
        ("graph-node", "1000", "graph-node"),
    ];
    for (field, value, param) in cases {
        let (lab, notices) = base.with_fields(&[(field, value)]);
        assert_eq!(params_of(&notices), [param], "{field} = {value}");
        let link = format!("{}&{field}={value}", crate::link::query::build(&base.query_pairs()));
        assert_eq!(lab, DistinctLab::read(&Query::parse(&link)).0, "{link}");
    }
    let (lab, _) = base.with_fields(&[("d", "99")]);
    assert_eq!(lab.d, MAX_D);
    let (lab, _) = base.with_fields(&[("length", "5000000"), ("runs", "100000")]);
    assert_eq!((lab.combine.length, lab.combine.runs), (combine::MAX_LENGTH, combine::MAX_RUNS));
    // A smaller graph clamps the node asked about, with a notice.
    let (lab, notices) = base.with_fields(&[("graph", "100")]);
    assert_eq!((lab.graph_nodes, lab.graph_node, params_of(&notices)), (100, 99, vec!["graph-node".to_string()]));
    // Good values: no notice, and the walkthrough is untouched.
    let (lab, notices) = base.with_fields(&[("graph-node", "12"), ("seed", "3"), ("functions", "16")]);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((lab.graph_node, lab.seed(), lab.combine.hashes), (12, 3, 16));
    assert_eq!((&lab.stream, &lab.rows, &lab.steps), (&base.stream, &base.rows, &base.steps));
}

#[test]
fn the_step_is_read_and_written_with_the_lab() {
    use crate::lectures::stepper::Stepped;
    let (lab, stepper, notices) = DistinctLab::read_stepped(&Query::parse("?stream=1,2&step=3"));
    assert_eq!((stepper.step(), notices.len()), (3, 0));
    assert_eq!(lab.stepped_pairs(&stepper).last(), Some(&("step", "3".to_string())));
    let (_, stepper, notices) = DistinctLab::read_stepped(&Query::parse("?step=999"));
    assert_eq!((stepper.step(), params_of(&notices)), (lab_last(), vec!["step".to_string()]));
    assert_eq!(lab.first_stepper().step(), 1);
}

fn lab_last() -> usize {
    DistinctLab::read(&Query::parse("")).0.last_step()
}

#[test]
fn a_tail_of_64_estimates_2_to_the_64_and_one_element_is_one() {
    let lab = DistinctLab::read(&Query::parse("stream=0&hashes=1:0&w=64")).0;
    let last = lab.rows[0].last().unwrap();
    assert_eq!((last.r, last.estimate()), (64, 1u128 << 64));
    let one = DistinctLab::read(&Query::parse("stream=7")).0;
    assert_eq!(one.theory_key().0, 1);
    assert!(
        crate::plot::to_svg(&one.theory_chart(), 600.0, 300.0, &crate::plot::PlotColors::LIGHT).contains("P(R = i)")
    );
}

#[test]
fn node_tails_are_xxh3_of_the_whole_name() {
    use super::graph::NAME_MOST;
    // The longest name a graph can have: the index u32::MAX - 1 in decimal.
    assert_eq!((u32::MAX - 1).to_string().len(), NAME_MOST);
    for g in [Graph::slides(), Graph::random(3000, 3, 7)] {
        for v in 0..g.len() as u32 {
            assert!(g.names[v as usize].len() <= NAME_MOST);
            for h in 0..3 {
                let whole = xxhash_rust::xxh3::xxh3_64_with_seed(
                    g.names[v as usize].as_bytes(),
                    crate::engine::hashing::seed(h) ^ 11,
                );
                assert_eq!(node_tail(&g, v, h, 11), whole.trailing_zeros());
            }
        }
    }
}
