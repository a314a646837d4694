//! The side column of the `fp` view: the sliders, the x axis, the measurement's settings and the
//! calculator.

use yew::prelude::*;

use crate::hooks::input::value_of;
use crate::hooks::page::{Page, PageAction};
use crate::views::fp::calculator::{fp_calculator, FpCalculatorProps};
use crate::widgets::inputs::filter_controls::{family_caveat, probes_and_seed};
use crate::widgets::inputs::number_field::range_field;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::labs::fp::{
    Axis, CalcAnswer, FpEdit, FpSettings, LogSlider, HASH, K, LAYERS, M_SLIDER, N_SLIDER, SEED, TRIALS, X,
};
use bloomlab_core::link::params::families;
use bloomlab_core::text::group_digits;

const TRIAL_CHOICES: [u64; 5] = [1_000, 10_000, 100_000, 300_000, 1_000_000];

#[derive(Properties, PartialEq)]
pub struct FpControlsProps {
    pub settings: FpSettings,
    pub dispatcher: Dispatch,
}

/// The page's dispatcher: the same from render to render, so the controls render only when the
/// settings change.
type Dispatch = UseReducerDispatcher<Page<FpSettings>>;

/// A control's value (`T`) sent as the edit `edit` makes of it.
fn edit<T: 'static>(d: &Dispatch, edit: fn(T) -> FpEdit) -> Callback<T> {
    let d = d.clone();
    Callback::from(move |v: T| d.dispatch(PageAction::Edit(edit(v))))
}

/// The side column: the sliders, the axis, the measurement's settings and the calculator. A
/// component of its own, so that the slices of a measurement, which change none of it, do not
/// render it again.
#[function_component(FpControls)]
pub fn fp_controls(props: &FpControlsProps) -> Html {
    let (s, d) = (&props.settings, &props.dispatcher);
    let slide = |action: fn(String) -> FpEdit| edit(d, action).reform(|e: InputEvent| value_of(&e));
    let ((m_min, m_max), (n_min, n_max)) = (M_SLIDER.bounds(), N_SLIDER.bounds());
    html! {
        <aside class="controls">
            <div class="control">
                <label for="fp-m">{ format!("bits m = {}", group_digits(s.m)) }</label>
                <input id="fp-m" data-testid="m-slider" type="range" min={m_min} max={m_max} step="1"
                    value={LogSlider::position(s.m)} oninput={slide(FpEdit::SlideM)} aria-label="bits m (log scale)" />
            </div>
            <div class="control">
                <label for="fp-n">{ format!("items n = {}", group_digits(s.n)) }</label>
                <input id="fp-n" data-testid="n-slider" type="range" min={n_min} max={n_max} step="1"
                    value={LogSlider::position(s.n)} oninput={slide(FpEdit::SlideN)} aria-label="items n (log scale)" />
            </div>
            <div class="control">
                <label for="fp-k">{ format!("hash functions k = {} (optimal {})", s.k, s.optimal_k()) }</label>
                { range_field(&K, "fp-k", s.k.to_string(), set_on_input(d, K.name), "k-slider") }
            </div>
            { axis_choice(s, d) }
            { measure_controls(s, d) }
            { calculator(s, d) }
        </aside>
    }
}

/// A slider's text for the parameter `name`, to the model as it moves.
fn set_on_input(d: &Dispatch, name: &'static str) -> Callback<InputEvent> {
    let d = d.clone();
    Callback::from(move |e: InputEvent| d.dispatch(PageAction::Edit(FpEdit::Field(name, value_of(&e)))))
}

/// A choice's or a field's text for the parameter `name`, to the model when it changes.
fn set_on_change(d: &Dispatch, name: &'static str) -> Callback<Event> {
    let d = d.clone();
    Callback::from(move |e: Event| d.dispatch(PageAction::Edit(FpEdit::Field(name, value_of(&e)))))
}

/// The x axis's radio buttons and the log-scale box.
fn axis_choice(s: &FpSettings, d: &Dispatch) -> Html {
    let on_axis = set_on_change(d, X.name);
    let on_log = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(PageAction::Edit(FpEdit::Log(el.checked())));
        })
    };
    html! {
        <fieldset class="control fp-axis">
            <legend>{"x axis"}</legend>
            { for Axis::ALL.iter().map(|a| html! {
                <label class="fp-radio">
                    <input type="radio" name="fp-axis" value={a.name()} checked={*a == s.axis}
                        data-testid="axis-radio" data-axis={a.name()} onchange={on_axis.clone()} />
                    { a.label() }
                </label>
            }) }
            <label class="fp-radio fp-log">
                <input type="checkbox" data-testid="log-toggle" checked={s.log_y} onchange={on_log} />
                {"log scale"}
            </label>
        </fieldset>
    }
}

/// The measurement's settings: the MLBF's layers (when its curve is shown), the hash family, the
/// probes per point and the seed.
fn measure_controls(s: &FpSettings, d: &Dispatch) -> Html {
    let on_family = set_on_change(d, HASH.name);
    let (on_trials, on_seed) = (set_on_change(d, TRIALS.name), set_on_change(d, SEED.name));
    html! {
        <>
            if s.formulas.contains(&Formula::Mlbf) {
                <div class="control">
                    <label for="fp-layers">{ format!("MLBF layers L = {}", s.layers) }</label>
                    { range_field(&LAYERS, "fp-layers", s.layers.to_string(), set_on_input(d, LAYERS.name), "layers-slider") }
                </div>
            }
            <div class="control">
                <label for="fp-hash">{"hash family (measured)"}</label>
                <select id="fp-hash" data-testid="hash-select" name={HASH.name} onchange={on_family}>
                    { for families(&HASH).into_iter().map(|f| html! {
                        <option value={f.name()} selected={f == s.family}>{ format!("{} — {}", f.name(), f.describe()) }</option>
                    }) }
                </select>
                { family_caveat(s.family, s.m) }
            </div>
            { probes_and_seed("probes per point", (s.trials, &TRIAL_CHOICES), s.seed, on_trials, on_seed) }
            <p class="muted small">{ format!("Probes are generated non-members (at most {} per point), distinct from every inserted key.", group_digits(TRIALS.max)) }</p>
        </>
    }
}

/// The calculator: n and p (or m) typed, the sizing, and a button that applies it.
fn calculator(s: &FpSettings, d: &Dispatch) -> Html {
    let answer = s.calculator();
    let applied = match &answer {
        CalcAnswer::FromP { sizing, .. } => sizing.m == s.m && sizing.k == s.k,
        CalcAnswer::FromM { sizing, .. } => sizing.k == s.k,
        CalcAnswer::TooBig { .. } => true,
    };
    let on_apply = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(PageAction::Edit(FpEdit::Apply)))
    };
    fp_calculator(&FpCalculatorProps {
        answer,
        n: s.n,
        m: s.m,
        p_text: s.p.as_ref().map(|p| p.0.clone()),
        on_n: edit(d, FpEdit::TypeN),
        on_p: edit(d, FpEdit::TypeP),
        on_m: edit(d, FpEdit::TypeM),
        on_apply,
        applied,
    })
}
