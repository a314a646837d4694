//! The lecture view's state: the lecture (step data) and where the stepper stands.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::lectures::stepper::{StepAction, Stepper};
use crate::core::lectures::ullman::UllmanLecture;
use crate::core::link::notice::Notice;
use crate::core::link::params::read_step;
use crate::core::link::query::Query;
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
        let lecture = UllmanLecture::from_query(q);
        let mut notices = lecture.notices.clone();
        let last = lecture.last_step();
        let step = read_step(q, last, &mut notices);
        UllmanState { stepper: Stepper::new(last, step), lecture: Rc::new(lecture), generation: 0, notices }
    }
}

pub enum UllmanAction {
    /// A stepper action, with the generation a playback tick was scheduled at.
    Step(StepAction, u64),
    /// A new example typed by the user, as a query string (`stream`, `lookups`, `m`).
    Rebuild(String),
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
            UllmanAction::Rebuild(search) => {
                let q = Query::parse(&search);
                let lecture = UllmanLecture::from_query(&q);
                next.notices = lecture.notices.clone();
                next.stepper = Stepper::new(lecture.last_step(), 1.min(lecture.last_step()));
                next.lecture = Rc::new(lecture);
            }
            UllmanAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
