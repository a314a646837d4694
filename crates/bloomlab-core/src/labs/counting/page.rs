//! The counting view as its page runs it: the settings come from the form as the link's values
//! (the history replayed with them), the operations and the experiment's seed are typed edits,
//! and the Zipf experiment is the run, started again only when its seed, family or k change.

use super::*;
use crate::engine::slice_budget::SliceBudget;
use crate::labs::counting::experiment::Experiment;
use crate::lectures::model::{Carry, Model};

/// A change the counting view's controls ask for besides a setting's field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountingEdit {
    Insert(String),
    /// Refused when the filter says the item is absent, unless deletes are forced.
    Delete(String),
    Lookup(String),
    /// Run the experiment with the seed field's text.
    Experiment(String),
    /// Empty the filter and the history.
    Clear,
}

impl Model for CountingLab {
    type Edit = CountingEdit;
    type Run = Option<Experiment>;
    type Aside = ();
    /// Experiment work units per slice: 5,000 at first, then about 12 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(5_000, 1_000, 500_000, 12.0);

    /// An operation refused leaves the model as it was, with the notice saying why.
    fn edit(&self, edit: CountingEdit) -> Option<(CountingLab, Option<Vec<Notice>>)> {
        let mut next = self.clone();
        let done = match edit {
            CountingEdit::Insert(text) => next.insert(&text),
            CountingEdit::Delete(text) => next.delete(&text),
            CountingEdit::Lookup(text) => next.lookup(&text),
            CountingEdit::Experiment(text) => {
                let (next, notices) = self.with_experiment(&text);
                return Some((next, Some(notices)));
            }
            CountingEdit::Clear => {
                next.clear();
                Ok(())
            }
        };
        Some(match done {
            Ok(()) => (next, Some(Vec::new())),
            Err(n) => (self.clone(), Some(vec![n])),
        })
    }

    fn run(&self) -> Option<Experiment> {
        self.experiment()
    }

    fn aside(&self) {}

    /// The experiment starts again when its seed, its family or its k change; an operation or
    /// another setting leaves it as it is.
    fn carry_run(&self, before: &CountingLab, _run: &mut Option<Experiment>) -> Carry {
        if (self.exp, self.family(), self.k()) == (before.exp, before.family(), before.k()) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}
