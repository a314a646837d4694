//! Predict, then reveal: a walkthrough step's question. In class mode the choices are listed and
//! the answer stays hidden until "Reveal"; in study mode a student picks one and is told right or
//! wrong, with the worked reasoning. The answer's index reaches the page (`data-answer`) only once
//! it shows.

use yew::prelude::*;

use crate::hooks::lecture::{LectureAction, QuizState};
use bloomlab_core::lectures::questions::{Question, QuizMode};

pub fn question_box(q: &Question, mode: QuizMode, state: QuizState, on: &Callback<LectureAction>) -> Html {
    let shown = state.revealed;
    let study = mode == QuizMode::Study;
    let choice = |(i, text): (usize, &String)| {
        let class = classes!(
            "choice",
            (shown && i == q.answer).then_some("right"),
            (shown && state.picked == Some(i) && i != q.answer).then_some("wrong")
        );
        if study {
            let pick = on.reform(move |_: MouseEvent| LectureAction::Pick(i));
            html! { <li><button type="button" {class} data-testid="choice" data-index={i.to_string()} disabled={shown} onclick={pick}>{ text.clone() }</button></li> }
        } else {
            html! { <li {class} data-testid="choice" data-index={i.to_string()}>{ text.clone() }</li> }
        }
    };
    let verdict = shown.then(|| {
        let right = state.picked.map(|p| p == q.answer);
        let head = match right {
            Some(true) => "Right. ".to_string(),
            Some(false) => format!("Not quite: the answer is {}. ", q.choices[q.answer]),
            None => format!("The answer: {}. ", q.choices[q.answer]),
        };
        html! {
            <p class="verdict" data-testid="verdict" data-right={right.map(|r| r.to_string())}>
                <strong>{ head }</strong>{ q.reasoning.clone() }
            </p>
        }
    });
    html! {
        <section class={classes!("question", mode.name())} data-testid="question" data-id={q.id.clone()}
            data-answer={shown.then(|| q.answer.to_string())} aria-live="polite">
            <p class="question-prompt"><strong>{"Predict: "}</strong>{ q.prompt.clone() }</p>
            <ol class="choices" type="A">{ for q.choices.iter().enumerate().map(choice) }</ol>
            if !shown && !study {
                <button type="button" class="button" data-testid="reveal" onclick={on.reform(|_: MouseEvent| LectureAction::Reveal)}>{"Reveal"}</button>
            }
            { verdict.unwrap_or_default() }
        </section>
    }
}

/// A question outside a walkthrough (the counting and multi-layer views ask about what they show
/// now): its answer state lives here and starts again whenever the question changes. Nothing when
/// questions are off or there is none. With it, whether the question is open (asked and not yet
/// revealed): the view then holds back the parts of the page that would give the answer away.
#[hook]
pub fn use_question_box(mode: QuizMode, q: Option<Question>) -> (Html, bool) {
    let state = use_state(|| (None::<Question>, QuizState::default()));
    let Some(q) = q.filter(|_| mode != QuizMode::Off) else { return (html! {}, false) };
    let current = if state.0.as_ref() == Some(&q) { state.1 } else { QuizState::default() };
    let on = {
        let (state, asked) = (state.clone(), q.clone());
        Callback::from(move |a: LectureAction| {
            let next = match a {
                LectureAction::Pick(i) => QuizState { picked: Some(i), revealed: true },
                LectureAction::Reveal => QuizState { revealed: true, ..current },
                _ => return,
            };
            state.set((Some(asked.clone()), next));
        })
    };
    (question_box(&q, mode, current, &on), !current.revealed)
}
