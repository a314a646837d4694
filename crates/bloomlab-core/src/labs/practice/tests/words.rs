//! Steps built bare (for grading and replaying codes) against the same steps with their words
//! (for the practice view): the same form, model answer and catalogue, on the model answers'
//! path and on a path through the catalogued mistakes, with the words left out only.

use super::super::step::{Answer, Bare, DrillStep, Response};
use super::super::*;

/// `s` with its words taken out.
fn unworded(s: &DrillStep) -> DrillStep {
    DrillStep { prompt: String::new(), worked: String::new(), ..s.clone() }
}

/// Walks every step of `p`, each built on the answers chosen before it (`pick` chooses from the
/// worded step), and checks the bare step against the worded one.
fn walk(p: &Practice, pick: fn(&DrillStep) -> Answer) {
    let mut prior: Vec<Answer> = Vec::new();
    for i in 0..p.max() {
        let worded = p.problem.step(i, &prior);
        let bare = p.problem.bare_step(i, &prior);
        assert_eq!(bare, unworded(&worded), "{:?} step {i}", p.exercise);
        assert!(!worded.prompt.is_empty() && !worded.worked.is_empty(), "{:?} step {i}", p.exercise);
        prior.push(pick(&worded));
    }
}

#[test]
fn bare_steps_are_the_worded_steps_without_their_words() {
    for exercise in Exercise::ALL {
        for (seed, level) in (0..8).flat_map(|s| (1..=3).map(move |l| (s, l))) {
            let p = Practice::new(exercise, seed, level, false);
            walk(&p, |s| s.answer.clone());
            walk(&p, |s| s.wrongs.last().map_or_else(|| s.answer.clone(), |w| w.answer.clone()));
        }
    }
}

#[test]
fn a_session_graded_bare_is_the_session_graded_with_words() {
    for (exercise, exam) in Exercise::ALL.into_iter().flat_map(|e| [(e, false), (e, true)]) {
        let mut worded = Practice::new(exercise, 5, 2, exam);
        let mut bare = worded.clone();
        for k in 0.. {
            if worded.finished() {
                break;
            }
            let (step, graded) = (worded.current(), bare.graded());
            assert_eq!(graded, unworded(&step), "{exercise:?}");
            // A catalogued mistake, the right answer or a non-answer, in turn; learn mode fixes.
            let r = match k % 3 {
                0 => step.wrongs.first().map_or_else(|| super::respond(&step.answer), |w| super::respond(&w.answer)),
                1 => super::respond(&step.answer),
                _ => Response::Text("?".into()),
            };
            worded.submit(r.clone());
            bare.submit_as(r, Bare);
            if worded.pending.is_some() {
                worded.fix();
                bare.fix_as(Bare);
            }
            assert_eq!(bare, worded, "{exercise:?} step {k}");
        }
    }
}

#[test]
fn binary_digits_are_the_digits_format_writes() {
    use super::super::exercises::binary_digits;
    let mut rng = fastrand::Rng::with_seed(7);
    let values = (0..2_000).map(|i| if i < 300 { i } else { rng.u64(..) >> rng.u32(0..64) });
    for v in values.chain([u64::MAX, 1 << 63]) {
        for width in [0u32, 1, 2, 4, 5, 8, 12, 16, 64, 70] {
            let written: Vec<bool> = format!("{v:0w$b}", w = width as usize).chars().map(|c| c == '1').collect();
            assert_eq!(binary_digits(v, width).collect::<Vec<_>>(), written, "{v} in {width}");
        }
    }
}
