//! The speaker's notes on the laptop: a second window (`notes=1`, drawn by the home bundle) kept
//! in step with the projected page through a `BroadcastChannel` (`core::link::tours::present`,
//! same origin, no server). The projected page says where it stands and which question is open;
//! the notes show the stop's full note, the question with its answer, the next stop's title and
//! the time since the tour began, and drive the projected page with their buttons and the
//! clicker's keys. Without a second window, N opens the note in a panel over the stage.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use crate::widgets::question::{reveal_open_question, shown_question, watch_questions};
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::tours::present::{
    elapsed_text, read_started, started_record, Asked, Command, Message, Move, CHANNEL,
};
use bloomlab_core::link::tours::TourAt;

/// The notes window's session storage key of when the tour began, as `name|ms since 1970`.
const STARTED: &str = "bloomlab-tour-started";
/// The notes' window name: a second press of N brings the same window back.
const WINDOW: &str = "bloomlab-notes";

/// When the tour `name` began: the first time the notes (in this window, across reloads) heard of
/// it from the projected page.
fn tour_started(name: &str) -> u64 {
    let kept = web::session_get(STARTED).and_then(|v| read_started(&v, name));
    kept.unwrap_or_else(|| {
        let now = web::now_epoch_ms();
        web::session_set(STARTED, &started_record(name, now));
        now
    })
}

thread_local! {
    /// The projected page's channel to the notes, open for as long as the page is shown, and the
    /// stop it stands at.
    static LINK: RefCell<Option<(web::Channel, TourAt)>> = const { RefCell::new(None) };
}

/// Says on the channel where the projected page stands, with its question (`widgets::question`).
fn announce() {
    LINK.with(|l| {
        if let Some((channel, at)) = l.borrow().as_ref() {
            let asked = shown_question().map(|(q, shown)| Asked {
                prompt: q.prompt.clone(),
                choices: q.choices.clone(),
                answer: q.answer,
                revealed: shown,
            });
            let here = Message::At { tour: at.tour.name.clone(), stop: at.at, asked };
            channel.post(&here.encode());
        }
    });
}

/// Opens the projected page's side of the channel, once: it answers the notes' hello, says when
/// its question changes, and makes the notes' moves (a question revealed, the stop before or
/// after).
fn link_presenter(page: &PageParams, at: &TourAt) {
    if LINK.with(|l| l.borrow().is_some()) {
        return;
    }
    let hrefs = (at.at.checked_sub(1).and_then(|i| page.stop_href(i)), page.stop_href(at.at + 1));
    let channel = web::Channel::open(CHANNEL, move |text| match Command::read(&text) {
        Some(Command::Hello) => announce(),
        Some(Command::Go(Move::Reveal)) => {
            reveal_open_question();
        }
        Some(Command::Go(m)) => {
            if let Some(h) = if m == Move::Next { &hrefs.1 } else { &hrefs.0 } {
                web::go(h, false);
            }
        }
        None => {}
    });
    LINK.with(|l| *l.borrow_mut() = Some((channel, at.clone())));
    watch_questions(announce);
    announce();
}

/// The projected page's side, in presenter mode on a tour (`link_presenter`). Returns whether the
/// note's panel is open and what N (and the bar's Notes button) does: open the notes window, or
/// where the browser refuses one, toggle the panel.
#[hook]
pub fn use_presenter_notes(page: &PageParams) -> (bool, Callback<()>) {
    let panel = use_state(|| false);
    if let Some(at) = page.tour.as_ref().filter(|t| page.present && !page.notes && !t.handout) {
        link_presenter(page, at);
    }
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

/// What the notes know of the projected page: its stop, its question, when the tour began.
#[derive(Clone, Debug, Default, PartialEq)]
struct Projected {
    /// `None` until the projected page has spoken.
    stop: Option<usize>,
    asked: Option<Asked>,
    started_ms: Option<u64>,
}

/// The notes window (`notes=1`): the stop the projected page shows, in full, with the controls
/// that drive it.
#[function_component(NotesPage)]
pub fn notes_page(props: &NotesProps) -> Html {
    let at = &props.at;
    let projected = use_state(Projected::default);
    let now = use_state(web::now_epoch_ms);
    let channel: Rc<RefCell<Option<web::Channel>>> = use_mut_ref(|| None);
    {
        let (projected, channel, name, now) = (projected.clone(), channel.clone(), at.tour.name.clone(), now.clone());
        use_effect_with((), move |_| {
            let c = web::Channel::open(CHANNEL, move |text| {
                if let Some(Message::At { tour, stop, asked }) = Message::decode(&text) {
                    if tour == name {
                        let started_ms = Some(tour_started(&tour));
                        projected.set(Projected { stop: Some(stop), asked, started_ms });
                    }
                }
            });
            c.post(&Message::Hello.encode());
            *channel.borrow_mut() = Some(c);
            let tick = gloo_timers::callback::Interval::new(1_000, move || now.set(web::now_epoch_ms()));
            move || {
                drop(tick);
                channel.borrow_mut().take();
            }
        });
    }
    let send = {
        let channel = channel.clone();
        Callback::from(move |m: Move| {
            if let Some(c) = channel.borrow().as_ref() {
                c.post(&Message::Go(m).encode());
            }
        })
    };
    let open = projected.asked.as_ref().is_some_and(|a| !a.revealed);
    {
        // The clicker's keys reach the window in front: here they do what they do on the projector.
        let send = send.clone();
        use_effect_with(open, move |&open| {
            let listener = web::KeyListener::new(move |e| {
                let m = match e.key().as_str() {
                    "ArrowRight" | "PageDown" | " " if open => Move::Reveal,
                    "ArrowRight" | "PageDown" => Move::Next,
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
    let stop_at = projected.stop.unwrap_or(at.at).min(at.tour.stops.len().saturating_sub(1));
    notes_body(at, stop_at, &projected, *now, &send)
}

#[derive(Properties, PartialEq)]
pub struct NotesProps {
    pub at: TourAt,
}

fn notes_body(at: &TourAt, i: usize, p: &Projected, now: u64, send: &Callback<Move>) -> Html {
    let n = at.tour.stops.len();
    let Some(stop) = at.tour.stops.get(i) else { return html! {} };
    let next = at.tour.stops.get(i + 1).map(|s| s.title.clone());
    let button = |m: Move, label: &'static str, disabled: bool| {
        let send = send.clone();
        html! {
            <button type="button" class="button" data-testid={format!("notes-{}", m.name())} {disabled}
                onclick={Callback::from(move |_: MouseEvent| send.emit(m))}>{ label }</button>
        }
    };
    let open = p.asked.as_ref().is_some_and(|a| !a.revealed);
    html! {
        <section class="speaker-notes" data-testid="speaker-notes" data-stop={(i + 1).to_string()}
            data-connected={p.stop.is_some().to_string()}>
            <header class="notes-head">
                <p class="muted">{ format!("{} · speaker's notes", at.tour.title) }</p>
                <p class="notes-clock" data-testid="notes-clock">{ p.started_ms.map(|s| elapsed_text(now.saturating_sub(s))).unwrap_or_else(|| "–:––".into()) }</p>
            </header>
            <h1>{ format!("{} / {n} · {}", i + 1, stop.title) }</h1>
            if p.stop.is_none() {
                <p class="notice" role="status" data-testid="notes-waiting">{"Waiting for the projected page: open the tour in presenter mode in another window of this browser (its Notes button opens this window)."}</p>
            }
            if !stop.note.is_empty() { <p class="notes-note" data-testid="notes-note"><strong>{"Watch for: "}</strong>{ stop.note.clone() }</p> }
            if let Some(q) = &stop.question { <p class="notes-note"><strong>{"Ask: "}</strong>{ q.clone() }</p> }
            { asked_part(p.asked.as_ref()) }
            <p class="control-row">
                { button(Move::Prev, "← Previous", i == 0) }
                if open { { button(Move::Reveal, "Reveal", false) } }
                { button(Move::Next, "Next →", i + 1 >= n) }
            </p>
            <p class="muted" data-testid="notes-next">{ match next { Some(t) => format!("Next: {t}"), None => "This is the last stop.".into() } }</p>
            <p class="muted small">{"PageDown, → or space: reveal an open question, then the next stop; PageUp or ←: the stop before; R: reveal."}</p>
        </section>
    }
}

/// The projected page's question: its choices with the answer marked, and whether the room sees
/// the answer yet.
fn asked_part(asked: Option<&Asked>) -> Html {
    let Some(a) = asked else { return html! {} };
    html! {
        <div class="notes-question" data-testid="notes-question" data-answer={a.answer.to_string()} data-revealed={a.revealed.to_string()}>
            <p><strong>{"Question: "}</strong>{ a.prompt.clone() }</p>
            <ol type="A">{ for a.choices.iter().enumerate().map(|(i, c)| html! {
                <li class={classes!((i == a.answer).then_some("right"))}>{ c.clone() }{ if i == a.answer { " ✓ the answer" } else { "" } }</li>
            }) }</ol>
            <p class="muted">{ if a.revealed { "The answer shows on the screen." } else { "The room has not seen the answer: PageDown reveals it." } }</p>
        </div>
    }
}
