//! The AMS walkthrough's stage: the stream with the variables' start positions, the counts and
//! moments, the variables as they count, every start position at once, and the per-value sums.

use yew::prelude::*;

use crate::widgets::cells::{col_head, col_heads, mono_cell, num_cell};

use bloomlab_core::engine::moments::ams::{every_position, fraction_value, mean, value_sums, variables, AmsVariable};
use bloomlab_core::lectures::moments::{x_formula, StepKind, Walkthrough};
use bloomlab_core::text::{ordinal_word, whole_or_3_decimals};

/// The stream as a strip of cells: arrived, current, and where a variable starts.
pub fn stream_strip(w: &Walkthrough, seen: usize, starts: &[usize]) -> Html {
    html! {
        <div class="stream-strip" role="list" aria-label="the stream">
            { for w.stream.tokens.iter().enumerate().map(|(i, t)| {
                let p = i + 1;
                html! {
                    <span role="listitem" class={classes!("cell", (p <= seen).then_some("arrived"), (p == seen).then_some("current"),
                        starts.contains(&p).then_some("start"))}
                        title={format!("position {p}")}>
                        <span class="cell-value">{ t.clone() }</span>
                        <span class="cell-pos">{ p.to_string() }</span>
                    </span>
                }
            }) }
        </div>
    }
}

/// The counts of each value and the stream's moments.
pub fn counts_and_moments(w: &Walkthrough) -> Html {
    html! {
        <div class="two-tables">
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{"How often each value occurs"}</caption>
                    <thead><tr>{ col_heads(&["value a", "m_a"]) }{ col_head(format!("m_a^{}", w.k)) }</tr></thead>
                    <tbody>{ for w.stream.values.iter().zip(&w.stream.counts).map(|(v, &m)| html! {
                        <tr>{ mono_cell(v.clone()) }{ num_cell(m.to_string()) }
                            { num_cell((m as u128).saturating_pow(w.k).to_string()) }</tr>
                    }) }</tbody>
                </table>
            </div>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <caption>{"Its moments"}</caption>
                    <thead><tr>{ col_heads(&["k", "Σ m_a^k", "meaning"]) }</tr></thead>
                    <tbody>{ for (0..=4u32).map(|k| html! {
                        <tr class={classes!((k == w.k).then_some("current"))} data-testid="moment-true" data-k={k.to_string()}
                            data-value={w.stream.moment(k).to_string()}>
                            { num_cell(k.to_string()) }{ num_cell(w.stream.moment(k).to_string()) }
                            <td class="wrap">{ match k { 0 => "distinct values (see the distinct-count view)", 1 => "length n", 2 => "surprise number", _ => "" } }</td>
                        </tr>
                    }) }</tbody>
                </table>
            </div>
        </div>
    }
}

/// A table of variables after the first `seen` elements, with the contract's hooks, and their
/// mean beside the exact moment of those `seen` elements.
pub fn variable_table(vars: &[AmsVariable], w: &Walkthrough, seen: usize, caption: &str) -> Html {
    let m = mean(vars);
    let whole = seen >= w.stream.len();
    let len = if whole { "n" } else { "t" };
    html! {
        <>
            <div class="table-scroll" tabindex="0">
                <table class="data-table ams-table">
                    <caption>{ caption.to_string() }</caption>
                    <thead><tr>
                        { col_heads(&["position", "element", "count v"]) }
                        // The X values answer the question about their mean: held back while it is open.
                        <th scope="col" class="answers">{ format!("{}, {len} = {seen}", x_formula(w.k, len)) }</th>
                    </tr></thead>
                    <tbody>{ for vars.iter().map(|v| html! {
                        <tr data-testid="ams-variable" data-position={v.position.to_string()} data-element={v.element.clone()}
                            data-count={v.count.to_string()} data-value={v.value.to_string()}
                            class={classes!((v.count == 0).then_some("pending"))}>
                            { num_cell(v.position.to_string()) }
                            { mono_cell(if v.count == 0 { "not yet".to_string() } else { v.element.clone() }) }
                            { num_cell(v.count.to_string()) }
                            <td class="num answers">{ v.arithmetic(w.k) }</td>
                        </tr>
                    }) }</tbody>
                </table>
            </div>
            if let Some(mv) = m {
                <p class="estimate answers" data-testid="ams-estimate" data-k={w.k.to_string()} data-value={fraction_value(mv).to_string()}>
                    { format!("Mean of the {} started variable{}: {} / {} = {}  ·  true {} moment of {}: {}", mv.1, if mv.1 == 1 { "" } else { "s" }, mv.0, mv.1,
                        whole_or_3_decimals(fraction_value(mv)), ordinal_word(w.k as u64),
                        if whole { "the stream".to_string() } else { format!("the first {seen} elements") },
                        w.stream.prefix_moment(seen, w.k)) }
                </p>
            }
        </>
    }
}

/// Why every start position gives the moment exactly.
pub fn proof_table(w: &Walkthrough) -> Html {
    let sums = value_sums(&w.stream, w.k);
    let total: u128 = sums.iter().map(|s| s.sum).sum();
    html! {
        <div class="table-scroll" tabindex="0">
            <table class="data-table proof-table">
                <caption>{ format!("Each value's variables add up to m_a^{}", w.k) }</caption>
                <thead><tr>{ col_heads(&["value", "m_a"]) }
                    { col_head(format!("Σ over v = 1..m_a of v^{k} − (v − 1)^{k}", k = w.k)) }</tr></thead>
                <tbody>
                    { for sums.iter().map(|s| html! {
                        <tr data-testid="proof-sum" data-element={s.value.clone()} data-m={s.m.to_string()} data-value={s.sum.to_string()}>
                            { mono_cell(s.value.clone()) }{ num_cell(s.m.to_string()) }
                            { mono_cell(format!("{} = {}", s.terms.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" + "), s.sum)) }
                        </tr>
                    }) }
                    <tr class="total"><th scope="row" colspan="2">{"all values"}</th>
                        <td class="mono" data-testid="proof-total" data-value={total.to_string()}>
                            { format!("{} = {total}; times n = {} and divided by n = {}: the mean is {total}",
                                sums.iter().map(|s| s.sum.to_string()).collect::<Vec<_>>().join(" + "), w.stream.len(), w.stream.len()) }
                        </td></tr>
                </tbody>
            </table>
        </div>
    }
}

/// The stage for an AMS step (reservoir steps are drawn by the reservoir panel).
pub fn ams_stage(w: &Walkthrough, kind: &StepKind) -> Html {
    let n = w.stream.len();
    match kind {
        StepKind::Intro => html! { <>{ stream_strip(w, n, &w.positions) }{ counts_and_moments(w) }</> },
        StepKind::Arrival(seen) => html! {
            <>
                { stream_strip(w, *seen, &w.positions) }
                { variable_table(&variables(&w.stream, &w.positions, *seen, w.k), w, *seen, "The variables so far") }
            </>
        },
        StepKind::Estimate => html! {
            <>
                { stream_strip(w, n, &w.positions) }
                { variable_table(&variables(&w.stream, &w.positions, n, w.k), w, n, "The variables at the end of the stream") }
            </>
        },
        StepKind::EveryPosition => {
            let all: Vec<usize> = (1..=n).collect();
            html! {
                <>
                    { stream_strip(w, n, &all) }
                    { variable_table(&every_position(&w.stream, w.k), w, n, "A variable at every position") }
                </>
            }
        }
        StepKind::Proof => proof_table(w),
        _ => html! {},
    }
}
