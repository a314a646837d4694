use proptest::prelude::*;

use super::scale::{ladder, ScaleRun, ScaleSpec, Source};
use super::surprise::Surprise;
use super::*;
use crate::data::words::words;
use crate::engine::moments::ams::{every_position, fraction_value, mean, value_sums, variables};
use crate::engine::moments::stream::TokenStream;
use crate::engine::sliced::Sliced;
use crate::lectures::moments::StepKind;
use crate::lectures::moments::StepKind as MomentsStep;
use crate::lectures::questions::{check_shape, Quizzed};
use crate::lectures::stepper::Stepped;
use crate::link::notice::Notice;
use crate::link::query::{self, Query};
use crate::link::state::LinkState;

fn stream(s: &str) -> TokenStream {
    TokenStream::new(s.split(',').map(|t| t.trim().to_string()).collect())
}

#[test]
fn the_lecture_example() {
    let lab = MomentsLab::read(&Query::parse("")).0;
    let w = &lab.walkthrough;
    assert_eq!(w.stream.len(), 15);
    assert_eq!(w.truth(), 59);
    let vars = variables(&w.stream, &w.positions, 15, 2);
    let got: Vec<(usize, &str, u64, u128)> =
        vars.iter().map(|v| (v.position, v.element.as_str(), v.count, v.value)).collect();
    assert_eq!(got, [(3, "c", 3, 75), (8, "d", 2, 45), (13, "a", 2, 45)]);
    assert_eq!(mean(&vars).map(fraction_value), Some(55.0));
    let all = every_position(&w.stream, 2);
    assert_eq!(all.len(), 15);
    assert_eq!(mean(&all), Some((59 * 15, 15)));
    // Each value's sum 1 + 3 + … + (2m − 1) is m².
    for vs in value_sums(&w.stream, 2) {
        assert_eq!(vs.sum, (vs.m * vs.m) as u128);
        assert_eq!(vs.terms, (1..=vs.m).map(|j| (2 * j - 1) as u128).collect::<Vec<_>>());
    }
    // Step 0, one step per element, estimate, every position, proof, reservoir fill, 12 arrivals,
    // argument, measured.
    assert_eq!(w.last_step(), 1 + 15 + 3 + 1 + 12 + 2 - 1);
    assert_eq!(w.steps[15].kind, StepKind::Arrival(15));
    assert_eq!(w.steps[16].kind, StepKind::Estimate);
    assert!(w.steps[16].narration.contains("55"), "{}", w.steps[16].narration);
}

#[test]
fn variables_count_only_what_has_arrived() {
    let w = MomentsLab::read(&Query::parse("")).0.walkthrough;
    let at = |seen| variables(&w.stream, &w.positions, seen, 2).iter().map(|v| v.count).collect::<Vec<_>>();
    assert_eq!(at(2), [0, 0, 0]);
    assert_eq!(at(3), [1, 0, 0]);
    assert_eq!(at(7), [2, 0, 0]);
    assert_eq!(at(8), [2, 1, 0]);
    assert_eq!(at(15), [3, 2, 2]);
}

#[test]
fn surprise_numbers_and_moments() {
    assert_eq!(Surprise::preset(0).surprise(), 910);
    assert_eq!(Surprise::preset(1).surprise(), 8110);
    let s = Surprise::preset(1);
    assert_eq!((s.moment(0), s.moment(1), s.moment(3)), (11, 100, 90u128.pow(3) + 10));
    // MMDS exercise 4.5.1.
    let ex = stream("3, 1, 4, 1, 3, 4, 2, 1, 2");
    assert_eq!((ex.moment(0), ex.moment(1), ex.moment(2), ex.moment(3)), (4, 9, 21, 51));
}

#[test]
fn changing_a_count_keeps_the_total() {
    let mut s = Surprise::preset(0);
    assert!(s.set_count(0, 90));
    assert_eq!(s.total(), 100);
    assert_eq!(s.counts, [90, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(s.surprise(), 8110);
    assert!(s.set_count(0, 10));
    assert_eq!(s.counts, [10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    assert!(s.set_count(3, 1000));
    assert_eq!(s.total(), 100);
    assert_eq!(s.counts[3], 100);
    assert!(!s.set_count(99, 1));
    // A form's text: the same, and nothing for text that is not a count.
    assert!(s.set_count_text(0, " 50 "));
    assert_eq!((s.counts[0], s.total()), (50, 100));
    for bad in ["", "-1", "1.5", "lots", "99999999999999999999"] {
        assert!(!s.set_count_text(0, bad), "{bad}");
    }
    assert_eq!(s.counts[0], 50);
}

#[test]
fn the_ladder_of_s() {
    assert_eq!(ladder(1000), [1, 3, 10, 30, 100, 300, 1000]);
    assert_eq!(ladder(1), [1]);
}

fn spec(source: Source, length: u64, s: u64) -> ScaleSpec {
    ScaleSpec { source, zipf: 1.0, length, s, groups: 10, k: 2, seed: 5 }
}

#[test]
fn the_estimator_at_scale_is_exact_where_it_can_be_and_sliced_the_same() {
    let mut one = ScaleRun::new(spec(Source::Zipf, 20_000, 100), None);
    while !one.is_done() {
        one.work(u64::MAX / 2);
    }
    let mut sliced = ScaleRun::new(spec(Source::Zipf, 20_000, 100), None);
    while !sliced.is_done() {
        sliced.work(777);
    }
    assert!(one == sliced, "slicing changed the run");
    assert_eq!(one.ops_done(), one.ops_total());
    // The exact moment, recomputed from a fresh stream with the same seed.
    assert!(one.exact > 20_000.0);
    assert_eq!(one.result.combined.len(), scale::RUNS);
    // The mean of s variables has relative error about sqrt(Var X / s) / F2: the measured RMS is
    // within 30 % of it at s = 100 over 200 runs.
    let (s, rms) = *one.result.ladder.last().unwrap();
    let theory = one.theory_error(s as f64);
    assert!((rms / theory - 1.0).abs() < 0.3, "rms {rms} theory {theory}");
}

#[test]
fn the_estimator_on_text() {
    let w: Vec<String> = words("the cat and the hat and the bat").take(100).collect();
    let ids = scale::word_ids(&w);
    assert_eq!(ids.1, 5);
    let mut run = ScaleRun::new(spec(Source::Text, 0, 10), Some(ids));
    while !run.is_done() {
        run.work(3);
    }
    // the ×3, and ×2, cat, hat, bat: 9 + 4 + 1 + 1 + 1.
    assert_eq!(run.exact, 16.0);
    assert_eq!(run.length(), 8);
}

#[test]
fn bad_parameters_give_notices() {
    let params = |s: &str| MomentsLab::read(&Query::parse(s)).1.into_iter().filter_map(|n| n.param).collect::<Vec<_>>();
    assert_eq!(
        params("?stream=,,&positions=0,99,x&k=7&counts=1,2,x&s=0&groups=5000&source=pink&zipf=NaN&length=1e9"),
        ["stream", "positions", "k", "counts", "source", "zipf", "length", "s", "groups"]
    );
    assert_eq!(params("?k=0"), ["k"]);
    assert_eq!(params("?counts=0,0"), ["counts"]);
    assert_eq!(params("?counts=5"), ["counts"]);
    let lab = MomentsLab::read(&Query::parse("?stream=x,y,x&positions=9")).0;
    assert_eq!(lab.walkthrough.positions, [3]);
    assert_eq!(lab.walkthrough.truth(), 5);
    let lab = MomentsLab::read(&Query::parse("?positions=15,2,2")).0;
    assert_eq!(lab.walkthrough.positions, [2, 15]);
}

#[test]
fn links_round_trip() {
    for s in [
        "",
        "?stream=x%2Cy,y,z&positions=1,3&k=3&counts=5,5,90&source=uniform&length=500&s=20&groups=4&seed=9&zipf=1.5",
    ] {
        let (lab, notices) = MomentsLab::read(&Query::parse(s));
        let again = MomentsLab::read(&Query::parse(&query::build(&lab.query_pairs()))).0;
        assert_eq!(lab, again);
        assert!(notices.is_empty(), "{notices:?}");
    }
    let lab = MomentsLab::read(&Query::parse("?seed=4")).0;
    let (other, notices) = lab.with_fields(&[("stream", "p,q,p"), ("k", "3")]);
    assert_eq!((other.walkthrough.k, other.seed(), other.walkthrough.truth()), (3, 4, 9));
    assert!(notices.is_empty());
}

#[test]
fn form_fields_give_the_links_model() {
    let base = MomentsLab::read(&Query::parse("?seed=4&s=20")).0;
    // Stream tokens may hold spaces: only commas separate them. Positions take spaces too.
    let (lab, notices) =
        base.with_fields(&[("stream", " big cat, dog ,, big cat,x%y "), ("positions", "1 3, 4"), ("k", "3")]);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(lab.walkthrough.stream.tokens, ["big cat", "dog", "big cat", "x%y"]);
    assert_eq!(lab.walkthrough.positions, [1, 3, 4]);
    let link = "?seed=4&s=20&stream=big+cat,dog,big%20cat,x%25y&positions=1+3%2C4&k=3";
    assert_eq!(lab, MomentsLab::read(&Query::parse(link)).0);
    assert_eq!(lab, MomentsLab::read(&Query::parse(&query::build(&lab.query_pairs()))).0);
    // Emptied lists give the link's notices; the step is the stepper's.
    let (lab, notices) = base.with_fields(&[("stream", " , "), ("positions", ""), ("k", "")]);
    assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["stream", "positions"]);
    assert_eq!(lab.walkthrough.k, DEFAULT_K);
    let (_, stepper, _) = MomentsLab::read_stepped(&Query::parse("?step=2"));
    assert_eq!(lab.stepped_pairs(&stepper).last(), Some(&("step", "2".to_string())));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn set_count_keeps_the_total(counts in proptest::collection::vec(0u64..50, 2..12), i in 0usize..12, v in 0u64..700) {
        let mut s = Surprise::new(counts.clone());
        let total = s.total();
        s.set_count(i, v);
        prop_assert_eq!(s.total(), total);
        if i < counts.len() {
            prop_assert_eq!(s.counts[i], v.min(total));
        }
    }
}

#[test]
fn the_estimators_fields_read_as_the_link_does() {
    let base = MomentsLab::read(&Query::parse("?s=100&groups=10&counts=5,5")).0;
    let params = |n: &[Notice]| n.iter().filter_map(|n| n.param.clone()).collect::<Vec<_>>();
    let (lab, notices) = base.with_scale_field("length", " 300000 ");
    assert!(notices.is_empty());
    assert_eq!(lab, MomentsLab::read(&Query::parse("?s=100&groups=10&counts=5,5&length=300000")).0);
    // A seed redraws the walkthrough's reservoir too: the link's lab.
    let (lab, _) = base.with_scale_field("seed", "9");
    assert_eq!(lab, MomentsLab::read(&Query::parse("?s=100&groups=10&counts=5,5&seed=9")).0);
    // Bad text: the link's notice and value (the default or the nearest allowed).
    for (name, text) in
        [("zipf", "abc"), ("zipf", "9"), ("length", "0"), ("s", "lots"), ("groups", "0"), ("seed", "-1")]
    {
        let (lab, notices) = base.with_scale_field(name, text);
        let (link, link_notices) =
            MomentsLab::read(&Query::parse(&format!("?s=100&groups=10&counts=5,5&{name}={text}")));
        assert_eq!((&lab.scale, params(&notices)), (&link.scale, params(&link_notices)), "{name}={text}");
        assert_eq!(params(&notices), [name], "{name}={text}");
    }
    // Lowering s below the groups lowers them with it, without a notice; a link says so.
    let (lab, notices) = base.with_scale_field("s", "3");
    assert_eq!((lab.scale.s, lab.scale.groups, notices.len()), (3, 3, 0));
    assert_eq!(params(&MomentsLab::read(&Query::parse("?s=3&groups=10")).1), ["groups"]);
    assert_eq!(base.with_scale_field("source", "uniform").0.scale.source, Source::Uniform);
    assert_eq!(base.with_scale_field("zipf", "").0.scale.zipf, DEFAULT_ZIPF, "an emptied field is the default");
    // More groups than variables: s, with the link's notice (the form offers the link's range).
    let (lab, notices) = base.with_scale_field("groups", "500");
    assert_eq!((lab.scale.groups, params(&notices)), (100, vec!["groups".to_string()]));
    assert_eq!(crate::labs::moments::GROUPS.max, scale::MAX_S);
}

#[test]
fn the_walkthrough_form_shows_the_model_s_text() {
    let lab = MomentsLab::read(&Query::parse("?stream=x,y%20z,x&positions=3,1")).0;
    assert_eq!((lab.stream_text(), lab.positions_text()), ("x, y z, x".to_string(), "1, 3".to_string()));
    let (again, notices) = lab.with_fields(&[("stream", &lab.stream_text()), ("positions", &lab.positions_text())]);
    assert!(notices.is_empty());
    assert_eq!(again, lab);
}

#[test]
fn one_seed_for_the_estimator_and_the_reservoir() {
    // The estimator's seed field redraws the walkthrough's reservoir too.
    let (lab, _) = MomentsLab::read(&Query::parse("?seed=4&s=20")).0.with_scale_field("seed", "9");
    let from_link = MomentsLab::read(&Query::parse("?seed=9&s=20")).0;
    assert_eq!((lab.seed(), &lab.walkthrough, &lab.scale), (9, &from_link.walkthrough, &from_link.scale));
    assert_eq!(lab.query_pairs(), from_link.query_pairs());
}

#[test]
fn equal_counts_give_a_symmetric_x_only_for_k_up_to_2() {
    use super::scale::{combining_note, equal_counts_symmetric, ScaleSpec, Source};
    for c in 1..=12 {
        assert!(equal_counts_symmetric(1, c) && equal_counts_symmetric(2, c));
    }
    for k in 3..=4 {
        assert!(equal_counts_symmetric(k, 2) && !equal_counts_symmetric(k, 3) && !equal_counts_symmetric(k, 10));
    }
    let spec = |k| ScaleSpec { source: Source::Zipf, zipf: 1.0, length: 100_000, s: 1_000, groups: 10, k, seed: 1 };
    let two = combining_note(&spec(2));
    assert!(two.contains("equal counts give a symmetric X for k = 2"), "{two}");
    let three = combining_note(&spec(3));
    assert!(three.contains("for k = 3 even equal counts give a skewed X") && !three.contains("symmetric"), "{three}");
    // The slides' group size (slide 44) and this run's.
    assert!(two.contains("slide 44") && two.contains("groups of size O(log n)"));
    assert!(two.contains("1,000 variables form 10 groups of 100") && two.contains("log₂ 10,000 ≈ 13.3"), "{two}");
    assert!(combining_note(&ScaleSpec { s: 1_000, groups: 3, ..spec(2) }).contains("3 groups of 333 or 334"));
    assert!(combining_note(&ScaleSpec { s: 5, groups: 10, ..spec(2) }).contains("5 variables form 5 groups of 1,"));
    // k = 1: every X is n, nothing is heavy-tailed.
    let one = combining_note(&spec(1));
    assert!(one.contains("exact") && !one.contains("heavy-tailed") && !one.contains("symmetric"), "{one}");
}

#[test]
fn the_running_variables_use_the_length_so_far() {
    let lab = MomentsLab::read(&Query::parse("")).0;
    let w = &lab.walkthrough;
    // Step 5: element 5 (d) arrives; only the variable from position 3 has started.
    assert_eq!(w.steps[5].kind, StepKind::Arrival(5));
    let narration = &w.steps[5].narration;
    assert!(narration.contains("position 3: 4 → 5") && !narration.contains("nothing changes"), "{narration}");
    assert_eq!(w.stream.prefix_moment(5, 2), 7);
    assert_eq!(w.stream.prefix_moment(15, 2), w.truth());
    assert_eq!(w.stream.prefix_moment(99, 2), w.truth());
    let vars = variables(&w.stream, &w.positions, 5, 2);
    assert_eq!(vars[0].arithmetic(2), "5·(2·1 − 1) = 5");
    assert_eq!(vars[1].arithmetic(2), "—");
    let end = variables(&w.stream, &w.positions, 15, 2);
    assert_eq!(end[0].arithmetic(2), "15·(2·3 − 1) = 75");
    let cubes = variables(&w.stream, &w.positions, 15, 3);
    assert_eq!(cubes[0].arithmetic(3), "15·(3^3 − 2^3) = 285");
    // Before any variable starts, nothing is counted.
    assert!(w.steps[1].narration.contains("No variable has started yet"));
}

#[test]
fn the_question_names_the_moment_with_an_ordinal() {
    for (k, word) in [(1, "first"), (2, "second"), (3, "third"), (4, "fourth")] {
        let lab = MomentsLab::read(&Query::parse(&format!("k={k}"))).0;
        let estimate = lab.walkthrough.steps.iter().position(|s| s.kind == StepKind::Estimate).unwrap();
        let q = crate::lectures::questions::moments(&lab.walkthrough, estimate - 1).unwrap();
        assert!(q.reasoning.contains(&format!("The {word} moment itself")), "{}", q.reasoning);
        assert!(!q.reasoning.contains(&format!("{k}th")), "{}", q.reasoning);
    }
}

#[test]
fn the_estimate_question_against_hand_computation() {
    let (m, _) = MomentsLab::read(&Query::parse(""));
    let step = (0..m.last_step()).find(|&s| m.question(s).is_some()).unwrap();
    let q = m.question(step).unwrap();
    check_shape(&q);
    // Slide 38's variables: 75, 45, 45, mean 55.
    assert_eq!(q.choices[q.answer], "55");
    assert_eq!(m.walkthrough.steps[step + 1].kind, MomentsStep::Estimate);
}

#[test]
fn the_every_position_question_explains_every_wrong_choice() {
    // AMS, slide 38's stream: asked at the estimate, before the variables at every position.
    let (m, _) = MomentsLab::read(&Query::parse(""));
    let asked: Vec<usize> = (0..m.last_step()).filter(|&s| m.question(s).is_some_and(|q| q.conceptual)).collect();
    assert_eq!(asked.len(), 1);
    let step = asked[0];
    assert_eq!(m.walkthrough.steps[step].kind, MomentsStep::Estimate);
    let q = m.question(step).unwrap();
    check_shape(&q);
    assert!(q.choices[q.answer].starts_with("Yes"));
    assert!(!q.holds_back && m.question(step - 1).unwrap().holds_back);
    // Independently: the variables at every position average to the moment, 59.
    let n = m.walkthrough.stream.len();
    let all = every_position(&m.walkthrough.stream, 2);
    let total: u128 = all.iter().map(|v| v.value).sum();
    assert_eq!((total / n as u128, total % n as u128), (59, 0));
    assert!(q.reasoning.contains("= 59, the moment itself"), "{q:?}");
    assert!(q.why_not.iter().any(|w| w.1.contains("their mean is 59 every time")), "{q:?}");
}
