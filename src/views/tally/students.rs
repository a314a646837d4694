//! The tally's rows per student (id, exercise, mode, level, score, what to look at), the mode
//! filter, and the grades downloads for Moodle and Canvas (made in the core, downloaded in the
//! page: nothing leaves the browser).

use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use crate::widgets::cells::{col_heads, num_cell, plain_cell};
use crate::widgets::charts::export::{data_url, download};
use bloomlab_core::labs::practice::tally::class::{Class, Modes, StudentRow};
use bloomlab_core::labs::practice::tally::export::{canvas_csv, left_out, moodle_csv};
use bloomlab_core::link::export::file_stem;
use bloomlab_core::text::{count_of, trim_float};

/// The mode filter: which sessions the rows, the aggregates and the exports count.
pub fn mode_select(mode: Modes, on_change: Callback<Event>) -> Html {
    html! {
        <label>{"count "}<select onchange={on_change} data-testid="tally-mode">
            { for Modes::ALL.iter().map(|m| html! { <option value={m.name()} selected={*m == mode}>{ m.label() }</option> }) }
        </select></label>
    }
}

/// One row per student and code in `mode`, with its flags in words.
pub fn students(class: &Rc<Class>, mode: Modes) -> Html {
    let rows: Vec<&StudentRow> = class.rows_in(mode).collect();
    if rows.is_empty() {
        return html! {};
    }
    html! {
        <section class="panel" aria-labelledby="tally-students-title">
            <h2 id="tally-students-title">{"The students"}</h2>
            <div class="table-scroll" tabindex="0">
                <table class="data-table" data-testid="tally-students">
                    <caption>{"Each student's code, replayed: the id given on its line, else the one inside the code, else its line"}</caption>
                    <thead><tr>{ col_heads(&["id", "exercise", "mode", "level", "score", "of", "%", "to look at"]) }</tr></thead>
                    <tbody>{ for rows.into_iter().map(row) }</tbody>
                </table>
            </div>
        </section>
    }
}

fn row(r: &StudentRow) -> Html {
    let flags: Vec<&str> = r.flags.iter().map(|f| f.key()).collect();
    let words: Vec<String> = r.flags.iter().map(|f| f.words()).collect();
    html! {
        <tr data-testid="tally-student-row" data-id={r.id.clone()} data-exercise={r.exercise.name()} data-mode={r.mode()}
            data-score={r.score.to_string()} data-max={r.max.to_string()} data-flags={flags.join(",")} data-line={r.line.to_string()}>
            { plain_cell(r.id.clone()) }{ plain_cell(r.exercise.name()) }{ plain_cell(r.mode()) }{ num_cell(r.level.to_string()) }
            { num_cell(r.score.to_string()) }{ num_cell(r.max.to_string()) }{ num_cell(trim_float(r.percent(), 1)) }
            { plain_cell(words.join("; ")) }
        </tr>
    }
}

/// Downloads `text` as a CSV named after the view and `what`.
fn download_csv(text: &str, what: &str) {
    download(&data_url("text/csv", text), &format!("{}.csv", file_stem(&web::location_search(), what)));
}

/// The two grades downloads, with the rows they leave out and why.
pub fn exports(class: &Rc<Class>, mode: Modes) -> Html {
    if class.rows_in(mode).next().is_none() {
        return html! {};
    }
    let on_moodle = {
        let class = class.clone();
        Callback::from(move |_: MouseEvent| download_csv(&moodle_csv(&class, mode), "tally-moodle"))
    };
    let on_canvas = {
        let class = class.clone();
        Callback::from(move |_: MouseEvent| download_csv(&canvas_csv(&class, mode), "tally-canvas"))
    };
    let out = left_out(class, mode);
    html! {
        <section class="panel" aria-labelledby="tally-grades-title">
            <h2 id="tally-grades-title">{"Grades for your LMS"}</h2>
            <p>{"One row per student and one column per exercise (\"Bloom Lab: \" and its name); the grade is the percent of steps right at the first try, 0 to 100, the best of a student's codes for an exercise."}</p>
            <ul class="small">
                <li>{"Moodle (Grades \u{2192} Import \u{2192} CSV file): set \u{201c}Map to\u{201d} (it starts at User ID) to the field the ids are, Email address, ID number or username, and each exercise column (each starts at Ignore) to a grade item. Some Moodle releases refuse two columns mapped to \u{201c}New grade item\u{201d}: create the items first (maximum grade 100), or import one column at a time. A dash is no grade; mapped to an existing item it clears that student's grade there."}</li>
                <li>{"Canvas (Grades \u{2192} Import): the ids are written as SIS Login IDs, which must be the students' Canvas logins exactly (Canvas lists the rows it cannot match for you to match by hand); each exercise becomes an assignment of 100 points. On a second import, an empty cell for a student who already has a grade is sent to Canvas as a change to no grade, so paste every code again first."}</li>
            </ul>
            <div class="control-row" role="group" aria-label="Grades downloads">
                <button type="button" class="button" data-testid="tally-export-moodle" onclick={on_moodle}>{"grades for Moodle (CSV)"}</button>
                <button type="button" class="button" data-testid="tally-export-canvas" onclick={on_canvas}>{"grades for Canvas (CSV)"}</button>
            </div>
            if !out.is_empty() {
                <p>{ format!("{} left out of the grades: ", count_of(out.len() as u64, "code", "codes")) }
                    { out.iter().map(|(line, why)| format!("line {line}: {why}")).collect::<Vec<_>>().join("; ") }{"."}</p>
            }
        </section>
    }
}
