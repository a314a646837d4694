//! The site navigation (hidden when embedded).

use yew::prelude::*;

use crate::core::link::page::{PageParams, View};

/// The navigation, the current view marked.
pub fn site_nav(page: &PageParams) -> Html {
    html! {
        <nav class="site-nav" data-testid="site-nav" aria-label="Views">
            <a class="brand" href={page.link_to(View::Home)}>
                <span class="brand-mark" aria-hidden="true">{"◍"}</span>{" Bloom Lab"}
            </a>
            <ul>
                { for View::listed().skip(1).map(|v| {
                    let current = v == page.view;
                    html! {
                        <li>
                            <a href={page.link_to(v)} aria-current={current.then_some("page")}
                               class={classes!(current.then_some("current"))}>
                                { v.title() }
                            </a>
                        </li>
                    }
                }) }
            </ul>
        </nav>
    }
}
