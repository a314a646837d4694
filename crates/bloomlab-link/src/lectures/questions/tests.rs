use super::ullman::{list, sorted};
use super::*;
use crate::lectures::ullman::StepKind as UllmanStep;
use crate::lectures::ullman::UllmanLecture;
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::text::trim_float;

#[test]
fn ullmans_questions_match_the_next_steps_bits() {
    for link in ["", "stream=25,159,585&lookups=118,259,30", "m=31&stream=3,7,9&lookups=4,5"] {
        let (l, _) = UllmanLecture::read(&Query::parse(link));
        let mut asked = 0;
        for step in 0..l.last_step() {
            let Some(q) = l.question(step) else { continue };
            check_shape(&q);
            asked += 1;
            if q.conceptual {
                continue; // the conceptual question, checked below
            }
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
fn ullman_asks_each_kind_once_in_a_row() {
    let (l, _) = UllmanLecture::read(&Query::parse("stream=25,159,585&lookups=118,259,30"));
    let asked: Vec<usize> = (0..l.last_step()).filter(|&s| l.question(s).is_some()).collect();
    // Start, 3 inserts (steps 1-3), 3 lookups (4-6), density (7), darts (8): the first insert,
    // the first lookup and the darts are asked about; after the first insert, the conceptual one.
    assert_eq!(asked, [0, 1, 3, 7]);
    assert!(l.question(1).unwrap().conceptual);
}

#[test]
fn the_darts_question_masks_the_steps_own_count_of_1s() {
    for link in ["", "m=31&stream=3,7,9&lookups=4,5", "m=64&stream=1,2,3,4,5,6,7,8"] {
        let (l, _) = UllmanLecture::read(&Query::parse(link));
        let step = (0..l.last_step()).find(|&s| matches!(l.steps[s + 1].kind, UllmanStep::Darts { .. })).unwrap();
        let q = l.question(step).expect("a darts question");
        // Independently: m(1 − e^(−kn/m)) bits are 1 on average, and the step says so.
        let (m, n) = (l.m as f64, l.stream.len() as f64);
        let said = format!("{:.1}", m * (1.0 - (-2.0 * n / m).exp()));
        let narration = &l.steps[step].narration;
        assert!(narration.contains(&format!("= {said} on average")), "{link}: {narration}");
        let masked: String = masked_spans(narration, &q.gives_away)
            .into_iter()
            .map(|(piece, hidden)| if hidden { "?" } else { piece })
            .collect();
        assert!(masked.contains("= ? on average") && !masked.contains(&said), "{link}: {masked}");
        assert!(q.gives_away.contains(&q.choices[q.answer]));
    }
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

#[test]
fn ullmans_conceptual_question_explains_every_wrong_choice_from_the_walkthrough() {
    for link in ["", "stream=25,159,585&lookups=118,259,30", "m=31&stream=3,7,9,11&lookups=4,5", "stream=5"] {
        let (l, _) = UllmanLecture::read(&Query::parse(link));
        let asked: Vec<Question> = (0..l.last_step()).filter_map(|s| l.question(s)).filter(|q| q.conceptual).collect();
        if l.stream.len() < 2 {
            assert!(asked.is_empty(), "{link}: no insert follows another");
            continue;
        }
        assert_eq!(asked.len(), 1, "{link}");
        let q = &asked[0];
        check_shape(q);
        assert!(q.choices[q.answer].starts_with("No"), "{link}");
        // Every wrong choice, and only those, is explained.
        let mut wrong: Vec<&String> =
            q.choices.iter().enumerate().filter(|(i, _)| *i != q.answer).map(|p| p.1).collect();
        let mut explained: Vec<&String> = q.why_not.iter().map(|w| &w.0).collect();
        wrong.sort();
        explained.sort();
        assert_eq!(wrong, explained, "{link}");
        // Independently: the first item's bits are all 1 after the last insert, as the reasoning says.
        let first = l.stream[0];
        let (h1, h2) = crate::engine::hashing::ullman_split(first);
        let end = l.steps.iter().rev().find(|s| matches!(s.kind, UllmanStep::Insert { .. })).unwrap();
        assert!(end.bits.get((h1 % l.m) as usize) && end.bits.get((h2 % l.m) as usize), "{link}");
        let ones = end.bits.count_ones();
        assert!(q.why_not.iter().any(|w| w.1.contains(&format!("{ones} of {} bits are 1", l.m))), "{q:?}");
    }
}
