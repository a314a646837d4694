//! Live numbers for the current filter: n, bits set, fill, the theory and the optimal k.

use yew::prelude::*;

use crate::widgets::charts::theory::theory_row;
use bloomlab_core::engine::formulas::{self, Formula};
use bloomlab_core::text::{format_probability, group_digits};

/// The readouts of a filter of m bits, k hashes and n items with `ones` bits set.
pub fn filter_readouts(m: u64, k: u32, n: u64, ones: u64, optimal_k: u32) -> Html {
    let fill = ones as f64 / m as f64;
    let this_filter = fill.powi(k as i32);
    let theory = [Formula::Approx, Formula::Exact].map(|f| (f, f.evaluate(m, n, k, 1)));
    let expected_ones = m as f64 * (1.0 - formulas::zero_probability_finite(m, n, k));
    html! {
        <div class="readouts" data-testid="stats" data-n={n.to_string()} data-m={m.to_string()}
             data-k={k.to_string()} data-ones={ones.to_string()}>
            <dl>
                <div><dt>{"items n"}</dt><dd class="num">{ group_digits(n) }</dd></div>
                <div><dt>{"bits set"}</dt><dd class="num">{ format!("{} of {}", group_digits(ones), group_digits(m)) }</dd></div>
                <div><dt>{"fill ratio"}</dt><dd class="num">{ format!("{:.1}%", fill * 100.0) }
                    <small>{ format!(" (expected {:.1}%)", expected_ones / m as f64 * 100.0) }</small></dd></div>
                { for theory.iter().map(|(f, v)| theory_row(f.name(), (m, n, k), *v, html! { format!("FP rate, {}", f.name()) }, f.expression())) }
                <div><dt>{"FP of this very filter"}<small class="formula">{"(bits set / m)^k"}</small></dt>
                    <dd class="num">{ format_probability(this_filter) }</dd></div>
                <div data-testid="optimal-k" data-value={optimal_k.to_string()}>
                    <dt>{"optimal k for this m and n"}<small class="formula">{"≈ (m/n) ln 2"}</small></dt>
                    <dd class="num">{ optimal_k.to_string() }
                        if optimal_k != k && n > 0 { <small>{ format!(" (you use {k})") }</small> }</dd>
                </div>
            </dl>
        </div>
    }
}
