//! The Skiena view's state: the core's model (the load, read and clamped there) and the notices
//! on screen; the slider hands its text to the model.

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::labs::skiena::SkienaLab;
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;

#[derive(Clone, Debug, PartialEq)]
pub struct SkienaState {
    pub lab: SkienaLab,
    pub notices: Vec<Notice>,
}

pub enum SkienaAction {
    /// The slider's text.
    Slide(String),
    DismissNotices,
}

impl SkienaState {
    pub fn read(q: &Query) -> SkienaState {
        let (lab, notices) = SkienaLab::read(q);
        SkienaState { lab, notices }
    }
}

impl Reducible for SkienaState {
    type Action = SkienaAction;

    fn reduce(self: Rc<Self>, action: SkienaAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            SkienaAction::Slide(text) => next.lab = self.lab.with_slider(&text),
            SkienaAction::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
