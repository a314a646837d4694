//! Predict, then reveal: questions the class answers before the next step shows the answer. A
//! question belongs to the step *before* the one that answers it, and every answer — and every
//! wrong choice beside it, with what that choice actually is (the mistake behind it) — is computed
//! by the same code that draws the walkthrough.
//!
//! Here: the question and its state, and the walkthroughs' own questions (Ullman's example, the
//! AMS walkthrough). A lab's questions are the lab's (`labs::distinct`, `labs::sampling`,
//! `labs::counting`, `labs::mlbf`), built with `question` and `concept` from here.

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
    pub fn giving_away(mut self, texts: impl IntoIterator<Item = String>) -> Question {
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
pub type Wrong = (String, String);

/// The question with `right` and the distinct `wrong` choices (at most three, none equal to
/// the right one, each keeping its explanation), in an order that depends on `salt` so the
/// answer is not always first.
pub fn question(
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

/// The question, marked conceptual: its wrong choices are listed with why once the answer shows.
pub fn concept(q: Option<Question>) -> Option<Question> {
    q.map(|q| Question { conceptual: true, ..q })
}

/// How long an item quoted in a question's prompt may be (`text::quoted`).
pub const PROMPT_QUOTE: usize = 40;

/// A walkthrough that asks questions: `question(step)` is asked at `step`, about the next one.
pub trait Quizzed {
    fn question(&self, step: usize) -> Option<Question>;
}

/// What every question is: two to four distinct choices, the answer one of them, its reasoning.
/// For tests (this crate's and the labs' in `bloomlab-core`): it panics on a question out of shape.
pub fn check_shape(q: &Question) {
    assert!((2..=4).contains(&q.choices.len()), "{q:?}");
    assert!(q.answer < q.choices.len());
    let mut c = q.choices.clone();
    c.sort();
    c.dedup();
    assert_eq!(c.len(), q.choices.len(), "distinct choices: {q:?}");
    assert!(!q.reasoning.is_empty());
}

mod attempt;
mod mask;
mod moments;
mod ullman;
pub use attempt::QuizState;
pub use mask::masked_spans;
pub use moments::moments;
pub use ullman::ullman;

#[cfg(test)]
mod tests;
