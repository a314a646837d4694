//! The surprise-number widget: a slider and a field per value, the total kept, and the 0th to
//! 3rd moments changing together.

use yew::prelude::*;

use bloomlab_core::labs::moments::surprise::{Surprise, PRESETS};
use bloomlab_core::link::page::SURPRISE_PANEL;
use bloomlab_core::text::group_digits;

/// `on_count` gets a value's index and the text its slider or field now holds.
pub fn surprise_panel(s: &Surprise, on_count: &Callback<(usize, String)>, on_preset: &Callback<usize>) -> Html {
    let total = s.total();
    let names = ["distinct values", "length of the stream", "surprise number", "third moment"];
    html! {
        <section class="panel surprise-panel" aria-labelledby={SURPRISE_PANEL.title_id}>
            <h2 id={SURPRISE_PANEL.title_id}>{"The surprise number"}</h2>
            <p>{ format!("A stream of {} elements. Move a count and the others make room, so the length stays {}. \
                The second moment, the sum of the squared counts, is small when the values are spread evenly and large \
                when one value dominates.", group_digits(total), group_digits(total)) }</p>
            <div class="preset-list">
                { for PRESETS.iter().enumerate().map(|(i, (label, _))| {
                    let cb = on_preset.clone();
                    html! { <button type="button" class="button small" data-testid="surprise-preset"
                        onclick={Callback::from(move |_| cb.emit(i))}>{ *label }</button> }
                }) }
            </div>
            <div class="count-rows">
                { for s.counts.iter().enumerate().map(|(i, &c)| {
                    let slide = {
                        let cb = on_count.clone();
                        Callback::from(move |e: InputEvent| {
                            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                            cb.emit((i, el.value()));
                        })
                    };
                    let typed = {
                        let cb = on_count.clone();
                        Callback::from(move |e: Event| {
                            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                            cb.emit((i, el.value()));
                        })
                    };
                    let label = format!("count of value {}", i + 1);
                    html! {
                        <div class="count-row">
                            <span class="count-name">{ format!("v{}", i + 1) }</span>
                            <input type="range" min="0" max={total.to_string()} value={c.to_string()} oninput={slide}
                                aria-label={label.clone()} data-testid="surprise-slider" />
                            <input type="number" class="num-input" min="0" max={total.to_string()} value={c.to_string()}
                                onchange={typed} aria-label={label} data-testid="surprise-count" />
                        </div>
                    }
                }) }
            </div>
            <div class="readouts"><dl class="moments-row">
                { for (0..4u32).map(|k| html! {
                    <div data-testid="surprise-moment" data-k={k.to_string()} data-value={s.moment(k).to_string()}>
                        <dt>{ format!("{} ({}{})", names[k as usize], "Σ m^", k) }</dt>
                        <dd class="num">{ group_digits(s.moment(k) as u64) }</dd>
                    </div>
                }) }
            </dl></div>
            <p class="surprise" data-testid="surprise" data-counts={s.text()} data-value={s.surprise().to_string()}>
                { format!("Surprise number: {}", group_digits(s.surprise() as u64)) }
            </p>
        </section>
    }
}
