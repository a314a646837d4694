//! The site navigation (hidden when embedded): the course's chapters in teaching order, each a
//! small menu of its views, and the current chapter and view always in sight — a single compact
//! row on a phone instead of a wall of links.

use yew::prelude::*;

use bloomlab_core::link::page::{with_theme, PageParams, ThemeName, THEME_CHOICES};
use bloomlab_core::link::views::{Chapter, View};

/// One chapter's menu: its number and title, opening onto its views.
fn chapter_menu(page: &PageParams, chapter: Chapter) -> Html {
    let here = page.view.chapter() == Some(chapter);
    html! {
        <li>
            <details class={classes!("chapter-menu", here.then_some("current"))} name="chapters" data-testid="chapter-menu"
                data-chapter={chapter.number().to_string()}>
                <summary>
                    <span class="chapter-number">{ chapter.number() }</span>
                    <span class="chapter-title">{" "}{ chapter.title() }</span>
                </summary>
                <ul>
                    <li class="menu-title" aria-hidden="true">{ format!("{} {}", chapter.number(), chapter.title()) }</li>
                    { for chapter.views().map(|v| {
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
            </details>
        </li>
    }
}

/// The navigation, the current chapter and view marked.
pub fn site_nav(page: &PageParams) -> Html {
    html! {
        <nav class="site-nav" data-testid="site-nav" aria-label="Chapters and views">
            <a class="brand" href={page.link_to(View::Home)}>
                <span class="brand-mark" aria-hidden="true">{"◍"}</span><span class="brand-name">{" Bloom Lab"}</span>
            </a>
            <ul class="chapters">
                { for Chapter::ALL.iter().map(|&c| chapter_menu(page, c)) }
            </ul>
            { theme_switch(page.theme, "theme-switch") }
            { offline_button("nav") }
            if let Some(chapter) = page.view.chapter() {
                <p class="nav-here" data-testid="nav-here">
                    { format!("{} · {} \u{203a} ", chapter.number(), chapter.title()) }
                    <strong>{ page.view.title() }</strong>
                </p>
            }
        </nav>
    }
}

/// The theme, chosen in the page: the address keeps it (`theme`), so a shared link shows it too.
/// In the navigation on wide screens, in the footer on phones (`testid` tells them apart).
pub fn theme_switch(theme: Option<ThemeName>, testid: &'static str) -> Html {
    // The options are the core's theme choices in order: the one chosen is at the select's index.
    let on_change = Callback::from(|e: Event| {
        if let Some(&chosen) = crate::hooks::input::chosen_index(&e).and_then(|i| THEME_CHOICES.get(i)) {
            crate::web::assign_search(&with_theme(&crate::web::location_search(), chosen));
        }
    });
    html! {
        <label class="theme-switch">
            <span class="visually-hidden">{"Theme"}</span>
            <select data-testid={testid} onchange={on_change} aria-label="Theme">
                { for THEME_CHOICES.iter().map(|t| html! {
                    <option value={t.map_or("", ThemeName::name)} selected={theme == *t}>{ t.map_or("system theme", ThemeName::name) }</option>
                }) }
            </select>
        </label>
    }
}

/// The "Use offline" button: it fetches the whole course into the browser, with a progress bar,
/// and says when every view works offline. `static/offline.js` does the work (a click anywhere on
/// a `data-offline-control`); the style sheet shows the button only where the page can work
/// offline (`html[data-offline]`, set by that script), marked ✓ once it does. `place` tells the
/// copies apart: the navigation, the footer (phones), the tour bar.
pub fn offline_button(place: &'static str) -> Html {
    html! {
        <button type="button" class="button small subtle use-offline" data-offline-control="" data-testid="use-offline"
            data-place={place} title="Keep every view of the course in this browser, to open it with no network">
            {"Use offline"}
        </button>
    }
}
