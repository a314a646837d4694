//! The sketches on the combining runs' streams, the bias of the slides' recipe, the register
//! trace, the union and the `estimators`/`registers` parameters.

use super::super::bias::{expected_two_pow_r, group_sizes, median_two_pow_r, p_r_at_least};
use super::super::combine::CombineSpec;
use super::super::estimators::Estimator;
use super::super::registers::{trace, union_check, TRACE_BITS};
use super::super::sketches::SketchRun;
use super::super::streams::Streams;
use super::super::DistinctLab;
use crate::engine::sketches::Sketch;
use crate::engine::sliced::finish;
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::plot::{to_svg, PlotColors};

/// The streams of `length`, `runs` and `seed`, walked to the end in slices of `slice` (with one
/// combining function: these tests look at the sketches).
fn streams(length: u64, runs: u64, seed: u64, slice: u64) -> Streams {
    let mut s = Streams::new(CombineSpec { length, hashes: 1, runs, group: 1, seed });
    finish(&mut s, slice);
    s
}

fn sketch_run(length: u64, runs: u64, seed: u64) -> SketchRun {
    streams(length, runs, seed, 1 << 40).sketches
}

#[test]
fn sketch_runs_are_the_same_however_sliced_and_count_the_combining_runs_streams() {
    let a = streams(2_000, 4, 9, 1 << 40);
    let b = streams(2_000, 4, 9, 37);
    assert_eq!(a.sketches.results, b.sketches.results);
    let truths: Vec<u64> = a.combine.results.iter().map(|r| r.truth).collect();
    assert_eq!(a.sketches.results.iter().map(|r| r.truth).collect::<Vec<_>>(), truths);
}

#[test]
fn measured_sketch_errors_follow_theory_where_counts_are_well_above_m() {
    // About 4,300 distinct elements, m = 64: every sketch near its c/√m.
    let r = sketch_run(10_000, 60, 1);
    for s in Sketch::ALL {
        let (rse, theory) = (r.rse(s, 6), s.theory_rse(64));
        assert!((rse / theory - 1.0).abs() < 0.35, "{}: {rse} against {theory}", s.name());
    }
    // With m far above the count, PCSA and LogLog are far off; HyperLogLog's linear counting is not.
    assert!(r.rse(Sketch::Pcsa, 16) > 1.0 && r.rse(Sketch::LogLog, 16) > 1.0);
    assert!(r.rse(Sketch::HyperLogLog, 16) < 0.02);
    let chart = r.error_chart(Some((64, 1.3)));
    assert_eq!(chart.series.len(), 7);
    let svg = to_svg(&chart, 640.0, 360.0, &PlotColors::LIGHT);
    assert!(svg.contains("HyperLogLog theory") && svg.contains("65,536") && !svg.contains("NaN"));
}

#[test]
fn e_two_pow_r_grows_by_half_n_per_bit_of_hash_width() {
    let n = 4_318;
    // The closed form against the plain sum of 2^i·P(R = i).
    for w in [16, 32, 64] {
        let direct: f64 =
            (0..=w).map(|i| 2f64.powi(i as i32) * (p_r_at_least(n, i, w) - p_r_at_least(n, i + 1, w))).sum();
        assert!((expected_two_pow_r(n, w) / direct - 1.0).abs() < 1e-9);
    }
    let step = expected_two_pow_r(n, 64) - expected_two_pow_r(n, 63);
    assert!((step / (n as f64 / 2.0) - 1.0).abs() < 1e-6, "{step}");
    // The median of one 2^R is the power of two near n/ln 2.
    assert_eq!(median_two_pow_r(n, 64), 4_096.0);
    assert_eq!(group_sizes(64), vec![1, 2, 4, 8, 16, 32, 64]);
    assert_eq!(group_sizes(12), vec![1, 2, 4, 8, 12]);
}

/// An independent simulation of the slides' recipe: R for each of 64 functions drawn from its
/// distribution, P(R ≤ i) = (1 − 2^−(i+1))^n, by inversion.
fn simulated_bias(n: u64, group: usize, trials: usize) -> f64 {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut ratios: Vec<f64> = (0..trials)
        .map(|_| {
            let est: Vec<f64> = (0..64)
                .map(|_| {
                    let u = rng.f64();
                    let i = (0..64).find(|&i| (1.0 - 0.5f64.powi(i + 1)).powf(n as f64) >= u).unwrap_or(64);
                    2f64.powi(i)
                })
                .collect();
            let mut means: Vec<f64> = est.chunks(group).map(|c| c.iter().sum::<f64>() / c.len() as f64).collect();
            crate::engine::stats::median(&mut means) / n as f64
        })
        .collect();
    crate::engine::stats::median(&mut ratios)
}

#[test]
fn the_bias_by_group_size_matches_an_independent_simulation() {
    let mut streams = Streams::new(CombineSpec { length: 3_000, hashes: 64, runs: 80, group: 8, seed: 4 });
    finish(&mut streams, 1 << 40);
    let run = streams.combine;
    let bias = run.bias_by_group();
    assert_eq!(bias.iter().map(|b| b.group).collect::<Vec<_>>(), group_sizes(64));
    let n = run.results.iter().map(|r| r.truth).sum::<u64>() / run.results.len() as u64;
    for b in &bias {
        let sim = simulated_bias(n, b.group as usize, 3_000);
        assert!((b.median / sim - 1.0).abs() < 0.15, "group {}: {} against {sim}", b.group, b.median);
        assert!(b.p10 <= b.median && b.median <= b.p90);
    }
    // The recipe runs high, and more so for larger groups.
    assert!(bias[1].median > 1.2 && bias[6].median > bias[1].median * 1.5);
    let svg = to_svg(&run.bias_chart(), 640.0, 320.0, &PlotColors::DARK);
    assert!(svg.contains("group size") && !svg.contains("NaN"));
}

#[test]
fn the_trace_and_the_union() {
    let t = trace(&[3, 1, 4, 1, 5, 9, 2, 6, 5], 1);
    assert_eq!(t.rows.len(), 9);
    for r in &t.rows {
        assert!(r.bucket < 1 << TRACE_BITS);
        assert_eq!(r.after, r.before.max(r.tail as u8 + 1));
        assert_eq!(r.registers[r.bucket], r.after);
    }
    // A repeated element changes nothing.
    assert_eq!(t.rows[3].before, t.rows[3].after);
    let u = union_check(10_000, 1, 6);
    assert!(u.equal);
    assert_eq!(u.registers, 64);
    assert!(u.truth_union <= u.truth_a + u.truth_b && u.truth_union >= u.truth_a.max(u.truth_b));
    assert!((u.union / u.truth_union as f64 - 1.0).abs() < 0.5);
    // The true counts, against a set of the same stream's elements.
    for (length, seed) in [(10_000, 1), (7, 3), (2, 9), (1, 4), (65, 2)] {
        use super::super::combine::{element, run_seed, universe};
        let s = run_seed(seed, 0);
        let xs: Vec<u64> = (0..length.max(2)).map(|i| element(i, s, universe(length))).collect();
        let (first, second) = xs.split_at(xs.len() / 2);
        let count = |p: &[u64]| p.iter().collect::<std::collections::HashSet<_>>().len() as u64;
        let u = union_check(length, seed, 6);
        assert_eq!((u.truth_a, u.truth_b, u.truth_union), (count(first), count(second), count(&xs)), "{length}");
    }
    // The walkthrough's count: repeats once, whatever their order.
    use crate::lectures::distinct::distinct;
    assert_eq!(distinct(&[3, 1, 4, 1, 5, 9, 2, 6, 5]), 7);
    assert_eq!(distinct(&[]), 0);
    assert_eq!(distinct(&[u64::MAX, 0, u64::MAX, u64::MAX, 0]), 2);
    let long: Vec<u64> = (0..1000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % 300).collect();
    assert_eq!(distinct(&long), long.iter().collect::<std::collections::HashSet<_>>().len() as u64);
}

#[test]
fn estimators_and_registers_parameters() {
    let lab = |q: &str| DistinctLab::read(&Query::parse(q));
    let (d, notices) = lab("");
    assert_eq!(d.estimators, Estimator::ALL.to_vec());
    assert_eq!(d.registers, 64);
    assert!(notices.is_empty());
    let (l, notices) = lab("estimators=hll+pcsa,bogus&registers=100");
    assert_eq!(l.estimators.iter().map(|e| e.name()).collect::<Vec<_>>(), ["pcsa", "hll"]);
    assert_eq!(l.registers, 128);
    assert_eq!(notices.len(), 2);
    let (again, notices) = lab(&crate::link::query::build(&l.query_pairs()));
    assert_eq!((again.estimators, again.registers), (l.estimators.clone(), 128));
    assert!(notices.is_empty());
    // A checkbox switches one estimator; the field's text reads back as the link's.
    let text = super::estimators::toggled_text(&l.estimators, Estimator::ALL[0]);
    assert_eq!(text, "mean,pcsa,hll");
    assert_eq!(crate::link::state::LinkState::with_fields(&l, &[("estimators", &text)]).0.estimators.len(), 3);
    assert_eq!(super::estimators::toggled_text(&[Estimator::ALL[0]], Estimator::ALL[0]), "");
    for bad in ["registers=8", "registers=9999999", "registers=x", "estimators=", "estimators=%FF"] {
        let (b, notices) = lab(bad);
        assert!(!notices.is_empty(), "{bad}");
        assert!(crate::engine::sketches::register_bits(b.registers as u64).is_some());
    }
}

#[test]
fn a_walk_hands_each_run_its_stream_and_counts_its_distinct_values() {
    use super::combine::{element, run_seed, universe};
    use super::streams::StreamWalk;
    let (length, runs, seed) = (1_000, 3, 11);
    let mut walk = StreamWalk::new(length, runs, seed);
    let (mut got, mut truths, mut step) = (Vec::new(), Vec::new(), 1);
    while !walk.is_done() {
        let (n, truth) = walk.walk(step, |x, s| got.push((x, s)));
        assert!(n >= 1 && n <= step.max(1));
        truths.extend(truth);
        step = step * 3 % 401;
    }
    assert_eq!(walk.elements_done(), length * runs);
    assert_eq!(walk.walk(10, |_, _| panic!("a finished walk hands nothing")), (0, None));
    for r in 0..runs {
        let s = run_seed(seed, r);
        let stream: Vec<(u64, u64)> = (0..length).map(|p| (element(p, s, universe(length)), s)).collect();
        assert_eq!(got[(r * length) as usize..((r + 1) * length) as usize], stream[..]);
        let distinct: std::collections::HashSet<u64> = stream.iter().map(|e| e.0).collect();
        assert_eq!(truths[r as usize], distinct.len() as u64);
    }
}

#[test]
fn no_limit_makes_the_recipe_exact() {
    use super::bias::{median_two_pow_r, p_r_at_least, settled_median, tail_facts};
    use super::words::{bias_limit_text, settled};
    // The page's settings: about 4,318 distinct elements, 64-bit hashes, groups of 2, 8 and 64.
    let n = 4_318;
    // One draw: the median of 2^R itself.
    assert_eq!(settled_median(n, 64, 1), median_two_pow_r(n, 64) / n as f64);
    // Two draws, by enumerating every pair of tail lengths.
    let p: Vec<f64> = (0..=64).map(|i| p_r_at_least(n, i, 64) - p_r_at_least(n, i + 1, 64)).collect();
    let mut pairs: Vec<(f64, f64)> = (0..=64)
        .flat_map(|i| (0..=64).map(move |j| (i, j)))
        .map(|(i, j)| ((2f64.powi(i) + 2f64.powi(j)) / 2.0, p[i as usize] * p[j as usize]))
        .collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut below = 0.0;
    let pair_median = pairs.iter().find(|(_, q)| {
        below += q;
        below >= 0.5
    });
    assert_eq!(settled_median(n, 64, 2), pair_median.unwrap().0 / n as f64);
    // Against 200,001 seeded groups drawn from R's distribution (3.844, 2.342 and 1.423).
    let s = settled(n, 64, &[2, 8, 64]);
    for ((g, got), want) in s.iter().zip([1.423, 2.342, 3.844]) {
        assert!((got - want).abs() < 0.02, "groups of {g}: {got} against about {want}");
    }
    let facts = tail_facts(n, 64);
    assert!((facts.mean_ratio - 26.5).abs() < 0.5, "{}", facts.mean_ratio);
    let text = bias_limit_text(&facts, &s, 5_000);
    assert!(text.contains("log₂ 5,000 ≈ 12.3") && text.contains("No limit gives n"), "{text}");
    assert!(text.contains(&format!("E[2^R] ≈ {}·n", crate::text::trim_float(facts.mean_ratio, 1))));
    assert!(text.contains("PCSA, LogLog or HyperLogLog") && !text.contains("sound in the limit"));
}

#[test]
fn the_memory_and_breakdown_sentences_follow_the_numbers() {
    use super::words::{breakdown_text, exact_memory_text};
    let text = exact_memory_text(4_318, 5_000);
    assert!(!text.contains("at least") && text.contains("55.3× less"), "{text}");
    let r = sketch_run(10_000, 60, 1);
    let truth = r.results[0].truth;
    let (m, err, theory) = r.breakdown(Sketch::Pcsa).unwrap();
    assert!((m as u64) < truth && err > 2.0 * theory, "PCSA breaks down from m = {m}");
    let (m, _, _) = r.breakdown(Sketch::LogLog).unwrap();
    assert!((m as u64) < truth, "LogLog breaks down from m = {m}");
    let text = breakdown_text(&r, truth);
    assert!(text.contains("below the count") && !text.contains("not below") && !text.contains("Far above"), "{text}");
}
