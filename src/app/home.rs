//! The home page: what a Bloom filter is, and a card for each view.

use yew::prelude::*;

use crate::core::link::page::{PageParams, View};

/// The home page.
pub fn home_view(page: &PageParams) -> Html {
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
            <ul class="view-cards">
                { for View::listed().skip(1).map(|v| html! {
                    <li class="view-card">
                        <a href={page.link_to(v)} data-testid="view-link" data-view={v.name()}>
                            <h2>{ v.title() }
                            </h2>
                            <p>{ v.blurb() }</p>
                        </a>
                    </li>
                }) }
            </ul>
        </section>
    }
}
