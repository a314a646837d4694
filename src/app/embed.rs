//! "Embed": the `<iframe>` code for the view as it is now, with a theme choice, copied with one
//! click; and, inside a frame, the height report that lets a course page size the frame.

use yew::prelude::*;

use crate::web;
use bloomlab_core::link::embed::snippet;
use bloomlab_core::link::page::{PageParams, ThemeName};
use bloomlab_core::link::query::Query;

#[derive(Properties, PartialEq)]
pub struct EmbedButtonProps {
    pub page: PageParams,
}

#[function_component(EmbedButton)]
pub fn embed_button(props: &EmbedButtonProps) -> Html {
    let open = use_state(|| false);
    let theme = use_state(|| None::<ThemeName>);
    let copied = use_state(|| None::<bool>);
    let height = use_state(|| 0u32);
    let toggle = {
        let (open, height, copied) = (open.clone(), height.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            height.set(web::document_height());
            copied.set(None);
            open.set(!*open);
        })
    };
    let title = format!("Bloom Lab: {}", props.page.view.title());
    // The link as it is now (the views keep the address in step with their state).
    let code = snippet(&web::page_base(), &Query::parse(&web::location_search()), *theme, *height, &title);
    let on_theme = {
        let (theme, copied) = (theme.clone(), copied.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            theme.set(ThemeName::parse(&v));
            copied.set(None);
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
            <button type="button" class="button small subtle" data-testid="embed-button" aria-expanded={open.to_string()}
                onclick={toggle}>{"Embed"}</button>
            if *open {
                <div class="embed-panel" role="group" aria-label="Embed this view in a page">
                    <label>{"theme in the frame "}
                        <select onchange={on_theme} data-testid="embed-theme">
                            <option value="" selected={theme.is_none()}>{"the reader's system setting"}</option>
                            { for ThemeName::ALL.iter().map(|t| html! { <option value={t.name()} selected={*theme == Some(*t)}>{ t.name() }</option> }) }
                        </select></label>
                    <textarea readonly=true rows="4" data-testid="embed-code" aria-label="the iframe code" value={code} />
                    <div class="control-row">
                        <button type="button" class="button" onclick={on_copy} data-testid="embed-copy">{"Copy"}</button>
                        <span class="muted small" data-testid="embed-copied" data-copied={copied.map(|c| c.to_string())}>
                            { match *copied { Some(true) => "Copied.", Some(false) => "The browser did not allow copying: select the code and copy it.", None => "" } }
                        </span>
                    </div>
                    <p class="muted small">{"The frame shows this view without the site's navigation and tells its page how tall it is; the README has a five-line script that resizes the frame to fit."}</p>
                </div>
            }
        </div>
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
