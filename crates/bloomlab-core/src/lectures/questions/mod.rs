//! Predict, then reveal: questions the class answers before the next step shows the answer. A
//! question belongs to the step *before* the one that answers it, and every answer — and every
//! wrong choice beside it, with what that choice actually is (the mistake behind it) — is computed
//! by the same code that draws the walkthrough.

use crate::labs::distinct::DistinctLab;
use crate::labs::moments::MomentsLab;
use crate::labs::sampling::SamplingLab;
use crate::lectures::ullman::UllmanLecture;
pub use crate::link::page::QuizMode;

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
    /// For every wrong choice, why it is wrong: what that number or claim actually is, computed
    /// from the values that made it (the choice, the explanation). None names the right answer.
    pub why_not: Vec<(String, String)>,
    /// Whether it asks why a method works (its wrong choices are listed with the answer) rather
    /// than a number the next step shows.
    pub conceptual: bool,
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

    /// Why choice `i` is wrong; `None` for the right choice (or no such choice).
    pub fn why_wrong(&self, i: usize) -> Option<&str> {
        let choice = self.choices.get(i).filter(|_| i != self.answer)?;
        self.why_not.iter().find(|(c, _)| c == choice).map(|(_, why)| why.as_str())
    }
}

/// A wrong choice and what it actually is, made together: (the choice, why it is wrong).
type Wrong = (String, String);

/// The question with `right` and the distinct `wrong` choices (at most three, none equal to
/// the right one, each keeping its explanation), in an order that depends on `salt` so the
/// answer is not always first.
fn question(
    id: String,
    prompt: String,
    right: String,
    wrong: Vec<Wrong>,
    reasoning: String,
    salt: usize,
) -> Option<Question> {
    let mut choices = vec![right.clone()];
    let mut why_not = Vec::new();
    for (choice, why) in wrong {
        if !choices.contains(&choice) && choices.len() < 4 {
            choices.push(choice.clone());
            why_not.push((choice, why));
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
        why_not,
        conceptual: false,
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

/// "is" for one, "are" for more.
fn are(n: usize) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

fn sorted(mut p: Vec<u64>) -> Vec<u64> {
    p.sort_unstable();
    p.dedup();
    p
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

mod attempt;
pub mod concepts;
mod mask;
mod streams;
mod ullman;
mod variants;
pub use attempt::QuizState;
pub use mask::masked_spans;
pub use streams::{distinct, moments, sampling};
pub use ullman::ullman;
pub use variants::{counting, mlbf};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod texts_tests;
