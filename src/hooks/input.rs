//! Callbacks for form controls that read the control's value and dispatch an action: one line
//! per slider, select or number field instead of a hand-written closure each.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The value of the `<input>`, `<select>` or `<textarea>` an event came from ("" for anything else).
pub fn value_of(e: &Event) -> String {
    let Some(target) = e.target() else { return String::new() };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.value()
    } else if let Some(select) = target.dyn_ref::<web_sys::HtmlSelectElement>() {
        select.value()
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

/// Whether the checkbox an event came from is checked (`false` for anything else).
pub fn checked_of(e: &Event) -> bool {
    e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some_and(|i| i.checked())
}

/// The place of the option chosen in the `<select>` an event came from (`None` for anything
/// else): a select lists a core list in order, and the index picks from that list, so the page
/// reads nothing from the option's text.
pub fn chosen_index(e: &Event) -> Option<usize> {
    let select = e.target()?.dyn_into::<web_sys::HtmlSelectElement>().ok()?;
    usize::try_from(select.selected_index()).ok()
}

/// The text in the field behind `field` ("" before it is mounted).
pub fn field_text(field: &NodeRef) -> String {
    field.cast::<web_sys::HtmlInputElement>().map(|el| el.value()).unwrap_or_default()
}
