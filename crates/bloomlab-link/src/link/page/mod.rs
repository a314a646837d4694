//! The parameters every page shares: `view`, `theme`, `embed`, `present`, `quiz`, `focus` and a
//! tour's (declared in `declared`).

pub mod declared;
mod focus;
mod quiz;
mod theme;

use crate::link::notice::Notice;
use crate::link::query::{self, Query};
use crate::link::tours::TourAt;
use declared::{EMBED, NOTES, PRESENT, THEME, VIEW};

pub use crate::link::views::View;
pub use focus::*;
pub use quiz::QuizMode;
pub use theme::{ThemeName, THEME_CHOICES};

/// What the shared parameters say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageParams {
    pub view: View,
    /// `None` follows the system.
    pub theme: Option<ThemeName>,
    pub embed: bool,
    /// Presenter mode (`present=1`): no navigation or page chrome, the projector's large type
    /// unless the link names a theme, clicker keys.
    pub present: bool,
    /// Predict-then-reveal questions in the walkthroughs (`quiz`).
    pub quiz: QuizMode,
    /// `tour`, `stop`, `stops`, `handout`: the tour this page is a stop of.
    pub tour: Option<TourAt>,
    /// `notes`: with a tour, this page is the speaker's notes for the laptop.
    pub notes: bool,
    /// `focus`: the panel a link points to (one of the view's [`FOCUS_PANELS`]): the page scrolls to
    /// it, and presenter mode shows it instead of the view's other panels.
    pub focus: Option<&'static str>,
    pub notices: Vec<Notice>,
}

impl PageParams {
    pub fn from_query(q: &Query) -> PageParams {
        let mut notices = Vec::new();
        let view = match q.get(VIEW.name) {
            None => View::Home,
            Some(Ok(v)) if v.is_empty() => View::Home,
            Some(Ok(v)) => View::parse(v.trim()).unwrap_or_else(|| {
                notices.push(Notice::bad(VIEW.name, &v, "is not a view of this app; showing the home page"));
                View::Home
            }),
            Some(Err(e)) => {
                notices.push(Notice::param(VIEW.name, format!("view {e}; showing the home page")));
                View::Home
            }
        };
        let theme = match q.get(THEME.name) {
            None => None,
            Some(Ok(t)) if t.is_empty() => None,
            Some(Ok(t)) => ThemeName::parse(t.trim()).or_else(|| {
                notices.push(Notice::bad(THEME.name, &t, "is not light, dark or projector; following the system"));
                None
            }),
            Some(Err(e)) => {
                notices.push(Notice::param(THEME.name, format!("theme {e}; following the system")));
                None
            }
        };
        let embed = match q.get(EMBED.name).map(|r| r.unwrap_or_default()) {
            None => false,
            Some(e) => match e.trim() {
                "1" | "true" => true,
                "0" | "false" | "" => false,
                other => {
                    notices.push(Notice::bad(EMBED.name, other, "is not 0 or 1; showing the full page"));
                    false
                }
            },
        };
        let present = PRESENT.read(q, &mut notices);
        let quiz = QuizMode::read(q, &mut notices);
        let tour = TourAt::read(q, &mut notices);
        let focus = read_focus(q, view, &mut notices);
        let notes = NOTES.read(q, &mut notices) && tour.is_some();
        PageParams { view, theme, embed, present, quiz, tour, focus, notes, notices }
    }

    /// The shared parameters that reproduce this page (view first).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![(VIEW.name, self.view.name().to_string())];
        if self.embed {
            pairs.push((EMBED.name, "1".into()));
        }
        if let Some(t) = self.theme {
            pairs.push((THEME.name, t.name().into()));
        }
        if self.present {
            pairs.push((PRESENT.name, "1".into()));
        }
        if self.quiz != QuizMode::Off {
            pairs.push((declared::QUIZ.name, self.quiz.name().into()));
        }
        if let Some(f) = self.focus {
            pairs.push((declared::FOCUS.name, f.into()));
        }
        pairs.extend(self.tour.iter().flat_map(TourAt::query_pairs));
        pairs.extend(self.notes.then(|| (NOTES.name, "1".to_string())));
        pairs
    }

    /// The address of the speaker's notes for this page's tour, at its stop.
    pub fn notes_href(&self) -> Option<String> {
        self.tour.as_ref().map(|t| t.notes_href(self.theme.map(ThemeName::name)))
    }

    /// The address of the tour's stop `i` (from 0), in this page's theme, presenter mode and quiz
    /// mode (a stop's link that sets one of them keeps its own).
    pub fn stop_href(&self, i: usize) -> Option<String> {
        let mut carry = Vec::new();
        if let Some(t) = self.theme {
            carry.push(("theme", t.name().to_string()));
        }
        if self.present {
            carry.push(("present", "1".to_string()));
        }
        if self.quiz != QuizMode::Off {
            carry.push(("quiz", self.quiz.name().to_string()));
        }
        self.tour.as_ref()?.href(i, &carry)
    }

    /// The theme the page is drawn in: the link's, or in presenter mode the projector's.
    pub fn shown_theme(&self) -> Option<ThemeName> {
        self.theme.or(self.present.then_some(ThemeName::Projector))
    }

    /// A link to another view that keeps the theme.
    pub fn link_to(&self, view: View) -> String {
        let mut pairs = vec![(VIEW.name, view.name().to_string())];
        if let Some(t) = self.theme {
            pairs.push((THEME.name, t.name().into()));
        }
        query::build(&pairs)
    }
}

/// `search` (an address's query string) with the theme set to `theme` (`None`: follow the
/// system), every other parameter kept as it was, in its place.
pub fn with_theme(search: &str, theme: Option<ThemeName>) -> String {
    with_param(search, THEME.name, theme.map(ThemeName::name))
}

/// The address `search` with the parameter `name` set to `value` at its end (left out with
/// `None`), the rest of the link kept.
pub fn with_param(search: &str, name: &str, value: Option<&str>) -> String {
    let q = Query::parse(search);
    let mut pairs = q.without(&[name]);
    pairs.extend(value.map(|v| (name, query::encode(v))));
    query::build(&pairs)
}

/// The address `search` in presenter mode (`present=1`), the rest of the link kept.
pub fn with_present(search: &str) -> String {
    with_param(search, PRESENT.name, Some("1"))
}

#[cfg(test)]
mod tests {
    use super::declared::FOCUS;
    use super::*;

    #[test]
    fn the_focus_reference_names_every_panel_once() {
        let values = FOCUS.values;
        let mut named: Vec<&str> = values.split('`').skip(1).step_by(2).collect();
        let mut panels: Vec<&str> = FOCUS_PANELS.iter().map(|&(_, n)| n).collect();
        panels.sort_unstable();
        panels.dedup();
        named.sort_unstable();
        assert_eq!(named, panels, "{values}");
    }

    #[test]
    fn the_present_button_keeps_the_whole_link() {
        assert_eq!(with_present("?view=ullman&step=3"), "?view=ullman&step=3&present=1");
        assert_eq!(with_present("?view=fp&present=0&x=n"), "?view=fp&x=n&present=1");
        assert_eq!(with_present(""), "?present=1");
        assert_eq!(
            with_param("?view=ullman&quiz=class&step=2", "quiz", Some("study")),
            "?view=ullman&step=2&quiz=study"
        );
        assert_eq!(with_param("?view=ullman&quiz=class&step=2", "quiz", None), "?view=ullman&step=2");
    }

    #[test]
    fn the_theme_switch_keeps_the_rest_of_the_link() {
        assert_eq!(with_theme("?view=ullman&step=3", Some(ThemeName::Dark)), "?view=ullman&step=3&theme=dark");
        assert_eq!(with_theme("?view=fp&theme=dark&m=64", Some(ThemeName::Projector)), "?view=fp&m=64&theme=projector");
        assert_eq!(with_theme("?theme=dark", None), "");
        assert_eq!(with_theme("?items=a%2Cb&theme=light", None), "?items=a%2Cb");
    }

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

    #[test]
    fn every_stop_of_a_tour_keeps_the_quiz_and_presenter_mode() {
        use crate::link::tours::{encode, Stop};
        let custom = encode(&[
            Stop { link: "view=ullman&step=1".into(), title: "a".into(), note: String::new(), question: None },
            Stop {
                link: "view=sampling&step=2&quiz=study".into(),
                title: "b".into(),
                note: String::new(),
                question: None,
            },
        ]);
        let links = [
            "?tour=streams&stop=1&quiz=class&present=1".to_string(),
            format!("?tour=custom&stop=1&stops={custom}&quiz=class&present=1"),
        ];
        for link in &links {
            let page = PageParams::from_query(&Query::parse(link));
            assert!(page.notices.is_empty(), "{link}");
            let stops = page.tour.as_ref().unwrap().tour.stops.clone();
            for (i, stop) in stops.iter().enumerate() {
                let next = PageParams::from_query(&Query::parse(&page.stop_href(i).unwrap()));
                assert!(next.present, "{link}: stop {}", i + 1);
                // A stop's own quiz mode wins; the page's rides along everywhere else.
                let own = Query::parse(&stop.link).raw("quiz").map(str::to_string);
                assert_eq!(next.quiz.name(), own.as_deref().unwrap_or("class"), "{link}: stop {}", i + 1);
                assert_eq!(next.tour.as_ref().unwrap().at, i);
            }
        }
        // Without quiz nothing is added.
        let page = PageParams::from_query(&Query::parse("?tour=streams&stop=1"));
        assert!(!page.stop_href(1).unwrap().contains("quiz"));
    }

    #[test]
    fn presenter_mode_round_trips_and_takes_the_projector_theme() {
        let p = PageParams::from_query(&Query::parse("?view=ullman&present=1"));
        assert!(p.present && p.notices.is_empty());
        assert_eq!(p.shown_theme(), Some(ThemeName::Projector));
        assert_eq!(p.query_pairs(), [("view", "ullman".to_string()), ("present", "1".to_string())]);
        let p = PageParams::from_query(&Query::parse("?view=ullman&present=1&theme=dark"));
        assert_eq!(p.shown_theme(), Some(ThemeName::Dark), "a theme in the link wins");
        let p = PageParams::from_query(&Query::parse("?present=yes"));
        assert!(!p.present);
        assert_eq!(p.notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["present"]);
        assert_eq!(PageParams::from_query(&Query::parse("")).shown_theme(), None);
    }

    #[test]
    fn focus_names_a_panel_of_the_view_or_gives_a_notice() {
        let p = PageParams::from_query(&Query::parse("?view=distinct&step=11&focus=combine"));
        assert_eq!((p.focus, p.notices.len()), (Some("combine"), 0));
        assert!(p.query_pairs().contains(&("focus", "combine".to_string())));
        for good in [
            "?view=ullman&focus=step",
            "?view=moments&focus=step",
            "?view=mlbf&focus=xor-layer",
            "?view=fp&focus=rates",
        ] {
            let p = PageParams::from_query(&Query::parse(good));
            assert!(p.focus.is_some() && p.notices.is_empty(), "{good}");
        }
        for bad in [
            "?view=classic&focus=combine",
            "?view=distinct&focus=surprise",
            "?view=moments&focus=%ZZ",
            "?view=skiena&focus=step",
        ] {
            let p = PageParams::from_query(&Query::parse(bad));
            assert_eq!(p.focus, None, "{bad}");
            assert_eq!(p.notices.iter().map(|n| n.param.as_deref()).collect::<Vec<_>>(), [Some("focus")], "{bad}");
        }
        let p = PageParams::from_query(&Query::parse("?view=moments&focus="));
        assert_eq!((p.focus, p.notices.len()), (None, 0));
    }
}
