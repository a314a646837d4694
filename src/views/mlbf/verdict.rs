//! The multi-layer filter's answer to the last lookup, naming false positives, and saying which
//! layer decided.

use yew::prelude::*;

use bloomlab_core::engine::filter::Truth;
use bloomlab_core::engine::filter::Verdict;
use bloomlab_core::engine::mlbf::MlbfTrace;
use bloomlab_core::text::shorten;

/// The verdict on the normalised URL `item`.
pub fn mlbf_verdict(item: &str, t: &MlbfTrace, truth: Truth) -> Html {
    let (class, headline, detail) = match (t.verdict, truth) {
        (Verdict::Absent, truth) => {
            let why = if t.xor_asked {
                "Every layer knows its segment, but the XOR of their positions hits a 0 in the XOR layer: these segments were never inserted together as one URL.".to_string()
            } else {
                format!(
                    "Layer {} has a 0 at one of its positions: no inserted URL has this segment at that depth.",
                    t.layers_asked
                )
            };
            let class = if truth == Truth::Member { "false-positive" } else { "absent" };
            (class, "Certainly not seen before", why)
        }
        (Verdict::Maybe, Truth::Member) => (
            "member",
            "Possibly seen — and it was",
            "Every layer and the XOR layer say maybe, and this URL really was inserted.".to_string(),
        ),
        (Verdict::Maybe, Truth::NonMember) => (
            "false-positive",
            "Possibly seen — but it is a false positive",
            "Every layer and the XOR layer say maybe, yet this URL was never inserted: other URLs set all these bits."
                .to_string(),
        ),
    };
    html! {
        <div class={classes!("verdict", class)} data-testid="verdict" data-item={item.to_string()}
             data-verdict={t.verdict.name()} data-truth={truth.name()} role="status">
            <p class="verdict-head">
                <span class="verdict-item">{ format!("\u{201c}{}\u{201d}", shorten(item, 70)) }</span>
                { " → " }<strong>{ headline }</strong>
            </p>
            <p class="verdict-detail">{ detail }</p>
        </div>
    }
}
