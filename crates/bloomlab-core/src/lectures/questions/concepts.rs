//! Conceptual questions: about why a method works rather than a number the next step shows. Each
//! wrong choice carries why it is wrong, written from the walkthrough's own state.

use super::{list, question, sorted, Question};
use crate::labs::distinct::DistinctLab;
use crate::labs::moments::ams::value_sums;
use crate::labs::moments::MomentsLab;
use crate::labs::sampling::theory::{repeated_in_sample, repeated_in_stream};
use crate::labs::sampling::SamplingLab;
use crate::lectures::moments::StepKind as MomentsStep;
use crate::lectures::ullman::{StepKind as UllmanStep, UllmanLecture};
use crate::text::trim_float;

/// The question, marked conceptual: its wrong choices are listed with why once the answer shows.
fn concept(q: Option<Question>) -> Option<Question> {
    q.map(|q| Question { conceptual: true, ..q })
}

/// Ullman: at the first insert another insert follows, can the filter ever report the item just
/// inserted absent? (No: bits only go from 0 to 1.)
pub fn ullman(l: &UllmanLecture, step: usize) -> Option<Question> {
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

/// Sampling: before the step that samples by key, what share of the sample's queries will look
/// repeated? (The stream's own share: both copies of a query are in or out together.)
pub fn sampling(l: &SamplingLab, step: usize) -> Option<Question> {
    if step != 4 {
        return None;
    }
    let (s, d, r) = (l.s, l.d, l.rate);
    let pct = |x: f64| format!("{} %", trim_float(100.0 * x, 2));
    let x = repeated_in_stream(s, d);
    let right = format!("the stream's own share, {}", pct(x));
    let by_position = repeated_in_sample(s, d, r);
    let wrong = [
        (
            by_position,
            format!("the same as by position, {}", pct(by_position)),
            format!(
                "By position each copy of a doubled query is kept on its own, so both are kept only with r² = {}; by key both copies hash to one bucket and are kept or dropped together.",
                pct(r * r)
            ),
        ),
        (
            r * x,
            format!("r times the stream's share, {}", pct(r * x)),
            format!("r = {} decides how many queries are kept, not which share of them repeats: a query kept by key keeps every copy.", trim_float(r, 4)),
        ),
    ]
    .into_iter()
    // At r = 1 every way of sampling keeps everything: a share equal to the stream's is not wrong.
    .filter(|(share, _, _)| pct(*share) != pct(x))
    .map(|(_, choice, why)| (choice, why))
    .collect();
    let reasoning = format!(
        "A sample by key keeps whole queries: every query asked twice that is kept appears twice, so the sample's share of repeated queries is the stream's, d / (s + d) = {}, whatever r is (up to chance in which buckets are kept).",
        pct(x)
    );
    let prompt = "Sample by key instead: hash each query and keep a fraction r of the buckets. What share of the sample's distinct queries will appear twice?".to_string();
    concept(question(format!("sampling-{step}"), prompt, right, wrong, reasoning, step + (d % 2) as usize))
}

/// Flajolet–Martin: just before the first element that arrives again, does a repeat change R?
/// (No: it hashes to the same value, with the same tail.)
pub fn distinct(l: &DistinctLab, step: usize) -> Option<Question> {
    let again = (1..l.stream.len()).find(|&i| l.stream[..i].contains(&l.stream[i]))?;
    // Step i shows the first i elements: asked at `again`, the repeat arrives at the next step.
    if step != again {
        return None;
    }
    let x = l.stream[again];
    let j = if l.hashes.len() > 1 { 1 } else { 0 };
    let row = l.rows.get(j)?.get(again)?;
    let name = format!("h{}", j + 1);
    let right = "No: a repeat cannot make R longer".to_string();
    let chance = "Yes: each copy is another chance at a long tail".to_string();
    let length = "Yes: R grows with the stream's length".to_string();
    let wrong = vec![
        (
            chance,
            format!("{x} hashes to {name}({x}) = {} every time it arrives, with the same tail of {} 0(s): a second copy is not a second draw.", row.h, row.tail),
        ),
        (
            length,
            format!(
                "R is the longest tail among the values hashed; the stream's {} elements give only {} different values, and only those can lengthen it.",
                l.stream.len(),
                l.truth()
            ),
        ),
    ];
    let reasoning = format!(
        "{x} has arrived before: {name}({x}) = {} in binary is {}, tail {}, exactly as the first time, so R stays {}. That is why 2^R estimates the number of distinct elements, not the stream's length.",
        row.h, row.binary, row.tail, row.r
    );
    let prompt = format!("{x} arrives again next. Can a repeated element change R, the longest tail of 0s?");
    concept(question(format!("distinct-{step}"), prompt, right, wrong, reasoning, again))
}

/// AMS: at the estimate, would a variable at every position give the moment exactly? (Yes: each
/// value's variables add up to n·m_a^k.)
pub fn moments(l: &MomentsLab, step: usize) -> Option<Question> {
    let w = &l.walkthrough;
    let (now, next) = (&w.steps.get(step)?.kind, &w.steps.get(step + 1)?.kind);
    if (now, next) != (&MomentsStep::Estimate, &MomentsStep::EveryPosition) {
        return None;
    }
    let sums = value_sums(&w.stream, w.k);
    let big = sums.iter().max_by_key(|s| s.m)?;
    let terms: Vec<String> = big.terms.iter().map(|t| t.to_string()).collect();
    let (n, k, truth) = (w.stream.len(), w.k, w.truth());
    let right = "Yes: their mean is the moment exactly".to_string();
    let chance = "No: it is still an estimate, off by chance".to_string();
    let late = "No: variables that start late count too little".to_string();
    let wrong = vec![
        (chance, format!("With a variable at every position nothing is left to chance: their mean is {truth} every time.")),
        (
            late,
            format!(
                "Late starts count little and early ones a lot, and the two make up for each other: {} occurs {} times, so its variables' X are n·({}) = n·{} = n·{}^{k}.",
                big.value,
                big.m,
                terms.join(" + "),
                big.sum,
                big.m
            ),
        ),
    ];
    let reasoning = format!(
        "A value seen m_a times gets variables counting m_a, m_a − 1, …, 1; their X = n(v^{k} − (v − 1)^{k}) add up to n·m_a^{k} (the sum telescopes). Over all values that is n·Σ m_a^{k}; divided by the {n} variables it is Σ m_a^{k} = {truth}, the moment itself."
    );
    let prompt =
        "If a variable started at every position of the stream, would the mean of their X be the moment exactly?"
            .to_string();
    // The estimate's readout is this step's point, and it does not answer this question.
    let q = concept(question(format!("moments-{step}"), prompt, right, wrong, reasoning, step));
    q.map(|q| Question { holds_back: false, ..q })
}
