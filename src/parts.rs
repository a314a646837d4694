//! Starting a bundle the page fetches on first use (`web::parts`): the lecturer's tools
//! (`app::tools`), a view's experiment that runs only when asked (`views::frequencies::scale_app`,
//! `views::mlbf::compare_app`).
//! Each draws a Yew app of its own in a slot the page's app leaves empty, in the theme and
//! presenter mode the address names.

use yew::prelude::*;

use crate::context::Presenting;
use crate::context::{PageContext, ThemeContext};
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

/// Where a bundle fetched on first use stands, as the page sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartState {
    /// Not asked for, or being fetched.
    Waiting,
    /// Its app is drawn: the page drops the stand-ins it drew in its place.
    Drawn,
    /// The last fetch failed (no network, and not kept for offline use): the stand-ins say so, and
    /// the next press fetches it again.
    Failed,
}

/// Where `bundle` stands: drawn once it says so (`web::drawn`), failed when the loader could not
/// fetch it.
#[hook]
pub fn use_part(bundle: &'static str) -> PartState {
    let state = use_state(|| PartState::Waiting);
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let (ok, bad) = (state.clone(), state);
            let heard = [
                web::WindowEvent::new(web::drawn_event(bundle), move || ok.set(PartState::Drawn)),
                // A drawn bundle is never fetched again, so this comes only before it is drawn.
                web::WindowEvent::new(web::failed_event(bundle), move || bad.set(PartState::Failed)),
            ];
            move || drop(heard)
        });
    }
    *state
}

/// The line a stand-in shows when `what` (its bundle) could not be fetched.
pub fn not_fetched(what: &str) -> Html {
    html! {
        <p class="part-failed muted small" role="status">{ format!("{what} could not be fetched (no network?): press again to try.") }</p>
    }
}
