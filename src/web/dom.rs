//! What two bundles of one page read of each other: an element's attribute, a field's text, by
//! element id (they share the page, not memory).

use wasm_bindgen::JsCast;

use super::{element_by_id, query};

/// The attribute `name` of the element with id `id` (how two bundles of one page read what the
/// other shows: an assignment's order, a practice session's answers).
pub fn attribute_of(id: &str, name: &str) -> Option<String> {
    element_by_id(id)?.get_attribute(name)
}

/// The text in the field (a textarea or an input) with id `id`: how a bundle reads what is typed
/// in its page's form.
pub fn field_value(id: &str) -> Option<String> {
    let el = element_by_id(id)?;
    match el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        Some(area) => Some(area.value()),
        None => el.dyn_ref::<web_sys::HtmlInputElement>().map(|i| i.value()),
    }
}

/// Clicks the first element matching `selector`, if there is one (a page's own control, pressed
/// for the reader: the phone's "Lecture tools" menu opened when a button elsewhere opens a tool).
pub fn click_first(selector: &str) {
    if let Some(el) = query(selector).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        el.click();
    }
}
