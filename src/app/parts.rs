//! Starting a bundle the page fetches on first use (`web::parts`): the lecturer's tools
//! (`app::tools`), a view's experiment that runs only when asked (`views::frequencies::scale_app`).
//! Each draws a Yew app of its own in a slot the page's app leaves empty, in the theme and
//! presenter mode the address names.

use yew::prelude::*;

use crate::app::theme::{PageContext, ThemeContext};
use crate::app::Presenting;
use crate::web;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;

#[function_component(Nothing)]
fn nothing() -> Html {
    html! {}
}

/// Mounts `C` with `props` in a host of class `class` in the element with id `slot`.
///
/// Two Yew apps share the page, each in its own wasm instance, and Yew tells whose an event is by
/// the number of the app's root written on the page's elements: every instance numbers its roots
/// from 1, and the page's app is root 1 (the page's host holds every slot). An empty app in an
/// element outside the page takes number 1 here, so this bundle's root is 2 and the page's app
/// leaves its events alone (without it, choosing a theme in Embed's dialog ran the navigation's
/// theme switch). Two bundles both at 2 never meet: neither's host holds the other's.
pub fn mount<C: BaseComponent>(slot: &str, class: &str, props: C::Properties) {
    let Some(host) = web::part_host(slot, class) else { return };
    if let Some(spare) = host.owner_document().and_then(|d| d.create_element("div").ok()) {
        yew::Renderer::<Nothing>::with_root(spare).render();
    }
    yew::Renderer::<C>::with_root_and_props(host, props).render();
}

/// The page's parameters, read from the address as the page's app reads them (a bundle's app has
/// no other way to them: it shares the page, not the page's memory).
pub fn page_params() -> PageParams {
    PageParams::from_query(&Query::parse(&web::location_search()))
}

/// The theme and presenter mode `page` names, for a bundle's app to give its charts and panels.
pub fn page_context(page: &PageParams) -> PageContext {
    let theme = ThemeContext::resolve(page.shown_theme(), web::prefers_dark());
    PageContext {
        theme,
        presenting: Presenting { present: page.present, touring: page.tour.as_ref().is_some_and(|t| !t.handout) },
    }
}

/// Whether the bundle that announces `drawn` once its app is drawn has been: the page then drops
/// the stand-ins it drew in the bundle's place.
#[hook]
pub fn use_part_drawn(drawn: &'static str) -> bool {
    let ready = use_state(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let listener = web::WindowEvent::new(drawn, move || ready.set(true));
            move || drop(listener)
        });
    }
    *ready
}
