//! Each layer's answer for the looked-up URL, in the order the lookup asks them, then the XOR
//! layer's. Layers after the first "absent" are not asked (the paper's Algorithm 4 stops there).

use yew::prelude::*;

use bloomlab_core::engine::filter::Verdict;
use bloomlab_core::engine::mlbf::MlbfTrace;

/// Each layer asked, and its answer.
pub fn layer_verdict_list(t: &MlbfTrace) -> Html {
    let word = |v: Verdict| if v == Verdict::Maybe { "maybe" } else { "absent" };
    html! {
        <ol class="layer-verdicts" aria-label="each layer's answer">
            { for t.layers.iter().map(|l| {
                let asked = l.layer <= t.layers_asked;
                if asked {
                    html! {
                        <li data-testid="layer-verdict" data-layer={l.layer.to_string()} data-verdict={l.verdict.name()}
                            class={classes!("lv", word(l.verdict))}>
                            <span class="lv-name">{ format!("layer {}", l.layer) }</span>
                            <span class="lv-answer">{ word(l.verdict) }</span>
                        </li>
                    }
                } else {
                    html! {
                        <li class="lv skipped"><span class="lv-name">{ format!("layer {}", l.layer) }</span>
                            <span class="lv-answer">{"not asked"}</span></li>
                    }
                }
            }) }
            if t.xor_asked {
                <li data-testid="layer-verdict" data-layer="xor" data-verdict={t.xor_verdict.name()}
                    class={classes!("lv", "xor-layer", word(t.xor_verdict))}>
                    <span class="lv-name">{"XOR layer"}</span>
                    <span class="lv-answer">{ word(t.xor_verdict) }</span>
                </li>
            } else {
                <li class="lv xor-layer skipped"><span class="lv-name">{"XOR layer"}</span><span class="lv-answer">{"not asked"}</span></li>
            }
        </ol>
    }
}
