//! Exercise sheets (`view=exercises`): the settings, the questions, and the answer key on its own
//! printed page.

use yew::prelude::*;

use crate::hooks::page::{use_plain_page, PageAction};
use crate::views::ViewProps;
use crate::widgets::cells::para;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::exercises::{Sheet, SheetQuestion, Topic, COUNT, SEED};

#[function_component(ExercisesView)]
pub fn exercises_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<Sheet>(&props.query, &props.page);
    let toggle_topic = |t: Topic| page.send(move |_: Event| PageAction::Edit(t));
    let on_print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    let s = &*page.state.model;
    html! {
        <section class="exercises">
            <header class="view-head no-print">
                <h1>{"Exercise sheets"}</h1>
                <p>{"Seeded questions on the week's topics with every number needed to solve them by hand. The same seed gives the same sheet; the answer key comes from the same code the views use, and each answer links to the view that works it out. Print it: the key starts on a page of its own."}</p>
            </header>
            { notice_list(&page.state.notices, None) }
            <div class="panel no-print">
                <fieldset class="topic-list">
                    <legend>{"Topics"}</legend>
                    { for Topic::ALL.iter().map(|&t| html! {
                        <label class="topic"><input type="checkbox" checked={s.topics.contains(&t)} onchange={toggle_topic(t)}
                            data-testid="exercise-topic" data-topic={t.name()} />{ t.title() }</label>
                    }) }
                </fieldset>
                <div class="control-row">
                    <label>{"questions "}{ number_field(&COUNT, s.count.to_string(), page.field(COUNT.name), "exercise-count") }</label>
                    <label>{"seed "}{ number_field(&SEED, s.seed.to_string(), page.field(SEED.name), "exercise-seed") }</label>
                    <label>{"difficulty "}<select onchange={page.field("difficulty")} data-testid="exercise-difficulty">
                        { for (1..=3u64).map(|d| html! { <option value={d.to_string()} selected={d == s.difficulty}>{ ["small", "medium", "larger"][d as usize - 1] }</option> }) }
                    </select></label>
                    <label>{"answer key "}<select onchange={page.field("answers")} data-testid="exercise-answers">
                        <option value="0" selected={!s.answers}>{"hidden"}</option>
                        <option value="1" selected={s.answers}>{"shown"}</option>
                    </select></label>
                    <button type="button" class="button" onclick={on_print} data-testid="exercise-print">{"Print"}</button>
                </div>
            </div>
            <div class="print-only sheet-head" data-testid="sheet-head">
                <p class="sheet-title">{ format!("Exercise sheet: {}", s.topics.iter().map(|t| t.title()).collect::<Vec<_>>().join(", ")) }</p>
                <p class="sheet-name">{"Name: "}<span class="write-line"></span>{" Date: "}<span class="write-line short"></span></p>
            </div>
            <ol class="exercise-list">{ for s.exercises.iter().map(exercise_item) }</ol>
            if s.answers {
                <section class="answer-key" aria-labelledby="key-title">
                    <h2 id="key-title">{ format!("Answer key (seed {})", s.seed) }</h2>
                    <ol>{ for s.exercises.iter().map(answer_item) }</ol>
                </section>
            }
        </section>
    }
}

/// A value of `data` by its name, when it has one.
fn value(data: &[(&'static str, String)], name: &str) -> Option<String> {
    data.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).filter(|v| !v.is_empty())
}

/// A question with its data as hook attributes, and room to work on paper.
fn exercise_item(e: &SheetQuestion) -> Html {
    let d = |k: &str| value(&e.data, k);
    html! {
        <li class="exercise" data-testid="exercise" data-topic={e.topic.name()} data-index={e.index.to_string()}
            data-m={d("m")} data-n={d("n")} data-k={d("k")} data-hash={d("hash")} data-items={d("items")} data-stream={d("stream")}
            data-a={d("a")} data-b={d("b")} data-w={d("w")} data-positions={d("positions")} data-rate={d("rate")}
            data-lookups={d("lookups")} data-s={d("s")} data-draws={d("draws")} data-picks={d("picks")}
            data-d={d("d")} data-query={d("query")} data-problem={d("problem")} data-table={d("table")} data-words={d("words")}>
            <h2>{ format!("{}. {}", e.index + 1, e.topic.title()) }</h2>
            { para(e.question.clone()) }
            <div class="print-only working-space" aria-hidden="true"></div>
        </li>
    }
}

/// An answer of the key: the answer, how to get there (item by item where it says more), and
/// the link to the view that works it out.
fn answer_item(e: &SheetQuestion) -> Html {
    html! {
        <li data-testid="answer" data-index={e.index.to_string()} data-value={e.answer.clone()}>
            <strong class="mono">{ e.shown_answer() }</strong>{ " — " }{ e.working.clone() }{ " " }
            <a href={e.link.clone()} class="no-print" data-testid="answer-link">{"see it worked out"}</a>
            if !e.lines.is_empty() {
                <ul class="key-lines">
                    { for e.lines.iter().map(|l| {
                        let d = |k: &str| value(&l.data, k);
                        html! {
                            <li data-testid="answer-line" data-item={d("item")} data-hashes={d("hashes")} data-positions={d("positions")}
                                data-verdict={d("verdict")} data-position={d("position")} data-draw={d("draw")} data-slot={d("slot")}
                                data-row={d("row")} data-arrival={d("arrival")} data-counters={d("counters")}
                                data-step={d("step")} data-answer={d("answer")}>
                                { l.text.clone() }
                            </li>
                        }
                    }) }
                </ul>
            }
        </li>
    }
}
