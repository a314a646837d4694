//! The formulas and the measurement at the point the sliders name (`fp-theory`, `fp-empirical`).

use yew::prelude::*;

use crate::widgets::charts::theory::theory_row;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::labs::fp::experiment::Measured;
use bloomlab_core::link::page::RATES_PANEL;
use bloomlab_core::text::{format_probability, group_digits};

pub struct FpReadoutsProps {
    pub m: u64,
    pub n: u64,
    pub k: u32,
    pub optimal_k: u32,
    pub theory: Vec<(Formula, f64)>,
    pub layers: u32,
    pub measured: Option<Measured>,
    /// Whether the sliders' point can be measured at all.
    pub measurable: bool,
}

pub fn fp_readouts(props: &FpReadoutsProps) -> Html {
    let (m, n, k) = (props.m, props.n, props.k);
    html! {
        <section class="readouts fp-readouts" aria-labelledby={RATES_PANEL.title_id}>
            <h2 id={RATES_PANEL.title_id} class="visually-hidden">{"The rates at these sliders"}</h2>
            <dl>
                <div><dt>{"at m, n, k"}</dt><dd class="num">{ format!("{} bits, {} items, k = {}", group_digits(m), group_digits(n), k) }</dd></div>
                <div data-testid="optimal-k" data-value={props.optimal_k.to_string()}>
                    <dt>{"optimal k"}<small class="formula">{"≈ (m/n) ln 2"}</small></dt>
                    <dd class="num">{ props.optimal_k.to_string() }</dd>
                </div>
                { for props.theory.iter().map(|(f, v)| {
                    let label = if *f == Formula::Mlbf { format!("mlbf, L = {}", props.layers) } else { f.name().to_string() };
                    theory_row(f.name(), (m, n, k), *v, html! { label }, f.expression())
                }) }
                if let Some(r) = props.measured {
                    <div data-testid="fp-empirical" data-m={r.spec.m.to_string()} data-n={r.spec.n.to_string()}
                         data-k={r.spec.k.to_string()} data-trials={r.trials.to_string()} data-value={r.rate().to_string()}>
                        <dt>{"measured"}<small class="formula">{ format!("{} of {} non-members passed", group_digits(r.hits), group_digits(r.trials)) }</small></dt>
                        <dd class="num">{ format_probability(r.rate()) }
                            <small>{ { let (lo, hi) = r.interval(); format!(" (95%: {} – {})", format_probability(lo), format_probability(hi)) } }</small>
                        </dd>
                    </div>
                } else if props.measurable {
                    <div><dt>{"measured"}</dt><dd class="muted">{"measuring…"}</dd></div>
                } else {
                    <div><dt>{"measured"}</dt><dd class="muted">{"too large to measure here: theory only"}</dd></div>
                }
            </dl>
        </section>
    }
}
