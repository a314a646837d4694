//! The one `fp-theory` readout: a formula's false-positive rate at (m, n, k), as a row of a
//! readout list or as a table cell, always with the same data attributes.

use yew::prelude::*;

use bloomlab_core::text::format_probability;

/// A row of a `<dl class="readouts">`: `label` with the formula's `expression` beneath, and its value.
pub fn theory_row(formula: &str, (m, n, k): (u64, u64, u32), value: f64, label: Html, expression: &str) -> Html {
    html! {
        <div data-testid="fp-theory" data-formula={formula.to_string()} data-m={m.to_string()} data-n={n.to_string()}
             data-k={k.to_string()} data-value={value.to_string()}>
            <dt>{ label }<small class="formula">{ expression.to_string() }</small></dt>
            <dd class="num">{ format_probability(value) }</dd>
        </div>
    }
}

/// A table cell; `filter` names which filter of a comparison it is about (`data-filter`).
pub fn theory_cell(formula: &str, (m, n, k): (u64, u64, u32), value: f64, filter: Option<&str>) -> Html {
    html! {
        <td class="num" data-testid="fp-theory" data-filter={filter.map(str::to_string)} data-formula={formula.to_string()}
            data-m={m.to_string()} data-n={n.to_string()} data-k={k.to_string()} data-value={value.to_string()}>
            { format_probability(value) }</td>
    }
}
