//! An assignment's frame around the practice page: its title and instructions, which exercise of
//! how many, where the LMS stands (`practice-lms`), the way to the next exercise and, at the end,
//! the assignment's mark.

use yew::prelude::*;

use crate::hooks::page::PageHandle;
use crate::parts::{Ask, News, LMS, TOOLS};
use crate::views::practice::lms::{LmsState, ORDER_ID};
use crate::web;
use crate::widgets::cells::para;
use bloomlab_core::labs::practice::course::Course;
use bloomlab_core::labs::practice::lms::cmi;
use bloomlab_core::labs::practice::page::{PracticeEdit, PracticePage};

/// Where the home page opens the assignment builder at once (`AssignFromHash`): the practice
/// view's link to it.
pub const ASSIGN_HASH: &str = "#assign";

/// The button that fetches the lecturer's tools with the assignment builder open (`app::assign`,
/// on the home page), with a sentence around it.
pub fn assign_button() -> Html {
    html! {
        <p class="muted" id="assign">{"Teaching with Moodle, Canvas or Blackboard? "}
            <button type="button" class="button small" data-testid="home-assign"
                onclick={Callback::from(|_: MouseEvent| open_builder())}>{"Make a graded assignment"}</button>
            {" (a SCORM package: each student's mark and mistakes arrive in your gradebook)."}</p>
    }
}

/// The practice view's way to the builder: a link to the home page, which opens it (`ASSIGN_HASH`;
/// a link costs the practice page nothing of the tools' code).
pub fn assign_link() -> Html {
    html! {
        <p class="muted">{"Teaching with an LMS? "}
            <a href="?view=home#assign" data-testid="practice-assign">{"Make a graded assignment"}</a></p>
    }
}

/// Fetches the tools with the builder open; on a phone, where the tools sit in a menu, opens it.
fn open_builder() {
    TOOLS.load(Ask::Assign);
    if web::narrow_screen() {
        web::click_first(".lecture-tools-toggle[aria-expanded=false]");
    }
}

/// On the home page: the builder opened at once when the address asks for it (`ASSIGN_HASH`).
#[function_component(AssignFromHash)]
pub fn assign_from_hash() -> Html {
    use_effect_with((), |_| {
        if web::location_hash() == ASSIGN_HASH {
            open_builder();
        }
    });
    html! {}
}

/// An assignment's page: its runner fetched (`parts::LMS`), the session it orders shown, and the
/// runner told each time the answers change. The answers, as the runner reads them in the
/// session's `data-answers` (the session's code; `None` on a page of ordinary practice).
#[hook]
pub fn use_assignment(page: &PageHandle<PracticePage>) -> Option<String> {
    let model = &page.state.model;
    let answers = model.assignment.as_ref().map(|_| model.session.code());
    {
        let load = page.edit(PracticeEdit::Load);
        use_effect_with((), move |_| {
            let heard = LMS.hear(News::Load, move || {
                if let Some(code) = web::attribute_of(ORDER_ID, "data-code") {
                    load.emit(code);
                }
            });
            move || drop(heard)
        });
    }
    // Fetched once; told again each time the answers change (it reads them when it runs).
    use_effect_with(answers.clone(), |answers| match answers {
        Some(_) if !LMS.attach() => LMS.load(Ask::Nothing),
        Some(_) => LMS.tell(News::Answered),
        None => {}
    });
    answers
}

/// Where the runner draws, with a line in its place until it has (the style sheet hides the line
/// once the slot holds the runner).
pub fn assignment_slot() -> Html {
    html! {
        <>
            <div class="part-slot" id={LMS.slot}></div>
            <p class="part-waiting muted" data-testid="practice-course-waiting">
                {"Opening the assignment…"}</p>
        </>
    }
}

/// The title, the instructions, the exercise on screen, the LMS's state, and once the exercise is
/// done the way to the next one or the assignment's mark.
pub fn course_head(c: &Course, lms: &LmsState, next: Callback<MouseEvent>) -> Html {
    let a = &c.attempt;
    let done = a.session().is_some_and(|p| p.finished());
    html! {
        <section class="panel practice-course" data-testid="practice-course" data-exercise-index={a.current.to_string()}
            data-exercises={a.sessions.len().to_string()}>
            <h2>{ c.assignment.title.clone() }</h2>
            if !c.assignment.about.is_empty() { { para(c.assignment.about.clone()) } }
            <p class="muted">{ format!("Exercise {} of {} · {} · pass mark {} %", a.current + 1, a.sessions.len(),
                if c.assignment.exam { "exam: every step checked at the end" } else { "learn: each step checked" }, c.assignment.pass) }</p>
            { lms_line(lms, c) }
            if done { { course_end(c, next) } }
        </section>
    }
}

/// Where the LMS stands, in words: a name and "recorded" only once the LMS has confirmed them.
fn lms_line(lms: &LmsState, c: &Course) -> Html {
    let (state, words, alert) = match lms {
        LmsState::Looking => ("looking", String::new(), false),
        LmsState::Absent => ("absent", "Not opened from a course's LMS: this runs as ordinary practice, and no mark will be recorded.".to_string(), false),
        LmsState::Broken(why) => ("broken", format!("Your course's LMS did not start the activity ({why}): no mark will be recorded. Your answers stay in this page."), true),
        LmsState::Open { name, recorded: true } => {
            ("recorded", format!("{}: your mark is recorded ({} %, {}).", shown_name(name), cmi::raw_score(&c.attempt), c.status().as_str()), false)
        }
        LmsState::Open { name, recorded: false } => ("open", format!("Signed in as {}. Your answers are sent to your course as you go.", shown_name(name)), false),
        LmsState::Refused { name, why, waiting } => ("refused", format!(
            "Your course's LMS did not take an answer ({why}). {} is kept in this page and sent again every few seconds, so nothing is lost{}.",
            if *waiting == 1 { "It".to_string() } else { format!("All {waiting} values") },
            if name.is_empty() { String::new() } else { format!(", {}", shown_name(name)) }), true),
    };
    html! {
        <p class={classes!("practice-lms", alert.then_some("notice"))} role={if alert { "alert" } else { "status" }}
            data-testid="practice-lms" data-state={state}>{ words }</p>
    }
}

/// SCORM 1.2's "Last, First" as "First Last"; another form as it is.
fn shown_name(name: &str) -> String {
    match name.split_once(',') {
        Some((last, first)) if !first.trim().is_empty() => format!("{} {}", first.trim(), last.trim()),
        _ if name.trim().is_empty() => "a learner with no name".to_string(),
        _ => name.trim().to_string(),
    }
}

/// Once an exercise is done: the next one, or the assignment's mark.
fn course_end(c: &Course, next: Callback<MouseEvent>) -> Html {
    let a = &c.attempt;
    if c.next().is_some() {
        return html! {
            <p class="control-row"><button type="button" class="button primary" data-testid="practice-next-task" onclick={next}>
                { format!("Next: exercise {} of {}", a.current + 2, a.sessions.len()) }</button></p>
        };
    }
    if !a.finished() {
        return Html::default();
    }
    let (raw, status) = (cmi::raw_score(a), c.status().as_str());
    html! {
        <div class="practice-assignment-result" data-testid="practice-assignment-result" data-score={a.score().to_string()}
            data-max={a.max().to_string()} data-percent={raw.to_string()} data-status={status}>
            <h3>{ format!("The assignment: {} of {} steps right at the first try, {raw} % ({status})", a.score(), a.max()) }</h3>
        </div>
    }
}
