//! The lecturer's tools beside a view's title: Present, Embed, Add to tour and the tour being
//! built. Embed's dialog and the tour editor are a bundle of their own (`bloomlab-tools`, built
//! from `src/bin/tools.rs`), fetched the first time a lecturer uses one of them: a student's page
//! never downloads them (docs/figures.md: about 8 KB brotli off every page). Until then the page
//! shows the same buttons, with the same hooks; a click asks the loader in `index.html` for the
//! bundle (`web::load_part`), which mounts into the slot before them and does what was asked.
//! The buttons left behind are hidden by the style sheet as soon as the slot holds the tools.

use yew::prelude::*;

use crate::app::embed::{present_button, EmbedButton};
use crate::app::tour::{TourEditor, KEPT};
use crate::parts::{not_fetched, use_part, PartState};
use crate::web;

/// The tools' bundle.
const PART: &str = "bloomlab-tools";

/// The element the tools bundle mounts into (`id`), rendered empty by the app and never touched
/// by it afterwards.
const SLOT: &str = "lecture-tools-slot";

/// What the click that fetched the tools asked for; anything else opens nothing.
const EMBED: &str = "embed";
const ADD: &str = "add";
const TOUR: &str = "tour";

/// The lecturer's tools (Present, Embed, Add to tour, the tour being built): beside the title on a
/// wide screen; on a phone, one "Lecture tools" menu, so they do not squeeze the introduction.
/// The menu's state is the app's (`open`): a component of its own cost every page its code. The
/// stand-ins go once the tools are drawn (`tools`), and say so when they could not be fetched.
pub fn lecture_tools(open: &UseStateHandle<bool>, tools: PartState) -> Html {
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let load = |action: &'static str| Callback::from(move |_: MouseEvent| web::load_part(PART, action));
    html! {
        <div class={classes!("lecture-tools", open.then_some("open"))} data-testid="lecture-tools">
            <button type="button" class="button small subtle lecture-tools-toggle" data-testid="lecture-tools-toggle"
                aria-expanded={open.to_string()} onclick={toggle}>{ if **open { "Lecture tools ▴" } else { "Lecture tools ▾" } }</button>
            <div class="tools-slot part-slot" id={SLOT}></div>
            if tools != PartState::Drawn { <div class="tools-slot part-waiting">
                <div class="embed">
                    { present_button() }
                    <button type="button" class="button small subtle" data-testid="embed-button" aria-expanded="false"
                        onclick={load(EMBED)}>{"Embed"}</button>
                </div>
                <div class="tour-editor-box">
                    <button type="button" class="button small subtle" data-testid="tour-add" onclick={load(ADD)}>{"Add to tour"}</button>
                    <details class="tour-editor" data-testid="tour-editor">
                        <summary onclick={load(TOUR)}>{"Tour"}</summary>
                    </details>
                </div>
                if tools == PartState::Failed {
                    { not_fetched("Embed and the tour editor") }
                }
            </div> }
        </div>
    }
}

/// While the tools are shown (`chrome`): a tools bundle already running moves into the slot if it
/// was drawn anew, and a tour being built in this tab fetches the tools at once, so its stops are
/// counted in sight. Where the tools stand.
#[hook]
pub fn use_tools_slot(chrome: bool) -> PartState {
    let ready = use_part(PART);
    use_effect_with(chrome, |&chrome| {
        if chrome && !web::attach_part(SLOT) && web::session_get(KEPT).is_some() {
            web::load_part(PART, "");
        }
    });
    ready
}

#[derive(Properties, PartialEq)]
pub struct ToolsProps {
    /// What the click that fetched the tools asked for (`EMBED`, `ADD`, `TOUR` or nothing).
    pub action: AttrValue,
}

/// The tools bundle's app: Present and Embed, Add to tour and the tour being built.
#[function_component(Tools)]
pub fn tools(props: &ToolsProps) -> Html {
    let page = use_memo((), |_| crate::parts::page_params());
    let action = props.action.as_str();
    // The stand-in that was clicked is gone: the focus goes to the control that took its place.
    let focus = match action {
        EMBED => Some("[data-testid=embed-button]"),
        ADD => Some("[data-testid=tour-add]"),
        TOUR => Some("[data-testid=tour-editor] summary"),
        _ => None,
    };
    use_effect_with((), move |_| web::drawn(PART, focus.map(|f| format!(".tools-host {f}")).as_deref()));
    html! {
        <>
            <EmbedButton title={format!("Bloom Lab: {}", page.view.title())} open={action == EMBED} />
            <TourEditor open={action == TOUR} add={action == ADD} />
        </>
    }
}

/// The tools bundle's start: the app drawn in the slot, doing what the click that fetched it asked.
pub fn mount() {
    let action = web::part_action(PART);
    crate::parts::mount::<Tools>(SLOT, "tools-host", ToolsProps { action: action.into() });
}
