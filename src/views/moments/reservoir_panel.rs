//! The reservoir steps: which positions the s variables hold as the stream goes on, the product
//! that gives each position probability s/n, and the measured inclusion frequencies.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, mono_cell, num_cell};

use crate::views::moments::ams_panel::stream_strip;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use bloomlab_core::engine::moments::ams::variables;
use bloomlab_core::engine::moments::reservoir::{argument, product};
use bloomlab_core::lectures::moments::{StepKind, Walkthrough};
use bloomlab_core::plot::Plot;

/// The reservoir's slots after `seen` elements, with the slot just replaced marked.
fn slots_table(w: &Walkthrough, slots: &[usize], seen: usize, replaced: Option<usize>) -> Html {
    let vars = variables(&w.stream, slots, seen, w.k);
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table">
                <caption>{ format!("The {} variables after element {seen}", slots.len()) }</caption>
                <thead><tr>{ col_heads(&["variable", "position", "element", "count so far"]) }</tr></thead>
                <tbody>{ for slots.iter().enumerate().map(|(i, p)| {
                    let v = vars.iter().find(|v| v.position == *p);
                    html! {
                        <tr class={classes!((replaced == Some(i)).then_some("current"))} data-testid="reservoir-slot"
                            data-slot={i.to_string()} data-position={p.to_string()}>
                            { num_cell((i + 1).to_string()) }{ num_cell(p.to_string()) }
                            { mono_cell(v.map(|v| v.element.clone()).unwrap_or_default()) }
                            { num_cell(v.map(|v| v.count.to_string()).unwrap_or_default()) }
                        </tr>
                    }
                }) }</tbody>
            </table>
        </div>
    }
}

/// `inclusion`: the measured step's chart, as kept by the view.
pub fn reservoir_stage(w: &Walkthrough, kind: &StepKind, inclusion: Option<Rc<Plot>>) -> Html {
    let n = w.stream.len();
    let s = w.positions.len().max(1);
    match kind {
        StepKind::ReservoirFill => html! {
            <>
                { stream_strip(w, w.reservoir_first.len(), &w.reservoir_first) }
                { slots_table(w, &w.reservoir_first, w.reservoir_first.len(), None) }
            </>
        },
        StepKind::ReservoirArrival(i) => {
            let Some(a) = w.arrivals.get(*i) else { return html! {} };
            html! {
                <>
                    { stream_strip(w, a.position, &a.slots) }
                    <p class="draw" data-testid="reservoir-draw" data-position={a.position.to_string()}
                        data-chance={a.chance.to_string()} data-draw={a.draw.to_string()} data-chosen={a.replaced.is_some().to_string()}>
                        { format!("chance {s}/{} = {:.3}; drawn {:.3} → {}", a.position, a.chance, a.draw,
                            if a.replaced.is_some() { "chosen" } else { "not chosen" }) }
                    </p>
                    { slots_table(w, &a.slots, a.position, a.replaced) }
                </>
            }
        }
        StepKind::ReservoirArgument => html! {
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{ format!("The chance each position is held after {n} elements") }</caption>
                    <thead><tr>{ col_heads(&["position j", "chosen on arrival × survives each later element", "product"]) }</tr></thead>
                    <tbody>{ for (1..=n).map(|j| {
                        let f = argument(j, s, n);
                        let text = shorten_factors(&f);
                        html! {
                            <tr data-testid="reservoir-argument" data-position={j.to_string()} data-value={product(&f).to_string()}>
                                { num_cell(j.to_string()) }{ mono_cell(text) }
                                { num_cell(format!("{:.4} = {s}/{n}", product(&f))) }
                            </tr>
                        }
                    }) }</tbody>
                </table>
            </div>
        },
        StepKind::ReservoirMeasured => {
            html! {
                <>
                    if let Some(plot) = inclusion {
                        <ChartCanvas {plot} label="How often each position is held, measured against s/n" testid="reservoir-chart" legend=true />
                    }
                    <div class="table-scroll" tabindex="0">
                        <table class="data-table">
                            <caption>{"Measured inclusion of each position"}</caption>
                            <thead><tr>{ col_heads(&["position", "measured", "95 % interval", "s/n"]) }</tr></thead>
                            <tbody>{ for (1..=n).map(|j| {
                                let (m, (lo, hi)) = w.inclusion.measured(j);
                                html! {
                                    <tr data-testid="reservoir-inclusion" data-position={j.to_string()} data-measured={m.to_string()}
                                        data-theory={w.inclusion.theory().to_string()}>
                                        { num_cell(j.to_string()) }{ num_cell(format!("{m:.4}")) }
                                        { num_cell(format!("{lo:.4} – {hi:.4}")) }{ num_cell(format!("{:.4}", w.inclusion.theory())) }
                                    </tr>
                                }
                            }) }</tbody>
                        </table>
                    </div>
                </>
            }
        }
        _ => html! {},
    }
}

/// The factors as a product, with the middle left out when there are many.
fn shorten_factors(f: &[(u64, u64)]) -> String {
    let show = |&(a, b): &(u64, u64)| if b == 1 { a.to_string() } else { format!("{a}/{b}") };
    if f.len() <= 6 {
        f.iter().map(show).collect::<Vec<_>>().join(" × ")
    } else {
        format!("{} × {} × … × {}", show(&f[0]), show(&f[1]), show(&f[f.len() - 1]))
    }
}
