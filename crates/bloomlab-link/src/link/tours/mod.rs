//! Tours: an ordered list of stops, each a view link with a title, a "watch for" note and
//! optionally a question. Four are built in (`builtin`); a lecturer's own tour travels whole in
//! one link (`?tour=custom&stops=…`, the format in `code`). `tour`, `stop` and `stops` are read
//! here, beside the shared page parameters.

pub mod builtin;
mod code;
pub mod loaded;
pub mod present;
#[cfg(test)]
mod tests;

pub use code::{
    decode, decode_draft, decode_titled, encode, encode_titled, CodeError, Stop, MAX_FIELD_CHARS, MAX_STOPS,
};

use crate::link::notice::Notice;
use crate::link::page::declared::{HANDOUT, STOP, STOPS, TOUR, VIEW};
use crate::link::params::STEP;
use crate::link::query::{self, Query};
use crate::link::views::View;
use crate::text::shorten;

/// The name of a lecturer's own tour, whose stops are in the link.
pub const CUSTOM: &str = "custom";
/// The title of a custom tour whose link names none.
pub const CUSTOM_TITLE: &str = "A custom tour";

/// The parameters that belong to the tour or the page rather than to the stop's view (left out of a stop's
/// link).
pub const TOUR_PARAMS: [&str; 8] = ["tour", "stop", "stops", "handout", "present", "embed", "theme", "notes"];

/// A tour: its name in links, its title, its stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    pub name: String,
    pub title: String,
    pub stops: Vec<Stop>,
}

/// A tour as a link opens it: the tour, the stop shown, and whether the page is its handout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourAt {
    pub tour: Tour,
    /// The stop shown, from 0.
    pub at: usize,
    /// `handout=1`: the home page prints the stops as a list.
    pub handout: bool,
}

impl TourAt {
    /// `tour`, `stop`, `stops` and `handout`, or `None` (with a notice when the link asked for a
    /// tour that cannot be shown).
    pub fn read(q: &Query, notices: &mut Vec<Notice>) -> Option<TourAt> {
        let name = match q.get(TOUR.name)? {
            Ok(n) if n.trim().is_empty() => return None,
            Ok(n) => n.trim().to_string(),
            Err(e) => {
                notices.push(Notice::param(TOUR.name, format!("tour {e}; no tour shown")));
                return None;
            }
        };
        let tour = if name == CUSTOM {
            let stops = match q.get(STOPS.name) {
                None => Err("is missing: a custom tour keeps its stops there".to_string()),
                Some(Err(e)) => Err(e.to_string()),
                Some(Ok(text)) => decode_titled(&text).map_err(|e| e.to_string()),
            };
            match stops {
                Ok((title, stops)) => Tour { name, title: title.unwrap_or_else(|| CUSTOM_TITLE.into()), stops },
                Err(e) => {
                    notices.push(Notice::param(STOPS.name, format!("stops {e}; no tour shown")));
                    return None;
                }
            }
        } else {
            match find_builtin(&name) {
                Ok(tour) => tour,
                Err(problem) => {
                    notices.push(Notice::bad(TOUR.name, &name, &format!("{problem}; no tour shown")));
                    return None;
                }
            }
        };
        let last = tour.stops.len();
        let at = match q.raw(STOP.name).map(str::trim) {
            None | Some("") => 1,
            Some(raw) => match raw.parse::<u64>() {
                Ok(s) if (1..=last as u64).contains(&s) => s as usize,
                Ok(s) if s > 0 => {
                    notices.push(Notice::param(
                        STOP.name,
                        format!("stop = {s} is past the last stop ({last}); showing the last"),
                    ));
                    last
                }
                _ => {
                    notices.push(Notice::bad(
                        STOP.name,
                        &shorten(raw, 20),
                        &format!("is not a stop number (1 to {last}); showing the first"),
                    ));
                    1
                }
            },
        };
        let handout = HANDOUT.read(q, notices);
        Some(TourAt { tour, at: at - 1, handout })
    }

    /// The tour's parameters, values encoded: `tour`, `stop` (from 1), `stops` for a custom tour.
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("tour", query::encode(&self.tour.name)), ("stop", (self.at + 1).to_string())];
        if self.tour.name == CUSTOM {
            let title = if self.tour.title == CUSTOM_TITLE { "" } else { &self.tour.title };
            pairs.push(("stops", encode_titled(title, &self.tour.stops)));
        }
        if self.handout {
            pairs.push(("handout", "1".into()));
        }
        pairs
    }

    /// The stop shown.
    pub fn stop(&self) -> &Stop {
        &self.tour.stops[self.at.min(self.tour.stops.len() - 1)]
    }

    /// The address of stop `i` (from 0): its link (with `view` first), the tour's parameters, then
    /// `carry` (presenter mode, a theme the stop's link does not set).
    pub fn href(&self, i: usize, carry: &[(&'static str, String)]) -> Option<String> {
        let stop = self.tour.stops.get(i)?;
        let link = without(&stop.link, &TOUR_PARAMS[..4]);
        let q = Query::parse(&link);
        let mut parts: Vec<String> = Vec::new();
        if q.raw(VIEW.name).is_none() {
            parts.push("view=home".into());
        }
        parts.extend((!link.is_empty()).then_some(link));
        let at = TourAt { tour: self.tour.clone(), at: i, handout: false };
        let carried = carry.iter().filter(|(k, _)| q.raw(k).is_none()).cloned();
        parts.extend(at.query_pairs().into_iter().chain(carried).map(|(k, v)| format!("{k}={v}")));
        Some(format!("?{}", parts.join("&")))
    }

    /// The speaker's notes for this tour at this stop (`notes=1`, drawn by the home page), in the
    /// theme `theme` when one is named.
    pub fn notes_href(&self, theme: Option<&str>) -> String {
        let mut pairs = crate::link::views::View::Home.pairs(vec![]);
        pairs.extend(self.query_pairs());
        pairs.extend(theme.map(|t| ("theme", t.to_string())));
        pairs.push(("notes", "1".into()));
        query::build(&pairs)
    }

    /// Whether the stop's own view is on the page: the address names the stop's view.
    pub fn stop_view(&self) -> View {
        link_view(&self.stop().link)
    }
}

/// The built-in tour named `name` (from [`loaded::known`]), or why there is none.
fn find_builtin(name: &str) -> Result<Tour, String> {
    let Some(tours) = loaded::known() else {
        return Err("cannot be shown: the built-in tours' text did not arrive with the page".into());
    };
    let names: Vec<&str> = tours.iter().map(|t| t.name.as_str()).collect();
    let missing = format!("is not a tour of this app ({} or custom)", names.join(", "));
    tours.iter().find(|t| t.name == name).cloned().ok_or(missing)
}

/// The view a stop's link opens (home when it names none or one that does not exist).
pub fn link_view(link: &str) -> View {
    let q = Query::parse(link);
    q.get(VIEW.name).and_then(Result::ok).and_then(|v| View::parse(v.trim())).unwrap_or(View::Home)
}

/// A page's address as a stop's link: the query without `?` and without the tour's parameters.
pub fn stop_link(search: &str) -> String {
    without(search, &TOUR_PARAMS)
}

/// The query `search` without `?` and the parameters `left_out`.
fn without(search: &str, left_out: &[&str]) -> String {
    let q = Query::parse(search);
    let pairs: Vec<String> =
        q.pairs().filter(|(k, _)| !left_out.contains(k)).map(|(k, v)| format!("{}={v}", query::encode(k))).collect();
    pairs.join("&")
}

/// A title for a stop made from a link: the view's title, and its step if it has one.
pub fn default_title(link: &str) -> String {
    let q = Query::parse(link);
    let view = q.get(VIEW.name).and_then(Result::ok).and_then(|v| View::parse(v.trim())).unwrap_or(View::Home);
    match q.raw(STEP.name) {
        Some(s) if !s.is_empty() => format!("{}, step {}", view.title(), shorten(s, 6)),
        _ => view.title().to_string(),
    }
}
