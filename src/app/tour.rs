//! Tours: the bar above a stop's view (its title, what to watch for, previous and next, the keys),
//! the home page's list of built-in tours, a tour's printable handout, and the small editor of a
//! lecturer's own tour (kept in the tab's session storage and in its link, never sent anywhere).

use yew::prelude::*;

use crate::hooks::question::reveal_open_question;
use crate::web;
use bloomlab_core::draw::palette::{PAPER, PRINT_INK};
use bloomlab_core::draw::qr::qr_svg;
use bloomlab_core::link::page::declared::VIEW;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::{self, Query};
use bloomlab_core::link::tours::{
    builtin, decode_draft, default_title, encode_titled, stop_link, Stop, TourAt, MAX_STOPS,
};

/// The session storage key of the tour being built.
pub(crate) const KEPT: &str = "bloomlab-tour";

/// The tour bar: the tour, the stop and its note, where it stands, previous and next. In presenter
/// mode it is one line (the title and the buttons): the note is the speaker's, in the notes window
/// (Notes, or N) or, where no second window opens, shown over the stage (`notes_panel`: the bar's
/// own note and question, drawn as a panel by the style sheet).
pub fn tour_bar(page: &PageParams, notes_panel: bool, on_notes: &Callback<()>) -> Html {
    let Some(at) = page.tour.as_ref().filter(|t| !t.handout && !page.notes) else { return html! {} };
    let stop = at.stop();
    let n = at.tour.stops.len();
    let link = |i: Option<usize>, id: &'static str, label: &'static str| match i.and_then(|i| page.stop_href(i)) {
        Some(href) => html! { <a class="button small" {href} data-testid={id}>{ label }</a> },
        None => html! { <span class="button small disabled" aria-disabled="true" data-testid={id}>{ label }</span> },
    };
    html! {
        <aside class={classes!("tour-bar", notes_panel.then_some("notes-open"))} data-testid="tour-bar" data-notes={notes_panel.to_string()} data-tour={at.tour.name.clone()} data-stop={(at.at + 1).to_string()}
            data-stops={n.to_string()} aria-label="Tour">
            <p class="tour-title muted small">{ &at.tour.title }</p>
            <h2 class="tour-stop-title">{ &stop.title }</h2>
            <div class="tour-notes">
                if !stop.note.is_empty() { <p class="watch-for"><strong>{"Watch for: "}</strong>{ &stop.note }</p> }
                if let Some(q) = &stop.question { <p class="tour-question"><strong>{"Question: "}</strong>{ q }</p> }
            </div>
            <div class="control-row">
                { link(at.at.checked_sub(1), "tour-prev", "← Previous") }
                <span class="tour-count">{ format!("{} / {n}", at.at + 1) }</span>
                { link(Some(at.at + 1), "tour-next", "Next →") }
                if !page.present {
                    if let Some(href) = (PageParams { present: true, ..page.clone() }).stop_href(at.at) {
                        <a class="button small subtle" {href} data-testid="tour-present">{"Present"}</a>
                    }
                } else {
                    <button type="button" class="button small subtle" data-testid="tour-notes" aria-pressed={notes_panel.to_string()}
                        title="Notes (N)" onclick={on_notes.reform(|_: MouseEvent| ())}>{"Notes"}</button>
                }
                { crate::app::site_nav::offline_button("tour") }
            </div>
        </aside>
    }
}

/// The ids of the tour editor's Add button and summary (the tools', not their stand-ins'), where
/// the focus goes when a click on a stand-in fetched the tools.
pub const ADD_ID: &str = "tour-add-button";
pub const SUMMARY_ID: &str = "tour-editor-summary";

/// While a tour is on: ← → and a clicker's PageUp PageDown go to the previous and next stop (with
/// a question open, the first PageDown or → reveals it and the next moves on); a
/// link with the tour but no view is replaced by the stop's own link (its view may be in another
/// bundle).
#[hook]
pub fn use_tour(page: &PageParams, query: &Query) {
    let on = page.tour.as_ref().filter(|t| !t.handout && !page.notes).map(|t| t.at);
    let hrefs = on.map(|at| (at.checked_sub(1).and_then(|i| page.stop_href(i)), page.stop_href(at + 1)));
    let go_to_stop = on.filter(|_| query.raw(VIEW.name).is_none()).and_then(|at| page.stop_href(at));
    use_effect_with(go_to_stop, |href| {
        if let Some(href) = href {
            web::go(href, true);
        }
    });
    use_effect_with(hrefs, |hrefs| {
        let listener = hrefs.clone().map(|(prev, next)| {
            web::KeyListener::new(move |e| {
                let href = match e.key().as_str() {
                    // An open question is revealed first; the next press moves on.
                    "ArrowRight" | "PageDown" if reveal_open_question() => return true,
                    "ArrowRight" | "PageDown" => &next,
                    "ArrowLeft" | "PageUp" => &prev,
                    _ => return false,
                };
                if let Some(h) = href {
                    web::go(h, false);
                }
                true
            })
        });
        move || drop(listener)
    });
}

/// The home page's list of the built-in tours.
pub fn tour_cards(page: &PageParams) -> Html {
    html! {
        <section class="tours">
            <h2>{"Tours"}</h2>
            <p class="muted">{"A lecture's worth of stops in order, each with what to watch for: Next, → or a clicker's PageDown moves on; Esc leaves presenter mode."}</p>
            <ul class="view-cards">
                { for builtin::TOURS.iter().map(|t| {
                    let tour = TourAt { tour: t.tour(), at: 0, handout: false };
                    let theme: Vec<_> = page.theme.map(|th| ("theme", th.name().to_string())).into_iter().collect();
                    let present = [theme.clone(), vec![("present", "1".to_string())]].concat();
                    html! {
                        <li class="view-card">
                            <a href={tour.href(0, &present)} data-testid="tour-card" data-tour={t.name} data-stops={t.stops.len().to_string()}>
                                <h3>{ t.title }</h3>
                                <p class="minutes">{ format!("{} stops · about {} min in class · opens in presenter mode", t.stops.len(), t.minutes()) }</p>
                            </a>
                            <p class="card-links">
                                <a href={tour.href(0, &theme)} data-testid="tour-card-page">{"open as pages"}</a>
                                {" · "}
                                <a href={format!("?tour={}&handout=1", t.name)}>{"handout"}</a>
                            </p>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}

/// A tour's stops on one printable page: titles, notes, questions, and each stop's link, written
/// out (wrapping anywhere, so a long link stays on the page) and as a QR code to scan.
pub fn handout(at: &TourAt) -> Html {
    let base = web::page_base();
    html! {
        <section class="tour-handout" data-testid="tour-handout">
            <h1>{ &at.tour.title }</h1>
            <p class="no-print"><button type="button" class="button" onclick={Callback::from(|_: MouseEvent| web::print())}>{"Print"}</button></p>
            <ol>
                { for at.tour.stops.iter().enumerate().map(|(i, s)| handout_stop(i + 1, s, &format!("{base}?{}", s.link))) }
            </ol>
        </section>
    }
}

/// One stop of the handout: its text beside the QR code of `link`.
fn handout_stop(number: usize, s: &Stop, link: &str) -> Html {
    html! {
        <li class="handout-stop">
            <div class="handout-text">
                <h3>{ &s.title }</h3>
                if !s.note.is_empty() { <p><strong>{"Watch for: "}</strong>{ &s.note }</p> }
                if let Some(q) = &s.question { <p><strong>{"Question: "}</strong>{ q }</p> }
                <p class="muted small"><code class="handout-link" data-testid="handout-link">{ link }</code></p>
            </div>
            { qr_code(link, &format!("QR code of stop {number}'s link")) }
        </li>
    }
}

/// `text` as a QR code, drawn as SVG (black on white, for print); nothing when it is too long.
fn qr_code(text: &str, label: &str) -> Html {
    let Some(qr) = qr_svg(text) else { return html! {} };
    let side = qr.side.to_string();
    html! {
        <svg class="handout-qr" data-testid="handout-qr" data-modules={side.clone()} viewBox={format!("0 0 {side} {side}")}
            role="img" aria-label={label.to_string()} shape-rendering="crispEdges">
            <rect width={side.clone()} height={side} fill={PAPER.light} />
            <path d={qr.path} fill={PRINT_INK.light} />
        </svg>
    }
}

/// The tour being built: its title (empty: none) and its stops.
#[derive(Clone, Debug, Default, PartialEq)]
struct Kept {
    title: String,
    stops: Vec<Stop>,
}

fn kept() -> Kept {
    web::session_get(KEPT)
        .and_then(|v| query::decode(&v).ok())
        .and_then(|t| decode_draft(&t).ok())
        .map(|(title, stops)| Kept { title: title.unwrap_or_default(), stops })
        .unwrap_or_default()
}

/// What the editor does to the tour.
enum Edit {
    Add,
    TourTitle(String),
    Title(usize, String),
    Note(usize, String),
    Question(usize, String),
    Up(usize),
    Remove(usize),
}

impl Kept {
    /// The tour after `e`, or `None` when nothing changes.
    fn after(&self, e: Edit) -> Option<Kept> {
        let mut next = self.clone();
        let stops = &mut next.stops;
        match e {
            Edit::Add if stops.len() < MAX_STOPS => {
                let link = stop_link(&web::location_search());
                stops.push(Stop { title: default_title(&link), link, ..Stop::default() });
            }
            Edit::TourTitle(t) => next.title = t,
            Edit::Title(i, t) if i < stops.len() => stops[i].title = t,
            Edit::Note(i, t) if i < stops.len() => stops[i].note = t,
            Edit::Question(i, t) if i < stops.len() => stops[i].question = (!t.is_empty()).then_some(t),
            Edit::Up(i) if i > 0 && i < stops.len() => stops.swap(i - 1, i),
            Edit::Remove(i) if i < stops.len() => {
                stops.remove(i);
            }
            _ => return None,
        }
        Some(next)
    }
}

#[derive(Properties, PartialEq)]
pub struct TourEditorProps {
    /// The panel open at once (the click that fetched the tools was on it).
    #[prop_or_default]
    pub open: bool,
    /// This page added at once (the click that fetched the tools was on Add to tour).
    #[prop_or_default]
    pub add: bool,
}

/// "Add to tour" and the tour being built: its title and stops (rename, note, question, reorder,
/// remove), its link (opened, or copied to the clipboard) and its handout.
#[function_component(TourEditor)]
pub fn tour_editor(props: &TourEditorProps) -> Html {
    let tour = use_state(kept);
    let copied = use_state(|| None::<bool>);
    let edit = {
        let (tour, copied) = (tour.clone(), copied.clone());
        move |e: Edit| {
            if let Some(next) = tour.after(e) {
                web::session_set(KEPT, &encode_titled(&next.title, &next.stops));
                tour.set(next);
                copied.set(None);
            }
        }
    };
    {
        let (edit, add) = (edit.clone(), props.add);
        use_effect_with((), move |_| {
            if add {
                edit(Edit::Add);
            }
        });
    }
    let cb = |f: fn(usize, String) -> Edit, i: usize| {
        let edit = edit.clone();
        Callback::from(move |e: InputEvent| edit(f(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())))
    };
    let click = |e: fn(usize) -> Edit, i: usize| {
        let edit = edit.clone();
        Callback::from(move |_: MouseEvent| edit(e(i)))
    };
    let stops = &tour.stops;
    let href = format!("?tour=custom&stop=1&stops={}", encode_titled(&tour.title, stops));
    let on_copy = {
        let (copied, link) = (copied.clone(), format!("{}{href}", web::page_base()));
        Callback::from(move |_: MouseEvent| {
            let (copied, link) = (copied.clone(), link.clone());
            wasm_bindgen_futures::spawn_local(async move { copied.set(Some(web::copy_text(&link).await)) });
        })
    };
    html! {
        <div class="tour-editor-box">
            <button type="button" class="button small subtle" data-testid="tour-add" id={ADD_ID} onclick={click(|_| Edit::Add, 0)}
                disabled={stops.len() >= MAX_STOPS}>{"Add to tour"}</button>
            <details class="tour-editor" data-testid="tour-editor" data-stops={stops.len().to_string()} open={props.open}>
                <summary id={SUMMARY_ID}>{ format!("Tour ({})", stops.len()) }</summary>
                <input type="text" maxlength="2000" aria-label="the tour's title" placeholder="the tour's title (optional)" data-testid="tour-title-input"
                    value={tour.title.clone()} oninput={cb(|_, t| Edit::TourTitle(t), 0)} />
                <ol>
                    { for stops.iter().enumerate().map(|(i, s)| html! {
                        <li data-testid="tour-stop" data-index={i.to_string()}>
                            <input type="text" maxlength="2000" aria-label="title" data-testid="tour-stop-title" value={s.title.clone()} oninput={cb(Edit::Title, i)} />
                            <input type="text" maxlength="2000" aria-label="watch for" placeholder="watch for…" data-testid="tour-stop-note" value={s.note.clone()} oninput={cb(Edit::Note, i)} />
                            <input type="text" maxlength="2000" aria-label="question" placeholder="question (optional)" data-testid="tour-stop-question"
                                value={s.question.clone().unwrap_or_default()} oninput={cb(Edit::Question, i)} />
                            <span class="muted small">{ &s.link }</span>
                            <button type="button" class="button small" aria-label="move up" data-testid="tour-stop-up" disabled={i == 0} onclick={click(Edit::Up, i.max(1))}>{"↑"}</button>
                            <button type="button" class="button small" aria-label="move down" data-testid="tour-stop-down" disabled={i + 1 == stops.len()} onclick={click(Edit::Up, i + 1)}>{"↓"}</button>
                            <button type="button" class="button small" aria-label="remove" data-testid="tour-stop-remove" onclick={click(Edit::Remove, i)}>{"✕"}</button>
                        </li>
                    }) }
                </ol>
                if !stops.is_empty() { { link_row(&href, *copied, on_copy) } }
            </details>
        </div>
    }
}

/// The tour's link: open it, copy it (with word of what the browser allowed), print the handout.
fn link_row(href: &str, copied: Option<bool>, on_copy: Callback<MouseEvent>) -> Html {
    html! {
        <>
            <p class="control-row">
                <a class="button small" href={href.to_string()} data-testid="tour-link" data-href={href.to_string()}>{"Open the tour"}</a>
                <button type="button" class="button small" onclick={on_copy} data-testid="tour-copy">{"Copy link"}</button>
                <a class="button small subtle" href={format!("{href}&handout=1")} data-testid="tour-handout-link">{"Print handout"}</a>
            </p>
            <p class="muted small" role="status" data-testid="tour-copied" data-copied={copied.map(|c| c.to_string())}>
                { match copied {
                    Some(true) => "Copied: paste the link anywhere to share the tour.",
                    Some(false) => "The browser did not allow copying: open the tour and copy its address, or copy the Open the tour link.",
                    None => "",
                } }
            </p>
        </>
    }
}
