//! A number field for a declared link parameter: its `name`, `min`, `max` and `step` come from the
//! parameter's one declaration in the core (`link::params::declare`), so a form offers exactly
//! the range the link accepts (`tests/views_components.rs` checks every named field).

use yew::prelude::*;

use bloomlab_core::link::params::{Bounds, Declared};

/// `<input type="number">` for `param`, showing `value`; `onchange` gets the field's text, which
/// the view hands to its model (the core reads and clamps it, with the link's notices).
/// Generic, not `&dyn Declared`, and always inlined: a call reads only the declaration's name and
/// bounds, so a page does not carry its docs (`about`, `example`) nor the reference table's code.
#[inline(always)]
pub fn number_field<P: Declared + ?Sized>(
    param: &P,
    value: String,
    onchange: Callback<Event>,
    testid: &'static str,
) -> Html {
    number_input(param.name(), param.bounds(), value, onchange, testid)
}

fn number_input(
    name: &'static str,
    bounds: Option<Bounds>,
    value: String,
    onchange: Callback<Event>,
    testid: &'static str,
) -> Html {
    let (min, max, step) = match bounds {
        Some(b) => (Some(b.min), Some(b.max), Some(b.step)),
        None => (None, None, None),
    };
    html! {
        <input type="number" class="num-input" {name} {min} {max} {step} {value} {onchange}
            data-testid={testid} />
    }
}

/// A range slider for `param` (its bounds from the declaration); `oninput` gets each move.
#[inline(always)]
pub fn range_field<P: Declared + ?Sized>(
    param: &P,
    id: &'static str,
    value: String,
    oninput: Callback<InputEvent>,
    testid: &'static str,
) -> Html {
    range_input(param.name(), param.bounds(), id, value, oninput, testid)
}

fn range_input(
    name: &'static str,
    bounds: Option<Bounds>,
    id: &'static str,
    value: String,
    oninput: Callback<InputEvent>,
    testid: &'static str,
) -> Html {
    let (min, max, step) = match bounds {
        Some(b) => (Some(b.min), Some(b.max), Some(b.step)),
        None => (None, None, None),
    };
    html! {
        <input type="range" {id} {name} {min} {max} {step} {value} {oninput} data-testid={testid} />
    }
}
