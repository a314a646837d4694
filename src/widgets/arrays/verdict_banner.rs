//! The answer to the last lookup, naming false positives as such.

use yew::prelude::*;

use bloomlab_core::engine::filter::Truth;
use bloomlab_core::engine::filter::{Trace, Verdict};

/// The verdict on `trace`'s item and whether it really was inserted.
pub fn verdict_banner(trace: &Trace, verdict: Verdict, truth: Truth) -> Html {
    let item = trace.item.clone();
    let zeros: Vec<String> = trace.steps.iter().filter(|s| !s.was_set).map(|s| s.position.to_string()).collect();
    let (class, headline, detail) = match (verdict, truth) {
        (Verdict::Absent, _) => (
            "absent",
            "Certainly not present".to_string(),
            format!(
                "{} {} {} 0, so no inserted item ever set {}: it was never inserted. A Bloom filter never misses an item it holds.",
                if zeros.len() == 1 { "Bit" } else { "Bits" },
                zeros.join(", "),
                if zeros.len() == 1 { "is" } else { "are" },
                if zeros.len() == 1 { "it" } else { "them" }
            ),
        ),
        (Verdict::Maybe, Truth::Member) => (
            "member",
            "Possibly present — and it is".to_string(),
            "All its bits are 1, and this item really was inserted: a true positive.".to_string(),
        ),
        (Verdict::Maybe, Truth::NonMember) => (
            "false-positive",
            "Possibly present — but it is a false positive".to_string(),
            "All its bits are 1, yet it was never inserted: other items set those bits. The filter cannot tell the difference.".to_string(),
        ),
    };
    html! {
        <div class={classes!("verdict", class)} data-testid="verdict" data-item={item.clone()}
             data-verdict={verdict.name()} data-truth={truth.name()} role="status">
            <p class="verdict-head">
                <span class="verdict-item">{ format!("\u{201c}{}\u{201d}", bloomlab_core::text::shorten(&item, 60)) }</span>
                { " → " }<strong>{ headline }</strong>
            </p>
            <p class="verdict-detail">{ detail }</p>
        </div>
    }
}
