//! The lecture view's state: the lecture (step data) and where the stepper stands.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::lectures::ullman::UllmanLecture;
use crate::core::link::notice::Notice;
use crate::core::link::state::{LinkState, Stepped};
use crate::core::link::Query;
use crate::hooks::stepper::tick_is_current;

#[derive(Clone, Debug, PartialEq)]
pub struct UllmanState {
    pub lecture: Rc<UllmanLecture>,
    pub stepper: Stepper,
    /// Bumped by every action, so a playback tick scheduled earlier can tell it is stale.
    pub generation: u64,
    pub notices: Vec<Notice>,
}

impl UllmanState {
    pub fn from_query(q: &Query) -> UllmanState {
        let (lecture, stepper, notices) = UllmanLecture::read_stepped(q);
        UllmanState { stepper, lecture: Rc::new(lecture), generation: 0, notices }
    }
}

pub enum UllmanAction {
    /// A stepper action, with the generation a playback tick was scheduled at.
    Step(StepAction, u64),
    /// A new example typed by the user: its fields' text (`stream`, `lookups`, `m`).
    Rebuild(Vec<(&'static str, String)>),
    DismissNotices,
}

impl Reducible for UllmanState {
    type Action = UllmanAction;

    fn reduce(self: Rc<Self>, action: UllmanAction) -> Rc<Self> {
        if let UllmanAction::Step(a, sent_at) = action {
            if !tick_is_current(a, sent_at, self.generation, &self.stepper) {
                return self;
            }
        }
        let mut next = (*self).clone();
        next.generation += 1;
        match action {
            UllmanAction::Step(a, _) => next.stepper.apply(a),
            UllmanAction::Rebuild(fields) => {
                let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (lecture, notices) = self.lecture.with_fields(&fields);
                next.notices = notices;
                next.stepper = lecture.first_stepper();
                next.lecture = Rc::new(lecture);
            }
            UllmanAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
