//! The open question of a page, as the keys see it: while a question is asked and not answered,
//! a clicker's PageDown, → or the space bar reveals it before anything moves on (`app::tour`,
//! `hooks::stepper`), and the speaker's notes can read its right choice. The box itself is a
//! widget (`widgets::question`).

use std::cell::RefCell;

use yew::Callback;

use crate::web;

/// What a question box asks of whoever keeps its state (a walkthrough's page, or
/// `use_question_box`): a choice picked in study mode, or the answer shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answering {
    Pick(usize),
    Reveal,
}

thread_local! {
    /// The open question's Reveal, while one is on the page: the clicker's keys reveal it first.
    static OPEN: RefCell<Option<Callback<Answering>>> = const { RefCell::new(None) };
}

/// Reveals the open question, if the page has one: what a clicker's PageDown, → or the space bar
/// does before it may move on. `true` when it did.
pub fn reveal_open_question() -> bool {
    let Some(on) = OPEN.with(|o| o.borrow().clone()) else { return false };
    on.emit(Answering::Reveal);
    true
}

/// From now until `closed`: `open` (the open question's actions, if one is open) is what the keys
/// reveal, and `answer` (the asked question's right choice) is what the notes may read. A question
/// box calls it in an effect of each render (`widgets::question`).
pub fn opened(open: Option<Callback<Answering>>, answer: Option<usize>) {
    OPEN.with(|o| *o.borrow_mut() = open);
    web::keep_answer(answer);
}

/// No question is open any more (the render that opened it is gone).
pub fn closed() {
    OPEN.with(|o| *o.borrow_mut() = None)
}
