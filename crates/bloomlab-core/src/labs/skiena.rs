//! Skiena's comparison (`view=skiena`) as a model like the others: the load n/m from the link or
//! the slider, read by the core with its notice; the figures come from `lectures::skiena`.

use crate::lectures::model::Model;
use crate::lectures::skiena::{DEFAULT_LOAD, MAX_LOAD};
use crate::link::notice::Notice;
use crate::link::params::{Declared, Text};
use crate::link::query::Query;
use crate::link::state::LinkState;
use crate::text::{parse_f64, shorten};

/// `load`: n/m as a fraction or a percentage.
pub const LOAD: Text = Text {
    name: "load",
    about: "the load n/m of the filters compared",
    values: "a fraction above 0 and at most 0.25 (`0.05`), or a percentage (`5%`, written `5%25` in a link)",
    default: "0.05",
    bad: "anything else: 0.05",
    example: "10%25",
    bad_example: Some("0.5"),
};

/// The view's parameters.
pub const PARAMS: &[&dyn Declared] = &[&LOAD];

/// The slider's steps per unit of load (its value is the load in thousandths).
pub const SLIDER_STEPS: f64 = 1000.0;

/// The comparison at one load.
#[derive(Clone, Debug, PartialEq)]
pub struct SkienaLab {
    pub load: f64,
}

impl Default for SkienaLab {
    fn default() -> Self {
        SkienaLab { load: DEFAULT_LOAD }
    }
}

/// A load from text: a fraction, or a percentage with `%`; `None` unless 0 < load ≤ `MAX_LOAD`.
fn parse_load(text: &str) -> Option<f64> {
    let t = text.trim();
    let v = match t.strip_suffix('%') {
        Some(p) => parse_f64(p.trim())? / 100.0,
        None => parse_f64(t)?,
    };
    (v > 0.0 && v <= MAX_LOAD).then_some(v)
}

impl SkienaLab {
    /// The lab at the slider's position (its text, in thousandths of a load), clamped to the
    /// slider's range; text that is not a number keeps the load.
    pub fn with_slider(&self, text: &str) -> SkienaLab {
        match parse_f64(text.trim()) {
            Some(v) if v.is_finite() => SkienaLab { load: (v / SLIDER_STEPS).clamp(1.0 / SLIDER_STEPS, MAX_LOAD) },
            _ => self.clone(),
        }
    }

    /// The slider's value for this load.
    pub fn slider_value(&self) -> String {
        (self.load * SLIDER_STEPS).round().to_string()
    }

    /// The slider's bounds (`min`, `max`) in its units.
    pub fn slider_bounds() -> (String, String) {
        ("1".into(), (MAX_LOAD * SLIDER_STEPS).round().to_string())
    }
}

impl LinkState for SkienaLab {
    fn read(q: &Query) -> (SkienaLab, Vec<Notice>) {
        let mut notices = Vec::new();
        let load = match q.get(LOAD.name) {
            None => DEFAULT_LOAD,
            Some(raw) => {
                let text = raw.unwrap_or_default();
                parse_load(&text).unwrap_or_else(|| {
                    notices.push(Notice::bad(
                        LOAD.name,
                        &shorten(text.trim(), 20),
                        &format!("is not a load between 0 and {MAX_LOAD} (or 25%); using 5%"),
                    ));
                    DEFAULT_LOAD
                })
            }
        };
        (SkienaLab { load }, notices)
    }

    /// The load is always written, so a shared link names the load it shows.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        vec![(LOAD.name, format!("{}", self.load))]
    }
}

/// The page has no walkthrough and no run: the slider is its one edit (its text, read as the link's
/// value is), and a slid load leaves no notice standing.
impl Model for SkienaLab {
    type Edit = String;
    bloomlab_link::no_runs!();

    fn edit(&self, text: String) -> Option<(Self, Option<Vec<Notice>>)> {
        let next = self.with_slider(&text);
        (next != *self).then(|| (next, Some(Vec::new())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_from_the_link_and_the_slider() {
        let read = |s: &str| {
            let (lab, n) = SkienaLab::read(&Query::parse(s));
            (lab.load, n.len())
        };
        assert_eq!(read("?view=skiena"), (DEFAULT_LOAD, 0));
        assert_eq!(read("?load=0.1"), (0.1, 0));
        assert_eq!(read("?load=10%25"), (0.1, 0));
        assert_eq!(read("?load=0.5"), (DEFAULT_LOAD, 1));
        assert_eq!(read("?load=-1"), (DEFAULT_LOAD, 1));
        assert_eq!(read("?load=nope"), (DEFAULT_LOAD, 1));
        let lab = SkienaLab::default();
        assert_eq!(lab.with_slider("120").load, 0.12);
        assert_eq!(lab.with_slider("9999").load, MAX_LOAD);
        assert_eq!(lab.with_slider("0").load, 0.001);
        assert_eq!(lab.with_slider("x").load, DEFAULT_LOAD);
        assert_eq!(lab.with_slider("120").slider_value(), "120");
        assert_eq!(SkienaLab::read(&Query::parse("?load=0.12")).0.query_pairs(), [("load", "0.12".to_string())]);
    }
}
