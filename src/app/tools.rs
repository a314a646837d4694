//! The lecturer's tools beside a view's title: Present, Embed, Add to tour and the tour being
//! built. Embed's dialog and the tour editor are a bundle of their own (`bloomlab-tools`, built
//! from `src/bin/tools.rs`), fetched the first time a lecturer uses one of them: a student's page
//! never downloads them (docs/figures.md: about 8 KB brotli off every page). Until then the page
//! shows the same buttons, with the same hooks; a click asks the loader in `index.html` for the
//! bundle (`web::load_part`), which mounts into the slot before them and does what was asked.
//! The buttons left behind are hidden by the style sheet as soon as the slot holds the tools.

use yew::prelude::*;

use crate::app::assign::{AssignmentBuilder, SUMMARY_ID as ASSIGN_ID};
use crate::app::embed::{present_button, EmbedButton, BUTTON_ID};
use crate::app::tour::{TourEditor, ADD_ID, KEPT, SUMMARY_ID};
use crate::parts::{not_fetched, use_part, Ask, PartState, TOOLS};
use crate::web;
use bloomlab_core::link::views::View;

/// The lecturer's tools (Present, Embed, Add to tour, the tour being built): beside the title on a
/// wide screen; on a phone, one "Lecture tools" menu, so they do not squeeze the introduction.
/// The menu's state is the app's (`open`): a component of its own cost every page its code. The
/// stand-ins go once the tools are drawn (`tools`), and say so when they could not be fetched.
pub fn lecture_tools(open: &UseStateHandle<bool>, tools: PartState) -> Html {
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let load = |ask: Ask| Callback::from(move |_: MouseEvent| TOOLS.load(ask));
    html! {
        <div class={classes!("lecture-tools", open.then_some("open"))} data-testid="lecture-tools">
            <button type="button" class="button small subtle lecture-tools-toggle" data-testid="lecture-tools-toggle"
                aria-expanded={open.to_string()} onclick={toggle}>{ if **open { "Lecture tools ▴" } else { "Lecture tools ▾" } }</button>
            <div class="tools-slot part-slot" id={TOOLS.slot}></div>
            if tools != PartState::Drawn { <div class="tools-slot part-waiting">
                <div class="embed">
                    { present_button() }
                    <button type="button" class="button small subtle" data-testid="embed-button" aria-expanded="false"
                        onclick={load(Ask::Embed)}>{"Embed"}</button>
                </div>
                <div class="tour-editor-box">
                    <button type="button" class="button small subtle" data-testid="tour-add" onclick={load(Ask::Add)}>{"Add to tour"}</button>
                    <details class="tour-editor" data-testid="tour-editor">
                        <summary onclick={load(Ask::Tour)}>{"Tour"}</summary>
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
    let ready = use_part(TOOLS);
    use_effect_with(chrome, |&chrome| {
        if chrome && !TOOLS.attach() && web::session_get(KEPT).is_some() {
            TOOLS.load(Ask::Nothing);
        }
    });
    ready
}

#[derive(Properties, PartialEq)]
pub struct ToolsProps {
    /// What the click that fetched the tools asked for (Embed, Add, Tour or nothing).
    pub ask: Ask,
}

/// The tools bundle's app: Present and Embed, Add to tour and the tour being built.
#[function_component(Tools)]
pub fn tools(props: &ToolsProps) -> Html {
    let page = use_memo((), |_| crate::parts::page_params());
    let ask = props.ask;
    // The stand-in that was clicked is gone: the focus goes to the control that took its place.
    let focus = match ask {
        Ask::Embed => Some(BUTTON_ID),
        Ask::Add => Some(ADD_ID),
        Ask::Tour => Some(SUMMARY_ID),
        Ask::Assign => Some(ASSIGN_ID),
        _ => None,
    };
    use_effect_with((), move |_| TOOLS.drawn(focus));
    html! {
        <>
            <EmbedButton title={format!("Bloom Lab: {}", page.view.title())} open={ask == Ask::Embed} />
            <TourEditor open={ask == Ask::Tour} add={ask == Ask::Add} />
            // The assignment builder where it is asked for: the practice view and the home page
            // have a button that fetches the tools for it.
            if ask == Ask::Assign || matches!(page.view, View::Practice | View::Home) {
                <AssignmentBuilder open={ask == Ask::Assign} />
            }
        </>
    }
}

/// The tools bundle's start: the app drawn in the slot, doing what the click that fetched it asked.
pub fn mount() {
    TOOLS.mount::<Tools>(ToolsProps { ask: TOOLS.asked() });
}
