//! The effective colour theme, shared through context.

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
    pub presenting: crate::app::Presenting,
}

/// The theme in force (the default one outside the app, as in the component tests).
#[yew::hook]
pub fn use_theme() -> ThemeContext {
    yew::use_context::<PageContext>().unwrap_or_default().theme
}

/// Presenter mode and touring (both off outside the app).
#[yew::hook]
pub fn use_presenting() -> crate::app::Presenting {
    yew::use_context::<PageContext>().unwrap_or_default().presenting
}
