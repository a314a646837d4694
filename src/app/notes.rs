//! The speaker's notes on the laptop: a second window (`notes=1`, drawn by the home bundle) that
//! the projected page opens (N, or the tour bar's Notes) and that stays in step with it through
//! `window.opener` (same origin, no server): the notes read the projected page's address and
//! question, show the stop's full note, the question with its answer, the next stop's title and
//! the time since the tour began, and drive the projected page with its own keys. Where no second
//! window opens, N shows the note in a panel over the stage instead.

use yew::prelude::*;

use crate::web;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::tours::present::{elapsed_text, read_started, started_record};
use bloomlab_core::link::tours::TourAt;

/// The notes window's session storage key of when the tour began, as `name|ms since 1970`.
const STARTED: &str = "bloomlab-tour-started";
/// The notes' window name: a second press of N brings the same window back.
const WINDOW: &str = "bloomlab-notes";
/// How often the notes look at the projected page, in ms.
const LOOK_MS: u32 = 400;

/// When the tour `name` began: the first time the notes (in this window, across reloads) saw the
/// projected page show it.
fn tour_started(name: &str) -> u64 {
    let kept = web::session_get(STARTED).and_then(|v| read_started(&v, name));
    kept.unwrap_or_else(|| {
        let now = web::now_epoch_ms();
        web::session_set(STARTED, &started_record(name, now));
        now
    })
}

/// The projected page's side, in presenter mode on a tour. Returns whether the note's panel is
/// open and what N (and the bar's Notes button) does: open the notes window, or where the browser
/// refuses one, toggle the panel.
#[hook]
pub fn use_presenter_notes(page: &PageParams) -> (bool, Callback<()>) {
    let panel = use_state(|| false);
    let notes_href = page.notes_href();
    let toggle = {
        let panel = panel.clone();
        Callback::from(move |_| {
            let opened = !*panel && notes_href.as_deref().is_some_and(|h| web::open_window(h, WINDOW));
            panel.set(!*panel && !opened);
        })
    };
    (*panel, toggle)
}

/// What the notes last saw of the projected page: its stop (`None` while there is none to see)
/// and its question.
#[derive(Clone, Debug, Default, PartialEq)]
struct Projected {
    stop: Option<usize>,
    asked: Option<web::SeenQuestion>,
}

/// Looks at the opener: the stop of `tour` it shows, and its question.
fn look(tour: &str) -> Projected {
    let Some(w) = web::opener() else { return Projected::default() };
    let stop = projected_page(&w).and_then(|p| p.tour.filter(|t| t.tour.name == tour && !p.notes)).map(|t| t.at);
    Projected { stop, asked: stop.and_then(|_| web::seen_question(&w)) }
}

/// The opener's page, as its address reads.
fn projected_page(w: &web_sys::Window) -> Option<PageParams> {
    web::address(w).map(|search| PageParams::from_query(&Query::parse(&search)))
}

/// What the notes' buttons and keys ask of the projected page.
#[derive(Clone, Copy, PartialEq)]
enum Move {
    Prev,
    Reveal,
    Next,
}

/// The notes window (`notes=1`): the stop the projected page shows, in full, with the controls
/// that drive it.
#[function_component(NotesPage)]
pub fn notes_page(props: &NotesProps) -> Html {
    let at = &props.at;
    let projected = use_state(|| look(&at.tour.name));
    let now = use_state(web::now_epoch_ms);
    {
        let (projected, now, name) = (projected.clone(), now.clone(), at.tour.name.clone());
        use_effect_with((), move |_| {
            let tick = gloo_timers::callback::Interval::new(LOOK_MS, move || {
                projected.set(look(&name));
                now.set(web::now_epoch_ms());
            });
            move || drop(tick)
        });
    }
    let i = projected.stop.unwrap_or(at.at).min(at.tour.stops.len().saturating_sub(1));
    let open = projected.asked.as_ref().is_some_and(|a| !a.revealed);
    // A move goes to the projected page: a reveal by its own key, a stop by its own link to it
    // (keeping its theme, presenter mode and questions).
    let send = Callback::from(|m: Move| {
        let Some(w) = web::opener() else { return };
        if m == Move::Reveal {
            return web::press_in(&w, "r");
        }
        let Some(page) = projected_page(&w) else { return };
        let Some(at) = page.tour.as_ref().map(|t| t.at) else { return };
        let to = if m == Move::Next { Some(at + 1) } else { at.checked_sub(1) };
        if let Some(h) = to.and_then(|j| page.stop_href(j)) {
            web::send_to(&w, &h);
        }
    });
    {
        // The clicker's keys reach the window in front: here they do what they do on the projector.
        let send = send.clone();
        use_effect_with(open, move |&open| {
            let listener = web::KeyListener::new(move |e| {
                let m = match e.key().as_str() {
                    "ArrowRight" | "PageDown" | " " if open => Move::Reveal,
                    "ArrowRight" | "PageDown" | " " => Move::Next,
                    "ArrowLeft" | "PageUp" => Move::Prev,
                    "r" | "R" => Move::Reveal,
                    _ => return false,
                };
                send.emit(m);
                true
            });
            move || drop(listener)
        });
    }
    let started = projected.stop.map(|_| tour_started(&at.tour.name));
    notes_body(at, i, &projected, started.map(|s| now.saturating_sub(s)), &send)
}

#[derive(Properties, PartialEq)]
pub struct NotesProps {
    pub at: TourAt,
}

fn notes_body(at: &TourAt, i: usize, p: &Projected, elapsed: Option<u64>, send: &Callback<Move>) -> Html {
    let n = at.tour.stops.len();
    let Some(stop) = at.tour.stops.get(i) else { return html! {} };
    let next = at.tour.stops.get(i + 1).map(|s| s.title.clone());
    let button = |m: Move, id: &'static str, label: &'static str, disabled: bool| {
        let send = send.clone();
        html! {
            <button type="button" class="button" data-testid={id} {disabled}
                onclick={Callback::from(move |_: MouseEvent| send.emit(m))}>{ label }</button>
        }
    };
    let open = p.asked.as_ref().is_some_and(|a| !a.revealed);
    html! {
        <section class="speaker-notes" data-testid="speaker-notes" data-stop={(i + 1).to_string()}
            data-connected={p.stop.is_some().to_string()}>
            <header class="notes-head">
                <p class="muted">{ format!("{} · speaker's notes", at.tour.title) }</p>
                <p class="notes-clock" data-testid="notes-clock" title="since these notes first saw the tour">
                    { elapsed.map(elapsed_text).unwrap_or_else(|| "–:––".into()) }</p>
            </header>
            <h1>{ format!("{} / {n} · {}", i + 1, stop.title) }</h1>
            if p.stop.is_none() {
                <p class="notice" role="status" data-testid="notes-waiting">{"Waiting for the projected page: open these notes from it (its Notes button, or N) in presenter mode on this tour."}</p>
            }
            if !stop.note.is_empty() { <p class="notes-note" data-testid="notes-note"><strong>{"Watch for: "}</strong>{ stop.note.clone() }</p> }
            if let Some(q) = &stop.question { <p class="notes-note"><strong>{"Ask: "}</strong>{ q.clone() }</p> }
            { asked_part(p.asked.as_ref()) }
            <p class="control-row">
                { button(Move::Prev, "notes-prev", "← Previous", i == 0) }
                if open { { button(Move::Reveal, "notes-reveal", "Reveal", false) } }
                { button(Move::Next, "notes-next", "Next →", i + 1 >= n) }
            </p>
            <p class="muted" data-testid="notes-next-title">{ match next { Some(t) => format!("Next: {t}"), None => "This is the last stop.".into() } }</p>
            <p class="muted small">{"PageDown, → or space: reveal an open question, then the next stop; PageUp or ←: the stop before; R: reveal."}</p>
        </section>
    }
}

/// The projected page's question: its choices with the answer marked, and whether the room sees
/// the answer yet.
fn asked_part(asked: Option<&web::SeenQuestion>) -> Html {
    let Some(a) = asked else { return html! {} };
    html! {
        <div class="notes-question" data-testid="notes-question" data-answer={a.answer.map(|i| i.to_string())}
            data-revealed={a.revealed.to_string()}>
            <p><strong>{"Question: "}</strong>{ a.prompt.trim_start_matches("Predict:").trim().to_string() }</p>
            <ol type="A">{ for a.choices.iter().enumerate().map(|(i, c)| {
                let right = a.answer == Some(i);
                html! { <li class={classes!(right.then_some("right"))}>{ c.clone() }{ if right { " ✓ the answer" } else { "" } }</li> }
            }) }</ol>
            <p class="muted">{ if a.revealed { "The answer shows on the screen." } else { "The room has not seen the answer: PageDown reveals it." } }</p>
            if !a.reasoning.is_empty() { <p data-testid="notes-reasoning"><strong>{"Why: "}</strong>{ a.reasoning.clone() }</p> }
        </div>
    }
}
