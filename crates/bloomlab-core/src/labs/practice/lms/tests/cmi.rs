use super::{answer_right, answer_wrong, finish};
use crate::labs::practice::lms::cmi::{
    begin, end_pairs, exit, interaction, interaction_pairs, interactions, mastery, open, pairs, raw_score, status,
    timespan, Begin, Status, KIND,
};
use crate::labs::practice::lms::{Assignment, Task};
use crate::labs::practice::step::{Bare, Response};
use crate::labs::practice::{Exercise, Practice};

/// A SCORM 1.2 `CMIIdentifier` (printable ASCII, no spaces, at most 255).
fn identifier(s: &str) -> bool {
    !s.is_empty() && s.len() <= 255 && s.bytes().all(|b| (0x21..=0x7e).contains(&b))
}

/// A `CMIString255` as a JavaScript runtime's `^.{0,255}$` reads it.
fn string_255(s: &str) -> bool {
    s.encode_utf16().count() <= 255 && !s.chars().any(|c| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}'))
}

fn one_task(exercise: Exercise, level: u64, exam: bool) -> Assignment {
    Assignment { tasks: vec![Task { exercise, level }], exam, ..Assignment::default() }
}

#[test]
fn right_and_mistaken_steps_have_the_tallys_ids() {
    let mut p = Practice::new(Exercise::BloomInsert, 3, 1, true);
    answer_right(&mut p);
    assert!(answer_wrong(&mut p));
    let right = interaction(&p, 0).unwrap();
    assert_eq!((right.id.as_str(), right.result, right.kind), ("bloom-insert.s1", "correct", KIND));
    assert_eq!(right.student_response, right.correct_pattern);
    let wrong = interaction(&p, 1).unwrap();
    let m = p.done[1].verdict.mistake.unwrap().id;
    assert_eq!(wrong.id, format!("bloom-insert.s2.{m}"));
    assert_eq!((wrong.result, wrong.mistake.as_deref()), ("wrong", Some(m)));
    assert_ne!(wrong.student_response, wrong.correct_pattern);
    assert!(interaction(&p, 2).is_none());
}

#[test]
fn every_catalogued_mistake_id_is_an_identifier() {
    let mut seen = 0;
    for exercise in Exercise::ALL {
        for level in 1..=3 {
            for seed in 0..5 {
                let mut p = Practice::new(exercise, seed, level, true);
                while !p.finished() {
                    answer_wrong(&mut p);
                    let row = interaction(&p, p.done.len() - 1).unwrap();
                    assert!(identifier(&row.id), "{}", row.id);
                    seen += row.mistake.is_some() as usize;
                    if let Some(m) = p.done.last().unwrap().verdict.mistake {
                        assert_eq!(row.mistake.as_deref(), Some(m.id), "kept as it is: no need to change it");
                    }
                }
            }
        }
    }
    assert!(seen > 500, "{seen}");
}

#[test]
fn long_and_odd_responses_are_cut_to_one_line_of_255() {
    let mut p = Practice::new(Exercise::FpFormula, 1, 1, true);
    p.submit_as(Response::Text(format!("1\n2\u{2028}{}", "\u{1F338}".repeat(400))), Bare);
    let row = interaction(&p, 0).unwrap();
    assert!(string_255(&row.student_response), "{}", row.student_response.len());
    assert_eq!(row.student_response.encode_utf16().count(), 254, "an emoji is never cut in half");
    assert!(row.student_response.starts_with("1 2 "));
    // Count-min's cells at level 3, each typed long (the first answer is kept as typed).
    let mut p = Practice::new(Exercise::CmUpdate, 1, 3, true);
    let Response::Cells(c) = super::respond(&p.graded().answer) else { panic!("cells") };
    p.submit_as(Response::Cells(c.iter().map(|_| "7".repeat(100)).collect()), Bare);
    let row = interaction(&p, 0).unwrap();
    assert_eq!(row.student_response.len(), 255);
    assert!(string_255(&row.correct_pattern));
    // Bits, written as the page shows them (0s and 1s), past 255 only when sent that long.
    let mut p = Practice::new(Exercise::BloomInsert, 1, 3, true);
    p.submit_as(Response::Bits(vec![true; 1000]), Bare);
    assert_eq!(interaction(&p, 0).unwrap().student_response, "1".repeat(255));
}

#[test]
fn pairs_set_each_row_in_order_and_only_once() {
    let asg = Assignment {
        tasks: vec![Task { exercise: Exercise::Fm, level: 1 }, Task { exercise: Exercise::FpFormula, level: 1 }],
        ..Assignment::default()
    };
    let mut at = asg.start("gus");
    answer_right(&mut at.sessions[0]);
    answer_wrong(&mut at.sessions[0]);
    let first = interaction_pairs(&mut at, 4, None);
    let names: Vec<&str> = first.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names[..7],
        [
            "cmi.interactions.4.id",
            "cmi.interactions.4.objectives.0.id",
            "cmi.interactions.4.type",
            "cmi.interactions.4.weighting",
            "cmi.interactions.4.student_response",
            "cmi.interactions.4.correct_responses.0.pattern",
            "cmi.interactions.4.result",
        ]
    );
    assert_eq!(first.len(), 14);
    assert_eq!((first[1].1.as_str(), first[3].1.as_str()), ("fm", "1"));
    assert!(first[7].0.starts_with("cmi.interactions.5."));
    assert!(interaction_pairs(&mut at, 6, None).is_empty(), "nothing new");
    answer_right(&mut at.sessions[1]);
    let next = interaction_pairs(&mut at, 6, None);
    assert_eq!(next, pairs(6, &interactions(&at)[2]));
    assert_eq!(next[0].1, "fp-formula.s1");
    for (k, v) in &first {
        let ok = if k.ends_with(".id") { identifier(v) } else { string_255(v) };
        assert!(ok, "{k} = {v}");
    }
}

#[test]
fn the_raw_score_is_the_percent_right_at_the_first_try_rounded_down() {
    let asg = one_task(Exercise::FpFormula, 1, true);
    let mut at = asg.start("hal");
    assert_eq!((raw_score(&at), status(&at, 80, None)), (0, Status::Incomplete));
    answer_right(&mut at.sessions[0]);
    assert_eq!(status(&at, 0, None), Status::Incomplete, "unfinished: incomplete whatever the mark");
    answer_wrong(&mut at.sessions[0]);
    assert_eq!(raw_score(&at), 50);
    assert_eq!(status(&at, 80, None), Status::Failed);
    assert_eq!(status(&at, 50, None), Status::Passed);
    assert_eq!(status(&at, 80, Some(50.0)), Status::Passed, "the LMS's mastery score wins");
    assert_eq!(status(&at, 20, Some(50.5)), Status::Failed);
    // 2 of 3 steps: 66.67 %, written 66.
    let three = Assignment { tasks: vec![Task { exercise: Exercise::BloomInsert, level: 1 }; 1], ..asg };
    let mut at = three.start("ida");
    let steps = at.max();
    for j in 0..steps {
        if j == 0 {
            answer_wrong(&mut at.sessions[0]);
        } else {
            answer_right(&mut at.sessions[0]);
        }
    }
    assert_eq!(raw_score(&at) as usize, (steps - 1) * 100 / steps);
}

#[test]
fn mastery_scores_are_read_only_when_valid() {
    for (v, m) in
        [("80", Some(80.0)), ("66.5", Some(66.5)), (" 100 ", Some(100.0)), ("0", Some(0.0)), (".5", Some(0.5))]
    {
        assert_eq!(mastery(v), m, "{v}");
    }
    for v in ["", "101", "-5", "1e2", "80%", "abc", ".", "1000", "NaN"] {
        assert_eq!(mastery(v), None, "{v}");
    }
}

#[test]
fn session_time_is_a_cmi_timespan() {
    assert_eq!(timespan(0), "00:00:00.00");
    assert_eq!(timespan(1_234), "00:00:01.23");
    assert_eq!(timespan(3_723_456), "01:02:03.45");
    assert_eq!(timespan(100 * 3_600_000), "100:00:00.00");
    assert_eq!(timespan(u64::MAX), "9999:59:59.99");
}

#[test]
fn the_end_sets_score_status_time_and_exit() {
    let asg = one_task(Exercise::FpFormula, 1, false);
    let mut at = asg.start("jo");
    answer_right(&mut at.sessions[0]);
    let unfinished = end_pairs(&at, &asg, "", 61_000);
    let get = |ps: &[(String, String)], k: &str| ps.iter().find(|(e, _)| e == k).map(|(_, v)| v.clone()).unwrap();
    assert_eq!(get(&unfinished, "cmi.core.lesson_status"), "incomplete");
    assert_eq!(get(&unfinished, "cmi.core.exit"), "suspend");
    assert_eq!(get(&unfinished, "cmi.core.session_time"), "00:01:01.00");
    assert!(get(&unfinished, "cmi.suspend_data").starts_with("B1 0 0 P1_fp-formula_"));
    finish(&mut at.sessions[0]);
    let done = end_pairs(&at, &asg, "", 0);
    assert_eq!(exit(&at), "");
    assert_eq!(get(&done, "cmi.core.exit"), "");
    assert_eq!(get(&done, "cmi.core.score.raw"), "100");
    assert_eq!(get(&done, "cmi.core.score.min"), "0");
    assert_eq!(get(&done, "cmi.core.score.max"), "100");
    assert_eq!(get(&done, "cmi.core.lesson_status"), "passed");
}

#[test]
fn entry_and_status_choose_between_fresh_and_resumed() {
    assert_eq!(begin("ab-initio", "incomplete"), Begin::Fresh);
    assert_eq!(begin("resume", "incomplete"), Begin::Resume);
    assert_eq!(begin("", "incomplete"), Begin::Resume);
    assert_eq!(begin("", "passed"), Begin::Resume);
    assert_eq!(begin("", "not attempted"), Begin::Fresh);
    assert_eq!(begin("", ""), Begin::Fresh);
    let asg = one_task(Exercise::Fm, 1, true);
    let mut at = asg.start("kim");
    answer_right(&mut at.sessions[0]);
    let data = at.suspend_data();
    assert_eq!(open(&asg, "kim", "resume", "incomplete", &data), (at.clone(), None));
    assert_eq!(open(&asg, "kim", "ab-initio", "", &data), (asg.start("kim"), None));
    let (fresh, why) = open(&asg, "kim", "resume", "incomplete", "B1 0 0 P1_junk");
    assert_eq!(fresh, asg.start("kim"));
    assert!(why.is_some());
}
