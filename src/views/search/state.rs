//! The search view's state: the core's model (settings and notices, `SearchLab`), the user's file
//! if one is loaded, and the sliced run (shared and mutated in place: it holds up to a million
//! URLs). The model says when the run must start again.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::search::run::SearchRun;
use bloomlab_core::labs::search::{DataChoice, SearchEdit, SearchLab};
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Work units per slice: 20,000 at first, then about 12 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 500, 10_000_000, 12.0);

pub struct SearchState {
    pub lab: SearchLab,
    pub dataset: Option<Rc<Dataset>>,
    pub run: SlicedRun<SearchRun>,
}

impl SearchState {
    pub fn read(q: &Query) -> SearchState {
        let (lab, _) = SearchLab::read(q);
        let run = lab.spec.run(None);
        SearchState { lab, dataset: None, run: SlicedRun::new(run, BUDGET) }
    }

    fn with(&self) -> SearchState {
        SearchState { lab: self.lab.clone(), dataset: self.dataset.clone(), run: self.run.clone() }
    }

    fn restart(&mut self) {
        let spec = &self.lab.spec;
        let items = self.dataset.as_ref().filter(|_| spec.data == DataChoice::File).map(|d| d.items.clone());
        self.run.restart(spec.run(items));
    }
}

pub enum SearchAction {
    /// A change for the model (a field's text, a file, a problem, dismissing the notices).
    Edit(SearchEdit),
    /// The user's file, read.
    UseDataset(Rc<Dataset>),
    Work {
        run: u64,
        slice: u64,
    },
}

impl Reducible for SearchState {
    type Action = SearchAction;

    fn reduce(self: Rc<Self>, action: SearchAction) -> Rc<Self> {
        let mut next = self.with();
        let (edit, file) = match action {
            SearchAction::Work { run, slice } => {
                if !next.run.step(run, slice) {
                    return self;
                }
                return Rc::new(next);
            }
            SearchAction::UseDataset(d) => (SearchEdit::File(d.items.len()), Some(d)),
            SearchAction::Edit(edit) => (edit, None),
        };
        let (lab, restart) = next.lab.update(edit);
        next.lab = lab;
        // A file the model took replaces the one before; one it refused changes nothing.
        if let Some(d) = file.filter(|_| restart) {
            next.dataset = Some(d);
        }
        if !next.lab.file {
            next.dataset = None;
        }
        if restart {
            next.restart();
        }
        Rc::new(next)
    }
}
