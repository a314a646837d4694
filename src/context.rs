//! The page context every part of the page reads: the effective colour theme and whether the
//! page is presented (presenter mode, a tour), provided once by the app.

use bloomlab_core::draw::bitmap::Palette;
use bloomlab_core::link::page::ThemeName;

/// The theme in force: the link's choice, or the system's when the link has none.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct ThemeContext {
    pub dark: bool,
    pub name: Option<ThemeName>,
}

impl ThemeContext {
    pub fn resolve(name: Option<ThemeName>, system_dark: bool) -> ThemeContext {
        let dark = match name {
            Some(ThemeName::Dark) => true,
            Some(_) => false,
            None => system_dark,
        };
        ThemeContext { dark, name }
    }

    pub fn palette(&self) -> Palette {
        if self.dark {
            Palette::DARK
        } else {
            Palette::LIGHT
        }
    }
}

/// What every part of a page may read from the app: the theme in force and presenter mode, in one
/// context (each context type compiles Yew's provider and hook again into every page).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct PageContext {
    pub theme: ThemeContext,
    pub presenting: Presenting,
}

/// The theme in force (the default one outside the app, as in the component tests).
#[yew::hook]
pub fn use_theme() -> ThemeContext {
    yew::use_context::<PageContext>().unwrap_or_default().theme
}

/// Presenter mode and touring (both off outside the app).
#[yew::hook]
pub fn use_presenting() -> Presenting {
    yew::use_context::<PageContext>().unwrap_or_default().presenting
}

/// Whether the page is in presenter mode (`present=1`: the walkthroughs' space bar then steps
/// forward, as a clicker expects) and whether it is a tour's stop (← → and PageUp PageDown then
/// move between stops, not steps).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Presenting {
    pub present: bool,
    pub touring: bool,
}
