//! The darts analysis with your own numbers: fraction of 0s, of 1s, the false-positive rate, and
//! a real (scaled-down) throw beside the formula.

use yew::prelude::*;

use bloomlab_core::lectures::darts::{
    miss_fraction_approx, miss_fraction_exact, scaled, simulate_misses, Darts, PRESETS,
};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::text::{format_probability, group_digits};

/// Largest simulated array; bigger ones are scaled down keeping darts per target.
const SIM_TARGETS: u64 = 2_000_000;

#[function_component(DartsPanel)]
pub fn darts_panel() -> Html {
    let darts = use_state(|| PRESETS[0].1);
    let problem = use_state(|| None::<Notice>);
    let simulated = use_state(|| None::<(u64, u64, u64)>);
    let d = *darts;
    let throws = d.throws();
    let on_field = |field: &'static str| field_callback(field, &darts, &problem, &simulated);
    let on_simulate = {
        let simulated = simulated.clone();
        Callback::from(move |_: MouseEvent| {
            let (t, dd) = scaled(d.bits, throws, SIM_TARGETS);
            simulated.set(Some((t, dd, simulate_misses(t, dd, 2026))));
        })
    };
    html! {
        <div class="darts-panel">
            <h3>{"Darts with your own numbers"}</h3>
            <div class="preset-list">
                { for PRESETS.iter().map(|(label, p)| {
                    let darts = darts.clone();
                    let simulated = simulated.clone();
                    let p = *p;
                    html! { <button type="button" class="button small" onclick={Callback::from(move |_| { darts.set(p); simulated.set(None); })}>{ *label }</button> }
                }) }
            </div>
            <div class="darts-fields">
                <label>{"bits t"}<input type="text" inputmode="numeric" value={d.bits.to_string()} onchange={on_field("bits")} data-testid="darts-bits" /></label>
                <label>{"hashes k"}<input type="text" inputmode="numeric" value={d.hashes.to_string()} onchange={on_field("hashes")} data-testid="darts-hashes" /></label>
                <label>{"items n"}<input type="text" inputmode="numeric" value={d.items.to_string()} onchange={on_field("items")} data-testid="darts-items" /></label>
            </div>
            if let Some(p) = &*problem {
                <p class="notice inline" data-testid="notice" data-param={p.param.clone()}>{ p.message.clone() }</p>
            }
            { darts_readouts(d, throws) }
            <button type="button" class="button" data-testid="darts-simulate" onclick={on_simulate}>{"Throw the darts for real"}</button>
            if let Some(throw) = *simulated { { simulated_throw(d, throw) } }
        </div>
    }
}

/// A field's change: the new numbers, or the core's notice saying why the text is not one.
fn field_callback(
    field: &'static str,
    darts: &UseStateHandle<Darts>,
    problem: &UseStateHandle<Option<Notice>>,
    simulated: &UseStateHandle<Option<(u64, u64, u64)>>,
) -> Callback<Event> {
    let (darts, problem, simulated) = (darts.clone(), problem.clone(), simulated.clone());
    Callback::from(move |e: Event| {
        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
        match darts.with_field(field, &el.value()) {
            Ok(next) => {
                darts.set(next);
                problem.set(None);
                simulated.set(None);
            }
            Err(why) => problem.set(Some(why)),
        }
    })
}

/// The fractions of 0s and 1s and the false-positive rate for the numbers.
fn darts_readouts(d: Darts, throws: u64) -> Html {
    let zeros_approx = miss_fraction_approx(d.bits, throws);
    let zeros_exact = miss_fraction_exact(d.bits, throws);
    let ones = 1.0 - zeros_approx;
    let fp = ones.powi(d.hashes as i32);
    html! {
        <div class="readouts"><dl class="darts-result" data-testid="darts-result" data-zeros={zeros_approx.to_string()}
            data-ones={ones.to_string()} data-fp={fp.to_string()}>
            <div><dt>{"darts d = k · n"}</dt><dd class="num">{ group_digits(throws) }</dd></div>
            <div><dt>{"fraction of 0s, e^(−d/t)"}</dt><dd class="num">{ format!("{zeros_approx:.6}") }</dd></div>
            <div><dt>{"exactly, (1 − 1/t)^d"}</dt><dd class="num">{ format!("{zeros_exact:.6}") }</dd></div>
            <div><dt>{"fraction of 1s"}</dt><dd class="num">{ format!("{ones:.6}") }</dd></div>
            <div><dt>{ format!("false positives, (fraction of 1s)^{}", d.hashes) }</dt><dd class="num">{ format_probability(fp) }</dd></div>
        </dl></div>
    }
}

/// A real throw beside the formula.
fn simulated_throw(d: Darts, (t, dd, misses): (u64, u64, u64)) -> Html {
    html! {
        <p class="darts-sim" data-testid="darts-simulated" data-targets={t.to_string()} data-darts={dd.to_string()}
            data-zeros={(misses as f64 / t as f64).to_string()}>
            { format!("{} darts at {} targets{}: {:.4} of the targets were never hit; e^(−d/t) says {:.4}.",
                group_digits(dd), group_digits(t),
                if t < d.bits { " (scaled down, same darts per target)" } else { "" },
                misses as f64 / t as f64, miss_fraction_approx(t, dd)) }
        </p>
    }
}
