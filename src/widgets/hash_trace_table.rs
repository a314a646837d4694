//! The hash trace of one item: each hash's value, `mod m`, and the bit it picks.

use yew::prelude::*;

use crate::core::engine::filter::Trace;
use crate::core::engine::hashing::{ullman_split, HashFamily};

#[derive(Properties, PartialEq)]
pub struct HashTraceTableProps {
    pub trace: Trace,
    pub m: u64,
    pub family: HashFamily,
    /// True for an insert (the last column says whether the bit was already 1), false for a lookup.
    pub inserted: bool,
    /// Explain how the ullman hashes read the item (off where the page explains it already).
    #[prop_or(true)]
    pub explain: bool,
}

#[function_component(HashTraceTable)]
pub fn hash_trace_table(props: &HashTraceTableProps) -> Html {
    let t = &props.trace;
    let ullman_note = (props.explain && props.family == HashFamily::Ullman)
        .then(|| t.item.trim().parse::<u64>().ok())
        .flatten()
        .map(|x| {
            let (odd, even) = ullman_split(x);
            html! {
                <p class="trace-note">
                    { format!("{x} in binary is {x:b}. The odd-numbered bits from the right read {odd:b} = {odd}; the even-numbered bits read {even:b} = {even}.") }
                </p>
            }
        });
    html! {
        <div class="hash-trace" data-testid="hash-trace" data-item={t.item.clone()} data-positions={t.positions_csv()}>
            <h3>{ if props.inserted { "Inserting " } else { "Looking up " } }
                <span class="mono">{ format!("\u{201c}{}\u{201d}", crate::core::draw::text::shorten(&t.item, 60)) }</span></h3>
            { ullman_note }
            <div class="table-scroll">
            <table>
                <thead><tr>
                    <th scope="col">{"hash"}</th>
                    <th scope="col">{"value"}</th>
                    <th scope="col">{ format!("mod {}", props.m) }</th>
                    <th scope="col">{ if props.inserted { "bit before" } else { "bit now" } }</th>
                </tr></thead>
                <tbody>
                    { for t.steps.iter().map(|s| html! {
                        <tr class={classes!((!props.inserted && !s.was_set).then_some("zero"))}>
                            <td>{ props.family.label(s.index) }</td>
                            <td class="mono num">{ s.raw.to_string() }</td>
                            <td class="mono num"><strong>{ s.position.to_string() }</strong></td>
                            <td>{ match (props.inserted, s.was_set) {
                                (true, true) => "1 already",
                                (true, false) => "0 → 1",
                                (false, true) => "1",
                                (false, false) => "0",
                            } }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
        </div>
    }
}
