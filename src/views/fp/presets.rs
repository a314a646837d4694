//! Links to the settings from the course material, with the numbers each one states.

use yew::prelude::*;

use crate::core::labs::fp::presets;
use crate::core::link::page::PageParams;
use crate::core::link::query;

pub struct FpPresetsProps {
    pub page: PageParams,
}

pub fn fp_presets(props: &FpPresetsProps) -> Html {
    let list = presets();
    html! {
        <section class="fp-presets" aria-labelledby="fp-presets-title">
            <h2 id="fp-presets-title">{"From the course material"}</h2>
            <ul>
                { for list.into_iter().map(|p| {
                    let mut pairs = props.page.query_pairs();
                    pairs.extend(p.pairs.clone());
                    let href = query::build(&pairs);
                    html! {
                        <li>
                            <a class="button" href={href} data-testid="fp-preset" data-preset={p.id}>{ p.label }</a>
                            <p class="muted">{ p.note.clone() }</p>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
