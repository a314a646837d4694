//! The sampling view's state: the pure `SamplingLab` and the stepper.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::labs::sampling::SamplingLab;
use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::link::notice::Notice;
use crate::core::link::state::{LinkState, Stepped};
use crate::core::link::Query;
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
        let (lab, stepper, notices) = SamplingLab::read_stepped(q);
        SamplingState { stepper, lab: Rc::new(lab), generation: 0, notices }
    }
}

pub enum SamplingAction {
    Step(StepAction, u64),
    /// New numbers from the form: its fields' text.
    Rebuild(Vec<(&'static str, String)>),
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
            SamplingAction::Rebuild(fields) => {
                let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (lab, notices) = self.lab.with_fields(&fields);
                next.notices = notices;
                next.lab = Rc::new(lab);
                next.generation += 1;
            }
            SamplingAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
