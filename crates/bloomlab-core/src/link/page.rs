//! The parameters every page shares: `view`, `theme`, `embed`.

use crate::draw::text::shorten;
use crate::link::notice::Notice;
use crate::link::query::{self, Query};

pub use crate::link::views::View;

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

/// What the shared parameters say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageParams {
    pub view: View,
    /// `None` follows the system.
    pub theme: Option<ThemeName>,
    pub embed: bool,
    pub notices: Vec<Notice>,
}

impl PageParams {
    pub fn from_query(q: &Query) -> PageParams {
        let mut notices = Vec::new();
        let view = match q.get("view") {
            None => View::Home,
            Some(Ok(v)) if v.is_empty() => View::Home,
            Some(Ok(v)) => View::parse(v.trim()).unwrap_or_else(|| {
                notices.push(Notice::param(
                    "view",
                    format!(
                        "view = \u{201c}{}\u{201d} is not a view of this app; showing the home page",
                        shorten(&v, 30)
                    ),
                ));
                View::Home
            }),
            Some(Err(e)) => {
                notices.push(Notice::param("view", format!("view {e}; showing the home page")));
                View::Home
            }
        };
        let theme = match q.get("theme") {
            None => None,
            Some(Ok(t)) if t.is_empty() => None,
            Some(Ok(t)) => ThemeName::parse(t.trim()).or_else(|| {
                notices.push(Notice::param(
                    "theme",
                    format!(
                        "theme = \u{201c}{}\u{201d} is not light, dark or projector; following the system",
                        shorten(&t, 30)
                    ),
                ));
                None
            }),
            Some(Err(e)) => {
                notices.push(Notice::param("theme", format!("theme {e}; following the system")));
                None
            }
        };
        let embed = match q.get("embed").map(|r| r.unwrap_or_default()) {
            None => false,
            Some(e) => match e.trim() {
                "1" | "true" => true,
                "0" | "false" | "" => false,
                other => {
                    notices.push(Notice::param(
                        "embed",
                        format!("embed = \u{201c}{}\u{201d} is not 0 or 1; showing the full page", shorten(other, 30)),
                    ));
                    false
                }
            },
        };
        PageParams { view, theme, embed, notices }
    }

    /// The shared parameters that reproduce this page (view first).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("view", self.view.name().to_string())];
        if self.embed {
            pairs.push(("embed", "1".into()));
        }
        if let Some(t) = self.theme {
            pairs.push(("theme", t.name().into()));
        }
        pairs
    }

    /// A link to another view that keeps the theme.
    pub fn link_to(&self, view: View) -> String {
        let mut pairs = vec![("view", view.name().to_string())];
        if let Some(t) = self.theme {
            pairs.push(("theme", t.name().into()));
        }
        query::build(&pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_shared_parameters() {
        let p = PageParams::from_query(&Query::parse("?view=classic&theme=dark&embed=1"));
        assert_eq!((p.view, p.theme, p.embed), (View::Classic, Some(ThemeName::Dark), true));
        assert!(p.notices.is_empty());
        let p = PageParams::from_query(&Query::parse(""));
        assert_eq!((p.view, p.theme, p.embed), (View::Home, None, false));
        let p = PageParams::from_query(&Query::parse("?view=nope&theme=pink&embed=yes"));
        assert_eq!((p.view, p.theme, p.embed), (View::Home, None, false));
        let params: Vec<_> = p.notices.iter().filter_map(|n| n.param.clone()).collect();
        assert_eq!(params, ["view", "theme", "embed"]);
        assert_eq!(
            PageParams::from_query(&Query::parse("?theme=projector")).link_to(View::Fp),
            "?view=fp&theme=projector"
        );
    }
}
