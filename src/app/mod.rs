//! The root component: reads the shared parameters and shows one view.

pub mod assign;
pub mod embed;
pub mod home;
pub mod notes;
pub mod prerender;
pub mod site_nav;
pub mod tools;
pub mod tour;

use yew::prelude::*;

use crate::app::embed::use_height_report;
use crate::app::site_nav::site_nav;
use crate::app::tools::{lecture_tools, use_tools_slot};
use crate::app::tour::{tour_bar, use_tour};
use crate::context::Presenting;
use crate::context::{PageContext, ThemeContext};
use crate::web;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::link::page::{PageParams, View};
use bloomlab_core::link::query::Query;

pub type Views = fn(&PageParams, &Query) -> Option<Html>;

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

/// Presenter mode's own keys, for as long as it is on: B blanks the screen (and brings it back),
/// N opens the speaker's notes (`notes`), R reveals an open question, Esc leaves presenter mode.
#[hook]
fn use_presenter_keys(present: bool, blank: UseStateHandle<bool>, left: UseStateHandle<bool>, notes: Callback<()>) {
    use_effect_with((present, notes), move |(present, notes)| {
        let notes = notes.clone();
        let listener = present.then(|| {
            web::KeyListener::new(move |e| match e.key().as_str() {
                "b" | "B" => {
                    blank.set(!*blank);
                    true
                }
                "n" | "N" => {
                    notes.emit(());
                    true
                }
                "r" | "R" => crate::hooks::question::reveal_open_question(),
                "Escape" => {
                    blank.set(false);
                    left.set(true);
                    true
                }
                _ => false,
            })
        });
        move || drop(listener)
    });
}

/// The panel a link points to (`focus`) is marked after every render (a view may draw it anew), and
/// scrolled to once, outside presenter mode (where it is the only panel shown).
#[hook]
fn use_focus(focus: Option<&'static str>, present: bool) {
    let scrolled = use_mut_ref(|| false);
    use_effect(move || {
        if let Some(name) = focus {
            let scroll = !present && !*scrolled.borrow();
            if web::mark_focus(name, scroll) && scroll {
                *scrolled.borrow_mut() = true;
            }
        }
    });
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let query = use_memo(props.search.clone(), |s| Query::parse(s));
    let page = use_memo(query.clone(), |q| PageParams::from_query(q));
    // Esc leaves presenter mode: the page (and so the address) drops `present`.
    let left_presenting = use_state(|| false);
    let blank = use_state(|| false);
    let tools_open = use_state(|| false);
    let mut page_value = (*page).clone();
    page_value.present &= !*left_presenting;

    let shown_theme = page_value.shown_theme();
    let theme = ThemeContext::resolve(shown_theme, web::prefers_dark());
    use_effect_with(shown_theme, |t| {
        web::set_root_attribute("data-theme", t.map(|t| t.name()));
    });
    use_effect_with(page.view, |v| {
        if let Some(doc) = web_sys::window().and_then(|w| w.document()).filter(|_| cfg!(target_arch = "wasm32")) {
            let title = if *v == View::Home { "Bloom Lab".to_string() } else { format!("{} · Bloom Lab", v.title()) };
            doc.set_title(&title);
        }
    });

    // A phone's chapter list scrolls sideways: the current chapter stays in sight.
    use_effect_with(page.view, |_| web::scroll_row_to(".site-nav .chapters", "li:has(> .current)"));
    // The app's first render is on the page: the build-time copy the loader showed goes.
    use_effect_with((), |_| prerender::remove());
    use_height_report(&page);
    use_tour(&page_value, &query);
    let (notes_panel, on_notes) = notes::use_presenter_notes(&page_value);
    use_presenter_keys(page_value.present, blank.clone(), left_presenting.clone(), on_notes.clone());
    use_focus(page.focus, page_value.present);
    let chrome = !page_value.embed && !page_value.present;
    let tools_ready = use_tools_slot(chrome);
    let body = (props.views)(&page_value, &query).unwrap_or_else(|| {
        html! {
            <p class="notice" data-testid="notice" data-param="view">
                { format!("The {} view is not in this bundle of the app; open it from the navigation.", page.view.name()) }
            </p>
        }
    });
    html! {
        <ContextProvider<PageContext> context={PageContext { theme, presenting: Presenting { present: page_value.present, touring: page.tour.as_ref().is_some_and(|t| !t.handout) } }}>
            <div class={classes!("app", page.embed.then_some("embedded"), page_value.present.then_some("presenting"), page.focus.is_some().then_some("focusing"))} data-testid="app-ready">
                if chrome { { site_nav(&page_value) } }
                <main class="view">
                    if chrome { { lecture_tools(&tools_open, tools_ready) } }
                    if page_value.embed { { crate::app::embed::open_full_link() } }
                    { tour_bar(&page_value, notes_panel, &on_notes) }
                    { notice_list(&page.notices, None) }
                    { body }
                </main>
                if *blank {
                    <div class="blank-screen" data-testid="blank-screen" aria-label="Screen blanked: press B to show it again"></div>
                }
                if chrome {
                    <footer class="site-footer">
                        { crate::app::site_nav::theme_switch(page_value.theme, "theme-switch-footer") }
                        { crate::app::site_nav::offline_button("footer") }
                        {"Bloom Lab · every picture is computed in your browser; links carry the whole state, so copy the address to share what you see."}
                    </footer>
                }
            </div>
        </ContextProvider<PageContext>>
    }
}
