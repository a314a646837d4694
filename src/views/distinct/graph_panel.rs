//! Neighbourhood sizes on a seeded random graph: the true size of n(v, d) by breadth-first
//! search against the Flajolet–Martin estimate from the recurrence, for d = 0 .. the chosen d.

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, para};

use crate::widgets::inputs::number_field::number_field;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::labs::distinct::graph::GraphRun;
use bloomlab_core::labs::distinct::{DistinctLab, D, GRAPH, GRAPH_HASHES, GRAPH_NODE};
use bloomlab_core::text::group_digits;

const SIZES: [u32; 4] = [1_000, 10_000, 30_000, 100_000];

/// `on_set` gets a setting's parameter and its text as chosen or typed (`graph`, `graph-node`,
/// `d`); the core clamps it, with a notice.
pub fn graph_panel(
    lab: &DistinctLab,
    run: &GraphRun,
    elapsed_ms: Option<f64>,
    on_set: Callback<(&'static str, String)>,
) -> Html {
    let (nodes, node, d) = (lab.graph_nodes, lab.graph_node, lab.d);
    let set = |name: &'static str| on_set.reform(move |e: Event| (name, crate::hooks::input::value_of(&e)));
    html! {
        <section class="panel" aria-labelledby="graph-title">
            <h2 id="graph-title">{"Neighbourhoods in a large graph"}</h2>
            { para(format!("A seeded random graph: each node links to 3 others at random and to the next one in a ring. The true sizes come from a breadth-first search; the estimates from the recurrence with {GRAPH_HASHES} seeded hashes, combined by their plain median, not the slides' median of group means (with only {GRAPH_HASHES} hashes the groups would be small and their means pulled up by the long tail: see the bias measured above) — without ever listing a neighbourhood. A median of {GRAPH_HASHES} (an even number) is the mean of the middle two powers of two.")) }
            <div class="control-row">
                <label>{"nodes "}<select onchange={set(GRAPH.name)} data-testid="graph-nodes">
                    { for SIZES.iter().map(|&s| html! { <option value={s.to_string()} selected={s == nodes}>{ group_digits(s as u64) }</option> }) }
                    if !SIZES.contains(&nodes) { <option value={nodes.to_string()} selected=true>{ group_digits(nodes as u64) }</option> }
                </select></label>
                <label>{"node "}{ number_field(&GRAPH_NODE, node.to_string(), set(GRAPH_NODE.name), "graph-node") }</label>
                <label>{"d up to "}{ number_field(&D, d.to_string(), set(D.name), "graph-d") }</label>
            </div>
            { progress_line(Progress {
                elapsed_ms,
                ..Progress::new("graph-progress", run.ops_done(), run.ops_total(), run.is_done(), "graph progress",
                    if run.is_done() { format!("Done in {:.0} ms.", elapsed_ms.unwrap_or(0.0)) }
                    else if run.graph().is_none() { "Building the graph…".to_string() }
                    else { format!("Estimating: d = {} of {} done", run.rows.len().saturating_sub(1), d) })
            }) }
            if let Some((edges, v)) = run.graph() {
                <div class="table-scroll" tabindex="0" data-testid="graph-status" data-status={if run.is_done() { "done" } else { "running" }}>
                    <table class="data-table">
                        <caption>{ format!("Node {v} of {} nodes and {} edges", group_digits(nodes as u64), group_digits(edges as u64)) }</caption>
                        <thead><tr>{ col_heads(&["d", "|n(v, d)|", "estimate", "ratio"]) }</tr></thead>
                        <tbody>{ for run.rows.iter().map(|&(d, size, est)| html! {
                            <tr data-testid="neighbourhood" data-node={v.to_string()} data-d={d.to_string()} data-size={size.to_string()} data-estimate={est.to_string()}>
                                { num_cell(d.to_string()) }{ num_cell(group_digits(size)) }
                                { num_cell(group_digits(est.round() as u64)) }{ num_cell(format!("{:.2}", est / size.max(1) as f64)) }
                            </tr>
                        }) }</tbody>
                    </table>
                </div>
            } else {
                <p class="muted" data-testid="graph-status" data-status="running">{"Building the graph…"}</p>
            }
        </section>
    }
}
