//! The list of inserted items (typed ones, and generated batches).

use yew::prelude::*;

use bloomlab_core::data::generate::{item, Batch, ItemKind};
use bloomlab_core::labs::classic::FileItems;
use bloomlab_core::text::{group_digits, shorten};

/// The typed items, the generated batches and the file's items; clicking an item calls
/// `on_pick` (a lookup).
pub fn item_list(items: &[String], batches: &[Batch], file: Option<&FileItems>, on_pick: &Callback<String>) -> Html {
    let empty = items.is_empty() && batches.is_empty() && file.is_none();
    let total = items.len() as u64 + batches.iter().map(|b| b.count).sum::<u64>() + file.map_or(0, FileItems::total);
    html! {
        <div class="items">
            <h3>{ format!("Inserted ({})", group_digits(total)) }</h3>
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
            if let Some(f) = file {
                <p class="batch" data-testid="file-items" data-done={f.done.to_string()} data-total={f.total().to_string()}
                    data-skipped={f.skipped.to_string()}>
                    { format!("{} of your items (URLs as normalised: no scheme, host in lower case){} — e.g. ", group_digits(f.total()),
                        if f.done < f.total() { format!(" ({} hashed so far)", group_digits(f.done)) } else { String::new() }) }
                    { for f.items.iter().take(3).map(|s| {
                        let (cb, text) = (on_pick.clone(), s.clone());
                        html! { <button type="button" class="chip" onclick={Callback::from(move |_| cb.emit(text.clone()))}>{ shorten(s, 32) }</button> }
                    }) }
                </p>
            }
        </div>
    }
}
