//! The root component: reads the shared parameters and shows one view.

pub mod embed;
pub mod home;
pub mod site_nav;
pub mod theme;

use yew::prelude::*;

use crate::app::embed::{use_height_report, EmbedButton};
use crate::app::site_nav::site_nav;
use crate::app::theme::ThemeContext;
use crate::bundles::Views;
use crate::core::link::page::{PageParams, View};
use crate::core::link::query::Query;
use crate::web;
use crate::widgets::notice_list::notice_list;

#[derive(Properties)]
pub struct AppProps {
    /// The page address's query string at start.
    #[prop_or_default]
    pub search: AttrValue,
    /// The views this bundle holds (`bundles`).
    pub views: Views,
}

impl PartialEq for AppProps {
    /// A bundle mounts the app once with its views; only the address can change.
    fn eq(&self, other: &Self) -> bool {
        self.search == other.search
    }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let query = use_memo(props.search.clone(), |s| Query::parse(s));
    let page = use_memo(query.clone(), |q| PageParams::from_query(q));
    let theme = ThemeContext::resolve(page.theme, web::prefers_dark());
    use_effect_with(page.theme, |t| {
        web::set_root_attribute("data-theme", t.map(|t| t.name()));
    });
    use_effect_with(page.view, |v| {
        if let Some(doc) = web_sys::window().and_then(|w| w.document()).filter(|_| cfg!(target_arch = "wasm32")) {
            let title = if *v == View::Home { "Bloom Lab".to_string() } else { format!("{} · Bloom Lab", v.title()) };
            doc.set_title(&title);
        }
    });

    use_height_report(&page);
    let page_value = (*page).clone();
    let body = (props.views)(&page_value, &query).unwrap_or_else(|| {
        html! {
            <p class="notice" data-testid="notice" data-param="view">
                { format!("The {} view is not in this bundle of the app; open it from the navigation.", page.view.name()) }
            </p>
        }
    });
    html! {
        <ContextProvider<ThemeContext> context={theme}>
            <div class={classes!("app", page.embed.then_some("embedded"))} data-testid="app-ready">
                if !page.embed { { site_nav(&page_value) } }
                <main class="view">
                    if !page.embed { <EmbedButton page={page_value.clone()} /> }
                    { notice_list(&page.notices, None) }
                    { body }
                </main>
                if !page.embed {
                    <footer class="site-footer">
                        {"Bloom Lab · every picture is computed in your browser; links carry the whole state, so copy the address to share what you see."}
                    </footer>
                }
            </div>
        </ContextProvider<ThemeContext>>
    }
}
