//! The counting filter's answer for the current item: the estimate beside the true count, and
//! for lookups the verdict, naming false positives and false negatives as such.

use yew::prelude::*;

use crate::widgets::cells::para;

use bloomlab_core::engine::counting::OpKind;
use bloomlab_core::engine::filter::Truth;
use bloomlab_core::labs::counting::{LastOp, Verdict};
use bloomlab_core::text::shorten;

/// The answer for the item `s` shows.
pub fn counting_verdict(s: &LastOp) -> Html {
    let estimate = estimate_line(s);
    let damage = damage_note(s);
    if s.trace.op != OpKind::Lookup {
        return html! { <div class="counting-result">{ estimate }{ damage }</div> };
    }
    let verdict = s.verdict();
    let (class, headline, detail) = lookup_words(s, verdict);
    html! {
        <div class="counting-result">
            <div class={classes!("verdict", class)} data-testid="verdict" data-item={s.trace.item.clone()}
                 data-verdict={verdict.name()} data-truth={Truth::of(s.is_member()).name()} role="status">
                <p class="verdict-head">
                    <span class="verdict-item">{ format!("\u{201c}{}\u{201d}", shorten(&s.trace.item, 60)) }</span>
                    { " \u{2192} " }<strong>{ headline }</strong>
                </p>
                <p class="verdict-detail">{ detail }</p>
            </div>
            { estimate }
            { damage }
        </div>
    }
}

/// The estimate beside the true count, and how the estimate was read.
fn estimate_line(s: &LastOp) -> Html {
    let t = &s.trace;
    let e = t.estimate;
    let how = if e.from_secondary {
        format!(
            "from the secondary filter (its smallest counter there is {}; the main filter's minimum is {})",
            e.value, e.primary_min
        )
    } else {
        "the smallest of its counters".to_string()
    };
    let compare = match (e.value as u64).cmp(&s.true_count) {
        std::cmp::Ordering::Equal => "exact".to_string(),
        std::cmp::Ordering::Greater => format!("over by {}", e.value as u64 - s.true_count),
        std::cmp::Ordering::Less => format!("UNDER by {}", s.true_count - e.value as u64),
    };
    html! {
        <p class="estimate answers" data-testid="estimate" data-item={t.item.clone()} data-value={e.value.to_string()}
           data-true={s.true_count.to_string()}>
            <span>{"estimate "}<strong class="num">{ e.value.to_string() }</strong></span>
            <span>{"true count "}<strong class="num">{ s.true_count.to_string() }</strong></span>
            <span class={classes!("estimate-diff", ((e.value as u64) < s.true_count).then_some("under"))}>{ compare }</span>
            <small>{ format!("estimate = {how}") }</small>
        </p>
    }
}

/// What a delete broke (a delete the filter allowed by a false positive, a forced one, the false
/// negatives it made), or nothing.
fn damage_note(s: &LastOp) -> Option<Html> {
    let item = shorten(&s.trace.item, 60);
    let mut lines: Vec<String> = Vec::new();
    if s.phantom_delete && !s.forced {
        lines.push(format!(
            "\u{201c}{item}\u{201d} was never inserted, but the filter said \u{201c}maybe\u{201d} (a false positive), so nothing stopped the delete. The counts it took away belonged to other items."
        ));
    }
    if s.forced {
        lines.push(format!(
            "Forced: the filter said \u{201c}{item}\u{201d} is absent, and it was deleted anyway. Its non-zero, unsaturated counters each lost 1 that belonged to other items."
        ));
    }
    if !s.new_false_negatives.is_empty() {
        let names: Vec<String> =
            s.new_false_negatives.iter().take(8).map(|n| format!("\u{201c}{}\u{201d}", shorten(n, 24))).collect();
        lines.push(format!(
            "Damage: {} {} now a false negative — inserted, yet reported absent.",
            names.join(", "),
            if s.new_false_negatives.len() == 1 { "is" } else { "are" }
        ));
    }
    (!lines.is_empty()).then(|| {
        html! {
            <div class="damage-note answers" data-testid="op-damage" data-items={s.new_false_negatives.join(",")}>
                { for lines.iter().map(|l| html! { { para(l.clone()) } }) }
            </div>
        }
    })
}

/// A lookup's verdict in words: its class, headline and explanation, by verdict and truth.
fn lookup_words(s: &LastOp, verdict: Verdict) -> (&'static str, &'static str, String) {
    match (verdict, s.is_member()) {
        (Verdict::Absent, false) => (
            "absent",
            "Certainly not present",
            "One of its counters is 0: no item in the filter hashes there.".to_string(),
        ),
        (Verdict::Absent, true) => (
            "false-negative",
            "Reported absent — a FALSE NEGATIVE",
            format!(
                "It is in the multiset {} time{}, yet a counter of it is 0: a delete took away counts it needed — a delete of an item that was never there, or, in Minimal Increase mode, a delete of another item from counters its inserts had not raised.",
                s.true_count,
                if s.true_count == 1 { "" } else { "s" }
            ),
        ),
        (Verdict::Maybe, true) => (
            "member",
            "Possibly present — and it is",
            "All its counters are above 0, and it really is in the multiset.".to_string(),
        ),
        (Verdict::Maybe, false) => (
            "false-positive",
            "Possibly present — but it is a false positive",
            "All its counters are above 0, yet it is not in the multiset: other items (or stuck, saturated counters) raised them.".to_string(),
        ),
    }
}
