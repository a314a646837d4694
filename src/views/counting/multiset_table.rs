//! The true multiset beside the filter's estimates, with the damaged items (estimate below the
//! true count) named.

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell};

use bloomlab_core::labs::counting::{Damaged, Row, TABLE_ROWS};
use bloomlab_core::text::shorten;

/// The table: `rows` (at most `TABLE_ROWS` of the `named` items), the damaged items, and
/// `on_pick` to look an item up.
pub fn multiset_table(rows: &[Row], named: usize, damage: &[Damaged], on_pick: &Callback<String>) -> Html {
    let false_negatives = damage.iter().filter(|d| d.estimate == 0).count();
    let under = damage.len() - false_negatives;
    html! {
        <div class="multiset answers">
            <h3>{"The true multiset and the estimates"}</h3>
            <div class={classes!("damage", (!damage.is_empty()).then_some("hurt"))} data-testid="damage"
                 data-false-negatives={false_negatives.to_string()} data-undercounts={under.to_string()}>
                if damage.is_empty() {
                    <p>{"No damage: every item's estimate is at least its true count."}</p>
                } else {
                    <p>{ format!("{false_negatives} false negative{} and {under} other undercount{}:",
                        if false_negatives == 1 { "" } else { "s" }, if under == 1 { "" } else { "s" }) }</p>
                    <ul>
                        { for damage.iter().take(12).map(|d| html! {
                            <li data-item={d.item.clone()}>{ format!("\u{201c}{}\u{201d}: estimate {}, true {}{}", shorten(&d.item, 24), d.estimate, d.true_count,
                                if d.estimate == 0 { " (false negative)" } else { "" }) }</li>
                        }) }
                    </ul>
                }
            </div>
            if rows.is_empty() {
                <p class="trace-note">{"Nothing inserted yet."}</p>
            } else {
                <div class="table-scroll multiset-scroll">
                <table>
                    <thead><tr>{ col_heads(&["item", "true", "estimate"]) }</tr></thead>
                    <tbody>
                        { for rows.iter().map(|r| {
                            let pick = { let cb = on_pick.clone(); let item = r.item.clone(); Callback::from(move |_: MouseEvent| cb.emit(item.clone())) };
                            let class = if (r.estimate as u64) < r.true_count { Some("under") } else if r.estimate as u64 > r.true_count { Some("over") } else { None };
                            html! {
                                <tr data-testid="multiset-row" data-item={r.item.clone()} data-true={r.true_count.to_string()}
                                    data-estimate={r.estimate.to_string()} class={classes!(class)}>
                                    <td><button type="button" class="link-button" onclick={pick} title="look it up">{ shorten(&r.item, 28) }</button></td>
                                    { num_cell(r.true_count.to_string()) }
                                    { num_cell(r.estimate.to_string()) }
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
                </div>
                if named > TABLE_ROWS {
                    <p class="trace-note">{ format!("and {} more items", named - TABLE_ROWS) }</p>
                }
            }
        </div>
    }
}
