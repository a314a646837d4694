//! "Embed": the `<iframe>` code for the view as it is now, with a theme choice, copied with one
//! click; and, inside a frame, the height report that lets a course page size the frame.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::input::chosen_index;
use crate::web;
use bloomlab_core::link::embed::{
    embed_search, frame_height, full_search, height_note, snippet, DEFAULT_WIDTH, WIDTHS,
};
use bloomlab_core::link::page::{with_present, PageParams, ThemeName, THEME_CHOICES};
use bloomlab_core::link::query::Query;

/// The id of Embed's button in the tools (not its stand-in's), where the focus goes when a click
/// on the stand-in fetched them.
pub const BUTTON_ID: &str = "embed-open";

#[derive(Properties, PartialEq)]
pub struct EmbedButtonProps {
    /// The frame's title: "Bloom Lab: " and the view's.
    pub title: String,
    /// Open at once (the click that fetched the tools was on Embed).
    #[prop_or_default]
    pub open: bool,
}

/// Measures the frame's height at `width` for the current link and theme: the embedded page
/// reports its own height from a hidden frame of that width.
/// Only the latest measurement sets the height: `latest` counts them.
fn measure(width: u32, theme: Option<ThemeName>, height: UseStateHandle<u32>, latest: Rc<Cell<u32>>) {
    let src = format!("{}{}", web::page_base(), embed_search(&Query::parse(&web::location_search()), theme));
    let mine = latest.get().wrapping_add(1);
    latest.set(mine);
    height.set(0);
    web::measure_frame_height(&src, width, 6_000, move |h| {
        if latest.get() == mine {
            height.set(h)
        }
    });
}

#[function_component(EmbedButton)]
pub fn embed_button(props: &EmbedButtonProps) -> Html {
    let open = use_state(|| false);
    // A fixed theme by default: a course page is light whatever its reader's system says.
    let theme = use_state(|| Some(ThemeName::Light));
    let width = use_state(|| DEFAULT_WIDTH);
    let copied = use_state(|| None::<bool>);
    let height = use_state(|| 0u32);
    let latest = use_memo((), |_| Rc::new(Cell::new(0u32)));
    let flip = {
        let (open, height, copied, width, theme) =
            (open.clone(), height.clone(), copied.clone(), width.clone(), theme.clone());
        let latest = (*latest).clone();
        move || {
            if !*open {
                measure(*width, *theme, height.clone(), latest.clone());
            }
            copied.set(None);
            open.set(!*open);
        }
    };
    {
        let (flip, at_once) = (flip.clone(), props.open);
        use_effect_with((), move |_| {
            if at_once {
                flip();
            }
        });
    }
    let toggle = Callback::from(move |_: MouseEvent| flip());
    let title = &props.title;
    // The link as it is now (the views keep the address in step with their state); until the
    // frame has reported its height, the page's own.
    let shown_height = if *height > 0 { *height } else { web::document_height() };
    let code =
        snippet(&web::page_base(), &Query::parse(&web::location_search()), *theme, Some(*width), shown_height, title);
    let on_theme = {
        let (theme, copied, width, height) = (theme.clone(), copied.clone(), width.clone(), height.clone());
        let latest = (*latest).clone();
        // The options are the core's theme choices in order: the one chosen is at the select's index.
        Callback::from(move |e: Event| {
            if let Some(&chosen) = chosen_index(&e).and_then(|i| THEME_CHOICES.get(i)) {
                theme.set(chosen);
                copied.set(None);
                measure(*width, chosen, height.clone(), latest.clone());
            }
        })
    };
    let on_width = {
        let (theme, copied, width, height) = (theme.clone(), copied.clone(), width.clone(), height.clone());
        let latest = (*latest).clone();
        // The options are the core's widths in order: the one chosen is at the select's index.
        Callback::from(move |e: Event| {
            let w = chosen_index(&e).and_then(|i| WIDTHS.get(i).copied()).unwrap_or(DEFAULT_WIDTH);
            width.set(w);
            copied.set(None);
            measure(w, *theme, height.clone(), latest.clone());
        })
    };
    let on_copy = {
        let (code, copied) = (code.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let (code, copied) = (code.clone(), copied.clone());
            wasm_bindgen_futures::spawn_local(async move { copied.set(Some(web::copy_text(&code).await)) });
        })
    };
    html! {
        <div class="embed">
            { present_button() }
            <button type="button" class="button small subtle" data-testid="embed-button" id={BUTTON_ID}
                aria-expanded={open.to_string()} onclick={toggle}>{"Embed"}</button>
            if *open {
                { panel(&Panel { theme: *theme, width: *width, height: *height, copied: *copied, code }, on_theme, on_width, on_copy) }
            }
        </div>
    }
}

/// Present: the page as it is, in presenter mode (Esc leaves it).
pub fn present_button() -> Html {
    html! {
        <button type="button" class="button small subtle" data-testid="present-button" title="Presenter mode: Esc leaves it"
            onclick={Callback::from(|_: MouseEvent| web::go(&with_present(&web::location_search()), false))}>{"Present"}</button>
    }
}

/// What the open dialog shows.
struct Panel {
    theme: Option<ThemeName>,
    width: u32,
    /// The height measured in the hidden frame (0: not yet).
    height: u32,
    copied: Option<bool>,
    code: String,
}

/// The open dialog: the theme and width, the code, the copy button and the frame's height.
fn panel(p: &Panel, on_theme: Callback<Event>, on_width: Callback<Event>, on_copy: Callback<MouseEvent>) -> Html {
    let (theme, width, height) = (p.theme, p.width, p.height);
    html! {
        <div class="embed-panel" role="group" aria-label="Embed this view in a page">
            <div class="control-row">
                <label>{"theme in the frame "}
                    <select onchange={on_theme} data-testid="embed-theme">
                        { for THEME_CHOICES.iter().map(|t| html! {
                            <option value={t.map_or("", ThemeName::name)} selected={theme == *t}>{ t.map_or("the reader's system setting", ThemeName::name) }</option>
                        }) }
                    </select></label>
                <label>{"column width "}
                    <select onchange={on_width} data-testid="embed-width">
                        { for WIDTHS.iter().map(|w| html! { <option value={w.to_string()} selected={width == *w}>{ format!("{w} px") }</option> }) }
                    </select></label>
            </div>
            <textarea readonly=true rows="4" data-testid="embed-code" data-height={height.to_string()}
                data-frame-height={(height > 0).then(|| frame_height(height).to_string())} aria-label="the iframe code" value={p.code.clone()} />
            <div class="control-row">
                <button type="button" class="button" onclick={on_copy} data-testid="embed-copy">{"Copy"}</button>
                <span class="muted small" data-testid="embed-copied" data-copied={p.copied.map(|c| c.to_string())}>
                    { match p.copied { Some(true) => "Copied.", Some(false) => "The browser did not allow copying: select the code and copy it.", None => "" } }
                </span>
            </div>
            <p class="muted small" data-testid="embed-height-note">{ if height > 0 {
                format!("{} It shows the view without the site's navigation, with a link out to the full app; the README has a five-line script that resizes the frame as the view changes, for pages that allow scripts.", height_note(height, width))
            } else {
                format!("Measuring the height this view needs in a column {width} px wide…")
            } }</p>
            <crate::app::assign::ActivityPackage />
        </div>
    }
}

/// The class of the link out of a frame (a package hides it: `assign::packaged_loader`).
pub const OPEN_FULL: &str = "open-full";

/// Inside a frame: a link out to the full app, with the state as it is when clicked.
pub fn open_full_link() -> Html {
    let on_click = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        let full = full_search(&Query::parse(&web::location_search()));
        web::open_new_tab(&format!("{}{full}", web::page_base()));
    });
    html! {
        <a class={OPEN_FULL} href="./" target="_blank" rel="noopener" onclick={on_click} data-testid="open-full">{"Open in Bloom Lab ↗"}</a>
    }
}

/// Inside a frame: report the page's height to the parent for as long as the view is shown.
#[hook]
pub fn use_height_report(page: &PageParams) {
    let (embed, view) = (page.embed, page.view.name());
    use_effect_with((embed, view), move |&(embed, view)| {
        let reporter = embed.then(|| web::HeightReporter::new(view));
        move || drop(reporter)
    });
}
