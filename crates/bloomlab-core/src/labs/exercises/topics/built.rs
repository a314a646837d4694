//! The filters built once (chapter 5): peeling and filling an xor filter, and inserts into a
//! quotient filter, on the problems the practice drills draw (`practice::exercises::built`): the
//! question is the drill's statement and task, the key its model answers, and the working its
//! worked solutions, step by step, with the catalogued slips each step is known for.

use super::super::{KeyLine, SheetQuestion, Topic};
use super::walkthrough_link;
use crate::engine::quotient::QuotientFilter;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::exercises::built::quotient_insert::{self, Fp, QuotientInsertProblem, R};
use crate::labs::practice::exercises::built::xor_peel::{self, XorPeelProblem};
use crate::labs::practice::step::{DrillStep, Worded};
use crate::labs::quotient::{params, QuotientLab};
use crate::labs::xor::Step as XorStep;
use crate::labs::xor::XorLab;
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::link::views::View;

/// A step's worked solution as a line of the key, with the slips a student is known to make on
/// it (the drill's catalogue: each wrong answer and its mistake).
fn step_line(i: usize, s: &DrillStep) -> KeyLine {
    let slips: Vec<String> = s.wrongs.iter().map(|w| format!("{} ({})", w.answer.shown(), w.mistake.name)).collect();
    let text =
        if slips.is_empty() { s.worked.clone() } else { format!("{} Common slips: {}.", s.worked, slips.join("; ")) };
    KeyLine { text, data: vec![("step", (i + 1).to_string()), ("answer", s.answer.shown())] }
}

/// The drill's steps, worded.
fn steps(n: usize, step: impl Fn(usize) -> DrillStep) -> Vec<DrillStep> {
    (0..n).map(step).collect()
}

/// The xor view's walkthrough of its own keys at its first peel: the method, shown.
fn xor_walkthrough() -> String {
    let lab = XorLab::read(&Query::parse("")).0;
    let first = lab.walk.steps.iter().position(|s| matches!(s, XorStep::Peel(_))).unwrap_or(0);
    walkthrough_link(View::Xor.pairs(Vec::new()), first)
}

/// Peel a small xor filter by hand (the lowest slot of degree 1 each time), then fill its slots.
pub(super) fn xor_peel(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let p = XorPeelProblem::draw(big as u64, rng);
    let all = steps(p.steps(), |i| p.step_as(i, &[], Worded));
    let n = p.keys.len();
    let order: Vec<String> = all[..n].iter().map(|s| s.answer.shown()).collect();
    let filled: Vec<String> =
        all[n..].iter().zip(order.iter().rev()).map(|(s, slot)| format!("{slot}={}", s.answer.shown())).collect();
    SheetQuestion {
        topic: Topic::XorPeel,
        index,
        question: format!("{} {}", p.statement(), xor_peel::TASK),
        data: vec![("problem", p.json()), ("order", order.join(",")), ("values", filled.join(","))],
        answer: format!("peel {}; fill {}", order.join(", "), filled.join(", ")),
        working: "Peel: a slot of degree 1 belongs to one key, which leaves with it; its other slots lose 1. Fill in reverse: when a key is filled, its other slots hold their final values, so fingerprint ⊕ the other two makes the three XOR to the fingerprint.".into(),
        lines: all.iter().enumerate().map(|(i, s)| step_line(i, s)).collect(),
        link: xor_walkthrough(),
    }
}

/// Words whose fingerprints in the quotient view (xxh3, seed 0, mod 2^(q + 4)) are `fps`, in
/// order, each a different word: made of syllables, searched in a fixed order.
fn words_for(q: u32, fps: &[Fp]) -> Option<Vec<String>> {
    let table = QuotientFilter::new(q, R).ok()?;
    let syllables: Vec<String> =
        "bdfgklmnprstvz".chars().flat_map(|c| "aeiou".chars().map(move |v| format!("{c}{v}"))).collect();
    let mut found: Vec<Option<String>> = vec![None; fps.len()];
    let wanted: Vec<u64> = fps.iter().map(|&(quotient, rem)| ((quotient as u64) << R) | rem).collect();
    for a in &syllables {
        for b in &syllables {
            let word = format!("{a}{b}");
            let f = table.fingerprint(&word);
            if let Some(i) = (0..fps.len()).find(|&i| found[i].is_none() && wanted[i] == f) {
                found[i] = Some(word);
            }
        }
    }
    found.into_iter().collect()
}

/// The table after every insert, as the quotient view's `qf-slots` writes it.
fn table_after(p: &QuotientInsertProblem) -> String {
    p.table_before(p.inserts.len()).slots_hook()
}

/// The quotient view's walkthrough of the same inserts, after the last one: the table the key ends
/// with (or no link, should no words be found: 4,900 words cover the 256 fingerprints many times).
fn quotient_walkthrough(p: &QuotientInsertProblem) -> (String, Vec<String>) {
    let all: Vec<Fp> = p.stored.iter().chain(&p.inserts).copied().collect();
    let Some(words) = words_for(p.q, &all) else { return (String::new(), Vec::new()) };
    let ops = words.iter().map(|w| format!("i:{w}")).collect::<Vec<_>>().join(",");
    let pairs = View::Quotient.pairs(vec![
        (params::Q.name, p.q.to_string()),
        (params::R.name, R.to_string()),
        (params::OPS.name, ops),
    ]);
    let lab = QuotientLab::read(&Query::parse(&crate::link::query::build(&pairs))).0;
    (walkthrough_link(pairs, lab.walk.steps.len().saturating_sub(1)), words)
}

/// Inserts into a small quotient filter by hand: where each remainder lands, and its bits.
pub(super) fn quotient_insert(index: usize, big: usize, rng: &mut fastrand::Rng) -> SheetQuestion {
    let p = QuotientInsertProblem::draw(big as u64, rng);
    let all = steps(p.steps(), |i| p.step_as(i, &[], Worded));
    let answers: Vec<String> = all.iter().map(|s| s.answer.shown()).collect();
    let (link, words) = quotient_walkthrough(&p);
    SheetQuestion {
        topic: Topic::QuotientInsert,
        index,
        question: format!("{} {}", p.statement(), quotient_insert::TASK),
        data: vec![("problem", p.json()), ("words", words.join(",")), ("table", table_after(&p))],
        answer: answers.join("; "),
        working: format!(
            "A remainder's canonical slot is its quotient. Walk back to the start of the cluster, step through its runs (one for each occupied bit) to the run of this quotient, and put the remainder in sorted place; everything after it moves one slot on. In the quotient view the fingerprints are the words {}, in order.",
            words.join(", ")
        ),
        lines: all.iter().enumerate().map(|(i, s)| step_line(i, s)).collect(),
        link,
    }
}
