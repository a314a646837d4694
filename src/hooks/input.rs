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

/// The place of the option chosen in the `<select>` an event came from (`None` for anything
/// else): a select lists a core list in order, and the index picks from that list, so the page
/// reads nothing from the option's text.
pub fn chosen_index(e: &Event) -> Option<usize> {
    let select = e.target()?.dyn_into::<web_sys::HtmlSelectElement>().ok()?;
    usize::try_from(select.selected_index()).ok()
}

/// A callback that dispatches `action(value)`: how a view hands its reducer to shared widgets,
/// which report plain values (a number, a family, the field's text).
pub fn dispatch_to<R, T>(dispatcher: &UseReducerDispatcher<R>, action: fn(T) -> R::Action) -> Callback<T>
where
    R: Reducible + 'static,
    T: 'static,
{
    let dispatcher = dispatcher.clone();
    Callback::from(move |v: T| dispatcher.dispatch(action(v)))
}

/// On every input event (sliders as they move), `read` the value and dispatch `action` with it;
/// values `read` rejects are ignored.
pub fn dispatch_input<R, T>(
    dispatcher: UseReducerDispatcher<R>,
    read: fn(&str) -> Option<T>,
    action: fn(T) -> R::Action,
) -> Callback<InputEvent>
where
    R: Reducible + 'static,
    T: 'static,
{
    Callback::from(move |e: InputEvent| {
        if let Some(v) = read(&value_of(&e)) {
            dispatcher.dispatch(action(v));
        }
    })
}

/// The same on change events (selects, radio buttons, fields when they lose focus).
pub fn dispatch_change<R, T>(
    dispatcher: UseReducerDispatcher<R>,
    read: fn(&str) -> Option<T>,
    action: fn(T) -> R::Action,
) -> Callback<Event>
where
    R: Reducible + 'static,
    T: 'static,
{
    Callback::from(move |e: Event| {
        if let Some(v) = read(&value_of(&e)) {
            dispatcher.dispatch(action(v));
        }
    })
}

/// The text in the field behind `field` ("" before it is mounted).
pub fn field_text(field: &NodeRef) -> String {
    field.cast::<web_sys::HtmlInputElement>().map(|el| el.value()).unwrap_or_default()
}

/// Puts a picked item's text into the field and dispatches `action` with it.
pub fn dispatch_pick<R>(
    dispatcher: UseReducerDispatcher<R>,
    field: NodeRef,
    action: fn(String) -> R::Action,
) -> Callback<String>
where
    R: Reducible + 'static,
{
    Callback::from(move |text: String| {
        if let Some(el) = field.cast::<web_sys::HtmlInputElement>() {
            el.set_value(&text);
        }
        dispatcher.dispatch(action(text))
    })
}
