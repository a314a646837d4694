//! One table for all layers: each layer's key, its k hash values, `mod m`, and the bit found.
//! Each layer row group carries the contract's `hash-trace` hook with `data-layer`.

use yew::prelude::*;

use crate::widgets::arrays::trace_table::{bit_state, trace_row, trace_table};
use bloomlab_core::data::url_layers::EMPTY_MARKER_SHOWN;
use bloomlab_core::engine::mlbf::MlbfTrace;
use bloomlab_core::text::shorten;

/// One table for all layers: `inserted` for an insert.
pub fn layer_trace_table(t: &MlbfTrace, m: u64, inserted: bool) -> Html {
    let body = html! {
        { for t.layers.iter().map(|l| {
            let asked = inserted || l.layer <= t.layers_asked;
            let key = if l.key.is_empty() { EMPTY_MARKER_SHOWN.to_string() } else { shorten(&l.key, 32) };
            let span = l.steps.len().to_string();
            html! {
                <tbody data-testid="hash-trace" data-layer={l.layer.to_string()} data-item={l.key.clone()}
                       data-positions={l.positions_csv()} class={classes!((!asked).then_some("skipped"))}>
                    { for l.steps.iter().enumerate().map(|(j, s)| trace_row(
                        if j == 0 {
                            html! { <>
                                <th scope="rowgroup" rowspan={span.clone()}>{ l.layer.to_string() }</th>
                                <td rowspan={span.clone()} class="mono key-cell">{ key.clone() }</td>
                            </> }
                        } else {
                            Html::default()
                        },
                        format!("h{}", s.index),
                        s.raw,
                        s.position,
                        Html::from(bit_state(inserted, s.was_set)),
                        (!inserted && asked && !s.was_set).then_some("zero"),
                    )) }
                </tbody>
            }
        }) }
    };
    html! {
        <div class="layer-traces">
            { trace_table(&["layer", "key"], format!("mod {m}"), if inserted { "bit before" } else { "bit now" }, body) }
        </div>
    }
}
