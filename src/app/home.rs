//! The home page: what a Bloom filter is, and the course in teaching order — a card for each view
//! with what it shows, what to watch for, and how long it takes in class.

use yew::prelude::*;

use crate::widgets::cells::para;

use crate::app::tour::{handout, tour_cards};
use bloomlab_core::link::page::{with_theme, PageParams};
use bloomlab_core::link::tours::builtin::first_stop_showing;
use bloomlab_core::link::views::{Chapter, View};

/// One view's card.
fn card(page: &PageParams, v: View) -> Html {
    let row = v.row();
    let (blurb, watch_for) = v.card().map_or(("", ""), |c| (c.blurb, c.watch_for));
    let time = match row.minutes {
        Some(m) => format!("about {m} min in class"),
        None => "for after class".to_string(),
    };
    // A moment that already makes the view's point: the first built-in tour stop on this view.
    let moment = first_stop_showing(v).map(|stop| {
        let href = with_theme(&format!("?{}", stop.link), page.theme);
        html! {
            <a class="card-moment" href={href} data-testid="view-moment" data-view={v.name()}>
                { format!("Start at a telling moment: {}", stop.title) }
            </a>
        }
    });
    html! {
        <li class="view-card">
            <a href={page.link_to(v)} data-testid="view-link" data-view={v.name()}>
                <h3>{ v.title() }</h3>
                { para(blurb) }
                <p class="watch-for"><strong>{"Watch for: "}</strong>{ watch_for }</p>
                <p class="minutes" data-testid="view-minutes" data-minutes={row.minutes.map(|m| m.to_string())}>{ time }</p>
            </a>
            { for moment }
        </li>
    }
}

/// The home page.
pub fn home_view(page: &PageParams) -> Html {
    if let Some(at) = page.tour.as_ref().filter(|t| t.handout) {
        return handout(at);
    }
    if let Some(at) = page.tour.as_ref().filter(|_| page.notes) {
        return html! { <crate::app::notes::NotesPage at={at.clone()} /> };
    }
    let example = "?view=classic&m=11&k=2&hash=ullman&items=25,159,585&query=118";
    html! {
        <section class="home">
            <header class="hero">
                <h1>{"Bloom Lab"}</h1>
                <p class="lead">
                    {"A Bloom filter remembers a set in a row of bits. To add an item, k hash functions each pick a \
                      bit and set it to 1. To ask about an item, look at its k bits: if any is 0 the item was never \
                      added — certainly. If all are 1 it was "}<em>{"probably"}</em>{" added: other items may have set \
                      those bits, which is a false positive. You trade a small, predictable error for a tiny memory."}
                </p>
                <p>
                    {"Web crawlers use one to skip pages they have already seen; databases keep one per chunk of a \
                      table to avoid reading chunks that cannot hold a value. Here you can watch every bit, reproduce \
                      the lecture examples, and check the formulas against real measurements."}
                </p>
                <p><a class="button primary" href={example}>{"Open the lecture's 11-bit example"}</a></p>
            </header>
            { tour_cards(page) }
            { crate::views::practice::course::assign_button() }
            <crate::views::practice::course::AssignFromHash />
            <ol class="course" aria-label="The course, in teaching order">
                { for Chapter::ALL.iter().map(|&c| html! {
                    <li class="chapter" data-testid="course-chapter" data-chapter={c.number().to_string()}>
                        <h2><span class="chapter-number">{ c.number() }</span>{" "}{ c.title() }</h2>
                        <ul class="view-cards">
                            { for c.views().map(|v| card(page, v)) }
                        </ul>
                    </li>
                }) }
            </ol>
        </section>
    }
}
