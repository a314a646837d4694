//! The colour themes a link can ask for (`theme`), and the theme selects' choices.

/// The colour theme asked for in the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThemeName {
    Light,
    Dark,
    /// Light, with large type for a lecture hall.
    Projector,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [ThemeName::Light, ThemeName::Dark, ThemeName::Projector];

    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Light => "light",
            ThemeName::Dark => "dark",
            ThemeName::Projector => "projector",
        }
    }

    pub fn parse(s: &str) -> Option<ThemeName> {
        ThemeName::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// A theme select's choices in order: the reader's system setting (no `theme` in the link), then
/// each theme. A select lists them in this order, so the option chosen is the choice at its index.
pub const THEME_CHOICES: [Option<ThemeName>; 4] =
    [None, Some(ThemeName::Light), Some(ThemeName::Dark), Some(ThemeName::Projector)];
