//! The page of a view that is not built yet.

use yew::prelude::*;

use crate::core::page::{PageParams, View};

#[derive(Properties, PartialEq)]
pub struct ComingViewProps {
    pub page: PageParams,
}

#[function_component(ComingView)]
pub fn coming_view(props: &ComingViewProps) -> Html {
    let v = props.page.view;
    html! {
        <section class="coming-view">
            <h1>{ v.title() }<span class="badge">{"coming"}</span></h1>
            <p>{ v.blurb() }</p>
            <p>{"This view is being built. Meanwhile the classic filter shows the same ideas live."}</p>
            <p><a class="button primary" href={props.page.link_to(View::Classic)}>{"Open the classic filter"}</a></p>
        </section>
    }
}
