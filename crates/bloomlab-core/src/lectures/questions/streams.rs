//! The stream walkthroughs' questions about a number the next step shows: what one
//! Flajolet–Martin hash will estimate, the AMS variables' mean, the repeated fraction in a sample
//! by position. Each wrong choice is made together with what it actually is.

use super::{question, Question, Wrong};
use crate::labs::distinct::DistinctLab;
use crate::labs::moments::ams::{fraction_value, mean, variables};
use crate::labs::moments::MomentsLab;
use crate::labs::sampling::theory::{repeated_in_sample, repeated_in_stream};
use crate::labs::sampling::SamplingLab;
use crate::lectures::distinct::estimate;
use crate::lectures::moments::{x_formula, StepKind as MomentsStep};
use crate::text::{ordinal_word, trim_float};

/// "one 0", "3 0s": a tail's length.
fn zeros(n: u32) -> String {
    if n == 1 {
        "one 0".into()
    } else {
        format!("{n} 0s")
    }
}

/// Flajolet–Martin: at the start, what one hash will estimate for the whole stream. Wrong: a
/// tail one longer and one shorter, and the true number of distinct elements.
pub fn distinct(l: &DistinctLab, step: usize) -> Option<Question> {
    if step != 0 {
        return None;
    }
    let j = if l.hashes.len() > 1 { 1 } else { 0 };
    let row = l.rows.get(j)?.last()?;
    let (a, b) = l.hashes[j];
    let (name, r, truth) = (format!("h{}", j + 1), row.r, l.truth());
    let right = estimate(r);
    let mut wrong: Vec<Wrong> = vec![(
        estimate(r + 1).to_string(),
        format!(
            "That is 2^{}: it would take an {name} value ending in {}, and none of the stream's values does (the tail counts the 0s at the end, not the 1 before them).",
            r + 1,
            zeros(r + 1)
        ),
    )];
    if r > 0 {
        let why = format!(
            "That is 2^{}, as if the longest tail were {}: R is the longest tail of any element, and one of them ends in more.",
            r - 1,
            zeros(r - 1)
        );
        wrong.push((estimate(r - 1).to_string(), why));
    }
    let why = format!(
        "{truth} is how many distinct elements the stream has, the number {name} tries to estimate; a single hash gives a power of 2, 2^R, off from it by chance."
    );
    wrong.push((truth.to_string(), why));
    let reasoning = format!(
        "Under {name}(x) = ({a}x + {b}) mod 2^{} the longest tail of 0s is R = {r}, so {name} estimates 2^R = {right}; the stream has {truth} distinct elements.",
        l.w,
    );
    question(
        "distinct-0".into(),
        format!("What will {name} estimate once the whole stream has gone by?"),
        right.to_string(),
        wrong,
        reasoning,
        r as usize,
    )
}

/// AMS: before the estimate step, the mean of the variables' X. Wrong: the moment itself, n times
/// the counts' mean (X left out), and the mean of n·v^k (without its − n(v − 1)^k).
pub fn moments(l: &MomentsLab, step: usize) -> Option<Question> {
    let w = &l.walkthrough;
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

/// Sampling: before the step that says it, the fraction of the sample's queries that look
/// repeated. Wrong: the stream's own share, and that share times r and times r².
pub fn sampling(l: &SamplingLab, step: usize) -> Option<Question> {
    if step != 2 {
        return None;
    }
    let (s, d, r) = (l.s, l.d, l.rate);
    let pct = |x: f64| format!("{} %", trim_float(100.0 * x, 2));
    let right = repeated_in_sample(s, d, r);
    let x = repeated_in_stream(s, d);
    // The distinct queries a sample by position holds on average: once-asked ones with chance r,
    // twice-asked ones with chance 1 − (1 − r)².
    let held = s as f64 * r + d as f64 * (2.0 * r - r * r);
    let wrong = vec![
        (
            pct(x),
            "That is the share in the whole stream, d / (s + d): a sample by position keeps each copy of a doubled query on its own, so most doubled queries it holds show only once.".to_string(),
        ),
        (
            pct(r * x),
            format!(
                "That is r = {} times the stream's share: a doubled query shows twice only when both of its copies are kept, which is rarer than r.",
                trim_float(r, 4)
            ),
        ),
        (
            pct(r * r * x),
            format!(
                "That is r² times the stream's share: r² is the chance both copies are kept, but the share is of the sample's distinct queries, about {} of them, not of the stream's {}.",
                trim_float(held, 1),
                s + d
            ),
        ),
    ];
    let reasoning = format!(
        "Once-asked queries are in the sample with chance r, twice-asked ones appear twice with chance r² and once with 2r(1 − r): d·r² / (s·r + d·(2r(1 − r) + r²)) = d·r / (s + d(2 − r)) = {}, where the stream has {}.",
        pct(right),
        pct(x)
    );
    question(
        "sampling-2".into(),
        "Of the distinct queries in the sample, what fraction do you expect to appear twice?".into(),
        pct(right),
        wrong,
        reasoning,
        step + (d % 3) as usize,
    )
}
