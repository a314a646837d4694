use super::*;
use crate::link::query::Query;
use crate::link::state::{LinkState, Stepped};

fn check_shape(q: &Question) {
    assert!((2..=4).contains(&q.choices.len()), "{q:?}");
    assert!(q.answer < q.choices.len());
    let mut c = q.choices.clone();
    c.sort();
    c.dedup();
    assert_eq!(c.len(), q.choices.len(), "distinct choices: {q:?}");
    assert!(!q.reasoning.is_empty());
}

#[test]
fn ullmans_questions_match_the_next_steps_bits() {
    for link in ["", "stream=25,159,585&lookups=118,259,30", "m=31&stream=3,7,9&lookups=4,5"] {
        let (l, _) = UllmanLecture::read(&Query::parse(link));
        let mut asked = 0;
        for step in 0..l.last_step() {
            let Some(q) = l.question(step) else { continue };
            check_shape(&q);
            asked += 1;
            let next = &l.steps[step + 1];
            match &next.kind {
                UllmanStep::Insert { trace, .. } => {
                    // Independently: every position of the item is set after the insert.
                    for p in trace.positions() {
                        assert!(next.bits.get(p as usize), "{link} step {step}");
                    }
                    let want = list(&sorted(trace.positions().collect()));
                    assert_eq!(q.choices[q.answer], want);
                }
                UllmanStep::Lookup { trace, .. } => {
                    let all_set = trace.positions().all(|p| next.bits.get(p as usize));
                    assert_eq!(q.choices[q.answer].starts_with("Yes"), all_set, "{link} step {step}");
                }
                UllmanStep::Darts { targets, darts, .. } => {
                    let ones = 1.0 - (1.0 - 1.0 / *targets as f64).powf(*darts as f64);
                    assert_eq!(q.choices[q.answer], format!("{} %", trim_float(100.0 * ones, 1)));
                }
                other => panic!("a question before {other:?}"),
            }
        }
        assert!(asked >= 3, "{link}: {asked} questions");
    }
}

#[test]
fn the_streams_questions_against_hand_computation() {
    let d = DistinctLab::from_query(&Query::parse(""));
    let q = d.question(0).unwrap();
    check_shape(&q);
    // The exercise: h2 = 3x + 7 on 3, 1, 4, 1, 5, 9, 2, 6, 5 reaches R = 4.
    assert_eq!(q.choices[q.answer], "16");
    assert!(d.question(1).is_none());

    let (m, _) = MomentsLab::read(&Query::parse(""));
    let step = (0..m.last_step()).find(|&s| m.question(s).is_some()).unwrap();
    let q = m.question(step).unwrap();
    check_shape(&q);
    // Slide 38's variables: 75, 45, 45, mean 55.
    assert_eq!(q.choices[q.answer], "55");
    assert_eq!(m.walkthrough.steps[step + 1].kind, MomentsStep::Estimate);

    let (s, _) = SamplingLab::read(&Query::parse(""));
    let q = s.question(2).unwrap();
    check_shape(&q);
    // d·r / (s + d(2 − r)) = 500·0.1 / (1000 + 500·1.9) = 50/1950.
    assert_eq!(q.choices[q.answer], format!("{} %", trim_float(100.0 * 50.0 / 1950.0, 2)));
}

#[test]
fn quiz_modes() {
    let read = |s: &str| {
        let mut n = Vec::new();
        (QuizMode::read(&Query::parse(s), &mut n), n.len())
    };
    assert_eq!(read(""), (QuizMode::Off, 0));
    assert_eq!(read("quiz=class"), (QuizMode::Class, 0));
    assert_eq!(read("quiz=Study"), (QuizMode::Study, 0));
    assert_eq!(read("quiz=off"), (QuizMode::Off, 0));
    assert_eq!(read("quiz=loud"), (QuizMode::Off, 1));
    assert_eq!(read("quiz=%FF"), (QuizMode::Off, 1));
}
