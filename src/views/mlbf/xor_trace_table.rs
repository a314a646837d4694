//! The XOR layer worked out in binary: for each hash j, the j-th position of every layer, their
//! XOR, the XOR `mod m`, and the bit found there.

use yew::prelude::*;

use crate::widgets::cells::row_head;

use bloomlab_core::engine::mlbf::{binary_width, MlbfTrace};
use bloomlab_core::link::page::XOR_LAYER_PANEL;

/// The XOR layer, hash by hash, for the normalised URL `item`.
pub fn xor_trace_table(item: &str, t: &MlbfTrace, m: u64, inserted: bool) -> Html {
    // Wide enough for the XOR, which can reach past m - 1 when m is not a power of two.
    let width = binary_width(m).max(t.xor.iter().map(|x| binary_width(x.xor + 1)).max().unwrap_or(1));
    let bin = |v: u64| format!("{v:0width$b}");
    let asked = inserted || t.xor_asked;
    html! {
        <section class={classes!("xor-trace", "answers", (!asked).then_some("skipped"))} data-testid="hash-trace" data-layer="xor"
             data-item={item.to_string()} data-positions={t.xor_positions_csv()} aria-labelledby={XOR_LAYER_PANEL.title_id}>
            <h3 id={XOR_LAYER_PANEL.title_id}>{"The XOR layer, hash by hash"}</h3>
            if !asked {
                <p class="trace-note">{"Not asked for this lookup: a layer already said absent. Shown anyway, to see what the XOR layer would check."}</p>
            }
            <div class="xor-grid">
                { for t.xor.iter().map(|x| html! {
                    <div class={classes!("xor-step", (!inserted && asked && !x.was_set).then_some("zero"))}>
                        <p class="xor-title">{ format!("hash h{}", x.index) }</p>
                        <table class="xor-sum">
                            <tbody>
                                { for x.parts.iter().enumerate().map(|(i, p)| html! {
                                    <tr>
                                        { row_head(if i == 0 { format!("layer {}", i + 1) } else { format!("⊕ layer {}", i + 1) }) }
                                        <td class="mono bin">{ bin(*p) }</td>
                                        <td class="mono num">{ p.to_string() }</td>
                                    </tr>
                                }) }
                                <tr class="xor-result">
                                    <th scope="row">{"="}</th>
                                    <td class="mono bin">{ bin(x.xor) }</td>
                                    <td class="mono num">{ x.xor.to_string() }</td>
                                </tr>
                            </tbody>
                        </table>
                        <p class="xor-bit">
                            { if x.xor >= m { format!("{} mod {} = {} → ", x.xor, m, x.position) } else { format!("mod {m}: {} → ", x.position) } }
                            <strong>{ format!("bit {} ", x.position) }</strong>
                            { match (inserted, x.was_set) {
                                (true, true) => "was 1 already",
                                (true, false) => "0 → 1",
                                (false, true) => "is 1",
                                (false, false) => "is 0",
                            } }
                        </p>
                    </div>
                }) }
            </div>
        </section>
    }
}
