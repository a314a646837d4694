//! The sampling view's state: the pure `SamplingLab` and the stepper.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::labs::sampling::SamplingLab;
use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::link::notice::Notice;
use crate::core::link::params::read_step;
use crate::core::link::query::Query;
use crate::hooks::stepper::tick_is_current;

#[derive(Clone)]
pub struct SamplingState {
    pub lab: Rc<SamplingLab>,
    pub stepper: Stepper,
    pub generation: u64,
    pub notices: Vec<Notice>,
}

impl SamplingState {
    pub fn from_query(q: &Query) -> SamplingState {
        let lab = SamplingLab::from_query(q);
        let mut notices = lab.notices.clone();
        let step = read_step(q, lab.last_step(), &mut notices);
        SamplingState { stepper: Stepper::new(lab.last_step(), step), lab: Rc::new(lab), generation: 0, notices }
    }
}

pub enum SamplingAction {
    Step(StepAction, u64),
    /// New numbers from the form, as a query string.
    Rebuild(String),
    DismissNotices,
}

impl Reducible for SamplingState {
    type Action = SamplingAction;

    fn reduce(self: Rc<Self>, action: SamplingAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            SamplingAction::Step(a, sent_at) => {
                if !tick_is_current(a, sent_at, self.generation, &self.stepper) {
                    return self;
                }
                next.generation += 1;
                next.stepper.apply(a);
            }
            SamplingAction::Rebuild(search) => {
                let lab = SamplingLab::from_query(&Query::parse(&search));
                next.notices = lab.notices.clone();
                next.lab = Rc::new(lab);
                next.generation += 1;
            }
            SamplingAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
