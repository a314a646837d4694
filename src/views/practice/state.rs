//! The practice view's state: the core's session (problem, steps, grading, score) and what the
//! student is editing for the current step (the cells clicked, the text typed), which the core
//! grades when submitted.

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::labs::practice::{Answer, Form, Practice, Response};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::state::LinkState;

#[derive(Clone, Debug, PartialEq)]
pub struct PracticeState {
    pub model: Practice,
    /// The cells as the student has them for the current step (bit exercises).
    pub cells: Vec<bool>,
    /// The text typed for the current step.
    pub text: String,
    /// The text in each typed cell of the current step (counters, registers, values).
    pub counts: Vec<String>,
    pub notices: Vec<Notice>,
}

pub enum PracticeAction {
    Toggle(usize),
    Type(String),
    /// The text of typed cell i.
    Cell(usize, String),
    /// Submit the cells or the typed text.
    Submit,
    /// Submit a choice.
    Choose(String),
    Undo,
    Fix,
    /// A setting's field text (exercise, seed, mode, level): a new problem.
    Set(&'static str, String),
    /// The next seed's problem.
    Next,
    DismissNotices,
}

impl PracticeState {
    pub fn read(q: &Query) -> PracticeState {
        let (model, notices) = Practice::read(q);
        PracticeState::of(model, notices)
    }

    fn of(model: Practice, notices: Vec<Notice>) -> PracticeState {
        let mut s = PracticeState { model, cells: Vec::new(), text: String::new(), counts: Vec::new(), notices };
        s.reset_inputs();
        s
    }

    /// The cells the current step starts from: the last accepted array, or the problem's own;
    /// typed cells from what the core says they start from.
    fn reset_inputs(&mut self) {
        self.cells = match self.model.accepted().last() {
            Some(Answer::Bits(b)) => b.clone(),
            _ => self.model.problem.start_bits().unwrap_or_default(),
        };
        self.counts = self.model.start_cells().iter().map(i64::to_string).collect();
        self.text.clear();
    }

    fn submit(&mut self, r: Response) {
        let before = self.model.done.len();
        self.model.submit(r);
        if self.model.done.len() > before {
            self.reset_inputs();
        }
    }
}

impl Reducible for PracticeState {
    type Action = PracticeAction;

    fn reduce(self: Rc<Self>, action: PracticeAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            PracticeAction::Toggle(i) if s.model.pending.is_none() => {
                if let Some(c) = s.cells.get_mut(i) {
                    *c = !*c;
                }
            }
            PracticeAction::Toggle(_) => {}
            PracticeAction::Type(t) => s.text = t,
            PracticeAction::Cell(i, t) => {
                if let Some(c) = s.counts.get_mut(i) {
                    *c = t;
                }
            }
            PracticeAction::Submit => {
                let r = match s.model.current().form {
                    Form::Bits { .. } => Response::Bits(s.cells.clone()),
                    Form::Counters { .. } => Response::Cells(s.counts.clone()),
                    _ => Response::Text(s.text.clone()),
                };
                s.submit(r);
            }
            PracticeAction::Choose(v) => s.submit(Response::Text(v)),
            PracticeAction::Undo => s.model.undo(),
            PracticeAction::Fix => {
                s.model.fix();
                s.reset_inputs();
            }
            PracticeAction::Set(name, text) => {
                let (model, notices) = s.model.with_fields(&[(name, &text)]);
                return Rc::new(PracticeState::of(model, notices));
            }
            PracticeAction::Next => {
                let (model, notices) = s.model.with_next_seed();
                return Rc::new(PracticeState::of(model, notices));
            }
            PracticeAction::DismissNotices => s.notices.clear(),
        }
        Rc::new(s)
    }
}
