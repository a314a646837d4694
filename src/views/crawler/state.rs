//! The crawler view's state: the spec from the link and the sliced run of the four policies
//! (shared and mutated in place).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::crawler::{CrawlerRun, CrawlerSpec};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Page fetches per slice: 4,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(4_000, 200, 1_000_000, 8.0);

#[derive(Clone)]
pub struct CrawlerState {
    pub spec: Rc<CrawlerSpec>,
    pub notices: Vec<Notice>,
    pub run: SlicedRun<CrawlerRun>,
}

pub enum CrawlerAction {
    /// A setting as typed or chosen: its parameter and text.
    Set(&'static str, String),
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl CrawlerState {
    pub fn read(q: &Query) -> CrawlerState {
        let (spec, notices) = CrawlerSpec::read(q);
        CrawlerState { notices, run: SlicedRun::new(CrawlerRun::new(&spec), BUDGET), spec: Rc::new(spec) }
    }
}

impl Reducible for CrawlerState {
    type Action = CrawlerAction;

    fn reduce(self: Rc<Self>, action: CrawlerAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            CrawlerAction::Work { run, slice } => {
                if !next.run.step(run, slice) {
                    return self;
                }
            }
            CrawlerAction::Set(name, value) => {
                let (spec, notices) = self.spec.with_fields(&[(name, &value)]);
                next.notices = notices;
                next.run.restart(CrawlerRun::new(&spec));
                next.spec = Rc::new(spec);
            }
            CrawlerAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
