//! The item field with its buttons: Enter or "Insert" inserts, the other buttons act on the
//! field's text (look up, delete …). Shared by every view that takes typed items.

use yew::prelude::*;

use crate::hooks::input::field_text;

/// A button after "Insert": its `data-testid`, its label, and what it does with the field's text.
pub struct FormButton {
    pub testid: &'static str,
    pub label: &'static str,
    pub on_text: Callback<String>,
}

/// The form: `field` is the input's node (so lists can fill it), `label` what it takes (read by
/// screen readers), `placeholder` an example.
pub fn item_form(
    field: &NodeRef,
    label: &str,
    placeholder: &str,
    on_insert: &Callback<String>,
    buttons: Vec<FormButton>,
) -> Html {
    let on_submit = {
        let (field, on_insert) = (field.clone(), on_insert.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_insert.emit(field_text(&field));
            if let Some(el) = field.cast::<web_sys::HtmlInputElement>() {
                el.select();
            }
        })
    };
    html! {
        <form class="item-form" onsubmit={on_submit}>
            <label for="item-input" class="visually-hidden">{ label.to_string() }</label>
            <input id="item-input" ref={field.clone()} data-testid="item-input" type="text" autocomplete="off"
                spellcheck="false" maxlength="200000" placeholder={placeholder.to_string()} />
            <button type="submit" class="button primary" data-testid="insert-button">{"Insert"}</button>
            { for buttons.into_iter().map(|b| {
                let field = field.clone();
                let on_text = b.on_text;
                html! {
                    <button type="button" class="button" data-testid={b.testid}
                        onclick={Callback::from(move |_: MouseEvent| on_text.emit(field_text(&field)))}>{ b.label }</button>
                }
            }) }
        </form>
    }
}
