//! Run it by hand (`view=practice`): a generated problem, one gradeable step at a time, each
//! graded by the core with the mistake behind a wrong answer named; the score and a result code
//! at the end.

use yew::prelude::*;

use crate::widgets::cells::para;

use crate::hooks::page::{use_plain_page, Model, PageAction, PageHandle};
use crate::views::practice::course::{assignment_slot, use_assignment};
use crate::views::practice::lms::SESSION_ID;
use crate::views::practice::parts::{cells, done_mark, feedback, progress_list, shown_cells, step_input, StepInput};
use crate::views::ViewProps;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::practice::code::StudentId;
use bloomlab_core::labs::practice::exercises::cm_update::CmProblem;
use bloomlab_core::labs::practice::page::{PracticeEdit, PracticePage};
use bloomlab_core::labs::practice::progress::{Progress, STORAGE_KEY};
use bloomlab_core::labs::practice::{Exercise, Form, Practice, Problem, LEVEL, MODE, SEED};
use bloomlab_core::link::query;

/// The student's best scores, kept in the browser, with the finished session recorded (and its
/// code reported to the page's host) once it is done.
#[hook]
fn use_progress(p: &Practice) -> UseStateHandle<Progress> {
    let progress = use_state(|| Progress::parse(&crate::web::local_get(STORAGE_KEY).unwrap_or_default()));
    let (finished, code, p, kept) = (p.finished(), p.code(), p.clone(), progress.clone());
    use_effect_with((finished, code), move |(finished, code)| {
        if *finished {
            report(&p, code);
            let mut stored = Progress::parse(&crate::web::local_get(STORAGE_KEY).unwrap_or_default());
            stored.record(&p);
            crate::web::local_set(STORAGE_KEY, &stored.text());
            kept.set(stored);
        }
    });
    progress
}

/// An exercise this build does not run (picked in the list, or a pasted link's, `search`): its
/// link opens it on the practice page that does (the loader picks the page by the exercise).
/// True while it goes. Never on an assignment's page (its runner orders the sessions, and the
/// loader has picked the build of its first task), nor to the address the page is at.
#[hook]
fn use_elsewhere(search: Option<String>) -> bool {
    let going = search.is_some();
    use_effect_with(search, |s| {
        if let Some(s) = s {
            crate::web::go(s, true);
        }
    });
    going
}

#[function_component(PracticeView)]
pub fn practice_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<PracticePage>(&props.query, &props.page);
    let answers = use_assignment(&page);
    let state = &page.state;
    let p = &state.model.session;
    let finished = p.finished();
    let progress = use_progress(p);
    // After Submit the feedback comes into view (on a phone it would be under the keyboard).
    use_effect_with((p.done.len(), p.pending.is_some()), |_| {
        crate::web::scroll_last_into_view("[data-testid=practice-feedback]")
    });
    let mode = if p.exam { "exam" } else { "learn" };
    let folded = use_state(crate::web::narrow_screen);
    let elsewhere = (!p.exercise.here() && state.model.assignment.is_none())
        .then(|| query::build(&[props.page.query_pairs(), state.model.pairs(&state.stepper)].concat()))
        .filter(|search| *search != crate::web::location_search());
    if use_elsewhere(elsewhere) {
        return html! {
            <section class="practice" data-testid="practice" data-exercise={p.exercise.name()} data-elsewhere="true">
                <h1>{ format!("Run it by hand: {}", p.exercise.title()) }</h1>
                <p role="status">{"Opening this exercise's page…"}</p>
            </section>
        };
    }
    html! {
        <section class="practice" id={SESSION_ID} data-answers={answers} data-testid="practice" data-exercise={p.exercise.name()} data-seed={p.seed.to_string()}
            data-level={p.level.to_string()} data-mode={mode} data-step={p.done.len().min(p.max()).to_string()}
            data-steps={p.max().to_string()} data-score={p.score().to_string()} data-max={p.max().to_string()}
            data-done={finished.to_string()}>
            <header class="view-head">
                <h1>{ format!("Run it by hand: {}", p.exercise.title()) }</h1>
                <p>{ p.exercise.task() }</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            if state.model.assignment.is_some() { { assignment_slot() } }
            { settings(&page, *folded) }
            if !state.model.waiting {
            <section class="panel practice-board" aria-labelledby="practice-title">
                <h2 id="practice-title">{"The problem"}</h2>
                <p data-testid="practice-problem" data-problem={p.problem.json()}>{ p.problem.statement() }</p>
                { drill_picture(p) }
                if let Problem::Lookup(_) = p.problem {
                    { cells(&p.problem.start_bits().unwrap_or_default(), None, "the filter's bits") }
                }
                <ol class="practice-steps" aria-label="steps done">
                    { for p.done.iter().enumerate().map(|(i, d)| done_mark(i, d, !p.exam || finished)) }
                </ol>
                { if finished { result(p, state.model.assignment.is_some()) } else { current(&page) } }
            </section>
            }
            // An assignment's frame gives its pass mark and what the LMS recorded instead.
            if state.model.assignment.is_none() {
                { progress_list(&progress) }
                { crate::views::practice::course::assign_link() }
            }
        </section>
    }
}

/// The settings (exercise, mode, level, seed, New problem), folded on a phone so the problem is on
/// the first screen; on a locked link (an exam's) a line instead says what is fixed.
fn settings(page: &PageHandle<PracticePage>, folded: bool) -> Html {
    let state = &*page.state;
    let p = &state.model.session;
    let mode = if p.exam { "exam" } else { "learn" };
    let fixed = format!("Settings: {mode}, level {}", p.level);
    let settings = format!("{fixed}, seed {}", p.seed);
    html! {
        <>
        if state.model.lock {
            // An assignment's seed is each learner's own: the link does not hold it.
            if !state.model.waiting {
                <p class="muted" data-testid="practice-locked">{ if state.model.assignment.is_some() {
                    format!("{fixed} (set by the assignment)")
                } else {
                    format!("{settings} (fixed by the link)")
                } }</p>
            }
        } else {
        <details class="panel practice-settings-box" open={!folded} data-testid="practice-settings">
            <summary>{ settings }</summary>
            <p class="muted">{"Every step is graded; a wrong one is named for the mistake behind it, with the worked step."}</p>
        <div class="control-row practice-settings">
            <label>{"exercise "}<select onchange={page.field("exercise")} data-testid="practice-exercise">
                { for Exercise::ALL.iter().map(|e| html! { <option value={e.name()} selected={*e == p.exercise}>{ e.title() }</option> }) }
            </select></label>
            <label>{"mode "}<select onchange={page.field(MODE.name)} data-testid="practice-mode">
                <option value="learn" selected={!p.exam}>{"learn: each step checked"}</option>
                <option value="exam" selected={p.exam}>{"exam: checked at the end"}</option>
            </select></label>
            <label>{"level "}{ number_field(&LEVEL, p.level.to_string(), page.field(LEVEL.name), "practice-level") }</label>
            <label>{"seed "}{ number_field(&SEED, p.seed.to_string(), page.field(SEED.name), "practice-seed") }</label>
            <button type="button" class="button" data-testid="practice-next"
                onclick={edit(page, |_: MouseEvent| PracticeEdit::Next)}>{"New problem"}</button>
        </div>
        </details>
        }
        </>
    }
}

/// The picture of a filter built once's drill (only the filter chapters' build has them).
#[allow(clippy::let_and_return)]
fn drill_picture(p: &Practice) -> Html {
    #[cfg(feature = "filter-drills")]
    let shown = crate::views::practice::built::picture(p);
    #[cfg(not(feature = "filter-drills"))]
    let shown = {
        let _ = p;
        Html::default()
    };
    shown
}

/// A control's callback: what the student did.
fn edit<T: 'static>(page: &PageHandle<PracticePage>, f: impl Fn(T) -> PracticeEdit + 'static) -> Callback<T> {
    page.send(move |x| PageAction::Edit(f(x)))
}

/// The current step: its form, and in learn mode the feedback on the last answer.
fn current(page: &PageHandle<PracticePage>) -> Html {
    let state = &*page.state.model;
    let p = &state.session;
    let i = p.done.len();
    let step = p.current();
    let last = (!p.exam).then(|| p.done.last()).flatten();
    // DGIM's cells are its times: under each, the bit that arrived then.
    let marks: Vec<char> = match &p.problem {
        Problem::Dgim(g) => g.bits.iter().map(|&b| if b { '1' } else { '0' }).collect(),
        _ => Vec::new(),
    };
    html! {
        <>
            if p.pending.is_none() {
                if let Some(d) = last {
                    { feedback(i - 1, &d.shown(), &p.problem.step(i - 1, &p.accepted()[..i - 1]).worked) }
                }
            }
            <h3>{ format!("Step {} of {}", i + 1, p.max()) }</h3>
            { last_cells(p, &step.form) }
            { step_input(StepInput {
                step: &step,
                cells: &state.cells,
                counts: &state.counts,
                marks: &marks,
                text: &state.text,
                locked: p.pending.is_some(),
                on_toggle: edit(page, PracticeEdit::Toggle),
                on_type: edit(page, PracticeEdit::Type),
                on_cell: edit(page, |(i, t): (usize, String)| PracticeEdit::Cell(i, t)),
                on_submit: edit(page, |_: ()| PracticeEdit::Submit),
                on_choose: edit(page, PracticeEdit::Choose),
            }) }
            if let Some((_, v)) = &p.pending {
                { feedback(i, v, &step.worked) }
                <div class="control-row">
                    <button type="button" class="button primary" data-testid="practice-undo"
                        onclick={edit(page, |_: MouseEvent| PracticeEdit::Undo)}>{"Try again"}</button>
                    <button type="button" class="button" data-testid="practice-fix"
                        onclick={edit(page, |_: MouseEvent| PracticeEdit::Fix)}>{"Do it for me (scores nothing)"}</button>
                </div>
            }
        </>
    }
}

/// The counters or values the student's last typed step left, for the steps after it that ask
/// about them (a counting filter's lookups, the AMS variables' X).
fn last_cells(p: &Practice, form: &Form) -> Html {
    let (name, from, words) = match &p.problem {
        Problem::Counting(_) => ("counter", 0, "Your counters after the forced delete:"),
        Problem::Ams(_) => ("variable", 1, "Your variables' values at the end of the stream:"),
        Problem::MisraGries(_) => ("item", 0, "Your counts at the end of the stream:"),
        Problem::Dgim(_) => ("time", 1, "Your buckets at the end (each size under its timestamp):"),
        Problem::CountMin(c) => return grid(p, c),
        _ => return Html::default(),
    };
    match (form, p.last_cells()) {
        (Form::Counters { .. }, _) | (_, None) => Html::default(),
        (_, Some(v)) => html! {
            <>
                { para(words) }
                { shown_cells(&v, name, from) }
            </>
        },
    }
}

/// A count-min sketch's grid as the student left it after the arrival before the current step
/// (every row, so a conservative update can read the item's estimate from all of them).
fn grid(p: &Practice, c: &CmProblem) -> Html {
    let i = p.done.len().min(p.max().saturating_sub(1));
    let a = (i / c.d.max(1) as usize).min(c.arrivals.len());
    if a == 0 {
        return Html::default();
    }
    let rows = c.grid_after(&p.accepted()[..i], a);
    html! {
        <div class="practice-grid" data-testid="practice-grid" data-rows={rows.len().to_string()}>
            <p>{ format!("Your counters after arrival {a}, row 0 first:") }</p>
            { for rows.iter().map(|r| shown_cells(r, "column", 0)) }
        </div>
    }
}

/// The end: the score, whether it is proficient and the code (not in an assignment, whose frame
/// gives its own pass mark and what the LMS recorded), and (in exam mode) every step's feedback.
fn result(p: &Practice, assignment: bool) -> Html {
    let accepted = p.accepted();
    let verdict = if p.proficient() {
        "Proficient: 80 % or more right at the first try."
    } else {
        "Below 80 % right at the first try: try a new problem."
    };
    html! {
        <div class="practice-result">
            <h3>{ format!("Score: {} of {} steps right at the first try", p.score(), p.max()) }</h3>
            if !assignment {
                { para(verdict) }
                <CodeShare practice={p.clone()} />
            }
            if p.exam {
                { for p.done.iter().enumerate().map(|(i, d)| feedback(i, &d.verdict, &p.problem.step(i, &accepted[..i]).worked)) }
            }
        </div>
    }
}

/// Tells a course page around the frame the result (`practice-result`, README's embedding section).
fn report(p: &Practice, code: &str) {
    let mode = if p.exam { "exam" } else { "learn" };
    crate::web::post_to_parent(&[
        ("source", "bloomlab".into()),
        ("type", "practice-result".into()),
        ("exercise", p.exercise.name().into()),
        ("seed", (p.seed as f64).into()),
        ("level", (p.level as f64).into()),
        ("mode", mode.into()),
        ("score", (p.score() as f64).into()),
        ("max", (p.max() as f64).into()),
        ("code", code.into()),
    ]);
}

#[derive(Properties, PartialEq)]
struct CodeShareProps {
    practice: Practice,
}

/// The result code, with the student's id in it once typed (so the tally can match it), Copy (and,
/// where the browser has a share sheet, Share), with word of what happened (`practice-copied`,
/// `data-copied`).
#[function_component(CodeShare)]
fn code_share(props: &CodeShareProps) -> Html {
    let copied = use_state(|| None::<bool>);
    let typed = use_state(String::new);
    let id = StudentId::read(&typed);
    let code = props.practice.code_with(id.as_ref().unwrap_or(&StudentId::default()));
    let on_id = {
        let (typed, copied) = (typed.clone(), copied.clone());
        Callback::from(move |e: InputEvent| {
            copied.set(None);
            typed.set(crate::hooks::input::value_of(&e));
        })
    };
    let act = |share: bool| {
        let (copied, code) = (copied.clone(), code.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, code) = (copied.clone(), code.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let done = if share { crate::web::share_text(&code).await } else { crate::web::copy_text(&code).await };
                copied.set(Some(done || share));
            });
        })
    };
    html! {
        <>
            <p><label>{"Your student id (optional): "}
                <input type="text" maxlength="64" autocomplete="off" spellcheck="false" data-testid="practice-student-id"
                    value={(*typed).clone()} oninput={on_id} /></label></p>
            if let Err(why) = &id {
                <p class="notice" data-testid="practice-student-id-error">{ format!("Not in the code: {why}.") }</p>
            }
            <p>{"Your result code (your teacher recomputes the score from it):"}</p>
            <p class="mono practice-code" data-testid="practice-code" data-code={code.clone()}>{ code.clone() }</p>
            <p class="control-row">
                <button type="button" class="button" data-testid="practice-copy" onclick={act(false)}>{"Copy the code"}</button>
                if crate::web::can_share() {
                    <button type="button" class="button" data-testid="practice-share" onclick={act(true)}>{"Share"}</button>
                }
            </p>
            <p class="muted small" role="status" data-testid="practice-copied" data-copied={copied.map(|c| c.to_string())}>
                { match *copied {
                    Some(true) => "Copied: paste it where your teacher asks.",
                    Some(false) => "The browser did not allow copying: select the code above and copy it.",
                    None => "",
                } }
            </p>
        </>
    }
}
