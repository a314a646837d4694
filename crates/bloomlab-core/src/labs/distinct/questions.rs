//! Flajolet–Martin's questions: at the start, what one hash will estimate; just before the first
//! element that arrives again, whether a repeat can change R. Each wrong choice is made together
//! with what it actually is.

use super::DistinctLab;
use crate::lectures::distinct::{estimate, tail_range, weakness, StepKind};
use crate::lectures::questions::{concept, question, Question, Quizzed, Wrong};
use crate::text::count_of;

impl Quizzed for DistinctLab {
    fn question(&self, step: usize) -> Option<Question> {
        number(self, step).or_else(|| conceptual(self, step)).or_else(|| summary(self, step))
    }
}

/// "one 0", "3 0s": a tail's length.
fn zeros(n: u32) -> String {
    if n == 1 {
        "one 0".into()
    } else {
        format!("{n} 0s")
    }
}

/// The step that shows the stream and its hashes, and asks what one hash will estimate.
pub const FIRST_HASH_STEP: usize = 0;

/// Flajolet–Martin: at the start, what one hash will estimate for the whole stream. Wrong: a tail
/// one longer and one shorter, and the true number of distinct elements.
fn number(l: &DistinctLab, step: usize) -> Option<Question> {
    if step != FIRST_HASH_STEP {
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
        "{truth} is how many distinct elements the stream has (the number {name} tries to estimate); a single hash gives a power of 2, 2^R, off from it by chance."
    );
    wrong.push((truth.to_string(), why));
    let reasoning = format!(
        "Under {name}(x) = ({a}x + {b}) mod 2^{} the longest tail of 0s is R = {r}, so {name} estimates 2^R = {right}; the stream has {}.",
        l.w,
        count_of(truth, "distinct element", "distinct elements"),
    );
    question(
        format!("distinct-{step}"),
        format!("What will {name} estimate once the whole stream has gone by?"),
        right.to_string(),
        wrong,
        reasoning,
        r as usize,
    )
}

/// Flajolet–Martin: just before the first element that arrives again, does a repeat change R?
/// (No: it hashes to the same value, with the same tail.)
fn conceptual(l: &DistinctLab, step: usize) -> Option<Question> {
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
            format!("{x} hashes to {name}({x}) = {} every time it arrives, with the same tail of {}: a second copy is not a second draw.", row.h, count_of(u64::from(row.tail), "zero", "zeros")),
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

/// Flajolet–Martin, at the estimates: which hash function gives the same estimate whatever the
/// stream? Asked when exactly one of several does (`lectures::distinct::weakness`); the list of
/// such weaknesses, which answers it, waits for the reveal.
fn summary(l: &DistinctLab, step: usize) -> Option<Question> {
    if l.steps.get(step)?.kind != StepKind::Summary || l.hashes.len() < 2 {
        return None;
    }
    // Constant: every value has the same tail (a hash that only over-estimates small streams is
    // still moved by the stream).
    let constant = |a: u64, b: u64| {
        let (lo, hi) = tail_range(a, b, l.w);
        lo == hi
    };
    let weak: Vec<(usize, String)> = l
        .hashes
        .iter()
        .enumerate()
        .filter(|&(_, &(a, b))| constant(a, b))
        .filter_map(|(j, &(a, b))| weakness(a, b, l.w).map(|why| (j, why)))
        .collect();
    let [(j, why)] = weak.as_slice() else { return None };
    let name = |i: usize| format!("h{}", i + 1);
    // Each choice names a hash in words of the question, never as the page writes it alone.
    let choice = |i: usize| format!("{}, whose values all end alike", name(i));
    let wrong = (0..l.hashes.len())
        .filter(|i| i != j)
        .map(|i| {
            let r = l.rows.get(i).and_then(|rows| rows.last()).map_or(0, |row| row.r);
            (
                choice(i),
                format!("{}'s tails depend on the elements: here its longest is R = {r}, and another stream can give another.", name(i)),
            )
        })
        .collect();
    let reasoning = format!("{}: {why}.", name(*j));
    let prompt = "One of these hash functions gives the same estimate whatever the stream. Which?".to_string();
    concept(question(format!("distinct-{step}"), prompt, choice(*j), wrong, reasoning, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lectures::questions::check_shape;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    #[test]
    fn the_estimate_question_against_hand_computation() {
        let d = DistinctLab::read(&Query::parse("")).0;
        let q = d.question(FIRST_HASH_STEP).unwrap();
        check_shape(&q);
        // The exercise: h2 = 3x + 7 on 3, 1, 4, 1, 5, 9, 2, 6, 5 reaches R = 4.
        assert_eq!(q.choices[q.answer], "16");
        assert!(d.question(1).is_none() && d.question(2).is_none());
    }

    #[test]
    fn the_repeat_question_explains_every_wrong_choice() {
        // Flajolet–Martin: 3, 1, 4, 1, …: asked at step 3, before the second 1; under h2 = 3x + 7
        // mod 32, 1 hashes to 10 = 01010, tail 1, both times.
        let d = DistinctLab::read(&Query::parse("")).0;
        let asked: Vec<usize> = (0..d.last_step()).filter(|&s| d.question(s).is_some()).collect();
        let summary = d.steps.iter().position(|s| s.kind == StepKind::Summary).expect("the estimates");
        assert_eq!(asked, [FIRST_HASH_STEP, 3, summary]);
        let q = d.question(3).unwrap();
        check_shape(&q);
        assert!(q.choices[q.answer].starts_with("No"));
        assert_eq!(d.rows[1][1].h, d.rows[1][3].h);
        assert!(
            q.why_not.iter().any(|w| w.1.contains("h2(1) = 10 every time") && w.1.contains("tail of 1 zero:")),
            "{q:?}"
        );
        assert!(q.why_not.iter().any(|w| w.1.contains("9 elements give only 7 different values")), "{q:?}");
        assert!(DistinctLab::read(&Query::parse("stream=1,2,3")).0.question(2).is_none(), "no repeat, no question");
    }

    /// At the estimates, the question names the one hash that cannot estimate, as the
    /// walkthrough's list of weaknesses does.
    #[test]
    fn the_weak_hash_question_names_the_hash_the_weakness_list_names() {
        let d = DistinctLab::read(&Query::parse("")).0;
        let step = d.steps.iter().position(|s| s.kind == StepKind::Summary).expect("the estimates");
        let weak: Vec<usize> = (0..d.hashes.len())
            .filter(|&j| {
                let (lo, hi) = tail_range(d.hashes[j].0, d.hashes[j].1, d.w);
                lo == hi && weakness(d.hashes[j].0, d.hashes[j].1, d.w).is_some()
            })
            .collect();
        assert_eq!(weak, [0], "the exercise's h1 = 2x + 1 is the one constant hash");
        let q = d.question(step).expect("asked");
        check_shape(&q);
        assert_eq!(q.choices[q.answer], "h1, whose values all end alike");
        assert!(q.conceptual && q.why_not.len() == q.choices.len() - 1);
    }
}
