//! One skeleton for the stepped walkthroughs (Ullman's example, sampling, distinct elements,
//! moments): the lecture model with its stepper, the generation that makes stale playback ticks
//! harmless and the notices — one state type, one action type, one hook. A view with more than the
//! walkthrough (runs, panels) keeps a `Lecture` inside its own state and hands it the actions.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::stepper::{tick_is_current, use_stepper_input};
use crate::hooks::use_address_sync;
use crate::widgets::question::{quiz_switch, use_wired_question, Answering, Hide};
use bloomlab_core::lectures::questions::{QuizMode, Quizzed};
use bloomlab_core::lectures::stepper::Stepped;
use bloomlab_core::lectures::stepper::{StepAction, Stepper};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::Query;

/// A walkthrough's model and where its stepper stands.
#[derive(Debug, PartialEq)]
pub struct Lecture<L> {
    pub model: Rc<L>,
    pub stepper: Stepper,
    /// Bumped by every action, so a playback tick scheduled earlier can tell it is stale.
    pub generation: u64,
    pub notices: Vec<Notice>,
    /// The shown step's question: the choices tried (study mode) and whether the answer was asked for.
    pub quiz: QuizState,
}

/// Where the shown step's question stands (the core's: picks tried, the answer asked for); back
/// to the start whenever the step changes.
pub use bloomlab_core::lectures::questions::QuizState;

impl<L> Clone for Lecture<L> {
    fn clone(&self) -> Self {
        Lecture {
            model: self.model.clone(),
            stepper: self.stepper,
            generation: self.generation,
            notices: self.notices.clone(),
            quiz: self.quiz,
        }
    }
}

/// What a walkthrough's controls ask for.
pub enum LectureAction {
    /// A stepper action, with the generation a playback tick was scheduled at.
    Step(StepAction, u64),
    /// A new example from the form: its fields' text.
    Rebuild(Vec<(&'static str, String)>),
    DismissNotices,
    /// Study mode: a choice of the shown step's question. A wrong one is marked tried and
    /// explained; the answer shows once the right one or every wrong one is picked.
    Pick(usize),
    /// Show the answer: Reveal in class mode, "Show the answer" in study mode.
    Reveal,
}

impl<L: Stepped> Lecture<L> {
    /// The walkthrough a link gives, at the link's step.
    pub fn read(q: &Query) -> Lecture<L> {
        let (model, stepper, notices) = L::read_stepped(q);
        Lecture { model: Rc::new(model), stepper, generation: 0, notices, quiz: QuizState::default() }
    }

    /// The step shown, within the model's steps.
    pub fn step(&self) -> usize {
        self.stepper.step().min(self.model.last_step())
    }
}

impl<L: Stepped + Quizzed> Lecture<L> {
    /// The lecture after `action`, or `None` when nothing changes (a stale playback tick).
    pub fn after(&self, action: LectureAction) -> Option<Lecture<L>> {
        let mut next = self.clone();
        next.generation += 1;
        match action {
            LectureAction::Step(a, sent_at) => {
                if !tick_is_current(a, sent_at, self.generation, &self.stepper) {
                    return None;
                }
                next.stepper.apply(a);
            }
            LectureAction::Rebuild(fields) => {
                let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (model, notices) = self.model.with_fields(&fields);
                next.notices = notices;
                next.stepper = model.stepper_after_rebuild(&self.stepper);
                next.model = Rc::new(model);
            }
            LectureAction::DismissNotices => next.notices.clear(),
            LectureAction::Pick(i) => {
                if let Some(q) = self.model.question(self.step()) {
                    next.quiz = self.quiz.pick(&q, i);
                }
            }
            LectureAction::Reveal => next.quiz = self.quiz.reveal(),
        }
        if next.step() != self.step() || !Rc::ptr_eq(&next.model, &self.model) {
            next.quiz = QuizState::default();
        }
        Some(next)
    }
}

impl<L: Stepped + Quizzed> Reducible for Lecture<L> {
    type Action = LectureAction;

    fn reduce(self: Rc<Self>, action: LectureAction) -> Rc<Self> {
        match self.after(action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

/// Wires a walkthrough view: the address follows the model and its step; ← → and space, the
/// playback timer, and the callback for the stepper's buttons (a click is never a stale tick).
/// `wrap` turns a lecture action into the view's own action.
#[hook]
pub fn use_lecture<L, R>(
    page: &PageParams,
    lecture: &Lecture<L>,
    dispatcher: UseReducerDispatcher<R>,
    wrap: fn(LectureAction) -> R::Action,
) -> Callback<StepAction>
where
    L: Stepped + 'static,
    R: Reducible + 'static,
{
    use_address_sync(page, lecture.model.stepped_pairs(&lecture.stepper));
    let on = Callback::from(move |(a, sent_at): (StepAction, u64)| {
        dispatcher.dispatch(wrap(LectureAction::Step(a, sent_at)))
    });
    use_stepper_input(lecture.stepper, lecture.generation, on.clone());
    on.reform(|a: StepAction| (a, u64::MAX))
}

/// The shown step's question, in the page's quiz mode (nothing when questions are off or the
/// step has none), and what the view holds back while it is open. `wrap` turns a lecture action
/// into the view's own action.
#[hook]
pub fn use_lecture_question<L, R>(
    page: &PageParams,
    lecture: &Lecture<L>,
    dispatcher: &UseReducerDispatcher<R>,
    wrap: fn(LectureAction) -> R::Action,
) -> (Html, Hide)
where
    L: Stepped + Quizzed + 'static,
    R: Reducible + 'static,
{
    let asked = (page.quiz != QuizMode::Off).then(|| lecture.model.question(lecture.step())).flatten();
    let d = dispatcher.clone();
    let on = Callback::from(move |a: Answering| {
        d.dispatch(wrap(match a {
            Answering::Pick(i) => LectureAction::Pick(i),
            Answering::Reveal => LectureAction::Reveal,
        }))
    });
    let (question, hide) = use_wired_question(page, asked.as_ref(), lecture.quiz, on);
    (html! { <>{ quiz_switch(page.quiz) }{ question }</> }, hide)
}
