//! The one hash-trace table: for each hash of an item, its value, `mod m`, and what the bit (or
//! counter) there held. The classic filter, the lectures, the counting filter and the multi-layer
//! filter all draw their traces with these pieces.

use yew::prelude::*;

use crate::widgets::cells::{col_head, col_heads, plain_cell};

use bloomlab_core::engine::filter::Trace;
use bloomlab_core::engine::hashing::{parse_ullman, ullman_split, HashFamily};
use bloomlab_core::text::shorten;

/// What the bit held: before an insert, or now for a lookup.
pub fn bit_state(inserted: bool, was_set: bool) -> &'static str {
    match (inserted, was_set) {
        (true, true) => "1 already",
        (true, false) => "0 → 1",
        (false, true) => "1",
        (false, false) => "0",
    }
}

/// "Inserting “item”" (or another verb) as the trace's heading.
pub fn trace_heading(verb: &str, item: &str) -> Html {
    html! {
        <h3>{ verb }<span class="mono">{ format!("\u{201c}{}\u{201d}", shorten(item, 60)) }</span></h3>
    }
}

/// One row: `lead` cells (or nothing), then hash name, hash value, position and state.
pub fn trace_row(lead: Html, hash: String, raw: u64, position: u64, state: Html, class: Option<&'static str>) -> Html {
    html! {
        <tr class={classes!(class)}>
            { lead }
            { plain_cell(hash) }
            <td class="mono num">{ raw.to_string() }</td>
            <td class="mono num"><strong>{ position.to_string() }</strong></td>
            <td>{ state }</td>
        </tr>
    }
}

/// The table around `body`: `lead` column heads, then hash, value, `mod m` and `state_head`.
pub fn trace_table(lead: &[&str], m_head: String, state_head: &str, body: Html) -> Html {
    html! {
        <div class="table-scroll" tabindex="0">
        <table>
            <thead><tr>
                { for lead.iter().map(|h| html! { { col_head(*h) } }) }
                { col_heads(&["hash", "value"]) }
                { col_head(m_head) }
                { col_head(state_head) }
            </tr></thead>
            { body }
        </table>
        </div>
    }
}

/// The trace of one item in a classic filter: `inserted` for an insert (the last column says
/// whether the bit was already 1), else a lookup; `explain` says how the ullman hashes read the
/// item (off where the page explains it already).
pub fn hash_trace_table(t: &Trace, m: u64, family: HashFamily, inserted: bool, explain: bool) -> Html {
    let ullman_note = (explain && family == HashFamily::Ullman)
        .then(|| parse_ullman(&t.item).ok())
        .flatten()
        .map(|x| {
            let (odd, even) = ullman_split(x);
            html! {
                <p class="trace-note">
                    { format!("{x} in binary is {x:b}. The odd-numbered bits from the right read {odd:b} = {odd}; the even-numbered bits read {even:b} = {even}.") }
                </p>
            }
        });
    let rows = html! {
        <tbody>
            { for t.steps.iter().map(|s| trace_row(
                Html::default(),
                family.label(s.index),
                s.raw,
                s.position,
                Html::from(bit_state(inserted, s.was_set)),
                (!inserted && !s.was_set).then_some("zero"),
            )) }
        </tbody>
    };
    html! {
        <div class="hash-trace" data-testid="hash-trace" data-item={t.item.clone()} data-positions={t.positions_csv()}>
            { trace_heading(if inserted { "Inserting " } else { "Looking up " }, &t.item) }
            { ullman_note }
            { trace_table(&[], format!("mod {m}"), if inserted { "bit before" } else { "bit now" }, rows) }
        </div>
    }
}
