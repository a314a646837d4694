//! The bundles a page fetches on first use (`web::parts`), one row each (`Part`) shared by the
//! page that asks for it and the bundle that answers: the lecturer's tools (`app::tools`) and the
//! experiments that run only when asked (`views::frequencies::scale_app`,
//! `views::mlbf::compare_app`). What a page asks (`Ask`) and what a bundle tells its page (`News`)
//! are typed, and every event's name is made here, in `Part::event`. Each bundle draws a Yew app
//! of its own in a slot the page's app leaves empty, in the theme and presenter mode the address
//! names, and moves the keyboard's focus by element id.

use yew::prelude::*;

use crate::context::Presenting;
use crate::context::{PageContext, ThemeContext};
use crate::web;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;

/// A bundle fetched on first use beside a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its file's stem (`src/bin/…`), as the loader in `index.html` fetches it.
    pub bundle: &'static str,
    /// The id of the element the page leaves empty for it.
    pub slot: &'static str,
    /// The class of the element it draws in.
    host: &'static str,
}

/// The lecturer's tools: Embed's dialog and the tour editor (`src/bin/tools.rs`).
pub const TOOLS: Part = Part { bundle: "bloomlab-tools", slot: "lecture-tools-slot", host: "tools-host" };
/// The frequencies view's run at scale (`src/bin/scale.rs`).
pub const SCALE: Part = Part { bundle: "bloomlab-frequencies-scale", slot: "scale-slot", host: "scale-host" };
/// The multi-layer view's comparison (`src/bin/compare.rs`).
pub const COMPARE: Part = Part { bundle: "bloomlab-apps-compare", slot: "compare-slot", host: "compare-host" };
/// An assignment's runner on the practice page (`src/bin/practice_lms.rs`): the assignment, its
/// attempt and the LMS (`views::practice::lms`).
pub const LMS: Part = Part { bundle: "bloomlab-practice-lms", slot: "assignment-slot", host: "assignment-host" };
/// The tally's results (`src/bin/tally_class.rs`): the class read from the codes, drawn
/// (`views::tally::results`).
pub const TALLY: Part = Part { bundle: "bloomlab-tally-class", slot: "tally-slot", host: "tally-host" };
/// Every bundle fetched on first use.
pub const PARTS: [Part; 5] = [TOOLS, SCALE, COMPARE, LMS, TALLY];

/// What a page asks of a part (the loader carries it by name until the part reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Only be there (a link that names the part's panel, a tour being built).
    Nothing,
    /// Run (again): the run at scale, the comparison.
    Run,
    /// Open the file reader (the comparison).
    Read,
    /// Open Embed's dialog.
    Embed,
    /// Add the page to the tour being built.
    Add,
    /// Open the tour being built.
    Tour,
    /// Open the assignment builder (a SCORM package for an LMS).
    Assign,
}

impl Ask {
    pub const ALL: [Ask; 7] = [Ask::Nothing, Ask::Run, Ask::Read, Ask::Embed, Ask::Add, Ask::Tour, Ask::Assign];

    /// Its name, as the loader carries it.
    pub fn name(self) -> &'static str {
        match self {
            Ask::Nothing => "",
            Ask::Run => "run",
            Ask::Read => "read",
            Ask::Embed => "embed",
            Ask::Add => "add",
            Ask::Tour => "tour",
            Ask::Assign => "assign",
        }
    }

    /// The ask named `name` (nothing for a name no ask has).
    pub fn named(name: &str) -> Ask {
        Ask::ALL.into_iter().find(|a| a.name() == name).unwrap_or(Ask::Nothing)
    }
}

/// What a part tells its page, and the page tells it, as window events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// The page asks again, once the part runs (the loader's event).
    Asked,
    /// The part's app is drawn.
    Drawn,
    /// The loader could not fetch the part (`index.html` names this event the same way).
    Failed,
    /// The comparison started on people's URLs.
    OnFile,
    /// The comparison started on the generated crawl.
    OnCrawl,
    /// The assignment's runner orders a session: the page shows the one its order element holds.
    Load,
    /// The practice page's session changed: the runner reads its answers.
    Answered,
}

impl Part {
    /// The window event that carries `news` about this part: the one place event names are made.
    pub fn event(self, news: News) -> String {
        let suffix = match news {
            News::Asked => "",
            News::Drawn => "-drawn",
            News::Failed => "-failed",
            News::OnFile => "-file",
            News::OnCrawl => "-crawl",
            News::Load => "-load",
            News::Answered => "-answered",
        };
        let mut name = String::from(self.bundle);
        name.push_str(suffix);
        name
    }

    /// Asks the loader for the part, to do `ask` once started (asked again once it runs, it hears
    /// `News::Asked`).
    pub fn load(self, ask: Ask) {
        web::load_part(self.bundle, ask.name());
    }

    /// What the page last asked of the part.
    pub fn asked(self) -> Ask {
        Ask::named(&web::part_action(self.bundle))
    }

    /// Moves the part, if it runs, into its slot drawn anew; whether it runs.
    pub fn attach(self) -> bool {
        web::attach_part(self.slot)
    }

    /// Mounts the part's app `C` with `props` in its slot.
    pub fn mount<C: BaseComponent>(self, props: C::Properties) {
        mount::<C>(self.slot, self.host, props);
    }

    /// Tells the page the part is drawn, first moving the keyboard's focus to the element with
    /// id `focus` (the control that took the place of the stand-in a click fetched it from).
    pub fn drawn(self, focus: Option<&str>) {
        web::drawn(&self.event(News::Drawn), focus);
    }

    /// Tells the page `news`.
    pub fn tell(self, news: News) {
        web::announce(&self.event(news));
    }

    /// Calls `f` each time `news` about the part arrives, until dropped.
    pub fn hear(self, news: News, f: impl FnMut() + 'static) -> web::WindowEvent {
        web::WindowEvent::new(self.event(news), f)
    }
}

#[function_component(Nothing)]
fn nothing() -> Html {
    html! {}
}

/// Mounts `C` with `props` in a host of class `class` in the element with id `slot`
/// (`Part::mount`).
///
/// Two Yew apps share the page, each in its own wasm instance, and Yew tells whose an event is by
/// the number of the app's root written on the page's elements: every instance numbers its roots
/// from 1, and the page's app is root 1 (the page's host holds every slot). An empty app in an
/// element outside the page takes number 1 here, so this bundle's root is 2 and the page's app
/// leaves its events alone (without it, choosing a theme in Embed's dialog ran the navigation's
/// theme switch). Two bundles both at 2 never meet: neither's host holds the other's.
fn mount<C: BaseComponent>(slot: &str, class: &str, props: C::Properties) {
    let Some(host) = web::part_host(slot, class) else { return };
    if let Some(spare) = host.owner_document().and_then(|d| d.create_element("div").ok()) {
        yew::Renderer::<Nothing>::with_root(spare).render();
    }
    yew::Renderer::<C>::with_root_and_props(host, props).render();
}

/// The page's parameters, read from the address as the page's app reads them (a bundle's app has
/// no other way to them: it shares the page, not the page's memory).
pub fn page_params() -> PageParams {
    PageParams::from_query(&Query::parse(&web::location_search()))
}

/// The theme and presenter mode `page` names, for a bundle's app to give its charts and panels.
pub fn page_context(page: &PageParams) -> PageContext {
    let theme = ThemeContext::resolve(page.shown_theme(), web::prefers_dark());
    PageContext {
        theme,
        presenting: Presenting { present: page.present, touring: page.tour.as_ref().is_some_and(|t| !t.handout) },
    }
}

/// Where a bundle fetched on first use stands, as the page sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartState {
    /// Not asked for, or being fetched.
    Waiting,
    /// Its app is drawn: the page drops the stand-ins it drew in its place.
    Drawn,
    /// The last fetch failed (no network, and not kept for offline use): the stand-ins say so, and
    /// the next press fetches it again.
    Failed,
}

/// Where `part` stands: drawn once it says so (`Part::drawn`), failed when the loader could not
/// fetch it.
#[hook]
pub fn use_part(part: Part) -> PartState {
    let state = use_state(|| PartState::Waiting);
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let (ok, bad) = (state.clone(), state);
            let heard = [
                part.hear(News::Drawn, move || ok.set(PartState::Drawn)),
                // A drawn bundle is never fetched again, so this comes only before it is drawn.
                part.hear(News::Failed, move || bad.set(PartState::Failed)),
            ];
            move || drop(heard)
        });
    }
    *state
}

/// The line a stand-in shows when `what` (its bundle) could not be fetched.
pub fn not_fetched(what: &str) -> Html {
    html! {
        <p class="part-failed muted small" role="status">{ format!("{what} could not be fetched (no network?): press again to try.") }</p>
    }
}
