//! The AMS walkthrough's questions: the variables' mean before the estimate step, and at the
//! estimate, whether a variable at every position would give the moment exactly. Each wrong
//! choice is made together with what it actually is.

use super::{concept, question, Question, Quizzed};
use crate::engine::moments::ams::{fraction_value, mean, value_sums, variables};
use crate::lectures::moments::{x_formula, StepKind as MomentsStep, Walkthrough};
use crate::text::{ordinal_word, trim_float};

impl Quizzed for Walkthrough {
    fn question(&self, step: usize) -> Option<Question> {
        moments(self, step).or_else(|| conceptual(self, step))
    }
}

/// AMS: before the estimate step, the mean of the variables' X. Wrong: the moment itself, n times
/// the counts' mean (X left out), and the mean of n·v^k (without its − n(v − 1)^k).
pub fn moments(w: &Walkthrough, step: usize) -> Option<Question> {
    if w.steps.get(step + 1).map(|s| &s.kind) != Some(&MomentsStep::Estimate) {
        return None;
    }
    let (n, k) = (w.stream.len(), w.k);
    let vars = variables(&w.stream, &w.positions, n, k);
    let est = mean(&vars).map(fraction_value)?;
    let show = |x: f64| trim_float(x, 3);
    let started: Vec<u64> = vars.iter().map(|v| v.count).filter(|&c| c > 0).collect();
    let counts: Vec<String> = started.iter().map(|c| c.to_string()).collect();
    let counts_mean = started.iter().sum::<u64>() as f64 / started.len().max(1) as f64;
    let powers: Vec<u128> =
        started.iter().map(|&c| (n as u128).saturating_mul((c as u128).saturating_pow(k))).collect();
    let powers_sum = powers.iter().fold(0u128, |a, &p| a.saturating_add(p));
    let powers_text: Vec<String> = powers.iter().map(|p| p.to_string()).collect();
    let wrong = vec![
        (
            show(w.truth() as f64),
            format!(
                "{} is the {} moment itself, Σ m_a^{k} over the whole stream: the variables only estimate it, from the counts they happen to make.",
                w.truth(),
                ordinal_word(k as u64)
            ),
        ),
        (
            show(counts_mean * n as f64),
            format!(
                "That is n times the mean of the variables' counts v ({}): each count must first become {}.",
                counts.join(", "),
                x_formula(k, "n")
            ),
        ),
        (
            show(fraction_value((powers_sum, started.len() as u64))),
            format!(
                "That is the mean of n·v^{k} ({}): X subtracts n(v − 1)^{k} from it, so that a value's variables add up to n·m_a^{k} and no more.",
                powers_text.join(", ")
            ),
        ),
    ];
    let values: Vec<String> = vars.iter().map(|v| v.value.to_string()).collect();
    let reasoning = format!(
        "Each variable's count v becomes X = n(v^{k} − (v − 1)^{k}) with n = {n}: {}; their mean is {}. The {} moment itself is {}.",
        values.join(", "),
        show(est),
        ordinal_word(k as u64),
        w.truth(),
    );
    question(
        format!("moments-{step}"),
        "What will the variables' estimate be (the mean of their X)?".into(),
        show(est),
        wrong,
        reasoning,
        step,
    )
}

/// AMS: at the estimate, would a variable at every position give the moment exactly? (Yes: each
/// value's variables add up to n·m_a^k.)
fn conceptual(w: &Walkthrough, step: usize) -> Option<Question> {
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
