//! Ullman's example, the questions about what the next step shows: which bits the first insert
//! sets, whether the first lookup says present, the fraction of 1s after the darts. Each wrong
//! choice is made together with what it actually is. And the conceptual one: can an inserted
//! item ever be reported absent?

use super::{concept, question, Question, Quizzed, Wrong};
use crate::engine::filter::{Trace, Truth, Verdict};
use crate::lectures::ullman::{StepKind as UllmanStep, UllmanLecture};
use crate::text::{join_clauses, sentence, trim_float};

impl Quizzed for UllmanLecture {
    fn question(&self, step: usize) -> Option<Question> {
        ullman(self, step).or_else(|| conceptual(self, step))
    }
}

/// Ullman's example: before the first insert, which bits it sets; before the first lookup, whether
/// the filter says present; before the darts, the fraction of 1s. A question of the same kind is
/// not asked again at once (the second and third inserts, the lookups after the first).
pub fn ullman(l: &UllmanLecture, step: usize) -> Option<Question> {
    let next = l.steps.get(step + 1)?;
    if std::mem::discriminant(&l.steps[step].kind) == std::mem::discriminant(&next.kind) {
        return None;
    }
    let id = format!("ullman-{step}");
    match &next.kind {
        UllmanStep::Insert { trace, .. } => insert_question(l, id, step, trace, &next.narration),
        UllmanStep::Lookup { trace, verdict, truth, .. } => {
            let present = *verdict == Verdict::Maybe;
            lookup_question(id, step, trace, (present, *truth == Truth::Member), &next.narration)
        }
        UllmanStep::Darts { targets, darts, miss_exact, .. } => {
            // The step before says how many bits are 1 on average.
            let said = matches!(l.steps[step].kind, UllmanStep::Density { .. })
                .then(|| crate::lectures::ullman::expected_ones_text(l.m, l.stream.len() as u64));
            darts_question(id, step, (*targets, *darts), *miss_exact).map(|q| q.giving_away(said))
        }
        _ => None,
    }
}

/// Which bits will the insert of `trace`'s item set? Wrong: the bits other inserts set, and the
/// right bits one place on (bits counted from 1).
fn insert_question(l: &UllmanLecture, id: String, step: usize, trace: &Trace, narration: &str) -> Option<Question> {
    let item = &trace.item;
    let right = sorted(trace.positions().collect());
    let mut wrong: Vec<Wrong> = l
        .steps
        .iter()
        .filter_map(|s| match &s.kind {
            UllmanStep::Insert { trace: t, .. } => Some((sorted(t.positions().collect()), &t.item)),
            _ => None,
        })
        .filter(|(p, _)| *p != right)
        .map(|(p, other)| {
            let those = if p.len() == 1 { "That is the bit" } else { "Those are the bits" };
            let why = format!(
                "{those} of {other}, another element of the stream: each element's bits come from its own binary digits."
            );
            (list(&p), why)
        })
        .collect();
    let shifted = sorted(right.iter().map(|p| (p + 1) % l.m).collect());
    let why = format!(
        "These are off by one: the bits are numbered from 0 to {}, and a hash value taken mod {} names the bit with that very number, not the one after it.",
        l.m - 1,
        l.m
    );
    wrong.push((list(&shifted), why));
    let reasoning = sentence(&format!("{item} hashes to {}: {narration}", list(&right)));
    question(id, format!("Which bits will {item} set?"), list(&right), wrong, reasoning, step)
}

/// Will the lookup of `trace`'s item say present? `(present, member)`: the filter's answer and
/// whether the item was inserted.
fn lookup_question(
    id: String,
    step: usize,
    trace: &Trace,
    (present, member): (bool, bool),
    narration: &str,
) -> Option<Question> {
    let item = &trace.item;
    let bits = sorted(trace.positions().collect());
    let zeros = sorted(trace.steps.iter().filter(|s| !s.was_set).map(|s| s.position).collect());
    let (yes, no) = ("Yes: reported present".to_string(), "No: reported absent".to_string());
    let wrong = if present && member {
        (no, format!("{item} was inserted, and an insert's bits stay 1: no step ever turns a bit back to 0."))
    } else if present {
        let why = format!(
            "{item} was never inserted, but the filter cannot know that: {} {} 1, set by the elements that were, and a lookup that finds only 1s says present.",
            list(&bits),
            are(bits.len())
        );
        (no, why)
    } else {
        let why = format!(
            "Present needs every one of its bits to be 1, and {} {} still 0: no element inserted so far hashes there.",
            list(&zeros),
            are(zeros.len())
        );
        (yes, why)
    };
    let right = if present { "Yes: reported present" } else { "No: reported absent" }.to_string();
    // The lookup's own step says whether it was inserted (and so a false positive).
    let reasoning = sentence(&join_clauses(&format!("{item} hashes to {}", list(&bits)), narration));
    question(id, format!("Will {item} be reported present?"), right, vec![wrong], reasoning, step)
}

/// About what fraction of `targets` bits will `darts` darts leave 1? `miss` = (1 − 1/targets)^darts.
/// Wrong: darts over bits (no two darts on one bit), the fraction of 0s, the fraction of 1s squared.
fn darts_question(id: String, step: usize, (targets, darts): (u64, u64), miss: f64) -> Option<Question> {
    let ones = 1.0 - miss;
    let pct = |x: f64| format!("{} %", trim_float(100.0 * x, 1));
    let naive = (darts as f64 / targets as f64).min(1.0);
    let wrong = vec![
        (
            pct(naive),
            format!(
                "That is {darts} / {targets}{}: it counts every dart as a 1 of its own, but a dart that lands on a bit already hit adds no new 1.",
                if darts > targets { ", capped at all of them" } else { "" }
            ),
        ),
        (
            pct(miss),
            format!(
                "(1 − 1/{targets})^{darts} = {} is the chance that every dart misses a given bit: that is the fraction of 0s, not of 1s.",
                trim_float(miss, 4)
            ),
        ),
        (
            pct((ones * ones).min(1.0)),
            "That is the fraction of 1s squared: the chance that two given bits are both 1 (what a lookup with two hashes needs for a false positive), not the fraction of 1s itself.".to_string(),
        ),
    ];
    let reasoning = format!(
        "Each of the {darts} darts misses a given bit with chance 1 − 1/{targets}, so a bit stays 0 with chance (1 − 1/{targets})^{darts} = {}; the rest, {}, are 1.",
        trim_float(miss, 4),
        pct(ones)
    );
    question(
        id,
        format!("{darts} darts at {targets} bits: about what fraction of the bits will be 1?"),
        pct(ones),
        wrong,
        reasoning,
        step,
    )
}

/// Ullman: at the first insert another insert follows, can the filter ever report the item just
/// inserted absent? (No: bits only go from 0 to 1.)
fn conceptual(l: &UllmanLecture, step: usize) -> Option<Question> {
    let is_insert = |i: usize| matches!(l.steps.get(i).map(|s| &s.kind), Some(UllmanStep::Insert { .. }));
    let first = (0..l.steps.len()).find(|&i| is_insert(i) && is_insert(i + 1))?;
    if step != first {
        return None;
    }
    let UllmanStep::Insert { trace, .. } = &l.steps[step].kind else { return None };
    let item = &trace.item;
    let mine = sorted(trace.positions().collect());
    let last = l.steps.iter().rposition(|s| matches!(s.kind, UllmanStep::Insert { .. }))?;
    let end = &l.steps[last].bits;
    let (ones, m) = (end.count_ones(), l.m);
    // The later inserts that set one of its bits again.
    let sharing: Vec<String> = l.steps[step + 1..]
        .iter()
        .filter_map(|s| match &s.kind {
            UllmanStep::Insert { trace: t, .. } if t.positions().any(|p| mine.contains(&p)) => Some(t.item.clone()),
            _ => None,
        })
        .collect();
    let right = "No: an inserted item is always reported present".to_string();
    let again = "Yes: once a later insert sets one of its bits again".to_string();
    let full = "Yes: once most of the bits are 1".to_string();
    let shared = match sharing.as_slice() {
        [] => "No later insert here touches them, but one that did would only find them 1 already".to_string(),
        s => format!(
            "Here {} set{} one of them again, and it stays 1",
            s.join(" and "),
            if s.len() == 1 { "s" } else { "" }
        ),
    };
    let wrong = vec![
        (again, format!("Setting a bit that is already 1 leaves it 1. {shared}.")),
        (
            full,
            format!(
                "More 1s only make the filter say present more often: after the inserts {ones} of {m} bits are 1, and every lookup that lands on 1s says present."
            ),
        ),
    ];
    let reasoning = format!(
        "Inserting {item} sets {}. No step ever turns a bit back to 0, so after all the inserts {} {} still 1 and every lookup of {item} reports it present: a Bloom filter has false positives, never false negatives.",
        list(&mine),
        list(&mine),
        if mine.len() == 1 { "is" } else { "are" }
    );
    let prompt = format!("Once {item} is in, can this filter ever report {item} absent?");
    concept(question(format!("ullman-{step}"), prompt, right, wrong, reasoning, step))
}

pub(super) fn list(p: &[u64]) -> String {
    let p: Vec<String> = p.iter().map(|x| x.to_string()).collect();
    match p.len() {
        0 => "none".into(),
        1 => format!("bit {}", p[0]),
        _ => format!("bits {} and {}", p[..p.len() - 1].join(", "), p[p.len() - 1]),
    }
}

/// "is" for one, "are" for more.
fn are(n: usize) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

pub(super) fn sorted(mut p: Vec<u64>) -> Vec<u64> {
    p.sort_unstable();
    p.dedup();
    p
}
