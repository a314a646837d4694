//! The sampling walkthrough's questions, each asked at the step that answers it, whose readouts
//! wait for the reveal: at "What the sample reports", the fraction of a sample by position's
//! queries that appear twice; at "Sampling by key", what share will repeat then. Each wrong choice
//! is made together with what it actually is.

use super::theory::{repeated_in_sample, repeated_in_stream};
use super::SamplingLab;
use crate::lectures::questions::{concept, question, Question, Quizzed};
use crate::text::trim_float;

impl Quizzed for SamplingLab {
    fn question(&self, step: usize) -> Option<Question> {
        number(self, step).or_else(|| conceptual(self, step))
    }
}

/// The step that says what a sample by position reports, and asks it first.
pub const REPORTS_STEP: usize = 3;
/// The step that samples by key, and asks what share will repeat then.
pub const BY_KEY_STEP: usize = 5;

/// Sampling: at the step that says it, the fraction of the sample's queries that look repeated.
/// Wrong: the stream's own share, and that share times r and times r².
fn number(l: &SamplingLab, step: usize) -> Option<Question> {
    if step != REPORTS_STEP {
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
        format!("sampling-{step}"),
        "Of the distinct queries in the sample, what fraction do you expect to appear twice?".into(),
        pct(right),
        wrong,
        reasoning,
        step + (d % 3) as usize,
    )
}

/// Sampling: at the step that samples by key, what share of the sample's queries will look
/// repeated? (The stream's own share: both copies of a query are in or out together.)
fn conceptual(l: &SamplingLab, step: usize) -> Option<Question> {
    if step != BY_KEY_STEP {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    #[test]
    fn the_by_position_question_against_hand_computation() {
        let (s, _) = SamplingLab::read(&Query::parse(""));
        let q = s.question(REPORTS_STEP).unwrap();
        assert!(s.question(2).is_none() && s.question(4).is_none(), "asked where it is answered");
        check_shape(&q);
        // d·r / (s + d(2 − r)) = 500·0.1 / (1000 + 500·1.9) = 50/1950.
        assert_eq!(q.choices[q.answer], format!("{} %", trim_float(100.0 * 50.0 / 1950.0, 2)));
    }

    #[test]
    fn the_by_key_question_explains_every_wrong_choice() {
        let (s, _) = SamplingLab::read(&Query::parse(""));
        let q = s.question(BY_KEY_STEP).expect("the by-key question");
        check_shape(&q);
        // d / (s + d) = 500 / 1500; by position 50/1950; r·x = 0.1/3.
        assert_eq!(q.choices[q.answer], format!("the stream's own share, {} %", trim_float(100.0 / 3.0, 2)));
        assert!(q.choices.contains(&format!("the same as by position, {} %", trim_float(100.0 * 50.0 / 1950.0, 2))));
        assert_eq!(q.why_not.len(), q.choices.len() - 1);
        assert!(q.why_not.iter().all(|(c, _)| q.choices.contains(c) && *c != q.choices[q.answer]));
    }
}
