//! The controls every filter view shares: the number of cells m (a log-scale slider with a number
//! field), the number of hash functions k, and the hash family — each named and bounded by the
//! view's declarations of `m`, `k` and `hash` (`link::params::Shape`), so a form offers exactly
//! what the link accepts, and each handing its text to the model, which reads it as the link.

use yew::prelude::*;

use crate::hooks::input::{chosen_index, value_of};
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::link::params::{families, Bounds, Choice, Declared, LogSlider, Shape};
use bloomlab_core::text::group_digits;

/// The m slider (`m-slider`, log scale from 8 to `slider_max`) and its number field (`m-input`,
/// named and bounded by the declaration of `m` in `shape`). `cells` names what m counts. Both hand
/// their text to the model (the slider's as the m it stands for), which reads it as the link's `m`.
pub fn m_control(cells: &str, shape: &Shape, m: u64, slider_max: u64, on_text: &Callback<String>) -> Html {
    let (min, max, declared) = (shape.m.min, shape.m.max, shape.m);
    // The core reads the slider's position as the declared m (text that is not one keeps m).
    let on_slider =
        on_text.reform(move |e: InputEvent| declared.at_log_position(&value_of(&e)).unwrap_or(m).to_string());
    let (low, high) = LogSlider { low: 8, max: slider_max }.bounds();
    let on_field = on_text.reform(|e: Event| value_of(&e));
    let b = shape.m.bounds().unwrap_or_else(|| Bounds { min: min.to_string(), max: max.to_string(), step: "1".into() });
    html! {
        <div class="control">
            <label for="m-slider">{ format!("{cells} m") }</label>
            <div class="control-row">
                <input id="m-slider" data-testid="m-slider" type="range"
                    min={low} max={high} step="1"
                    value={LogSlider::position(m)} oninput={on_slider} aria-label={format!("{cells} m (log scale)")} />
                <input data-testid="m-input" type="number" name={shape.m.name} min={b.min} max={b.max} step={b.step}
                    value={m.to_string()} onchange={on_field} aria-label={format!("{cells} m")} class="num-input" />
            </div>
        </div>
    }
}

/// The k slider (`k-slider`, named and bounded by the declaration of `k` in `shape`, its most
/// narrowed to what `family` has); it hands its text to the model.
pub fn k_control(shape: &Shape, family: HashFamily, k: u32, on_text: &Callback<String>) -> Html {
    let on_input = on_text.reform(|e: InputEvent| value_of(&e));
    let b = shape.k_bounds(family);
    html! {
        <div class="control">
            <label for="k-slider">{ format!("hash functions k = {k}") }</label>
            <input id="k-slider" data-testid="k-slider" type="range" name={shape.k.name} min={b.min} max={b.max}
                step={b.step} value={k.to_string()} oninput={on_input} />
        </div>
    }
}

/// The hash-family select (`hash-select`, named after the declaration of `hash`) offering the
/// declaration's families, with what to know about the chosen family at `m` cells
/// (`hash-caveat`), if anything.
pub fn family_select(family: HashFamily, hash: &Choice, m: u64, on_family: &Callback<HashFamily>) -> Html {
    // The options are the declaration's families in order: the one chosen is at the select's index.
    let offered = families(hash);
    let on_change = {
        let offered = offered.clone();
        on_family.reform(move |e: Event| chosen_index(&e).and_then(|i| offered.get(i).copied()).unwrap_or(family))
    };
    html! {
        <div class="control">
            <label for="hash-select">{"hash family"}</label>
            <select id="hash-select" data-testid="hash-select" name={hash.name} onchange={on_change}>
                { for offered.into_iter().map(|f| html! {
                    <option value={f.name()} selected={f == family}>{ format!("{} — {}", f.name(), f.describe()) }</option>
                }) }
            </select>
            { family_caveat(family, m) }
        </div>
    }
}

/// A short warning when the chosen family does worse than the formulas at `m` (see
/// `HashFamily::caveat`).
pub fn family_caveat(family: HashFamily, m: u64) -> Html {
    let preset = if family == HashFamily::Naive { "three-letter" } else { "double-pow2" };
    let lab = bloomlab_core::labs::hashes::presets()
        .into_iter()
        .find(|p| p.id == preset)
        .map(|p| format!("?view=hashes&{}", p.params));
    match family.caveat(m) {
        Some(why) => html! {
            <p class="hash-caveat" data-testid="hash-caveat" data-family={family.name()}>{ why }{" "}
                if let Some(href) = lab { <a href={href}>{"See it measured in the hash lab."}</a> }
            </p>
        },
        None => html! {},
    }
}

/// How many non-members to probe (`trials-select`, the usual `choices` and the current value) and
/// which generated items (`seed-input`): the two controls of every measuring view.
pub fn probes_and_seed(
    label: &str,
    (trials, choices): (u64, &[u64]),
    seed: u64,
    on_trials: Callback<Event>,
    on_seed: Callback<Event>,
) -> Html {
    html! {
        <div class="control fp-row">
            <label>{ label.to_string() }
                <select data-testid="trials-select" onchange={on_trials}>
                    { for choices.iter().chain((!choices.contains(&trials)).then_some(&trials)).map(|t| html! {
                        <option value={t.to_string()} selected={*t == trials}>{ group_digits(*t) }</option>
                    }) }
                </select>
            </label>
            <label>{"seed"}
                <input data-testid="seed-input" type="number" min="0" class="num-input" value={seed.to_string()} onchange={on_seed} />
            </label>
        </div>
    }
}
