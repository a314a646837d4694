//! The side column of the `fp` view: the sliders, the x axis, the measurement's settings and the
//! calculator.

use yew::prelude::*;

use crate::hooks::input::{dispatch_change, dispatch_input, dispatch_number, dispatch_to, parsed};
use crate::views::fp::calculator::{fp_calculator, FpCalculatorProps};
use crate::views::fp::state::{FpAction, FpState};
use crate::widgets::inputs::filter_controls::{family_caveat, m_to_slider, probes_and_seed, slider_to_m};
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::fp::calculator::MAX_BITS;
use bloomlab_core::labs::fp::experiment::MAX_TRIALS;
use bloomlab_core::labs::fp::{Axis, CalcAnswer, FpSettings, MAX_K, MAX_LAYERS, MAX_N};
use bloomlab_core::text::{group_digits, parse_f64};

const TRIAL_CHOICES: [u64; 5] = [1_000, 10_000, 100_000, 300_000, 1_000_000];

#[derive(Properties, PartialEq)]
pub struct FpControlsProps {
    pub settings: FpSettings,
    pub dispatcher: UseReducerDispatcher<FpState>,
}

/// The side column: the sliders, the axis, the measurement's settings and the calculator. A
/// component of its own, so that the slices of a measurement, which change none of it, do not
/// render it again.
#[function_component(FpControls)]
pub fn fp_controls(props: &FpControlsProps) -> Html {
    let (s, d) = (&props.settings, &props.dispatcher);
    let on_m = dispatch_input(d.clone(), parse_f64, |v| FpAction::SetM(slider_to_m(v, 1, MAX_BITS)));
    let on_n = dispatch_input(d.clone(), parse_f64, |v| FpAction::SetN(slider_to_m(v, 1, MAX_N)));
    let on_k = dispatch_input(d.clone(), parse_f64, |v| FpAction::SetK(v as u32));
    html! {
        <aside class="controls">
            <div class="control">
                <label for="fp-m">{ format!("bits m = {}", group_digits(s.m)) }</label>
                <input id="fp-m" data-testid="m-slider" type="range" min={m_to_slider(8).to_string()}
                    max={m_to_slider(MAX_BITS).to_string()} step="1" value={m_to_slider(s.m).to_string()}
                    oninput={on_m} aria-label="bits m (log scale)" />
            </div>
            <div class="control">
                <label for="fp-n">{ format!("items n = {}", group_digits(s.n)) }</label>
                <input id="fp-n" data-testid="n-slider" type="range" min="0"
                    max={m_to_slider(MAX_N).to_string()} step="1" value={m_to_slider(s.n).to_string()}
                    oninput={on_n} aria-label="items n (log scale)" />
            </div>
            <div class="control">
                <label for="fp-k">{ format!("hash functions k = {} (optimal {})", s.k, s.optimal_k()) }</label>
                <input id="fp-k" data-testid="k-slider" type="range" min="1" max={MAX_K.to_string()}
                    value={s.k.to_string()} oninput={on_k} />
            </div>
            { axis_choice(s, d) }
            { measure_controls(s, d) }
            { calculator(s, d) }
        </aside>
    }
}

/// The x axis's radio buttons and the log-scale box.
fn axis_choice(s: &FpSettings, d: &UseReducerDispatcher<FpState>) -> Html {
    let on_axis = dispatch_change(d.clone(), Axis::parse, FpAction::SetAxis);
    let on_log = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(FpAction::SetLog(el.checked()));
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
fn measure_controls(s: &FpSettings, d: &UseReducerDispatcher<FpState>) -> Html {
    let on_layers = dispatch_input(d.clone(), parse_f64, |v| FpAction::SetLayers(v as u32));
    let on_family = dispatch_change(d.clone(), HashFamily::parse, FpAction::SetFamily);
    let on_trials = dispatch_change(d.clone(), parsed::<u64>, FpAction::SetTrials);
    let on_seed = dispatch_number(d.clone(), s.seed.to_string(), FpAction::SetSeed);
    html! {
        <>
            if s.formulas.contains(&Formula::Mlbf) {
                <div class="control">
                    <label for="fp-layers">{ format!("MLBF layers L = {}", s.layers) }</label>
                    <input id="fp-layers" data-testid="layers-slider" type="range" min="1" max={MAX_LAYERS.to_string()}
                        value={s.layers.to_string()} oninput={on_layers} />
                </div>
            }
            <div class="control">
                <label for="fp-hash">{"hash family (measured)"}</label>
                <select id="fp-hash" data-testid="hash-select" onchange={on_family}>
                    { for HashFamily::TEXT.iter().map(|f| html! {
                        <option value={f.name()} selected={*f == s.family}>{ format!("{} — {}", f.name(), f.describe()) }</option>
                    }) }
                </select>
                { family_caveat(s.family, s.m) }
            </div>
            { probes_and_seed("probes per point", (s.trials, &TRIAL_CHOICES), s.seed, on_trials, on_seed) }
            <p class="muted small">{ format!("Probes are generated non-members (at most {} per point), distinct from every inserted key.", group_digits(MAX_TRIALS)) }</p>
        </>
    }
}

/// The calculator: n and p (or m) typed, the sizing, and a button that applies it.
fn calculator(s: &FpSettings, d: &UseReducerDispatcher<FpState>) -> Html {
    let answer = s.calculator();
    let applied = match &answer {
        CalcAnswer::FromP { sizing, .. } => sizing.m == s.m && sizing.k == s.k,
        CalcAnswer::FromM { sizing, .. } => sizing.k == s.k,
        CalcAnswer::TooBig { .. } => true,
    };
    let on_apply = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(FpAction::ApplyCalculator))
    };
    fp_calculator(&FpCalculatorProps {
        answer,
        n: s.n,
        m: s.m,
        p_text: s.p.as_ref().map(|p| p.0.clone()),
        on_n: dispatch_to(d, FpAction::TypeN),
        on_p: dispatch_to(d, FpAction::TypeP),
        on_m: dispatch_to(d, FpAction::TypeM),
        on_apply,
        applied,
    })
}
