//! The panels a link can point to (`focus`): each a typed value whose name is the link's and whose
//! `title_id` is the id of the heading that labels the panel's section, so the view writes its ids
//! from the same constant the link is read with (`tests/views_components.rs` checks that each
//! panel is on its view's page).

use super::declared::FOCUS;
use super::View;
use crate::link::notice::Notice;
use crate::link::query::Query;

/// A panel a link can point to: its name in the link (`focus=NAME`) and the id of its heading,
/// `NAME-title`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panel {
    pub name: &'static str,
    pub title_id: &'static str,
}

/// `pub const $id: Panel` named `$name`, its heading's id `$name-title`.
macro_rules! panels {
    ($($(#[$doc:meta])* $id:ident = $name:literal;)*) => {
        $($(#[$doc])* pub const $id: Panel = Panel { name: $name, title_id: concat!($name, "-title") };)*
    };
}

panels! {
    /// A walkthrough's stage: the current step's picture and explanation.
    STEP_PANEL = "step";
    /// The distinct view's panel that combines many estimates.
    COMBINE_PANEL = "combine";
    /// The moments view's surprise number.
    SURPRISE_PANEL = "surprise";
    /// The frequencies view's heavy hitters.
    HITTERS_PANEL = "hitters";
    /// The multi-layer view's XOR layer, hash by hash.
    XOR_LAYER_PANEL = "xor-layer";
    /// The FP lab's rates at its sliders.
    RATES_PANEL = "rates";
    /// The frequencies view's errors at scale.
    SCALE_PANEL = "scale";
    /// The multi-layer view's measurement on a data set.
    COMPARE_PANEL = "compare";
    /// The crawler's four charts.
    CRAWL_FILL_PANEL = "crawl-fill";
    CRAWL_FP_PANEL = "crawl-fp";
    CRAWL_LOST_PANEL = "crawl-lost";
    CRAWL_REFETCHED_PANEL = "crawl-refetched";
}

/// The panels a link can point to with `focus`, by view. Every walkthrough's stage is
/// [`STEP_PANEL`].
pub const PANELS: [(View, Panel); 19] = [
    (View::Distinct, COMBINE_PANEL),
    (View::Moments, SURPRISE_PANEL),
    (View::Ullman, STEP_PANEL),
    (View::Sampling, STEP_PANEL),
    (View::Distinct, STEP_PANEL),
    (View::Moments, STEP_PANEL),
    (View::Window, STEP_PANEL),
    (View::Frequencies, STEP_PANEL),
    (View::Xor, STEP_PANEL),
    (View::Quotient, STEP_PANEL),
    (View::Frequencies, HITTERS_PANEL),
    (View::Mlbf, XOR_LAYER_PANEL),
    (View::Fp, RATES_PANEL),
    (View::Frequencies, SCALE_PANEL),
    (View::Mlbf, COMPARE_PANEL),
    (View::Crawler, CRAWL_FILL_PANEL),
    (View::Crawler, CRAWL_FP_PANEL),
    (View::Crawler, CRAWL_LOST_PANEL),
    (View::Crawler, CRAWL_REFETCHED_PANEL),
];

/// The panels' names by view, what a link is read with: [`PANELS`] without the headings' ids, so
/// that a page carries only the ids its own views write.
pub const FOCUS_PANELS: [(View, &str); 19] = {
    let mut names = [(View::Home, ""); 19];
    let mut i = 0;
    while i < names.len() {
        names[i] = (PANELS[i].0, PANELS[i].1.name);
        i += 1;
    }
    names
};

/// `focus`: one of the view's panels, or `None` with a notice naming the ones it has.
pub(super) fn read_focus(q: &Query, view: View, notices: &mut Vec<Notice>) -> Option<&'static str> {
    let asked = match q.get(FOCUS.name)? {
        Ok(f) if f.trim().is_empty() => return None,
        Ok(f) => f.trim().to_string(),
        Err(e) => {
            notices.push(Notice::param(FOCUS.name, format!("focus {e}; showing the whole page")));
            return None;
        }
    };
    let found = FOCUS_PANELS.iter().find(|&&(v, name)| v == view && name == asked).map(|&(_, name)| name);
    if found.is_none() {
        let names: Vec<&str> = FOCUS_PANELS.iter().filter(|(v, _)| *v == view).map(|&(_, n)| n).collect();
        let has = if names.is_empty() {
            "this view has none".to_string()
        } else {
            format!("this view has {}", names.join(", "))
        };
        notices.push(Notice::bad(
            FOCUS.name,
            &asked,
            &format!("is not a panel to point to ({has}); showing the whole page"),
        ));
    }
    found
}
