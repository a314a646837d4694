//! Buttons for bulk inserts of generated items, and the progress of the work.

use yew::prelude::*;

use bloomlab_core::data::generate::ItemKind;
use bloomlab_core::labs::classic::BATCH_SIZES;
use bloomlab_core::text::group_digits;

fn short_count(n: u64) -> String {
    match n {
        1_000_000 => "1M".into(),
        n if n >= 1000 => format!("{}k", n / 1000),
        n => n.to_string(),
    }
}

/// The bulk buttons (off when `disabled` says why) and the progress: `done` of `total` generated
/// items dealt with.
pub fn bulk_controls(done: u64, total: u64, disabled: Option<&str>, on_bulk: &Callback<(ItemKind, u64)>) -> Html {
    let working = done < total;
    let pct = if total == 0 { 100.0 } else { done as f64 / total as f64 * 100.0 };
    html! {
        <div class="bulk">
            <h3>{"Bulk insert"}</h3>
            { for ItemKind::ALL.iter().map(|&kind| html! {
                <div class="bulk-row">
                    <span class="bulk-kind">{ if kind == ItemKind::Words { "words" } else { "URLs" } }</span>
                    { for BATCH_SIZES.iter().map(|&count| {
                        let cb = on_bulk.clone();
                        html! {
                            <button type="button" class="button small" data-testid="bulk-button"
                                data-kind={kind.name()} data-count={count.to_string()} disabled={disabled.is_some()}
                                title={disabled.map(str::to_string).unwrap_or_else(|| format!("insert {} generated {}", group_digits(count), kind.name()))}
                                onclick={Callback::from(move |_| cb.emit((kind, count)))}>
                                { format!("+{}", short_count(count)) }
                            </button>
                        }
                    }) }
                </div>
            }) }
            <div class={classes!("progress-line", (!working).then_some("idle"))}>
                <progress data-testid="bulk-progress" data-done={done.to_string()} data-total={total.to_string()}
                    max="100" value={format!("{pct:.1}")} aria-label="generated items hashed"></progress>
                <span class="num">{ format!("{} / {} generated", group_digits(done), group_digits(total)) }</span>
            </div>
        </div>
    }
}
