//! Verdicts naming every catalogued mistake that gives the student's answer.

use super::super::exercises::{dgim, explain};
use super::super::step::{Answer, DrillStep, Form, Mistake, Response, Verdict, Wrong};
use super::super::*;

const ONE: Mistake = dgim::FULL_OLDEST;
const TWO: Mistake = dgim::NO_OLDEST;
const THREE: Mistake = dgim::MERGE_NEWEST;

/// A step whose answer is 5, where ONE and TWO both give 7 and THREE gives 9.
fn step() -> DrillStep {
    let wrong = |v: u64, mistake| Wrong { answer: Answer::Whole(v), mistake };
    let wrongs = vec![wrong(7, ONE), wrong(7, ONE), wrong(5, THREE), wrong(7, TWO), wrong(9, THREE)];
    DrillStep::new("?".into(), Form::Whole { field: "estimate" }, Answer::Whole(5), "5.".into(), wrongs)
}

#[test]
fn two_mistakes_giving_one_answer_are_both_named_and_explained() {
    let s = step();
    let ids: Vec<(u64, &str)> =
        s.wrongs.iter().map(|w| (if let Answer::Whole(v) = w.answer { v } else { 0 }, w.mistake.id)).collect();
    assert_eq!(ids, [(7, ONE.id), (7, TWO.id), (9, THREE.id)], "each mistake's answer once; none the right one");
    let v = s.grade(&Response::Text("7".into()));
    assert!(!v.right);
    assert_eq!((v.mistake, v.also.clone()), (Some(ONE), vec![TWO]), "the first for tallies and hooks");
    assert_eq!(v.mistakes().collect::<Vec<_>>(), [ONE, TWO]);
    assert_eq!(v.message, "The oldest bucket counted in full, or the oldest bucket left out");
    let text = v.text();
    for m in [ONE, TWO] {
        assert!(text.contains(&format!("{}: {}", m.name, explain(m))), "{text}");
    }
    assert!(text.starts_with(&format!("{}. ", v.message)), "{text}");
    // A name after the first starts in lower case, unless it starts with a symbol.
    let named = |second: Mistake| {
        let wrongs =
            vec![Wrong { answer: Answer::Whole(7), mistake: ONE }, Wrong { answer: Answer::Whole(7), mistake: second }];
        let s = DrillStep::new("?".into(), Form::Whole { field: "x" }, Answer::Whole(5), "5.".into(), wrongs);
        s.grade(&Response::Text("7".into())).message
    };
    assert!(named(dgim::NO_EXPIRE).ends_with(", or a bucket past the window kept"));
    let symbol = Mistake { id: "r", name: "R given for 2^R" };
    assert!(named(symbol).ends_with(", or R given for 2^R"));
    // One mistake alone: its name and why, as before.
    let v = s.grade(&Response::Text("9".into()));
    assert_eq!((v.mistake, v.also.len()), (Some(THREE), 0));
    assert_eq!(v.text(), format!("{}: {}", THREE.name, explain(THREE)));
    // Right, or no mistake the catalogue knows: none named.
    assert_eq!(s.grade(&Response::Text("5".into())), Verdict::plain(true, "5".into(), "Right.".into()));
    assert_eq!(s.grade(&Response::Text("6".into())).mistakes().count(), 0);
}

#[test]
fn a_step_right_only_at_the_second_try_shows_no_mistake() {
    let mut p = Practice::new(Exercise::Dgim, 3, 2, false);
    while p.done.len() + 1 < p.max() {
        let s = p.current();
        p.submit(super::respond(&s.answer));
    }
    let s = p.current();
    let Some(w) = s.wrongs.first() else { panic!("the estimate has catalogued mistakes") };
    p.submit(super::respond(&w.answer));
    p.undo();
    p.submit(super::respond(&s.answer));
    let shown = p.done.last().map(|d| d.shown()).expect("done");
    assert!(shown.right && shown.mistake.is_none() && shown.also.is_empty());
}
