//! Predict, then reveal: questions the class answers before the next step shows the answer. A
//! question belongs to the step *before* the one that answers it, and every answer — and every
//! wrong choice beside it — is computed by the same code that draws the walkthrough.

use crate::labs::distinct::DistinctLab;
use crate::labs::moments::ams::{fraction_value, mean, variables};
use crate::labs::moments::MomentsLab;
use crate::labs::sampling::theory::{repeated_in_sample, repeated_in_stream};
use crate::labs::sampling::SamplingLab;
use crate::lectures::distinct::estimate;
use crate::lectures::moments::StepKind as MomentsStep;
use crate::lectures::ullman::{StepKind as UllmanStep, UllmanLecture};
pub use crate::link::page::QuizMode;
use crate::text::trim_float;

/// A question with two to four choices, one of them right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// Stable within a walkthrough: the view and the step it is asked at.
    pub id: String,
    pub prompt: String,
    pub choices: Vec<String>,
    pub answer: usize,
    /// The worked reasoning, shown with the answer.
    pub reasoning: String,
    /// Texts that give the answer away, as the page writes them: the right choice, and what the
    /// step's own text says that answers it. While the question is open the page masks them.
    pub gives_away: Vec<String>,
    /// For a conceptual question, why each wrong choice is wrong (the choice, the explanation).
    pub why_not: Vec<(String, String)>,
    /// Whether the view holds back its readouts (the parts marked `answers`) while the question
    /// is open: not for a question they do not answer, asked where they are the step's point.
    pub holds_back: bool,
}

impl Question {
    /// The question with `texts` added to what gives its answer away.
    fn giving_away(mut self, texts: impl IntoIterator<Item = String>) -> Question {
        self.gives_away.extend(texts);
        self
    }
}

/// The question with `right` and the distinct `wrong` choices (at most three, none equal to
/// the right one), in an order that depends on `salt` so the answer is not always first.
fn question(
    id: String,
    prompt: String,
    right: String,
    wrong: Vec<String>,
    reasoning: String,
    salt: usize,
) -> Option<Question> {
    let mut choices = vec![right.clone()];
    for w in wrong {
        if !choices.contains(&w) && choices.len() < 4 {
            choices.push(w);
        }
    }
    if choices.len() < 2 {
        return None;
    }
    let turn = salt % choices.len();
    choices.rotate_left(turn);
    let answer = choices.iter().position(|c| *c == right)?;
    Some(Question {
        id,
        prompt,
        choices,
        answer,
        reasoning,
        gives_away: vec![right],
        why_not: Vec::new(),
        holds_back: true,
    })
}

fn list(p: &[u64]) -> String {
    let p: Vec<String> = p.iter().map(|x| x.to_string()).collect();
    match p.len() {
        0 => "none".into(),
        1 => format!("bit {}", p[0]),
        _ => format!("bits {} and {}", p[..p.len() - 1].join(", "), p[p.len() - 1]),
    }
}

fn sorted(mut p: Vec<u64>) -> Vec<u64> {
    p.sort_unstable();
    p.dedup();
    p
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
        UllmanStep::Insert { trace, .. } => {
            let right = sorted(trace.positions().collect());
            let mut wrong: Vec<String> = l
                .steps
                .iter()
                .filter_map(|s| match &s.kind {
                    UllmanStep::Insert { trace: t, .. } => Some(sorted(t.positions().collect())),
                    _ => None,
                })
                .filter(|p| *p != right)
                .map(|p| list(&p))
                .collect();
            wrong.push(list(&sorted(right.iter().map(|p| (p + 1) % l.m).collect())));
            let reasoning = format!("{} hashes to {}: {}.", trace.item, list(&right), next.narration);
            question(id, format!("Which bits will {} set?", trace.item), list(&right), wrong, reasoning, step)
        }
        UllmanStep::Lookup { trace, verdict, truth, .. } => {
            let present = *verdict == crate::engine::filter::Verdict::Maybe;
            let (yes, no) = ("Yes: reported present".to_string(), "No: reported absent".to_string());
            let (right, wrong) = if present { (yes, no) } else { (no, yes) };
            let fp = present && *truth == crate::engine::filter::Truth::NonMember;
            let reasoning = format!(
                "{} hashes to {}; {}{}",
                trace.item,
                list(&sorted(trace.positions().collect())),
                next.narration,
                if fp { " It was never inserted: a false positive." } else { "" }
            );
            question(id, format!("Will {} be reported present?", trace.item), right, vec![wrong], reasoning, step)
        }
        UllmanStep::Darts { targets, darts, miss_exact, .. } => {
            let ones = 1.0 - miss_exact;
            let pct = |x: f64| format!("{} %", trim_float(100.0 * x, 1));
            let naive = (*darts as f64 / *targets as f64).min(1.0);
            let reasoning = format!(
                "Each of the {darts} darts misses a given bit with chance 1 − 1/{targets}, so a bit stays 0 with chance (1 − 1/{targets})^{darts} = {}; the rest, {}, are 1.",
                trim_float(*miss_exact, 4),
                pct(ones)
            );
            // The step before says how many bits are 1 on average.
            let before = l.steps.get(step).map(|s| &s.kind);
            let said = matches!(before, Some(UllmanStep::Density { .. }))
                .then(|| crate::lectures::ullman::expected_ones_text(l.m, l.stream.len() as u64));
            question(
                id,
                format!("{darts} darts at {targets} bits: about what fraction of the bits will be 1?"),
                pct(ones),
                vec![pct(naive), pct(*miss_exact), pct((ones * ones).min(1.0))],
                reasoning,
                step,
            )
            .map(|q| q.giving_away(said))
        }
        _ => None,
    }
}

/// Flajolet–Martin: at the start, what one hash will estimate for the whole stream.
pub fn distinct(l: &DistinctLab, step: usize) -> Option<Question> {
    if step != 0 {
        return None;
    }
    let j = if l.hashes.len() > 1 { 1 } else { 0 };
    let row = l.rows.get(j)?.last()?;
    let (a, b) = l.hashes[j];
    let right = estimate(row.r);
    let wrong =
        vec![estimate(row.r + 1).to_string(), estimate(row.r.saturating_sub(1)).to_string(), l.truth().to_string()];
    let reasoning = format!(
        "Under h{}(x) = ({a}x + {b}) mod 2^{} the longest tail of 0s is R = {}, so h{} estimates 2^R = {right}; the stream has {} distinct elements.",
        j + 1,
        l.w,
        row.r,
        j + 1,
        l.truth()
    );
    question(
        "distinct-0".into(),
        format!("What will h{} estimate once the whole stream has gone by?", j + 1),
        right.to_string(),
        wrong,
        reasoning,
        row.r as usize,
    )
}

/// AMS: before the estimate step, the mean of the variables' X.
pub fn moments(l: &MomentsLab, step: usize) -> Option<Question> {
    let w = &l.walkthrough;
    if w.steps.get(step + 1).map(|s| &s.kind) != Some(&MomentsStep::Estimate) {
        return None;
    }
    let n = w.stream.len();
    let vars = variables(&w.stream, &w.positions, n, w.k);
    let est = mean(&vars).map(fraction_value)?;
    let show = |x: f64| trim_float(x, 3);
    let counts_mean = vars.iter().map(|v| v.count as f64).sum::<f64>() / vars.len().max(1) as f64;
    let wrong = vec![show(w.truth() as f64), show(counts_mean * n as f64), show(est * 2.0)];
    let values: Vec<String> = vars.iter().map(|v| v.value.to_string()).collect();
    let reasoning = format!(
        "Each variable's count v becomes X = n(v^{k} − (v − 1)^{k}) with n = {n}: {}; their mean is {}. The {} moment itself is {}.",
        values.join(", "),
        show(est),
        crate::text::ordinal_word(w.k as u64),
        w.truth(),
        k = w.k
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

/// Sampling: before the step that says it, the fraction of the sample's queries that look repeated.
pub fn sampling(l: &SamplingLab, step: usize) -> Option<Question> {
    if step != 2 {
        return None;
    }
    let (s, d, r) = (l.s, l.d, l.rate);
    let pct = |x: f64| format!("{} %", trim_float(100.0 * x, 2));
    let right = repeated_in_sample(s, d, r);
    let wrong =
        vec![pct(repeated_in_stream(s, d)), pct(r * repeated_in_stream(s, d)), pct(r * r * repeated_in_stream(s, d))];
    let reasoning = format!(
        "Once-asked queries are in the sample with chance r, twice-asked ones appear twice with chance r² and once with 2r(1 − r): d·r² / (s·r + d·(2r(1 − r) + r²)) = d·r / (s + d(2 − r)) = {}, where the stream has {}.",
        pct(right),
        pct(repeated_in_stream(s, d))
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

/// A walkthrough that asks questions: `question(step)` is asked at `step`, about the next one.
pub trait Quizzed {
    fn question(&self, step: usize) -> Option<Question>;
}

impl Quizzed for UllmanLecture {
    fn question(&self, step: usize) -> Option<Question> {
        ullman(self, step).or_else(|| concepts::ullman(self, step))
    }
}

impl Quizzed for DistinctLab {
    fn question(&self, step: usize) -> Option<Question> {
        distinct(self, step).or_else(|| concepts::distinct(self, step))
    }
}

impl Quizzed for MomentsLab {
    fn question(&self, step: usize) -> Option<Question> {
        moments(self, step).or_else(|| concepts::moments(self, step))
    }
}

impl Quizzed for SamplingLab {
    fn question(&self, step: usize) -> Option<Question> {
        sampling(self, step).or_else(|| concepts::sampling(self, step))
    }
}

pub mod concepts;
mod mask;
mod variants;
pub use mask::masked_spans;
pub use variants::{counting, mlbf};

#[cfg(test)]
mod tests;
