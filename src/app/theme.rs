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
