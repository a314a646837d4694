//! The list of inserted items (typed ones, and generated batches).

use yew::prelude::*;

use crate::core::data::generate::{item, Batch, ItemKind};
use crate::core::draw::text::{group_digits, shorten};

/// The typed items and the generated batches; clicking an item calls `on_pick` (a lookup).
pub fn item_list(items: &[String], batches: &[Batch], on_pick: &Callback<String>) -> Html {
    let empty = items.is_empty() && batches.is_empty();
    html! {
        <div class="items">
            <h3>{ format!("Inserted ({})", group_digits(items.len() as u64 + batches.iter().map(|b| b.count).sum::<u64>())) }</h3>
            if empty { <p class="muted">{"Nothing yet. Type a word and press Enter."}</p> }
            <ul class="item-list" data-testid="item-list">
                { for items.iter().map(|s| {
                    let cb = on_pick.clone();
                    let text = s.clone();
                    html! {
                        <li data-item={s.clone()}>
                            <button type="button" class="chip" title="look this item up"
                                onclick={Callback::from(move |_| cb.emit(text.clone()))}>{ shorten(s, 40) }</button>
                        </li>
                    }
                }) }
            </ul>
            { for batches.iter().map(|b| {
                let sample = item(b.kind, b.seed, 0);
                let cb = on_pick.clone();
                let pick = sample.clone();
                html! {
                    <p class="batch">
                        { format!("{} generated {} — e.g. ", group_digits(b.count), if b.kind == ItemKind::Words { "words" } else { "URLs" }) }
                        <button type="button" class="chip" onclick={Callback::from(move |_| cb.emit(pick.clone()))}>{ sample }</button>
                    </p>
                }
            }) }
        </div>
    }
}
