//! Where a student stands with the shown question. In class mode the answer waits for Reveal; in
//! study mode a wrong pick is marked tried (the page says why that choice is wrong) and the student
//! picks again, until the right pick, "Show the answer", or every wrong choice tried shows it.

use super::Question;

/// The shown question's state: the choices tried, the last pick, whether the answer was asked
/// for. A view starts it again whenever the question changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuizState {
    /// The last choice picked (study mode).
    pub picked: Option<usize>,
    /// Every choice picked so far, one bit per choice (a question has at most four).
    tried: u8,
    /// The answer was asked for: Reveal (class mode) or "Show the answer" (study mode).
    pub revealed: bool,
}

impl QuizState {
    /// After picking choice `i` of `q`: nothing changes once the answer shows, for a choice
    /// already tried, or for one `q` does not have.
    pub fn pick(self, q: &Question, i: usize) -> QuizState {
        if self.shows_answer(q) || i >= q.choices.len() || i >= 8 || self.tried(i) {
            return self;
        }
        QuizState { picked: Some(i), tried: self.tried | 1 << i, ..self }
    }

    /// After asking for the answer.
    pub fn reveal(self) -> QuizState {
        QuizState { revealed: true, ..self }
    }

    /// Whether choice `i` was picked already.
    pub fn tried(&self, i: usize) -> bool {
        i < 8 && self.tried & (1 << i) != 0
    }

    /// How many choices were picked.
    pub fn tries(&self) -> u32 {
        self.tried.count_ones()
    }

    /// Whether `q`'s answer shows: asked for, picked, or every wrong choice tried.
    pub fn shows_answer(&self, q: &Question) -> bool {
        self.revealed
            || self.picked == Some(q.answer)
            || (0..q.choices.len()).filter(|&i| i != q.answer).all(|i| self.tried(i))
    }

    /// The last pick, when it was wrong, with why that choice is wrong.
    pub fn wrong_pick<'q>(&self, q: &'q Question) -> Option<(usize, &'q str)> {
        let i = self.picked.filter(|&i| i != q.answer)?;
        Some((i, q.why_wrong(i)?))
    }
}

#[cfg(test)]
mod tests {
    use super::QuizState;
    use crate::lectures::questions::{Question, Quizzed};
    use crate::lectures::ullman::UllmanLecture;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    /// Every question Ullman's example asks by default.
    fn questions() -> Vec<Question> {
        let (l, _) = UllmanLecture::read(&Query::parse(""));
        (0..l.last_step()).filter_map(|s| l.question(s)).collect()
    }

    #[test]
    fn a_wrong_pick_is_tried_and_explained_and_the_answer_waits() {
        let qs = questions();
        let q = qs.iter().find(|q| q.choices.len() >= 3).expect("a question with three choices");
        let wrong: Vec<usize> = (0..q.choices.len()).filter(|&i| i != q.answer).collect();
        let mut s = QuizState::default();
        assert!(!s.shows_answer(q) && s.wrong_pick(q).is_none());
        for (n, &i) in wrong.iter().enumerate() {
            s = s.pick(q, i);
            assert!(s.tried(i) && s.tries() == n as u32 + 1);
            assert_eq!(s.wrong_pick(q), Some((i, q.why_wrong(i).unwrap())));
            // The answer shows once every wrong choice is used up, not before.
            assert_eq!(s.shows_answer(q), n + 1 == wrong.len(), "{n}");
            // Picking a tried choice again changes nothing.
            assert_eq!(s.pick(q, i), s);
        }
        // Once the answer shows, a pick changes nothing.
        assert_eq!(s.pick(q, q.answer), s);
    }

    #[test]
    fn the_right_pick_or_asking_shows_the_answer() {
        for q in questions() {
            let wrong = (0..q.choices.len()).find(|&i| i != q.answer).unwrap();
            let s = QuizState::default().pick(&q, wrong);
            // With two choices the one wrong pick uses them up; with more, the right pick shows it.
            assert_eq!(s.shows_answer(&q), q.choices.len() == 2, "{q:?}");
            if q.choices.len() > 2 {
                let right = s.pick(&q, q.answer);
                assert!(right.shows_answer(&q) && right.wrong_pick(&q).is_none() && right.tries() == 2);
            }
            let asked = QuizState::default().reveal();
            assert!(asked.shows_answer(&q) && asked.tries() == 0);
            assert!(s.reveal().shows_answer(&q) && s.reveal().wrong_pick(&q).is_some());
            // A choice the question does not have is ignored.
            assert_eq!(QuizState::default().pick(&q, q.choices.len()), QuizState::default());
        }
    }
}
