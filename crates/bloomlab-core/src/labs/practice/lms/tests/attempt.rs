use super::{answer_right, answer_wrong, finish};
use crate::labs::practice::lms::attempt::MAX_SUSPEND;
use crate::labs::practice::lms::{Assignment, Attempt, Task};
use crate::labs::practice::step::Response;
use crate::labs::practice::Exercise;

/// Every exercise at level 3, in exam mode.
fn all_level_3(seed: u64) -> Assignment {
    let tasks = Exercise::ALL.iter().map(|&exercise| Task { exercise, level: 3 }).collect();
    Assignment { tasks, exam: true, seed, ..Assignment::default() }
}

fn two_tasks(exam: bool) -> Assignment {
    let tasks = vec![Task { exercise: Exercise::BloomInsert, level: 2 }, Task { exercise: Exercise::Fm, level: 1 }];
    Assignment { tasks, exam, seed: 9, ..Assignment::default() }
}

#[test]
fn every_exercise_at_level_3_answered_fits_and_comes_back() {
    let mut longest = 0;
    for seed in 0..200 {
        let asg = all_level_3(seed);
        let mut at = asg.start("learner-1");
        at.sessions.iter_mut().for_each(finish);
        at.current = at.sessions.len() - 1;
        let data = at.suspend_data();
        longest = longest.max(data.len());
        assert!(data.len() <= MAX_SUSPEND, "seed {seed}: {} characters", data.len());
        assert!(!data.contains(" - "), "seed {seed}: a session was dropped");
        let back = Attempt::resume(&asg, "learner-1", &data).unwrap();
        assert_eq!((back.score(), back.max(), back.finished()), (at.score(), at.max(), true));
        assert_eq!(back.sessions, at.sessions);
    }
    // The room left, as the doc comment of `suspend_data` says.
    assert!(longest < 3_300, "{longest}");
}

#[test]
fn answers_so_far_and_the_current_exercise_come_back() {
    for exam in [true, false] {
        let asg = two_tasks(exam);
        let mut at = asg.start("ann");
        answer_right(&mut at.sessions[0]);
        assert!(answer_wrong(&mut at.sessions[0]));
        finish(&mut at.sessions[0]);
        at.current = 1;
        answer_wrong(&mut at.sessions[1]);
        at.sent = 3;
        let data = at.suspend_data();
        assert!(data.starts_with("B1 1 3 P1_bloom-insert_"), "{data}");
        let back = Attempt::resume(&asg, "ann", &data).unwrap();
        assert_eq!((back.current, back.sent, back.score(), back.done()), (1, 3, at.score(), at.done()));
        assert_eq!(back.sessions[0].score(), at.sessions[0].score());
        assert!(!back.finished());
    }
}

#[test]
fn a_session_not_started_is_a_dash_and_a_fresh_attempt_round_trips() {
    let asg = two_tasks(false);
    let at = asg.start("bo");
    assert_eq!(at.suspend_data(), "B1 0 0 - -");
    assert_eq!(Attempt::resume(&asg, "bo", "B1 0 0 - -").unwrap(), at);
}

#[test]
fn a_wrong_first_try_waiting_is_saved_as_fixed() {
    let asg = two_tasks(false);
    let mut at = asg.start("cy");
    let step = at.sessions[0].graded();
    at.sessions[0].submit(Response::Bits(step.answer.shown().chars().map(|c| c == '0').collect()));
    assert!(at.sessions[0].pending.is_some());
    let back = Attempt::resume(&asg, "cy", &at.suspend_data()).unwrap();
    assert_eq!(back.sessions[0].done.len(), 1);
    assert!(!back.sessions[0].done[0].scored && back.sessions[0].done[0].fixed);
}

#[test]
fn tampered_or_foreign_data_is_refused_with_a_reason() {
    let asg = two_tasks(true);
    let mut at = asg.start("dee");
    finish(&mut at.sessions[0]);
    let data = at.suspend_data();
    let other_learner = {
        let mut b = asg.start("eve");
        finish(&mut b.sessions[0]);
        b.suspend_data()
    };
    let other_assignment = Assignment { seed: 10, ..asg.clone() };
    let cases = [
        String::new(),
        "lesson=3;page=7".into(),
        data.replacen("P1_bloom-insert", "P1_bloom-lookup", 1),
        data.replace("B1 0 0", "B1 x 0"),
        data.replace("B1 0 0", "B1 5 0"),
        format!("{data} -"),
        data[..data.len() - 3].to_string(),
        data.replacen('1', "0", 3),
        other_learner,
    ];
    for bad in &cases {
        let err = Attempt::resume(&asg, "dee", bad).unwrap_err();
        assert!(!err.is_empty(), "{bad}");
    }
    assert!(Attempt::resume(&other_assignment, "dee", &data).is_err());
    assert!(Attempt::resume(&asg, "dee", &data).is_ok());
}

#[test]
fn data_over_the_limit_drops_the_last_sessions_never_the_current_one() {
    // Counters typed as long as a cell takes: the longest answers a learner can give.
    let tasks = vec![Task { exercise: Exercise::Dgim, level: 3 }; 13];
    let asg = Assignment { tasks, exam: true, ..Assignment::default() };
    let mut at = asg.start("fay");
    for p in at.sessions.iter_mut() {
        while !p.finished() {
            let r = match super::respond(&p.graded().answer) {
                Response::Cells(c) => Response::Cells(c.iter().map(|_| "-999999999".to_string()).collect()),
                r => r,
            };
            p.submit(r);
        }
    }
    at.current = 5;
    let data = at.suspend_data();
    assert!(data.len() <= MAX_SUSPEND, "{}", data.len());
    let back = Attempt::resume(&asg, "fay", &data).unwrap();
    assert!(back.sessions[5].finished(), "the current session is kept");
    assert!(!back.sessions[12].finished(), "the last is dropped first");
    let kept = back.sessions.iter().filter(|p| p.finished()).count();
    assert!((1..13).contains(&kept), "{kept}");
    for (b, a) in back.sessions.iter().zip(&at.sessions) {
        assert!(!b.finished() || b == a, "what is kept is kept whole");
    }
}
