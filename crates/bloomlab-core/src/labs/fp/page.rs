//! The FP lab as its page runs it: the settings are the model (each control's change a typed
//! edit that returns its notices) and the lab with its measurements is the run, given the new
//! settings in place and measuring again only when what its measurements depend on changed.

use super::*;
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;

/// While measuring, the plot and the table take in new points at most this often: a point
/// takes about one slice here, so nearly every slice changes the plot, and redrawing it costs
/// several times a change to the progress line (which follows at the same pace).
pub const REDRAW_MS: f64 = 100.0;

/// A change the FP lab's controls ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum FpEdit {
    /// The m and n sliders' text (positions on their log scales).
    SlideM(String),
    SlideN(String),
    /// A slider's, a choice's or a field's text for a parameter (`k`, `x`, `layers`, `hash`,
    /// `trials`, `seed`), read as the link's.
    Field(&'static str, String),
    Log(bool),
    Formula(Formula),
    /// Text typed into the calculator's fields.
    TypeP(String),
    TypeN(String),
    TypeM(String),
    /// Plot the filter the calculator sized.
    Apply,
}

impl Model for FpSettings {
    type Edit = FpEdit;
    type Run = FpLab;
    type Aside = ();
    /// Inserts and probes per slice: 20,000 at first, then about 8 ms' worth; shown at the
    /// plot's pace.
    const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 4_000_000, 8.0).paced(REDRAW_MS);

    fn edit(&self, edit: FpEdit) -> Option<(FpSettings, Option<Vec<Notice>>)> {
        let mut next = self.clone();
        let done = match edit {
            FpEdit::Field(name, text) => {
                let notices = next.set_field(name, &text);
                return Some((next, Some(notices)));
            }
            FpEdit::TypeP(text) => next.set_p_text(&text),
            FpEdit::TypeN(text) => next.set_n_text(&text),
            FpEdit::TypeM(text) => next.set_m_text(&text),
            FpEdit::SlideM(text) => {
                next.slide_m(&text);
                Ok(())
            }
            FpEdit::SlideN(text) => {
                next.slide_n(&text);
                Ok(())
            }
            FpEdit::Log(on) => {
                next.set_log(on);
                Ok(())
            }
            FpEdit::Formula(f) => {
                next.toggle_formula(f);
                Ok(())
            }
            FpEdit::Apply => {
                next.apply_calculator();
                Ok(())
            }
        };
        Some((next, Some(done.err().into_iter().collect())))
    }

    fn run(&self) -> FpLab {
        FpLab::new(self.clone())
    }

    fn aside(&self) {}

    /// The lab takes the new settings; its measurements start again (a new run) only when what
    /// they depend on changed.
    fn carry_run(&self, _before: &FpSettings, lab: &mut FpLab) -> Carry {
        if lab.follow(self.clone()) {
            Carry::Renew
        } else {
            Carry::Keep
        }
    }
}
