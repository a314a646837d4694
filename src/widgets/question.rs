//! Predict, then reveal: a walkthrough step's question. In class mode the choices are listed and
//! the answer stays hidden until "Reveal"; in study mode a wrong pick says why that choice is
//! wrong and is marked tried, and the student picks again, until the right pick, "Show the
//! answer" or the last wrong choice shows the answer with the worked reasoning. The answer's index
//! reaches the page (`data-answer`) only once it shows. Until then the page holds back what would
//! answer it (`Hide`).

use yew::prelude::*;

use crate::hooks::page::{Model, PageHandle};
use crate::hooks::question;
pub use crate::hooks::question::Answering;
use crate::web;
use bloomlab_core::lectures::questions::{masked_spans, Question, QuizMode, QuizState};
use bloomlab_core::link::page::declared::QUIZ;
use bloomlab_core::link::page::{with_param, PageParams};

/// The question box wired for the page: while it is open the clicker reveals it, and the speaker's
/// notes hear of it. `state` is where the view keeps it; `on` takes its actions.
#[hook]
pub fn use_wired_question(
    page: &PageParams,
    q: Option<&Question>,
    state: QuizState,
    on: Callback<Answering>,
) -> (Html, Hide) {
    let asked = q.filter(|_| page.quiz != QuizMode::Off);
    let open = asked.filter(|q| !state.shows_answer(q));
    // While it is open the clicker reveals it (`OPEN`), for as long as this render stands; the
    // speaker's notes can read its right choice (`web::keep_answer`).
    let (open, answer) = (open.map(|_| on.clone()), asked.map(|q| q.answer));
    use_effect(move || {
        question::opened(open, answer);
        question::closed
    });
    match asked {
        Some(q) => (question_box(q, page.quiz, state, &on), Hide::of(q, !state.shows_answer(q))),
        None => (html! {}, Hide::default()),
    }
}

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

/// One choice: a button in study mode (disabled once tried or once the answer shows), a list
/// item in class mode; marked right once the answer shows, wrong once tried.
fn choice(q: &Question, study: bool, state: QuizState, on: &Callback<Answering>, i: usize) -> Html {
    let shown = state.shows_answer(q);
    let tried = state.tried(i);
    let class =
        classes!("choice", (shown && i == q.answer).then_some("right"), (tried && i != q.answer).then_some("wrong"));
    let text = q.choices[i].clone();
    if study {
        let pick = on.reform(move |_: MouseEvent| Answering::Pick(i));
        html! { <li><button type="button" {class} data-testid="choice" data-index={i.to_string()} disabled={shown || tried} onclick={pick}>{ text }</button></li> }
    } else {
        html! { <li {class} data-testid="choice" data-index={i.to_string()}>{ text }</li> }
    }
}

/// Study mode, after a wrong pick: why that choice is wrong (it names no give-away text), and,
/// while the answer waits, that another try is open.
fn why_line(q: &Question, state: QuizState) -> Html {
    let Some((i, why)) = state.wrong_pick(q) else { return html! {} };
    let again = (!state.shows_answer(q)).then_some(" Try another choice, or show the answer.");
    html! {
        <p class="quiz-why" data-testid="quiz-why" data-index={i.to_string()}>
            <strong>{"Not quite: "}</strong>{ why.to_string() }{ again.unwrap_or_default() }
        </p>
    }
}

/// The answer with its reasoning, and for a conceptual question why each wrong choice is wrong.
fn verdict(q: &Question, study: bool, state: QuizState) -> Html {
    let right = state.picked.map(|p| p == q.answer);
    let head = match right {
        Some(true) => "Right. ".to_string(),
        Some(false) => format!("The answer is {}. ", q.choices[q.answer]),
        None => format!("The answer: {}. ", q.choices[q.answer]),
    };
    html! {
        <>
            <p class="verdict" data-testid="verdict" data-right={right.map(|r| r.to_string())}
                data-tries={study.then(|| state.tries().to_string())}>
                <strong>{ head }</strong><span class="reasoning">{ q.reasoning.clone() }</span>
            </p>
            if q.conceptual {
                <ul class="why-not" data-testid="why-not">{ for q.why_not.iter().map(|(c, why)| html! {
                    <li><strong>{ format!("{c}? ") }</strong>{ why.clone() }</li>
                }) }</ul>
            }
        </>
    }
}

pub fn question_box(q: &Question, mode: QuizMode, state: QuizState, on: &Callback<Answering>) -> Html {
    let shown = state.shows_answer(q);
    let study = mode == QuizMode::Study;
    let reveal = on.reform(|_: MouseEvent| Answering::Reveal);
    html! {
        <section class={classes!("question", mode.name())} data-testid="question" data-id={q.id.clone()}
            data-answer={shown.then(|| q.answer.to_string())} aria-live="polite">
            <p class="question-prompt"><strong>{"Predict: "}</strong>{ q.prompt.clone() }</p>
            <ol class="choices" type="A">{ for (0..q.choices.len()).map(|i| choice(q, study, state, on, i)) }</ol>
            if study {
                { why_line(q, state) }
            }
            if !shown && study {
                <button type="button" class="button" data-testid="quiz-show-answer" onclick={reveal}>{"Show the answer"}</button>
            } else if !shown {
                <button type="button" class="button" data-testid="reveal" onclick={reveal}>{"Reveal"}</button>
            }
            if shown {
                { verdict(q, study, state) }
            }
        </section>
    }
}

/// A question outside a walkthrough (the counting and multi-layer views ask about what they show
/// now): its answer state lives here and starts again whenever the question changes. Nothing when
/// questions are off or there is none. With it, what the view holds back while it is open.
#[hook]
pub fn use_question_box(page: &PageParams, q: Option<Question>) -> (Html, Hide) {
    let state = use_state(|| (None::<Question>, QuizState::default()));
    let current = match &q {
        Some(q) if state.0.as_ref() == Some(q) => state.1,
        _ => QuizState::default(),
    };
    let on = {
        let (state, asked) = (state.clone(), q.clone());
        Callback::from(move |a: Answering| {
            let Some(asked) = &asked else { return };
            let next = match a {
                Answering::Pick(i) => current.pick(asked, i),
                Answering::Reveal => current.reveal(),
            };
            state.set((Some(asked.clone()), next));
        })
    };
    use_wired_question(page, q.as_ref(), current, on)
}

/// The questions' switch every walkthrough shows: off, for a class (answers on Reveal), or to
/// study alone (pick, then see why); a change reloads the page with `quiz` in its link.
pub fn quiz_switch(mode: QuizMode) -> Html {
    let on = Callback::from(|e: Event| {
        let el: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let value = el.value();
        let quiz = (value != QuizMode::Off.name()).then_some(value.as_str());
        web::go(&with_param(&web::location_search(), QUIZ.name, quiz), false);
    });
    let modes = [
        (QuizMode::Off, "off"),
        (QuizMode::Class, "for a class: answers wait for Reveal"),
        (QuizMode::Study, "to study: pick, see why, try again"),
    ];
    html! {
        <label class="quiz-switch">{"Questions: "}
            <select data-testid="quiz-switch" onchange={on}>
                { for modes.iter().map(|&(m, label)| html! { <option value={m.name()} selected={m == mode}>{ label }</option> }) }
            </select>
        </label>
    }
}

/// The shown step's question of a page in its quiz mode (nothing when questions are off or the
/// step asks none), with the questions' switch, and what the view holds back while it is open.
#[hook]
pub fn use_page_question<M: Model>(page: &PageParams, handle: &PageHandle<M>) -> (Html, Hide) {
    let state = &handle.state;
    let asked = (page.quiz != QuizMode::Off).then(|| state.model.asked(state.step())).flatten();
    let (question, hide) = use_wired_question(page, asked.as_ref(), state.quiz, handle.answering());
    (html! { <>{ quiz_switch(page.quiz) }{ question }</> }, hide)
}
