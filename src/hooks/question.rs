//! The open question of a page, as the keys see it: while a question is asked and not answered,
//! a clicker's PageDown, → or the space bar reveals it before anything moves on (`app::tour`,
//! `hooks::stepper`), and the speaker's notes can read its right choice. The box itself is a
//! widget (`widgets::question`).

use std::cell::RefCell;

use yew::prelude::*;

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

/// While this render stands, `open` (the open question's actions, if one is open) is what the
/// keys reveal, and `answer` (the asked question's right choice) is what the notes may read.
#[hook]
pub fn use_open_question(open: Option<Callback<Answering>>, answer: Option<usize>) {
    use_effect(move || {
        OPEN.with(|o| *o.borrow_mut() = open);
        web::keep_answer(answer);
        || OPEN.with(|o| *o.borrow_mut() = None)
    });
}
