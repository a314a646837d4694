use super::*;
use crate::lectures::moments::StepKind as MomentsStep;
use crate::lectures::stepper::Stepped;
use crate::lectures::ullman::StepKind as UllmanStep;
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::text::trim_float;

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
fn every_question_gives_away_at_least_its_right_choice() {
    let (u, _) = UllmanLecture::read(&Query::parse(""));
    let (m, _) = MomentsLab::read(&Query::parse(""));
    let (s, _) = SamplingLab::read(&Query::parse(""));
    let d = DistinctLab::from_query(&Query::parse(""));
    let qs = (0..u.last_step())
        .filter_map(|i| u.question(i))
        .chain((0..m.last_step()).filter_map(|i| m.question(i)))
        .chain((0..s.last_step()).filter_map(|i| s.question(i)))
        .chain(d.question(0));
    for q in qs {
        assert_eq!(q.gives_away.first(), Some(&q.choices[q.answer]), "{q:?}");
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

/// The answer's words for "reported present".
fn says_present(q: &Question) -> bool {
    q.choices[q.answer].starts_with("Yes")
}

/// Checks the counting question at `link` against counters and a multiset replayed here from the
/// link's operations, with positions hashed here; returns whether it asked about a member the
/// delete turned into a false negative.
fn check_counting(link: &str) -> bool {
    use crate::engine::hashing::seed;
    use crate::labs::counting::{CountingLab, Op};
    use std::collections::HashMap;
    use xxhash_rust::xxh3::xxh3_64_with_seed;
    let lab = CountingLab::from_query(&Query::parse(link));
    let q = counting(&lab).unwrap_or_else(|| panic!("{link}: a question"));
    check_shape(&q);
    assert_eq!(q.id, "counting-delete");
    let (m, k) = (lab.m(), lab.k());
    let pos = |item: &str| -> Vec<u64> { (0..k).map(|i| xxh3_64_with_seed(item.as_bytes(), seed(i)) % m).collect() };
    let mut counters = vec![0u32; m as usize];
    let mut truth: HashMap<String, u64> = HashMap::new();
    for op in lab.ops() {
        let (item, add) = match op {
            Op::Insert(s) => (s, true),
            Op::Delete(s) => (s, false),
        };
        for p in pos(item) {
            let c = &mut counters[p as usize];
            *c = if add { *c + 1 } else { c.saturating_sub(1) };
        }
        let t = truth.entry(item.clone()).or_insert(0);
        *t = if add { *t + 1 } else { t.saturating_sub(1) };
    }
    let deleted = lab.shown().unwrap().trace.item.clone();
    let asked = truth
        .keys()
        .find(|i| q.prompt.contains(&format!("\u{201c}{i}\u{201d} be reported")))
        .unwrap_or_else(|| panic!("{link}: {}", q.prompt))
        .clone();
    let min = pos(&asked).iter().map(|&p| counters[p as usize]).min().unwrap();
    assert_eq!(says_present(&q), min > 0, "{link}: {q:?}");
    if asked != deleted {
        assert!(truth[&asked] > 0, "{link}: asks about a member");
        assert!(min == 0 || pos(&asked).iter().any(|p| pos(&deleted).contains(p)), "{link}: one the delete touched");
    }
    min == 0 && truth[&asked] > 0
}

#[test]
fn the_counting_question_after_a_delete_matches_counters_replayed_by_hand() {
    for link in [
        "m=32&k=3&ops=i:apple,i:pear,i:apple,d:apple",
        "m=32&k=3&ops=i:apple,d:apple",
        "m=8&k=2&force=1&ops=i:apple,d:kiwi",
    ] {
        check_counting(link);
    }
    // Bad deletes in a small filter: some of them turn a member into a false negative, and the
    // question asks about that member.
    let false_negatives = (0..40)
        .map(|i| format!("m=8&k=2&force=1&ops=i:apple,i:pear,i:plum,d:x{i}"))
        .filter(|link| check_counting(link))
        .count();
    assert!(false_negatives > 0);
    // No delete shown, no question.
    assert!(counting(&crate::labs::counting::CountingLab::from_query(&Query::parse("ops=i:apple"))).is_none());
}

#[test]
fn the_xor_question_matches_an_xor_of_the_layers_hashes_computed_here() {
    use crate::engine::hashing::seed;
    use crate::labs::mlbf::MlbfLab;
    use xxhash_rust::xxh3::xxh3_64_with_seed;
    for link in ["", "m=100&k=3&layers=3", "m=64&k=2&layers=2"] {
        let mut lab = MlbfLab::from_query(&Query::parse(link));
        assert!(mlbf(&lab).is_none(), "no URL shown, no question");
        lab.insert("http://www.example.com/a/b/c.html").unwrap();
        for _ in 0..2 {
            let q = mlbf(&lab).expect("a question");
            check_shape(&q);
            assert_eq!(q.id, "mlbf-xor");
            let keys = &lab.shown().unwrap().keys;
            let m = lab.m();
            let xor = (0..lab.layers())
                .map(|i| keys.get(i).map_or("", |s| s.as_str()))
                .fold(0u64, |acc, key| acc ^ (xxh3_64_with_seed(key.as_bytes(), seed(0)) % m));
            assert_eq!(q.choices[q.answer], format!("bit {}", xor % m), "{link}: {q:?}");
            lab.lookup("http://www.example.com/a/x.html").unwrap();
        }
    }
}

#[test]
fn the_conceptual_questions_explain_every_wrong_choice_from_the_walkthrough() {
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

    // Flajolet–Martin: 3, 1, 4, 1, …: asked at step 3, before the second 1; under h2 = 3x + 7
    // mod 32, 1 hashes to 10 = 01010, tail 1, both times.
    let d = DistinctLab::from_query(&Query::parse(""));
    let asked: Vec<usize> = (0..d.last_step()).filter(|&s| d.question(s).is_some()).collect();
    assert_eq!(asked, [0, 3]);
    let q = d.question(3).unwrap();
    check_shape(&q);
    assert!(q.choices[q.answer].starts_with("No"));
    assert_eq!(d.rows[1][1].h, d.rows[1][3].h);
    assert!(q.why_not.iter().any(|w| w.1.contains("h2(1) = 10 every time") && w.1.contains("tail of 1 0(s)")), "{q:?}");
    assert!(q.why_not.iter().any(|w| w.1.contains("9 elements give only 7 different values")), "{q:?}");
    assert!(DistinctLab::from_query(&Query::parse("stream=1,2,3")).question(2).is_none(), "no repeat, no question");

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
    let all = crate::labs::moments::ams::every_position(&m.walkthrough.stream, 2);
    let total: u128 = all.iter().map(|v| v.value).sum();
    assert_eq!((total / n as u128, total % n as u128), (59, 0));
    assert!(q.reasoning.contains("= 59, the moment itself"), "{q:?}");
    assert!(q.why_not.iter().any(|w| w.1.contains("their mean is 59 every time")), "{q:?}");

    let (s, _) = SamplingLab::read(&Query::parse(""));
    let q = s.question(4).expect("the by-key question");
    check_shape(&q);
    // d / (s + d) = 500 / 1500; by position 50/1950; r·x = 0.1/3.
    assert_eq!(q.choices[q.answer], format!("the stream's own share, {} %", trim_float(100.0 / 3.0, 2)));
    assert!(q.choices.contains(&format!("the same as by position, {} %", trim_float(100.0 * 50.0 / 1950.0, 2))));
    assert_eq!(q.why_not.len(), q.choices.len() - 1);
    assert!(q.why_not.iter().all(|(c, _)| q.choices.contains(c) && *c != q.choices[q.answer]));
}
