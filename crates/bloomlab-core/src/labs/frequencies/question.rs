//! The view's question (`quiz`), asked about what the page shows now: what does count-min
//! estimate for the highlighted item? The grid shows its counters; the estimates table, which
//! answers it, is held back while the question is open.

use super::feed::Summaries;
use super::FrequenciesLab;
use crate::lectures::questions::{question, Question, PROMPT_QUOTE};
use crate::text::quoted;

impl FrequenciesLab {
    /// What count-min (standard update) estimates for `item`, read from its d counters in `s`.
    pub fn estimate_question(&self, s: &Summaries, item: &str) -> Option<Question> {
        let b = item.as_bytes();
        let counters: Vec<u64> = s.cm.columns(b).iter().enumerate().map(|(j, &c)| s.cm.get(j as u32, c)).collect();
        let estimate = *counters.iter().min()?;
        let largest = *counters.iter().max()?;
        let sum: u64 = counters.iter().sum();
        let truth = self.stream().count_of(item);
        let listed: Vec<String> = counters.iter().enumerate().map(|(j, v)| format!("row {j}: {v}")).collect();
        let it = quoted(item, PROMPT_QUOTE);
        let wrong = vec![
            (
                truth.to_string(),
                format!("{truth} is how often {it} really arrived; the sketch does not know it, and other items that share its counters add to every one of them."),
            ),
            (
                largest.to_string(),
                format!("{largest} is its largest counter; every counter is at least the true count, so the smallest is the closest and the one count-min reports."),
            ),
            (
                sum.to_string(),
                format!("{sum} is the sum of its {} counters: each arrival of {it} adds 1 in every row, so the sum counts it once per row.", counters.len()),
            ),
            ((estimate + 1).to_string(), format!("{} is one more than its smallest counter.", estimate + 1)),
        ];
        let reasoning = format!(
            "The counters of {it} hold {}. Each holds its arrivals plus those of every item hashed to the same place in that row, so the estimate is the smallest: {estimate} (its true count is {truth}).",
            listed.join(", ")
        );
        let prompt = format!("Reading the standard count-min grid: what does count-min estimate for {it}?");
        question(
            "frequencies-estimate".into(),
            prompt,
            estimate.to_string(),
            wrong,
            reasoning,
            item.len() + counters.len(),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    use super::FrequenciesLab;

    #[test]
    fn the_question_is_answered_by_the_sketch() {
        let (lab, _) = FrequenciesLab::read(&Query::parse("?view=frequencies&w=4&d=3"));
        let fed = lab.fed_at_once();
        let s = fed.summaries();
        for item in ["apple", "kiwi", "lime"] {
            let q = lab.estimate_question(s, item).expect("a question");
            check_shape(&q);
            assert_eq!(q.choices[q.answer], s.cm.estimate(item.as_bytes()).to_string(), "{item}");
            assert!(q.choices.len() >= 2 && q.why_wrong(q.answer).is_none());
        }
    }
}
