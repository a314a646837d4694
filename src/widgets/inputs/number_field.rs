//! A number field for a declared link parameter: its `name`, `min`, `max` and `step` come from the
//! parameter's one declaration in the core (`link::params::declare`), so a form offers exactly
//! the range the link accepts (`tests/views_components.rs` checks every named field).

use yew::prelude::*;

use bloomlab_core::link::params::Declared;

/// `<input type="number">` for `param`, showing `value`; `onchange` gets the field's text, which
/// the view hands to its model (the core reads and clamps it, with the link's notices).
pub fn number_field(param: &dyn Declared, value: String, onchange: Callback<Event>, testid: &'static str) -> Html {
    let (min, max, step) = match param.bounds() {
        Some(b) => (Some(b.min), Some(b.max), Some(b.step)),
        None => (None, None, None),
    };
    html! {
        <input type="number" class="num-input" name={param.name()} {min} {max} {step} {value} {onchange}
            data-testid={testid} />
    }
}

/// A range slider for `param` (its bounds from the declaration); `oninput` gets each move.
pub fn range_field(
    param: &dyn Declared,
    id: &'static str,
    value: String,
    oninput: Callback<InputEvent>,
    testid: &'static str,
) -> Html {
    let (min, max, step) = match param.bounds() {
        Some(b) => (Some(b.min), Some(b.max), Some(b.step)),
        None => (None, None, None),
    };
    html! {
        <input type="range" {id} name={param.name()} {min} {max} {step} {value} {oninput} data-testid={testid} />
    }
}
