//! The search view's state: the settings from the link, the user's file if one is loaded, and
//! the sliced run (shared and mutated in place: it holds up to a million URLs).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::search::run::SearchRun;
use bloomlab_core::labs::search::{DataChoice, SearchSpec};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::params;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Work units per slice: 20,000 at first, then about 12 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 500, 10_000_000, 12.0);

pub struct SearchState {
    pub spec: SearchSpec,
    pub notices: Vec<Notice>,
    pub dataset: Option<Rc<Dataset>>,
    pub run: SlicedRun<SearchRun>,
}

/// The notice for a link that says `data=file` when no file is loaded.
fn missing_file() -> Notice {
    params::missing_file("the comparison runs on the generated crawl")
}

impl SearchState {
    pub fn from_query(q: &Query) -> SearchState {
        let mut notices = Vec::new();
        let spec = SearchSpec::from_query(q, &mut notices);
        if spec.data == DataChoice::File {
            notices.push(missing_file());
        }
        let run = spec.run(None);
        SearchState { spec, notices, dataset: None, run: SlicedRun::new(run, BUDGET) }
    }

    fn with(&self) -> SearchState {
        SearchState {
            spec: self.spec.clone(),
            notices: self.notices.clone(),
            dataset: self.dataset.clone(),
            run: self.run.clone(),
        }
    }

    fn restart(&mut self) {
        let items = self.dataset.as_ref().filter(|_| self.spec.data == DataChoice::File).map(|d| d.items.clone());
        self.run.restart(self.spec.run(items));
    }
}

pub enum SearchAction {
    /// A setting's field: the parameter's name and the field's text, read as the link's.
    Field(&'static str, String),
    UseDataset(Rc<Dataset>),
    /// Back to the generated crawl.
    ClearDataset,
    Problem(String),
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl Reducible for SearchState {
    type Action = SearchAction;

    fn reduce(self: Rc<Self>, action: SearchAction) -> Rc<Self> {
        let mut next = self.with();
        match action {
            SearchAction::Work { run, slice } => {
                if !next.run.step(run, slice) {
                    return self;
                }
            }
            SearchAction::Field(name, text) => {
                let (spec, notices) = next.spec.with_fields(&[(name, &text)]);
                next.notices.retain(|n| n.param.as_deref() != Some(name));
                next.notices.extend(notices);
                if spec == next.spec {
                    return Rc::new(next);
                }
                if spec.data == DataChoice::File && next.dataset.is_none() {
                    next.notices.retain(|n| n.param.as_deref() != Some("data"));
                    next.notices.push(missing_file());
                }
                next.spec = spec;
                next.restart();
            }
            SearchAction::UseDataset(d) => {
                next.notices.retain(|n| n.param.as_deref() != Some("data"));
                if d.items.len() < 4 {
                    next.notices.push(Notice::input(format!(
                        "the file has {} distinct item(s); the comparison needs at least 4 (half inserted, half probed)",
                        d.items.len()
                    )));
                    return Rc::new(next);
                }
                next.dataset = Some(d);
                next.spec.data = DataChoice::File;
                next.restart();
            }
            SearchAction::ClearDataset => {
                next.dataset = None;
                next.spec.data = DataChoice::Crawl;
                next.notices.retain(|n| n.param.as_deref() != Some("data"));
                next.restart();
            }
            SearchAction::Problem(why) => next.notices.push(Notice::input(why)),
            SearchAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
