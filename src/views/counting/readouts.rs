//! Live numbers for the counting filter: the multiset, the counters, the classic filter's
//! false-positive theory (which applies to lookups), and the memory bill of w-bit counters.

use yew::prelude::*;

use crate::widgets::charts::theory::theory_row;
use bloomlab_core::engine::counting::{fan_factor_4bit, overflow_bound_log10};
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::labs::counting::CountingLab;
use bloomlab_core::text::format_log10;
use bloomlab_core::text::{format_probability, group_digits};

fn bits_text(bits: u64) -> String {
    if bits >= 8 * 1024 * 1024 {
        format!("{} bits ({:.1} MiB)", group_digits(bits), bits as f64 / 8.0 / 1024.0 / 1024.0)
    } else if bits >= 8 * 1024 {
        format!("{} bits ({:.1} KiB)", group_digits(bits), bits as f64 / 8.0 / 1024.0)
    } else {
        format!("{} bits", group_digits(bits))
    }
}

/// The counting filter's readouts.
pub fn counting_readouts(lab: &CountingLab) -> Html {
    let (m, k, n, w) = (lab.m(), lab.k(), lab.n(), lab.w());
    let c = lab.filter().counters();
    let theory = [Formula::Approx, Formula::Exact].map(|f| (f, f.evaluate(m, n, k, 1)));
    let (mem, plain) = lab.memory_bits();
    let fan4 = fan_factor_4bit();
    html! {
        <div class="readouts" data-testid="stats" data-n={n.to_string()} data-m={m.to_string()} data-k={k.to_string()}
             data-w={w.to_string()} data-nonzero={c.nonzero().to_string()} data-saturated={c.saturated().to_string()}>
            <dl>
                <div><dt>{"distinct items n"}<small class="formula">{"true count above 0"}</small></dt><dd class="num">{ group_digits(n) }</dd></div>
                <div><dt>{"items with multiplicity"}</dt><dd class="num">{ group_digits(lab.total_count()) }</dd></div>
                <div><dt>{"counters above 0"}</dt><dd class="num">{ format!("{} of {}", group_digits(c.nonzero()), group_digits(m)) }</dd></div>
                <div data-testid="saturated" data-value={c.saturated().to_string()}>
                    <dt>{"saturated counters"}<small class="formula">{ format!("stuck at 2^{w} \u{2212} 1 = {}", lab.saturation()) }</small></dt>
                    <dd class="num">{ group_digits(c.saturated()) }</dd></div>
                { for theory.iter().map(|(f, v)| theory_row(f.name(), (m, n, k), *v, html! { format!("FP rate, {}", f.name()) }, f.expression())) }
                <div><dt>{"FP of this very filter"}<small class="formula">{"(counters above 0 / m)^k"}</small></dt>
                    <dd class="num">{ format_probability(lab.fill_fp()) }</dd></div>
                <div data-testid="memory" data-bits={mem.to_string()} data-bloom-bits={plain.to_string()}>
                    <dt>{"memory"}<small class="formula">{ if lab.filter().secondary().is_some() { format!("(m + m/2) \u{00d7} w, w = {w}") } else { format!("m \u{00d7} w, w = {w}") } }</small></dt>
                    <dd class="num">{ bits_text(mem) }<small>{ format!(" = {:.1}\u{00d7} a Bloom filter's {}", mem as f64 / plain as f64, group_digits(plain)) }</small></dd></div>
                <div data-testid="overflow-bound" data-w="4" data-per-counter={fan4.to_string()}>
                    <dt>{"4-bit overflow bound (Fan et al.)"}<small class="formula">{"m \u{00b7} (e ln 2 / 16)^16, k optimal"}</small></dt>
                    <dd class="num">{ format!("{} \u{00b7} m", format_log10(fan4.log10())) }
                        <small>{ format!(" = {} here", format_log10(overflow_bound_log10(m, 4))) }</small></dd></div>
                if w != 4 {
                    <div><dt>{ format!("same bound for w = {w}") }<small class="formula">{ format!("m \u{00b7} (e ln 2 / 2^{w})^(2^{w})") }</small></dt>
                        <dd class="num">{ if overflow_bound_log10(m, w) >= 0.0 { "\u{2265} 1: no guarantee".to_string() } else { format_log10(overflow_bound_log10(m, w)) } }</dd></div>
                }
            </dl>
        </div>
    }
}
