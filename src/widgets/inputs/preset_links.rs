//! A list of preset links, each with what it shows; links keep the theme and embed parameters.

use yew::prelude::*;

use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::preset::Preset;

/// The presets as links with the hook `testid` and `data-preset`; `class` styles the list.
pub fn preset_links(testid: &'static str, presets: &[Preset], page: &PageParams, class: &'static str) -> Html {
    html! {
        <ul class={class}>
            { for presets.iter().map(|p| html! {
                <li>
                    <a href={p.href(page)} data-testid={testid} data-preset={p.id}>{ p.title }</a>
                    <span class="muted">{ p.caption.clone() }</span>
                </li>
            }) }
        </ul>
    }
}
