//! The sizing calculator: n and p give m and k; m and n give the best k and its rate.

use yew::prelude::*;

use bloomlab_core::labs::fp::CalcAnswer;
use bloomlab_core::text::{format_bits, format_probability, group_digits, trim_float};

pub struct FpCalculatorProps {
    pub answer: CalcAnswer,
    pub n: u64,
    pub m: u64,
    pub p_text: Option<String>,
    pub on_n: Callback<String>,
    pub on_p: Callback<String>,
    pub on_m: Callback<String>,
    pub on_apply: Callback<()>,
    /// Whether the plot already shows the calculator's m and k.
    pub applied: bool,
}

fn text_cb(cb: &Callback<String>) -> Callback<Event> {
    let cb = cb.clone();
    Callback::from(move |e: Event| {
        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
        cb.emit(el.value());
    })
}

pub fn fp_calculator(props: &FpCalculatorProps) -> Html {
    let on_apply = {
        let cb = props.on_apply.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let result = match &props.answer {
        CalcAnswer::FromP { n, p, sizing } => html! {
            <>
                <p class="fp-calc-what">{ format!("For {} items at a false-positive rate of {}:", group_digits(*n), format_probability(*p)) }</p>
                <dl class="fp-calc-answer">
                    <div data-testid="calc-m" data-value={sizing.m.to_string()}><dt>{"bits m"}</dt><dd class="num">{ format_bits(sizing.m) }</dd></div>
                    <div data-testid="calc-k" data-value={sizing.k.to_string()}><dt>{"hash functions k"}</dt><dd class="num">{ sizing.k.to_string() }</dd></div>
                    <div><dt>{"bits per item"}</dt><dd class="num">{ trim_float(sizing.bits_per_item, 3) }</dd></div>
                    <div><dt>{"rate with this m and k (approx)"}</dt><dd class="num">{ format_probability(sizing.fp) }</dd></div>
                </dl>
            </>
        },
        CalcAnswer::FromM { n, sizing } => html! {
            <>
                <p class="fp-calc-what">{ format!("For m = {} bits and {} items (give p to size from a target rate instead):", group_digits(sizing.m), group_digits(*n)) }</p>
                <dl class="fp-calc-answer">
                    <div data-testid="calc-m" data-value={sizing.m.to_string()}><dt>{"bits m"}</dt><dd class="num">{ format_bits(sizing.m) }</dd></div>
                    <div data-testid="calc-k" data-value={sizing.k.to_string()}><dt>{"best k"}</dt><dd class="num">{ sizing.k.to_string() }</dd></div>
                    <div><dt>{"bits per item"}</dt><dd class="num">{ trim_float(sizing.bits_per_item, 3) }</dd></div>
                    <div><dt>{"rate at the best k (approx)"}</dt><dd class="num">{ format_probability(sizing.fp) }</dd></div>
                </dl>
            </>
        },
        CalcAnswer::TooBig { .. } => html! {
            <p class="fp-calc-what">{"That filter would need more than a terabit; choose a larger p or fewer items."}</p>
        },
    };
    html! {
        <section class="fp-calc panel-box" aria-labelledby="fp-calc-title">
            <h2 id="fp-calc-title">{"Size a filter"}</h2>
            <div class="fp-calc-inputs">
                <label>{"items n"}
                    <input data-testid="calc-n-input" type="text" inputmode="decimal" value={props.n.to_string()}
                        onchange={text_cb(&props.on_n)} placeholder="e.g. 40M" />
                </label>
                <label>{"false-positive rate p"}
                    <input data-testid="calc-p-input" type="text" value={props.p_text.clone().unwrap_or_default()}
                        onchange={text_cb(&props.on_p)} placeholder="0.01, 1%, 1 in 1000, 1e-6" />
                </label>
                <label>{"or bits m"}
                    <input data-testid="calc-m-input" type="text" value={props.m.to_string()}
                        onchange={text_cb(&props.on_m)} placeholder="bits, 64KiB, 1.5MB, 8Mbit" />
                </label>
            </div>
            { result }
            if props.answer.m_and_k().is_some() && !props.applied {
                <button type="button" class="button" data-testid="calc-apply" onclick={on_apply}>{"Plot this filter"}</button>
            }
        </section>
    }
}
