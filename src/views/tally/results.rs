//! The tally's results, a bundle of their own (`bloomlab-tally-class`, `parts::TALLY`,
//! `src/bin/tally_class.rs`) that the tally's page fetches the first time codes are tallied: it
//! reads the codes from the page's field (`INPUT_ID`), replays every one, and draws the class —
//! the summary, the scores' chart, the mistakes per step, one row per student, the grades for
//! Moodle and Canvas — or an LMS's interactions report. A page only opened downloads none of it.

use std::rc::Rc;

use yew::prelude::*;

use crate::context::PageContext;
use crate::hooks::input::chosen_index;
use crate::hooks::page::{use_part_page, PageAction};
use crate::hooks::plot::{use_plots, PlotKey};
use crate::parts::{self, News, TALLY};
use crate::views::tally::students::{exports, mode_select, students};
use crate::web;
use crate::widgets::cells::{col_heads, num_cell, plain_cell};
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::practice::tally::scorm::ScormMistakes;
use bloomlab_core::labs::practice::tally::{ExerciseTally, MistakeCount, Modes, Tally, TallyEdit, TallyPage};
use bloomlab_core::labs::practice::Exercise;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{count_of, trim_float};

/// The page's field of codes, which this bundle reads.
pub const INPUT_ID: &str = "tally-input";

/// The class read from the page's codes, and drawn; read again each time the page asks.
#[function_component(TallyResults)]
pub fn tally_results() -> Html {
    let page = use_part_page::<TallyPage>();
    let state = &page.state;
    {
        let d = state.dispatcher();
        use_effect_with((), move |_| {
            let read = move || {
                d.dispatch(PageAction::Edit(TallyEdit::Type(web::field_value(INPUT_ID).unwrap_or_default())));
                d.dispatch(PageAction::Edit(TallyEdit::Apply));
            };
            read();
            TALLY.drawn(None);
            let heard = TALLY.hear(News::Asked, read);
            move || drop(heard)
        });
    }
    // The chart changes with the tally, not with every letter typed into the codes.
    let valid = state.model.tally.as_ref().filter(|t| t.valid > 0);
    let chart =
        use_plots(valid.map(|t| PlotKey::of(t.clone())), &|| valid.map(|t| t.chart()).into_iter().collect()).pop();
    let context = use_memo((), |_| parts::page_context(&parts::page_params()));
    let on_mode = page.send(|e: Event| {
        let mode = chosen_index(&e).and_then(|i| Modes::ALL.get(i).copied()).unwrap_or_default();
        PageAction::Edit(TallyEdit::Mode(mode))
    });
    html! {
        <ContextProvider<PageContext> context={*context}>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            if state.model.class.is_some() {
                <div class="control-row">{ mode_select(state.model.mode, on_mode) }</div>
            }
            if let Some(t) = &state.model.tally {
                { summary(t, chart) }
            }
            if let Some(r) = &state.model.report {
                { report(r) }
            }
            if let Some(class) = &state.model.class {
                { students(class, state.model.mode) }
                { exports(class, state.model.mode) }
            }
        </ContextProvider<PageContext>>
    }
}

/// The results' start: drawn in the tally page's slot.
pub fn mount() {
    TALLY.mount::<TallyResults>(());
}

/// The tally: the summary line, the codes refused, and once a code is valid, the chart (`chart`)
/// and each exercise's table.
fn summary(t: &Rc<Tally>, chart: Option<Rc<Plot>>) -> Html {
    let mean = trim_float(100.0 * t.mean(), 1);
    html! {
        <section class="panel" aria-labelledby="tally-title">
            <h2 id="tally-title">{"The class"}</h2>
            <p data-testid="tally-summary" data-codes={t.codes.to_string()} data-valid={t.valid.to_string()} data-mean={t.mean().to_string()}>
                { format!("{} read, {} counted", count_of(t.codes as u64, "code", "codes"), t.valid) }
                if t.duplicates > 0 { { format!(" ({} pasted again, counted once)", count_of(t.duplicates as u64, "code", "codes")) } }
                if t.other_mode > 0 { { format!(" ({} of the other mode left out)", count_of(t.other_mode as u64, "code", "codes")) } }
                if t.valid > 0 { { format!("; {mean} % of the steps right at the first try on average.") } } else { { "." } }
                if t.skipped > 0 { { format!(" {} past the first 5,000 were not read.", count_of(t.skipped as u64, "line", "lines")) } }
            </p>
            if !t.refused.is_empty() {
                <ul class="tally-refused">
                    { for t.refused.iter().map(|(line, text, why)| html! {
                        <li data-testid="tally-refused" data-line={line.to_string()}>{ format!("Line {line} ({text}): refused — {why}.") }</li>
                    }) }
                </ul>
            }
            if let Some(plot) = chart {
                <ChartCanvas {plot} testid="tally-chart" legend={true}
                    label="How many students got each share of the steps right at the first try, per exercise" />
                { for t.exercises.iter().map(exercise) }
            }
        </section>
    }
}

fn exercise(e: &ExerciseTally) -> Html {
    html! {
        <section class="tally-exercise">
            <h3>{ e.exercise.title() }</h3>
            <p>{ format!("{}: {} % of the steps right at the first try on average; {} proficient (80 % or more).",
                count_of(e.scores.len() as u64, "student", "students"), trim_float(100.0 * e.mean(), 1), e.proficient) }</p>
            { mistakes(e.exercise, &e.mistakes) }
        </section>
    }
}

/// The mistakes made in `exercise`, most frequent first (`tally-mistake`).
fn mistakes(exercise: Exercise, counts: &[MistakeCount]) -> Html {
    if counts.is_empty() {
        return html! { <p>{"No catalogued mistake was made."}</p> };
    }
    let name = exercise.name();
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table">
                <caption>{"The mistakes made, most frequent first"}</caption>
                <thead><tr>{ col_heads(&["step", "mistake", "students"]) }</tr></thead>
                <tbody>
                    { for counts.iter().map(|m| html! {
                        <tr data-testid="tally-mistake" data-exercise={name} data-id={m.id} data-step={m.step.to_string()} data-count={m.count.to_string()}>
                            { num_cell((m.step + 1).to_string()) }{ plain_cell(m.name) }{ num_cell(m.count.to_string()) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// An LMS's interactions report: the mistakes per step its rows show, as the codes' tally shows them.
fn report(r: &ScormMistakes) -> Html {
    html! {
        <section class="panel" aria-labelledby="tally-report-title" data-testid="tally-report" data-attempts={r.attempts.to_string()}>
            <h2 id="tally-report-title">{"An LMS's interactions report"}</h2>
            <p>{ format!("{} read. Each step counts once per attempt, from its first answer.", count_of(r.attempts as u64, "attempt", "attempts")) }</p>
            { for r.exercises.iter().map(|(e, counts)| html! {
                <section class="tally-exercise"><h3>{ e.title() }</h3>{ mistakes(*e, counts) }</section>
            }) }
            if !r.unread.is_empty() {
                <p>{ format!("Not counted: {}.", r.unread.iter().map(|(line, id, why)| format!("line {line}, {id}: {why}")).collect::<Vec<_>>().join("; ")) }</p>
            }
        </section>
    }
}
