//! The practice view's parts: the cells a student clicks, the current step's form, the feedback
//! on a graded step, and the result at the end.

use yew::prelude::*;

use bloomlab_core::labs::practice::{Done, DrillStep, Form, Verdict};

/// An array of bits as buttons: each toggles with a click or the keyboard (`practice-cell`).
/// `onclick` is `None` for an array that is only shown.
pub fn cells(bits: &[bool], onclick: Option<Callback<usize>>, label: &str) -> Html {
    html! {
        <div class="practice-cells" role="group" aria-label={label.to_string()}>
            { for bits.iter().enumerate().map(|(i, &b)| {
                let value = if b { "1" } else { "0" };
                let click = onclick.clone().map(|cb| Callback::from(move |_: MouseEvent| cb.emit(i)));
                html! {
                    <button type="button" class={classes!("practice-cell", b.then_some("on"))} data-testid="practice-cell"
                        data-index={i.to_string()} data-value={value} aria-pressed={b.to_string()}
                        disabled={click.is_none()} onclick={click}>
                        <span class="cell-index"><span class="visually-hidden">{"position "}</span>{ i }</span>
                        <span class="cell-value"><span class="visually-hidden">{" holds "}</span>{ value }</span>
                    </button>
                }
            }) }
        </div>
    }
}

/// Typed cells as the student left them, shown without a field (`practice-last-cells`,
/// `data-values`): the counters or values a later step asks about.
pub fn shown_cells(values: &[i64], name: &str, from: usize) -> Html {
    let csv = values.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    html! {
        <div class="practice-cells" role="group" aria-label={format!("your {name}s so far")} data-testid="practice-last-cells" data-values={csv}>
            { for values.iter().enumerate().map(|(i, v)| html! {
                <span class="practice-cell"><span class="cell-index">{ from + i }</span><span class="cell-value">{ v }</span></span>
            }) }
        </div>
    }
}

/// A field per cell (`practice-cell` with `data-index` and `data-value`, the text typed).
/// `marks`, when given, is a mark under each cell's index (DGIM: the bit that arrived then).
fn typed_cells(
    texts: &[String],
    (name, from, marks): (&str, usize, &[char]),
    locked: bool,
    on_cell: &Callback<(usize, String)>,
) -> Html {
    html! {
        <div class="practice-cells" role="group" aria-label={format!("the {name}s: type each value")}>
            { for texts.iter().enumerate().map(|(i, t)| {
                let cb = on_cell.clone();
                let on_input = Callback::from(move |e: InputEvent| cb.emit((i, crate::hooks::input::value_of(&e))));
                html! {
                    <label class="practice-cell typed">
                        <span class="cell-index">{ from + i }</span>
                        if let Some(m) = marks.get(i) { <span class="cell-index" data-testid="practice-cell-mark">{ format!("bit {m}") }</span> }
                        <input type="text" inputmode="numeric" class="cell-value" data-testid="practice-cell"
                            data-index={i.to_string()} data-value={t.clone()} value={t.clone()} oninput={on_input}
                            disabled={locked} autocomplete="off" aria-label={format!("{name} {}", from + i)} />
                    </label>
                }
            }) }
        </div>
    }
}

/// What the current step asks for: cells, a field or choices, and the submit button.
pub struct StepInput<'a> {
    pub step: &'a DrillStep,
    pub cells: &'a [bool],
    pub counts: &'a [String],
    /// A mark under each typed cell's index, or none.
    pub marks: &'a [char],
    pub text: &'a str,
    pub locked: bool,
    pub on_toggle: Callback<usize>,
    pub on_type: Callback<String>,
    pub on_cell: Callback<(usize, String)>,
    pub on_submit: Callback<()>,
    pub on_choose: Callback<String>,
}

pub fn step_input(s: StepInput) -> Html {
    let submit = {
        let cb = s.on_submit.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            cb.emit(());
        })
    };
    let button = html! {
        <button type="submit" class="button primary" data-testid="practice-submit" disabled={s.locked}>{"Submit this step"}</button>
    };
    let body = match &s.step.form {
        Form::Bits { .. } => html! {
            <>
                { cells(s.cells, (!s.locked).then(|| s.on_toggle.clone()), "the filter's bits: click a position to set or clear it") }
                { button }
            </>
        },
        Form::Counters { name, from, .. } => html! {
            <>
                { typed_cells(s.counts, (name, *from, s.marks), s.locked, &s.on_cell) }
                { button }
            </>
        },
        Form::Whole { field } | Form::Decimal { field, .. } => {
            let on_input = {
                let cb = s.on_type.clone();
                Callback::from(move |e: InputEvent| cb.emit(crate::hooks::input::value_of(&e)))
            };
            html! {
                <div class="control-row">
                    <label>{ format!("{field} = ") }
                        <input type="text" inputmode="decimal" class="num-input" data-testid="practice-input" data-field={*field}
                            value={s.text.to_string()} oninput={on_input} disabled={s.locked} autocomplete="off" />
                    </label>
                    { button }
                </div>
            }
        }
        Form::Choice { options } => html! {
            <div class="control-row" role="group" aria-label="your answer">
                { for options.iter().map(|&(value, label)| {
                    let cb = s.on_choose.clone();
                    html! {
                        <button type="button" class="button" data-testid="practice-choice" data-value={value}
                            disabled={s.locked} onclick={Callback::from(move |_: MouseEvent| cb.emit(value.to_string()))}>{ label }</button>
                    }
                }) }
            </div>
        },
    };
    html! {
        <form class="practice-step" onsubmit={submit}>
            <p class="practice-prompt">{ s.step.prompt.clone() }</p>
            { body }
        </form>
    }
}

/// The feedback on step `i`: right or wrong, the mistake named, what was expected, the worked step.
pub fn feedback(i: usize, v: &Verdict, worked: &str) -> Html {
    let verdict = if v.right { "right" } else { "wrong" };
    let mistake = v.mistake.map_or("none", |m| m.id);
    html! {
        <div class={classes!("practice-feedback", verdict)} data-testid="practice-feedback" data-step={i.to_string()}
            data-verdict={verdict} data-mistake={mistake} data-expected={v.expected.clone()} role="status">
            <p><strong>{ format!("Step {}: {}", i + 1, if v.right { "right." } else { "not right." }) }</strong>{" "}{ if v.right && v.message == "Right." { String::new() } else { v.text() } }</p>
            <p class="practice-worked">{ worked.to_string() }</p>
        </div>
    }
}

/// One finished step in the list of steps: its number and whether it scored.
pub fn done_mark(i: usize, d: &Done, show: bool) -> Html {
    let (mark, title) = match (show, d.scored, d.fixed) {
        (false, ..) => ("•", "answered"),
        (true, true, _) => ("✓", "right at the first try"),
        (true, false, true) => ("✗", "fixed by the page"),
        (true, false, false) => ("✗", "right at a later try"),
    };
    html! { <li title={title}>{ format!("{} {mark}", i + 1) }</li> }
}

/// The student's progress in this browser (`practice-progress`), when there is any.
pub fn progress_list(progress: &bloomlab_core::labs::practice::progress::Progress) -> Html {
    if progress.entries.is_empty() {
        return html! {};
    }
    html! {
        <section class="panel practice-progress" aria-labelledby="progress-title">
            <h2 id="progress-title">{"Your progress (kept in this browser only)"}</h2>
            <ul>
                { for progress.entries.iter().map(|e| html! {
                    <li data-testid="practice-progress" data-exercise={e.exercise.name()} data-level={e.level.to_string()}
                        data-best={e.best.to_string()} data-max={e.max.to_string()} data-proficient={e.proficient.to_string()}>
                        { format!("{}, level {}: best {} of {}{} ({} finished)", e.exercise.title(), e.level, e.best, e.max,
                            if e.proficient { ", proficient" } else { "" }, e.finished) }
                    </li>
                }) }
            </ul>
        </section>
    }
}
