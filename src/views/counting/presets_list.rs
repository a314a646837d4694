//! Links that demonstrate the counting filter's claims and failure modes.

use yew::prelude::*;

use crate::core::labs::counting::presets::presets;
use crate::core::link::page::PageParams;

#[derive(Properties, PartialEq)]
pub struct CountingPresetsListProps {
    pub page: PageParams,
}

#[function_component(CountingPresetsList)]
pub fn counting_presets_list(props: &CountingPresetsListProps) -> Html {
    let mut shared = String::new();
    if let Some(t) = props.page.theme {
        shared.push_str(&format!("&theme={}", t.name()));
    }
    if props.page.embed {
        shared.push_str("&embed=1");
    }
    html! {
        <section class="presets" data-testid="presets">
            <h2>{"What goes right, and what goes wrong"}</h2>
            <ul class="counting-preset-list">
                { for presets().into_iter().map(|p| html! {
                    <li>
                        <a href={format!("?view=counting&{}{}", p.params, shared)} data-testid="preset-link" data-preset={p.id}>{ p.title }</a>
                        <span>{ p.caption }</span>
                    </li>
                }) }
            </ul>
        </section>
    }
}
