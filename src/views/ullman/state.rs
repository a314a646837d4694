//! The lecture view's state: the lecture (step data) and where the stepper stands.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::lectures::stepper::Stepper;
use crate::core::lectures::ullman::UllmanLecture;
use crate::core::link::notice::Notice;
use crate::core::link::params::read_step;
use crate::core::link::query::Query;

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
    Next,
    Prev,
    Restart,
    GoTo(usize),
    TogglePlay,
    /// A playback tick scheduled at the given generation.
    Tick(u64),
    SetSpeed(usize),
    /// A new example typed by the user, as a query string (`stream`, `lookups`, `m`).
    Rebuild(String),
    DismissNotices,
}

impl Reducible for UllmanState {
    type Action = UllmanAction;

    fn reduce(self: Rc<Self>, action: UllmanAction) -> Rc<Self> {
        if let UllmanAction::Tick(g) = action {
            if g != self.generation || !self.stepper.playing {
                return self;
            }
        }
        let mut next = (*self).clone();
        next.generation += 1;
        match action {
            UllmanAction::Next => next.stepper.next(),
            UllmanAction::Prev => next.stepper.prev(),
            UllmanAction::Restart => next.stepper.restart(),
            UllmanAction::GoTo(s) => next.stepper.go_to(s),
            UllmanAction::TogglePlay => next.stepper.toggle_play(),
            UllmanAction::Tick(_) => next.stepper.tick(),
            UllmanAction::SetSpeed(s) => next.stepper.set_speed(s),
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
