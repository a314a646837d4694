//! Links to the settings from the course material, with the numbers each one states.

use yew::prelude::*;

use crate::widgets::inputs::preset_links::preset_links;
use bloomlab_core::labs::fp::presets;
use bloomlab_core::link::page::PageParams;

/// The preset section.
pub fn fp_presets(page: &PageParams) -> Html {
    html! {
        <section class="fp-presets presets" aria-labelledby="fp-presets-title">
            <h2 id="fp-presets-title">{"From the course material"}</h2>
            { preset_links("fp-preset", &presets(), page, "preset-list") }
        </section>
    }
}
