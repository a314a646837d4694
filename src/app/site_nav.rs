//! The site navigation (hidden when embedded): the course's chapters in teaching order, each a
//! small menu of its views, and the current chapter and view always in sight — a single compact
//! row on a phone instead of a wall of links.

use yew::prelude::*;

use bloomlab_core::link::page::PageParams;
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
                <span class="brand-mark" aria-hidden="true">{"◍"}</span>{" Bloom Lab"}
            </a>
            <ul class="chapters">
                { for Chapter::ALL.iter().map(|&c| chapter_menu(page, c)) }
            </ul>
            if let Some(chapter) = page.view.chapter() {
                <p class="nav-here" data-testid="nav-here">
                    { format!("{} · {} \u{203a} ", chapter.number(), chapter.title()) }
                    <strong>{ page.view.title() }</strong>
                </p>
            }
        </nav>
    }
}
