//! Predict, then reveal: a walkthrough step's question. In class mode the choices are listed and
//! the answer stays hidden until "Reveal"; in study mode a student picks one and is told right or
//! wrong, with the worked reasoning. The answer's index reaches the page (`data-answer`) only once
//! it shows. Until then the page holds back what would answer it (`Hide`).

use yew::prelude::*;

use crate::hooks::lecture::{LectureAction, QuizState};
use bloomlab_core::lectures::questions::{masked_spans, Question, QuizMode};

/// What a view holds back while its question is open (asked, not yet revealed or picked): the
/// elements marked `answers` (hidden under the view's `question-open` class) and, in its texts,
/// the question's give-away texts. `Hide::default()`: nothing is held back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hide {
    texts: Option<Vec<String>>,
    parts: bool,
}

impl Hide {
    /// Holds back `q`'s answer while `open`.
    pub fn of(q: &Question, open: bool) -> Hide {
        Hide { texts: open.then(|| q.gives_away.clone()), parts: open && q.holds_back }
    }

    /// The class for the view's root: `question-open` while a question that holds back the
    /// view's readouts is open.
    pub fn class(&self) -> Option<&'static str> {
        self.parts.then_some("question-open")
    }

    /// `text` with every give-away text in it masked while the question is open.
    pub fn text(&self, text: &str) -> Html {
        let Some(hide) = &self.texts else { return html! { text.to_string() } };
        html! {
            <>{ for masked_spans(text, hide).into_iter().map(|(piece, masked)| if masked {
                html! { <span class="masked" title="shown with the answer">{"?"}</span> }
            } else {
                html! { piece.to_string() }
            }) }</>
        }
    }
}

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
            <>
                <p class="verdict" data-testid="verdict" data-right={right.map(|r| r.to_string())}>
                    <strong>{ head }</strong>{ q.reasoning.clone() }
                </p>
                if !q.why_not.is_empty() {
                    <ul class="why-not" data-testid="why-not">{ for q.why_not.iter().map(|(c, why)| html! {
                        <li><strong>{ format!("{c}? ") }</strong>{ why.clone() }</li>
                    }) }</ul>
                }
            </>
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
/// questions are off or there is none. With it, what the view holds back while it is open.
#[hook]
pub fn use_question_box(mode: QuizMode, q: Option<Question>) -> (Html, Hide) {
    let state = use_state(|| (None::<Question>, QuizState::default()));
    let Some(q) = q.filter(|_| mode != QuizMode::Off) else { return (html! {}, Hide::default()) };
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
    (question_box(&q, mode, current, &on), Hide::of(&q, !current.revealed))
}
