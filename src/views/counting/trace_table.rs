//! The hash trace of one item in the counting filter: each hash's value, `mod m`, and what its
//! counter held before and after (and, in Recurring Minimum, the secondary filter's counters).

use yew::prelude::*;

use crate::core::engine::hashing::HashFamily;

use crate::core::draw::text::shorten;
use crate::core::engine::counting::{CountStep, CountTrace, OpKind};

#[derive(Properties, PartialEq)]
pub struct CountingTraceTableProps {
    pub trace: CountTrace,
    pub m: u64,
    /// Secondary filter size (Recurring Minimum), if any.
    #[prop_or_default]
    pub m2: Option<u64>,
    pub saturation: u32,
    /// Names the hashes as the page does elsewhere (h1, h2 for `ullman`).
    pub family: HashFamily,
}

fn cell(s: &CountStep, op: OpKind, saturation: u32) -> String {
    let sat = |v: u32| if v == saturation && v > 0 { format!("{v} (saturated)") } else { v.to_string() };
    match op {
        OpKind::Lookup => sat(s.after),
        _ if s.before == s.after => {
            if s.before == saturation && s.before > 0 {
                format!("{} stays: saturated", s.before)
            } else if op == OpKind::Delete && s.before == 0 {
                "0 stays: cannot go below 0".to_string()
            } else {
                format!("{} unchanged", s.before)
            }
        }
        _ => format!("{} \u{2192} {}", s.before, sat(s.after)),
    }
}

fn rows(steps: &[CountStep], family: HashFamily, op: OpKind, saturation: u32, min: u32) -> Html {
    html! {
        { for steps.iter().map(|s| html! {
            <tr class={classes!((s.after == min).then_some("minimum"))}>
                <td>{ family.label(s.index) }</td>
                <td class="mono num">{ s.raw.to_string() }</td>
                <td class="mono num"><strong>{ s.position.to_string() }</strong></td>
                <td>{ cell(s, op, saturation) }{ if s.after == min { " \u{2190} min" } else { "" } }</td>
            </tr>
        }) }
    }
}

#[function_component(CountingTraceTable)]
pub fn counting_trace_table(props: &CountingTraceTableProps) -> Html {
    let t = &props.trace;
    let verb = match t.op {
        OpKind::Insert => "Inserting ",
        OpKind::Delete => "Deleting ",
        OpKind::Lookup => "Looking up ",
    };
    let head = if t.op == OpKind::Lookup { "counter" } else { "counter before \u{2192} after" };
    let e = t.estimate;
    html! {
        <div class="hash-trace" data-testid="hash-trace" data-item={t.item.clone()} data-positions={t.positions_csv()}
             data-op={t.op.name()}>
            <h3>{ verb }<span class="mono">{ format!("\u{201c}{}\u{201d}", shorten(&t.item, 60)) }</span></h3>
            <div class="table-scroll">
            <table>
                <thead><tr>
                    <th scope="col">{"hash"}</th>
                    <th scope="col">{"value"}</th>
                    <th scope="col">{ format!("mod {}", props.m) }</th>
                    <th scope="col">{ head }</th>
                </tr></thead>
                <tbody>{ rows(&t.steps, props.family, t.op, props.saturation, e.primary_min) }</tbody>
            </table>
            </div>
            if let (Some(m2), false) = (props.m2, t.secondary.is_empty()) {
                <p class="trace-note">{ format!(
                    "The smallest counter, {}, occurs {} time{} among the {} counters{}",
                    e.primary_min, e.min_count, if e.min_count == 1 { "" } else { "s" }, t.steps.len(),
                    if e.min_count >= 2 { ": a recurring minimum, trusted as the estimate." } else { ": a single minimum, so the secondary filter is asked." }
                ) }</p>
                <div class="table-scroll" data-testid="secondary-trace">
                <table>
                    <thead><tr>
                        <th scope="col">{"hash"}</th>
                        <th scope="col">{"value"}</th>
                        <th scope="col">{ format!("mod {m2} (secondary)") }</th>
                        <th scope="col">{ head }</th>
                    </tr></thead>
                    <tbody>{ rows(&t.secondary, props.family, t.op, props.saturation, e.secondary_min.unwrap_or(u32::MAX)) }</tbody>
                </table>
                </div>
            }
        </div>
    }
}
