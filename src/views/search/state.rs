//! The search view's state: the settings from the link, the user's file if one is loaded, and
//! the sliced run (shared and mutated in place: it holds up to a million URLs).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::core::data::dataset::Dataset;
use crate::core::engine::slice_budget::SliceBudget;
use crate::core::labs::search::run::SearchRun;
use crate::core::labs::search::{DataChoice, SearchSpec};
use crate::core::link::notice::Notice;
use crate::core::link::params;
use crate::core::link::query::Query;
use crate::web;

/// Work units per slice: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 500, 10_000_000, 8.0);

pub struct SearchState {
    pub spec: SearchSpec,
    pub notices: Vec<Notice>,
    pub dataset: Option<Rc<Dataset>>,
    pub run: Rc<RefCell<SearchRun>>,
    pub run_id: u64,
    pub slice: u64,
    budget: SliceBudget,
    started_ms: f64,
    pub elapsed_ms: Option<f64>,
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
        SearchState {
            spec,
            notices,
            dataset: None,
            run: Rc::new(RefCell::new(run)),
            run_id: 0,
            slice: 0,
            budget: BUDGET,
            started_ms: web::now_ms(),
            elapsed_ms: None,
        }
    }

    fn with(&self) -> SearchState {
        SearchState {
            spec: self.spec.clone(),
            notices: self.notices.clone(),
            dataset: self.dataset.clone(),
            run: self.run.clone(),
            run_id: self.run_id,
            slice: self.slice,
            budget: self.budget,
            started_ms: self.started_ms,
            elapsed_ms: self.elapsed_ms,
        }
    }

    fn restart(&mut self) {
        let items = self.dataset.as_ref().filter(|_| self.spec.data == DataChoice::File).map(|d| d.items.clone());
        self.run = Rc::new(RefCell::new(self.spec.run(items)));
        self.run_id += 1;
        self.slice = 0;
        self.started_ms = web::now_ms();
        self.elapsed_ms = None;
    }
}

pub enum SearchAction {
    SetSpec(SearchSpec),
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
                if run != self.run_id || slice != self.slice || self.run.borrow().is_done() {
                    return self;
                }
                {
                    let mut r = self.run.borrow_mut();
                    next.budget.run(web::now_ms, |units| r.work(units, &web::now_ms));
                    if r.is_done() {
                        next.elapsed_ms = Some((web::now_ms() - next.started_ms).max(0.0));
                    }
                }
                next.slice += 1;
            }
            SearchAction::SetSpec(spec) => {
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
