//! Heavy hitters: Misra–Gries and SpaceSaving with k counters after the whole stream (the
//! `hh-counters` hooks), and the φ-heavy hitters (φ = 1/k) each reports against the true ones.

use yew::prelude::*;

use bloomlab_core::labs::frequencies::feed::Summaries;
use bloomlab_core::labs::frequencies::stream::Stream;
use bloomlab_core::labs::frequencies::{hooks, FrequenciesLab};
use bloomlab_core::link::page::HITTERS_PANEL;
use bloomlab_core::text::{group_decimal, group_digits};

fn names(stream: &Stream, ids: &[u32]) -> String {
    if ids.is_empty() {
        return "none".into();
    }
    ids.iter().map(|&i| stream.name(i).to_string()).collect::<Vec<_>>().join(", ")
}

fn mg_table(s: &Summaries, stream: &Stream) -> Html {
    html! {
        <figure class="hh-table" data-testid="hh-counters" data-algorithm="mg" data-counters={hooks::mg_counters(&s.mg, stream)}>
            <figcaption>{ format!("Misra–Gries, k = {}: each count at most N/(k+1) = {:.2} below the truth", s.mg.k(), s.mg.slack()) }</figcaption>
            <table><thead><tr><th scope="col">{"item"}</th><th scope="col">{"count"}</th><th scope="col">{"true count"}</th></tr></thead>
                <tbody>{ for s.mg.counters().iter().map(|&(id, c)| html! {
                    <tr><th scope="row">{ stream.name(id).to_string() }</th><td class="num">{ c }</td><td class="num">{ stream.count(id) }</td></tr>
                }) }</tbody></table>
            if s.mg.counters().is_empty() {
                <p class="muted" data-testid="hh-none">{ format!("No counter is left: decrements cancelled every item's arrivals. Misra–Gries keeps every item seen more than N/(k+1) = {} times, so no item was.", group_decimal(s.mg.slack(), 2)) }</p>
            }
        </figure>
    }
}

fn ss_table(s: &Summaries, stream: &Stream) -> Html {
    html! {
        <figure class="hh-table" data-testid="hh-counters" data-algorithm="ss" data-counters={hooks::ss_counters(&s.ss, stream)}>
            <figcaption>{ format!("SpaceSaving, k = {}: each count at most its error above the truth", s.ss.k()) }</figcaption>
            <table><thead><tr><th scope="col">{"item"}</th><th scope="col">{"count"}</th><th scope="col">{"error"}</th><th scope="col">{"true count"}</th></tr></thead>
                <tbody>{ for s.ss.counters().iter().map(|c| html! {
                    <tr><th scope="row">{ stream.name(c.item).to_string() }</th><td class="num">{ c.count }</td>
                        <td class="num">{ c.error }</td><td class="num">{ stream.count(c.item) }</td></tr>
                }) }</tbody></table>
        </figure>
    }
}

/// The panel: both summaries and the heavy hitters they report.
pub fn hitters_panel(lab: &FrequenciesLab, s: &Summaries) -> Html {
    let stream = lab.stream();
    let h = lab.hitters(s);
    html! {
        <section class="hitters" aria-labelledby={HITTERS_PANEL.title_id}>
            <h2 id={HITTERS_PANEL.title_id}>{"Heavy hitters with k counters"}</h2>
            <p>{ format!(
                "The items occurring more than φN times, with φ = 1/k = {:.3}: more than {:.2} of the N = {} arrivals.",
                h.phi, h.threshold, group_digits(s.mg.n())) }</p>
            <div class="small-grids">
                { mg_table(s, stream) }
                { ss_table(s, stream) }
            </div>
            <ul class="hh-report">
                <li data-testid="hh-truth" data-items={names(stream, &h.truth)}>{ format!("True heavy hitters: {}.", names(stream, &h.truth)) }</li>
                <li data-testid="hh-found" data-algorithm="mg" data-missed={h.mg.missed.len().to_string()} data-extra={h.mg.extra.len().to_string()}>
                    { format!("Misra–Gries reports {} (kept with a count above φN − N/(k+1)); missed: {}; not heavy: {}.",
                        names(stream, &h.mg.found), names(stream, &h.mg.missed), names(stream, &h.mg.extra)) }</li>
                <li data-testid="hh-found" data-algorithm="ss" data-missed={h.ss.missed.len().to_string()} data-extra={h.ss.extra.len().to_string()}>
                    { format!("SpaceSaving reports {} (a count above φN); certainly heavy (count − error above φN): {}; missed: {}; not heavy: {}.",
                        names(stream, &h.ss.found), names(stream, &h.ss_certain), names(stream, &h.ss.missed), names(stream, &h.ss.extra)) }</li>
            </ul>
        </section>
    }
}
