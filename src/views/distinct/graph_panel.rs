//! Neighbourhood sizes on a seeded random graph: the true size of n(v, d) by breadth-first
//! search against the Flajolet–Martin estimate from the recurrence, for d = 0 .. the chosen d.

use yew::prelude::*;

use crate::core::draw::text::group_digits;
use crate::core::labs::distinct::graph::{estimate, recurrence, Graph};
use crate::core::labs::distinct::{DistinctLab, GRAPH_HASHES, MAX_D, MAX_GRAPH};

/// The edges, the node, and (d, true size, estimate) for each d.
pub type GraphRows = (u32, u32, Vec<(u32, u64, f64)>);

const SIZES: [u32; 4] = [1_000, 10_000, 30_000, 100_000];

/// The graph, the node index and one row per d: (d, true size, estimate).
pub fn graph_rows(lab: &DistinctLab) -> GraphRows {
    let g = Graph::random(lab.graph_nodes, 3, lab.seed);
    let v = lab.node.parse::<u32>().ok().filter(|&i| (i as usize) < g.len()).unwrap_or(0);
    let levels = recurrence(&g, GRAPH_HASHES, lab.d, lab.seed);
    let dist = g.distances(v, lab.d);
    let rows = (0..=lab.d)
        .map(|d| (d, dist.iter().filter(|&&x| x <= d).count() as u64, estimate(&levels, v, d, GRAPH_HASHES, 1)))
        .collect();
    (g.edges() as u32, v, rows)
}

pub fn graph_panel(lab: &DistinctLab, rows: Option<&GraphRows>, on_change: Callback<(u32, String, u32)>) -> Html {
    let (nodes, node, d) = (lab.graph_nodes, lab.node.clone(), lab.d);
    let on_nodes = {
        let (cb, node) = (on_change.clone(), node.clone());
        Callback::from(move |e: Event| {
            if let Ok(n) = crate::hooks::input::value_of(&e).parse::<u32>() {
                cb.emit((n.clamp(10, MAX_GRAPH), node.clone(), d));
            }
        })
    };
    let on_node = {
        let cb = on_change.clone();
        Callback::from(move |e: Event| {
            let v = crate::hooks::input::value_of(&e);
            if v.trim().parse::<u32>().is_ok_and(|i| i < nodes) {
                cb.emit((nodes, v.trim().to_string(), d));
            }
        })
    };
    let on_d = {
        let (cb, node) = (on_change.clone(), node.clone());
        Callback::from(move |e: Event| {
            if let Ok(x) = crate::hooks::input::value_of(&e).parse::<u32>() {
                cb.emit((nodes, node.clone(), x.min(MAX_D)));
            }
        })
    };
    html! {
        <section class="panel" aria-labelledby="graph-title">
            <h2 id="graph-title">{"Neighbourhoods in a large graph"}</h2>
            <p>{ format!("A seeded random graph: each node links to 3 others at random and to the next one in a ring. The true sizes come from a breadth-first search; the estimates from the recurrence with {GRAPH_HASHES} seeded hashes, combined by their median (means of a few powers of two are pulled up by the rare long tail) — without ever listing a neighbourhood.") }</p>
            <div class="control-row">
                <label>{"nodes "}<select onchange={on_nodes} data-testid="graph-nodes">
                    { for SIZES.iter().map(|&s| html! { <option value={s.to_string()} selected={s == nodes}>{ group_digits(s as u64) }</option> }) }
                    if !SIZES.contains(&nodes) { <option value={nodes.to_string()} selected=true>{ group_digits(nodes as u64) }</option> }
                </select></label>
                <label>{"node "}<input type="number" class="num-input" min="0" max={(nodes - 1).to_string()}
                    value={node.parse::<u32>().ok().filter(|&i| i < nodes).unwrap_or(0).to_string()} onchange={on_node} data-testid="graph-node" /></label>
                <label>{"d up to "}<input type="number" class="num-input" min="0" max={MAX_D.to_string()} value={d.to_string()} onchange={on_d} data-testid="graph-d" /></label>
            </div>
            { match rows {
                None => html! { <p class="muted" data-testid="graph-status" data-status="running">{"Building the graph…"}</p> },
                Some((edges, v, rows)) => html! {
                    <div class="table-scroll" tabindex="0" data-testid="graph-status" data-status="done">
                        <table class="data-table">
                            <caption>{ format!("Node {v} of {} nodes and {} edges", group_digits(nodes as u64), group_digits(*edges as u64)) }</caption>
                            <thead><tr><th scope="col">{"d"}</th><th scope="col">{"|n(v, d)|"}</th><th scope="col">{"estimate"}</th><th scope="col">{"ratio"}</th></tr></thead>
                            <tbody>{ for rows.iter().map(|&(d, size, est)| html! {
                                <tr data-testid="neighbourhood" data-node={v.to_string()} data-d={d.to_string()} data-size={size.to_string()} data-estimate={est.to_string()}>
                                    <td class="num">{ d.to_string() }</td><td class="num">{ group_digits(size) }</td>
                                    <td class="num">{ format!("{est:.0}") }</td><td class="num">{ format!("{:.2}", est / size.max(1) as f64) }</td>
                                </tr>
                            }) }</tbody>
                        </table>
                    </div>
                },
            } }
        </section>
    }
}
