//! The hash trace of one item in the counting filter: each hash's value, `mod m`, and what its
//! counter held before and after (and, in Recurring Minimum, the secondary filter's counters).

use yew::prelude::*;

use bloomlab_core::engine::hashing::HashFamily;

use crate::widgets::arrays::trace_table::{trace_heading, trace_row, trace_table};
use bloomlab_core::engine::counting::{CountStep, CountTrace, OpKind};

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
        <tbody>
            { for steps.iter().map(|s| trace_row(
                Html::default(),
                family.label(s.index),
                s.raw,
                s.position,
                html! { <>{ cell(s, op, saturation) }{ if s.after == min { " \u{2190} min" } else { "" } }</> },
                (s.after == min).then_some("minimum"),
            )) }
        </tbody>
    }
}

/// The trace of the current operation: `m2` is the secondary filter's size (Recurring Minimum),
/// `family` names the hashes as the page does elsewhere (h1, h2 for `ullman`).
pub fn counting_trace_table(t: &CountTrace, m: u64, m2: Option<u64>, saturation: u32, family: HashFamily) -> Html {
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
            { trace_heading(verb, &t.item) }
            { trace_table(&[], format!("mod {m}"), head, rows(&t.steps, family, t.op, saturation, e.primary_min)) }
            if let (Some(m2), false) = (m2, t.secondary.is_empty()) {
                <p class="trace-note">{ format!(
                    "The smallest counter, {}, occurs {} time{} among the {} counters{}",
                    e.primary_min, e.min_count, if e.min_count == 1 { "" } else { "s" }, t.steps.len(),
                    if e.min_count >= 2 { ": a recurring minimum, trusted as the estimate." } else { ": a single minimum, so the secondary filter is asked." }
                ) }</p>
                <div data-testid="secondary-trace">
                    { trace_table(&[], format!("mod {m2} (secondary)"), head,
                        rows(&t.secondary, family, t.op, saturation, e.secondary_min.unwrap_or(u32::MAX))) }
                </div>
            }
        </div>
    }
}
