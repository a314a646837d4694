//! The walkthrough's stage: the stream, each hash's rows with the tails marked, the estimates and
//! why a hash fails, the theory chart, and the slides' graph with its neighbourhoods.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_head, col_heads, num_cell, para, plain_cell, row_head};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use bloomlab_core::labs::distinct::graph::{node_tail, recurrence, Graph};
use bloomlab_core::labs::distinct::DistinctLab;
use bloomlab_core::lectures::distinct::{estimate, summary_text, weakness, Row, StepKind, APPLICATIONS};
use bloomlab_core::plot::Plot;

fn hash_name(a: u64, b: u64, w: u32) -> String {
    let ax = if a == 1 { "x".to_string() } else { format!("{a}x") };
    let m = if w == 64 { "2^64".to_string() } else { (1u128 << w).to_string() };
    if b == 0 {
        format!("({ax}) mod {m}")
    } else {
        format!("({ax} + {b}) mod {m}")
    }
}

/// h(x) in binary with its tail of 0s marked.
fn binary(row: &Row) -> Html {
    let cut = row.binary.len() - (row.tail as usize).min(row.binary.len());
    html! {
        <span class="mono binary" aria-label={format!("{}, tail {}", row.binary, row.tail)}>
            { row.binary[..cut].to_string() }
            if row.tail > 0 { <mark class="tail">{ row.binary[cut..].to_string() }</mark> }
        </span>
    }
}

fn hash_table(lab: &DistinctLab, j: usize, rows: &[Row], seen: usize) -> Html {
    let (a, b) = lab.hashes[j];
    let last = seen.checked_sub(1).and_then(|i| rows.get(i));
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table fm-table">
                <caption>{ format!("h{}(x) = {}", j + 1, hash_name(a, b, lab.w)) }</caption>
                <thead><tr>{ col_heads(&["x", "h(x)", "in binary", "tail", "R so far"]) }</tr></thead>
                <tbody>{ for rows.iter().take(seen).enumerate().map(|(i, r)| html! {
                    <tr class={classes!((i + 1 == seen).then_some("current"))} data-testid="tail-length" data-item={r.x.to_string()}
                        data-hash={j.to_string()} data-value={r.h.to_string()} data-tail={r.tail.to_string()}>
                        { num_cell(r.x.to_string()) }{ num_cell(r.h.to_string()) }<td>{ binary(r) }</td>
                        { num_cell(r.tail.to_string()) }{ num_cell(r.r.to_string()) }
                    </tr>
                }) }</tbody>
            </table>
            if let Some(r) = last {
                <p class="estimate" data-testid="fm-estimate" data-hash={j.to_string()} data-r={r.r.to_string()} data-value={r.estimate().to_string()}>
                    { format!("R = {}, estimate 2^R = {}", r.r, r.estimate()) }
                </p>
            }
        </div>
    }
}

/// Where the slides' graph's nodes are drawn.
const SPOTS: [(f64, f64); 7] =
    [(40.0, 40.0), (130.0, 80.0), (40.0, 130.0), (230.0, 80.0), (320.0, 30.0), (340.0, 120.0), (250.0, 160.0)];

fn graph_svg(g: &Graph, members: &[u32], focus: u32) -> Html {
    let mut edges = Vec::new();
    for v in 0..g.len() as u32 {
        for &u in g.neighbours(v) {
            if u > v {
                edges.push((v, u));
            }
        }
    }
    html! {
        <svg class="graph-svg" viewBox="0 0 380 190" role="img" aria-label={format!("The slides' graph; the neighbourhood of {} is highlighted", g.names[focus as usize])}>
            { for edges.iter().map(|&(a, b)| {
                let (p, q) = (SPOTS[a as usize], SPOTS[b as usize]);
                let inside = members.contains(&a) && members.contains(&b);
                html! { <line x1={p.0.to_string()} y1={p.1.to_string()} x2={q.0.to_string()} y2={q.1.to_string()} class={classes!("edge", inside.then_some("inside"))} /> }
            }) }
            { for (0..g.len() as u32).map(|v| {
                let (x, y) = SPOTS[v as usize];
                html! { <g class={classes!("node", members.contains(&v).then_some("inside"), (v == focus).then_some("focus"))}>
                    <circle cx={x.to_string()} cy={y.to_string()} r="16" />
                    <text x={x.to_string()} y={(y + 5.0).to_string()} text-anchor="middle">{ g.names[v as usize].clone() }</text>
                </g> }
            }) }
        </svg>
    }
}

fn graph_stage(lab: &DistinctLab, d: u32) -> Html {
    let g = Graph::slides();
    let focus = g.find(&lab.node).unwrap_or(4);
    let levels = recurrence(&g, 1, 3, lab.seed());
    let members = g.neighbourhood(focus, d);
    let names: Vec<String> = members.iter().map(|&v| g.names[v as usize].clone()).collect();
    let r = levels[d as usize][focus as usize];
    html! {
        <>
            { graph_svg(&g, &members, focus) }
            <p>{"R(v, 0) is v's own tail length; R(v, d) is the largest of R(v, d − 1) and R(u, d − 1) over v's neighbours u: the longest tail within d edges, found without listing the neighbourhood."}</p>
            <p class="estimate" data-testid="neighbourhood" data-node={g.names[focus as usize].clone()} data-d={d.to_string()}
                data-size={members.len().to_string()} data-members={names.join(",")} data-estimate={estimate(r as u32).to_string()}>
                { format!("n({}, {d}) = {{{}}}: {} node(s). R({}, {d}) = {r}, so the estimate is 2^{r} = {}.", g.names[focus as usize],
                    names.join(", "), members.len(), g.names[focus as usize], estimate(r as u32)) }
            </p>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{"Tails (one seeded xxh3 hash) and R(v, d)"}</caption>
                    <thead><tr>{ col_heads(&["node", "neighbours", "tail"]) }
                        { for (1..=d).map(|i| html! { { col_head(format!("R at d = {i}")) } }) }</tr></thead>
                    <tbody>{ for (0..g.len() as u32).map(|v| html! {
                        <tr class={classes!((v == focus).then_some("current"))}>
                            { row_head(g.names[v as usize].clone()) }
                            { plain_cell(g.neighbours(v).iter().map(|&u| g.names[u as usize].clone()).collect::<Vec<_>>().join(" ")) }
                            { num_cell(node_tail(&g, v, 0, lab.seed()).to_string()) }
                            { for (1..=d).map(|i| html! { { num_cell(levels[i as usize][v as usize].to_string()) } }) }
                        </tr>
                    }) }</tbody>
                </table>
            </div>
        </>
    }
}

/// `theory` is the theory step's chart, built by the state when that step is shown.
pub fn stage(lab: &DistinctLab, kind: &StepKind, theory: Option<Rc<Plot>>) -> Html {
    let all = &lab.rows;
    let truth = lab.truth();
    let truth_line = html! {
        <p data-testid="distinct-true" data-value={truth.to_string()}>{ format!("Distinct elements in the stream: {truth}.") }</p>
    };
    match kind {
        StepKind::Intro => html! {
            <>
                <p class="mono stream-line">{ lab.stream.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ") }</p>
                <ul>{ for lab.hashes.iter().enumerate().map(|(j, &(a, b))| html! { <li class="mono">{ format!("h{}(x) = {}", j + 1, hash_name(a, b, lab.w)) }</li> }) }</ul>
                { truth_line }
                <p data-testid="fm-applications">{ APPLICATIONS }</p>
            </>
        },
        StepKind::Element(seen) => html! {
            <div class="fm-grid">{ for all.iter().enumerate().map(|(j, r)| hash_table(lab, j, r, *seen)) }</div>
        },
        StepKind::Summary => {
            html! {
                <>
                    <div class="fm-grid">{ for all.iter().enumerate().map(|(j, r)| hash_table(lab, j, r, lab.stream.len())) }</div>
                    // The weaknesses answer the estimates' question: held back while it is open.
                    <ul class="why-list answers">{ for lab.hashes.iter().enumerate().filter_map(|(j, &(a, b))| weakness(a, b, lab.w).map(|why| html! {
                        <li data-testid="fm-weakness" data-hash={j.to_string()}>{ format!("h{}: {why}.", j + 1) }</li>
                    })) }</ul>
                    { truth_line }
                    if (truth as u128) > 1u128 << lab.w {
                        <p class="callout" data-testid="fm-width-warning">{ format!("With w = {} bits a tail is at most {} long, so no estimate can exceed 2^{} = {}: fewer than the {truth} distinct elements. Tails cannot grow past w; choose w ≥ log₂ {truth} ≈ {:.1}.",
                            lab.w, lab.w, lab.w, 1u128 << lab.w, (truth as f64).log2()) }</p>
                    }
                    { para(summary_text(all)) }
                </>
            }
        }
        StepKind::Theory => {
            let m = lab.theory_key().0;
            let plot = theory.unwrap_or_else(|| Rc::new(lab.theory_chart()));
            html! {
                <>
                    { para(format!("With n = {m} distinct element{} (the slides call it m; on this page m counts registers) and a random hash, each tail is at least i with chance 2^−i, so R ≥ i with chance 1 − (1 − 2^−i)^n ≈ 1 − e^(−n·2^−i): nearly 1 while 2^i is much smaller than n, nearly 0 once it is much larger. R lands near log₂ n = {:.1}.", if m == 1 { "" } else { "s" }, (m as f64).log2())) }
                    <ChartCanvas {plot} label="The distribution of R against the formulas" testid="fm-theory-chart" legend=true />
                </>
            }
        }
        StepKind::Graph(d) => graph_stage(lab, *d),
    }
}
