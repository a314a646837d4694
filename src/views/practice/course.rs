//! An assignment's frame around the practice page: its title and instructions, which exercise of
//! how many, where the LMS stands (`practice-lms`), the way to the next exercise and, at the end,
//! the assignment's mark.

use yew::prelude::*;

use crate::hooks::page::PageHandle;
use crate::parts::{not_fetched, use_part, Ask, News, PartState, LMS, TOOLS};
use crate::views::practice::lms::{LmsState, ORDER_ID};
use crate::web;
use crate::widgets::cells::para;
use bloomlab_core::labs::practice::course::Course;
use bloomlab_core::labs::practice::lms::cmi;
use bloomlab_core::labs::practice::page::{PracticeEdit, PracticePage};

/// The button that fetches the lecturer's tools with the assignment builder open (`app::assign`;
/// on the practice view and the home page), with `testid` and a sentence around it.
pub fn assign_button(testid: &'static str) -> Html {
    html! {
        <p class="muted">{"Teaching with Moodle, Canvas or Blackboard? "}
            <button type="button" class="button small" data-testid={testid}
                onclick={Callback::from(|_: MouseEvent| TOOLS.load(Ask::Assign))}>{"Make a graded assignment"}</button>
            {" (a SCORM package: each student's mark and mistakes arrive in your gradebook)."}</p>
    }
}

/// An assignment's page: its runner fetched (`parts::LMS`), the session it orders shown, and the
/// runner told each time the answers change. Where the runner stands.
#[hook]
pub fn use_assignment(page: &PageHandle<PracticePage>) -> PartState {
    let ready = use_part(LMS);
    let is = page.state.model.assignment.is_some();
    use_effect_with(is, |&is| {
        if is && !LMS.attach() {
            LMS.load(Ask::Nothing);
        }
    });
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
    let answers = page.state.model.session.code();
    use_effect_with(answers, move |_| {
        if is {
            LMS.tell(News::Answered);
        }
    });
    ready
}

/// Where the runner draws, with a line in its place until it has (or why it could not be fetched).
pub fn assignment_slot(ready: PartState) -> Html {
    html! {
        <>
            <div class="part-slot" id={LMS.slot}></div>
            if ready != PartState::Drawn {
                <div class="part-waiting" data-testid="practice-course-waiting">
                    if ready == PartState::Failed { { not_fetched("The assignment") } } else { <p class="muted">{"Opening the assignment…"}</p> }
                </div>
            }
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
