//! One table for all layers: each layer's key, its k hash values, `mod m`, and the bit found.
//! Each layer row group carries the contract's `hash-trace` hook with `data-layer`.

use yew::prelude::*;

use crate::core::data::url_layers::EMPTY_MARKER_SHOWN;
use crate::core::draw::text::shorten;
use crate::core::engine::mlbf::MlbfTrace;

#[derive(Properties, PartialEq)]
pub struct LayerTraceTableProps {
    pub trace: MlbfTrace,
    pub m: u64,
    /// True for an insert.
    pub inserted: bool,
}

#[function_component(LayerTraceTable)]
pub fn layer_trace_table(props: &LayerTraceTableProps) -> Html {
    let t = &props.trace;
    html! {
        <div class="table-scroll layer-traces">
            <table>
                <thead><tr>
                    <th scope="col">{"layer"}</th>
                    <th scope="col">{"key"}</th>
                    <th scope="col">{"hash"}</th>
                    <th scope="col">{"value"}</th>
                    <th scope="col">{ format!("mod {}", props.m) }</th>
                    <th scope="col">{ if props.inserted { "bit before" } else { "bit now" } }</th>
                </tr></thead>
                { for t.layers.iter().map(|l| {
                    let asked = props.inserted || l.layer <= t.layers_asked;
                    let key = if l.key.is_empty() { EMPTY_MARKER_SHOWN.to_string() } else { shorten(&l.key, 32) };
                    html! {
                        <tbody data-testid="hash-trace" data-layer={l.layer.to_string()} data-item={l.key.clone()}
                               data-positions={l.positions_csv()} class={classes!((!asked).then_some("skipped"))}>
                            { for l.steps.iter().enumerate().map(|(j, s)| html! {
                                <tr class={classes!((!props.inserted && asked && !s.was_set).then_some("zero"))}>
                                    if j == 0 {
                                        <th scope="rowgroup" rowspan={l.steps.len().to_string()}>{ l.layer.to_string() }</th>
                                        <td rowspan={l.steps.len().to_string()} class="mono key-cell">{ key.clone() }</td>
                                    }
                                    <td>{ format!("h{}", s.index) }</td>
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
                    }
                }) }
            </table>
        </div>
    }
}
