//! The page skeleton every view runs on: a view writes a model (`bloomlab_core::lectures::model::
//! Model`) and a render; the page keeps the rest — the notices (their one home), the long runs in
//! slices (a run and a second one beside it, each kept, renewed or started again as the model
//! says), the walkthrough's stepper with its keys and playback, the question at the step, the
//! address, and one way to make a callback.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::input::value_of;
use crate::hooks::question::Answering;
use crate::hooks::sliced::{use_slice_loop, use_slices_when, Sliced, SlicedRun, NEXT_SLICE};
use crate::hooks::stepper::{tick_is_current, use_stepper_input};
use crate::hooks::use_address_sync_at;
use bloomlab_core::lectures::model::Carry;
pub use bloomlab_core::lectures::model::Model;
use bloomlab_core::lectures::questions::QuizState;
use bloomlab_core::lectures::stepper::{StepAction, Stepper};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::Query;

/// A view's page: its model and everything the page keeps around it.
pub struct Page<M: Model> {
    pub model: Rc<M>,
    /// The walkthrough's place (no steps for a model without one).
    pub stepper: Stepper,
    /// Bumped by every action but a run's slice, so a playback tick scheduled earlier can tell it
    /// is stale and the address is written out only when the model or the step may have changed.
    pub generation: u64,
    /// The notices of the link and of the last change: the model returns them, the page keeps them.
    pub notices: Vec<Notice>,
    /// The shown step's question: the choices tried and whether the answer was asked for.
    pub quiz: QuizState,
    /// The model's long run, in slices.
    pub run: SlicedRun<M::Run>,
    /// The second run beside it.
    pub aside: SlicedRun<M::Aside>,
}

impl<M: Model> Clone for Page<M> {
    fn clone(&self) -> Self {
        Page {
            model: self.model.clone(),
            stepper: self.stepper,
            generation: self.generation,
            notices: self.notices.clone(),
            quiz: self.quiz,
            run: self.run.clone(),
            aside: self.aside.clone(),
        }
    }
}

/// Two pages compare equal when they show the same: the same model, step, notices and question,
/// and runs that show the same (a slice the page does not show yet, at its run's pace, changes
/// nothing on it). `use_paced_page` skips the renders of such slices.
impl<M: Model> PartialEq for Page<M> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.model, &other.model)
            && (self.stepper, self.generation, self.quiz) == (other.stepper, other.generation, other.quiz)
            && self.notices == other.notices
            && self.run.shown() == other.run.shown()
            && self.aside.shown() == other.aside.shown()
    }
}

/// What a page's controls ask for; `E` is the model's own typed edit.
pub enum PageAction<E> {
    /// A stepper action, with the generation a playback tick was scheduled at.
    Step(StepAction, u64),
    /// A form's fields: (parameter, text). The model is read again with them.
    Fields(Vec<(&'static str, String)>),
    /// The model's own typed edit.
    Edit(E),
    DismissNotices,
    /// Something the user gave could not be used (a file, a paste), in words: a notice in place
    /// of the last such one, the link's notices kept.
    Problem(String),
    /// Study mode: a choice of the shown step's question.
    Pick(usize),
    /// Show the answer: Reveal in class mode, "Show the answer" in study mode.
    Reveal,
    /// One slice of run `run` after slice `slice`.
    Work {
        run: u64,
        slice: u64,
    },
    /// The same for the second run.
    AsideWork {
        run: u64,
        slice: u64,
    },
}

impl<M: Model> Page<M> {
    /// The page a link gives.
    pub fn open(q: &Query) -> Page<M> {
        let (model, stepper, notices) = M::open(q);
        let (run, aside) = (SlicedRun::new(model.run(), M::BUDGET), SlicedRun::new(model.aside(), M::ASIDE_BUDGET));
        Page { model: Rc::new(model), stepper, generation: 0, notices, quiz: QuizState::default(), run, aside }
    }

    /// The step shown.
    pub fn step(&self) -> usize {
        self.stepper.step()
    }

    /// The page after `action`, or `None` when nothing changes (a stale tick or slice, an edit
    /// that changes nothing).
    pub fn after(&self, action: PageAction<M::Edit>) -> Option<Page<M>> {
        let mut next = self.clone();
        next.generation += 1;
        match action {
            PageAction::Step(a, sent_at) => {
                if !tick_is_current(a, sent_at, self.generation, &self.stepper) {
                    return None;
                }
                next.stepper.apply(a);
            }
            PageAction::Fields(fields) => {
                let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (model, notices) = self.model.with_fields(&fields);
                next.stepper = model.restep(&self.stepper);
                next.changed(model, Some(notices));
            }
            PageAction::Edit(e) => {
                let (model, notices) = self.model.edit(e)?;
                next.stepper = model.restep(&self.stepper);
                next.changed(model, notices);
            }
            PageAction::DismissNotices => next.notices.clear(),
            PageAction::Problem(why) => {
                next.notices.retain(|n| n.param.is_some());
                next.notices.push(Notice::input(why));
            }
            PageAction::Pick(i) => {
                if let Some(q) = self.model.asked(self.step()) {
                    next.quiz = self.quiz.pick(&q, i);
                }
            }
            PageAction::Reveal => next.quiz = self.quiz.reveal(),
            PageAction::Work { run, slice } => {
                if M::Run::NONE || !next.run.step(run, slice) {
                    return None;
                }
                next.generation = self.generation;
            }
            PageAction::AsideWork { run, slice } => {
                if M::Aside::NONE || !next.aside.step(run, slice) {
                    return None;
                }
                next.generation = self.generation;
            }
        }
        if next.step() != self.step() || !Rc::ptr_eq(&next.model, &self.model) {
            next.quiz = QuizState::default();
        }
        Some(next)
    }

    /// Takes the model a change gave, with its link's notices (`None`: the link is as it was, its
    /// notices stay); each run goes on, is renewed or starts again as the model says.
    fn changed(&mut self, model: M, notices: Option<Vec<Notice>>) {
        let before = self.model.clone();
        carry(&mut self.run, |r| model.carry_run(&before, r), || model.run());
        carry(&mut self.aside, |r| model.carry_aside(&before, r), || model.aside());
        self.model = Rc::new(model);
        if let Some(notices) = notices {
            self.notices = notices;
        }
    }
}

/// Does to `run` what the model says (`decide`, which may change it in place): nothing, a new id
/// for the run as changed, or a fresh run from `fresh`.
fn carry<R: Sliced>(run: &mut SlicedRun<R>, decide: impl FnOnce(&mut R) -> Carry, fresh: impl FnOnce() -> R) {
    match run.edit(decide) {
        Carry::Keep => {}
        Carry::Renew => run.renew(),
        Carry::Restart => run.restart(fresh()),
    }
}

impl<M: Model> Reducible for Page<M> {
    type Action = PageAction<M::Edit>;

    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        match self.after(action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

/// A page as its view sees it: the state, and the callbacks its controls use.
pub struct PageHandle<M: Model> {
    pub state: UseReducerHandle<Page<M>>,
    /// The stepper's buttons (a click is never a stale tick).
    pub on_step: Callback<StepAction>,
}

impl<M: Model> PageHandle<M> {
    /// The question box's actions as the page's: a pick in study mode, the answer shown.
    pub fn answering(&self) -> Callback<Answering> {
        self.send(|a: Answering| match a {
            Answering::Pick(i) => PageAction::Pick(i),
            Answering::Reveal => PageAction::Reveal,
        })
    }

    /// A form control's change: its text read as parameter `name`'s, as the link's value is.
    pub fn field(&self, name: &'static str) -> Callback<Event> {
        self.send(move |e: Event| PageAction::Fields(vec![(name, value_of(&e))]))
    }

    /// A slider's value as it moves, read as parameter `name`'s.
    pub fn slider(&self, name: &'static str) -> Callback<InputEvent> {
        self.send(move |e: InputEvent| PageAction::Fields(vec![(name, value_of(&e))]))
    }

    /// The same for a control that hands over its text (the shared m and k controls).
    pub fn field_text(&self, name: &'static str) -> Callback<String> {
        self.send(move |text: String| PageAction::Fields(vec![(name, text)]))
    }

    /// A control's value sent as the model's edit `edit` makes of it (an item typed, a family
    /// chosen, a file read).
    pub fn edit<T: 'static>(&self, edit: fn(T) -> M::Edit) -> Callback<T> {
        self.send(move |v: T| PageAction::Edit(edit(v)))
    }

    /// An item picked from a list: its text put into the form's `field`, and sent as `edit`.
    pub fn pick(&self, field: &NodeRef, edit: fn(String) -> M::Edit) -> Callback<String> {
        let field = field.clone();
        self.send(move |text: String| {
            if let Some(el) = field.cast::<web_sys::HtmlInputElement>() {
                el.set_value(&text);
            }
            PageAction::Edit(edit(text))
        })
    }

    /// The notices' close button.
    pub fn dismiss(&self) -> Callback<()> {
        self.send(|_: ()| PageAction::DismissNotices)
    }

    /// The one way a view makes a callback: its event turned into one of the page's actions.
    pub fn send<T: 'static>(&self, f: impl Fn(T) -> PageAction<M::Edit> + 'static) -> Callback<T> {
        let d = self.state.dispatcher();
        Callback::from(move |x: T| d.dispatch(f(x)))
    }
}

/// Runs a view's page: read from the link once, the address kept in step with the model and its
/// step, ← → and space and the playback timer when the model has a walkthrough, and the run's
/// slices one after another.
#[hook]
pub fn use_page<M: Model>(query: &Query, page: &PageParams) -> PageHandle<M> {
    let state = use_reducer(|| Page::<M>::open(query));
    // Every change of the model or the step bumps the generation (a slice of a run does not), so
    // the link is written out only then: it can hold thousands of items.
    use_address_sync_at(page, state.generation, || state.model.pairs(&state.stepper));
    let d = state.dispatcher();
    let on = Callback::from(move |(a, sent_at): (StepAction, u64)| d.dispatch(PageAction::Step(a, sent_at)));
    use_stepper_input(state.stepper, state.generation, on.clone());
    // A run that is `()` never asks for a slice, so the page carries no code to do one.
    use_slices_when(&state.run, !M::Run::NONE, state.dispatcher(), |run, slice| PageAction::Work { run, slice });
    let aside = !M::Aside::NONE;
    use_slices_when(&state.aside, aside, state.dispatcher(), |run, slice| PageAction::AsideWork { run, slice });
    PageHandle { state, on_step: on.reform(|a: StepAction| (a, u64::MAX)) }
}

/// Runs a page with no walkthrough and no run (`Run` and `Aside` are `()`): read from the link
/// once, and the address kept in step with the model. The keys, the playback timer and the slices
/// are not wired, so such a page does not carry their code.
#[hook]
pub fn use_plain_page<M: Model<Run = (), Aside = ()>>(query: &Query, page: &PageParams) -> PageHandle<M> {
    let state = use_reducer(|| Page::<M>::open(query));
    debug_assert_eq!(state.stepper.steps(), 0, "a plain page has no walkthrough");
    use_address_sync_at(page, state.generation, || state.model.pairs(&state.stepper));
    PageHandle { state, on_step: Callback::noop() }
}

/// Runs a page with no walkthrough whose run changes a costly drawing with nearly every slice
/// (the FP lab's plot): its slices run one after another without waiting for a render, and the
/// page renders only when it shows something new (`Page`'s `PartialEq`: the run at its budget's
/// pace). It has no second run.
#[hook]
pub fn use_paced_page<M: Model<Aside = ()>>(query: &Query, page: &PageParams) -> PageHandle<M> {
    let state = use_reducer_eq(|| Page::<M>::open(query));
    use_address_sync_at(page, state.generation, || state.model.pairs(&state.stepper));
    use_slice_loop(&state.run, state.dispatcher(), |run| PageAction::Work { run, slice: NEXT_SLICE });
    PageHandle { state, on_step: Callback::noop() }
}

/// Runs the page of a bundle fetched on first use beside a view's page (the run at scale): its
/// model is read from no link and writes none, since the address belongs to the view's page; no
/// walkthrough, no second run, the run's slices one after another.
#[hook]
pub fn use_part_page<M: Model<Aside = ()>>() -> PageHandle<M> {
    let state = use_reducer(|| Page::<M>::open(&Query::parse("")));
    use_slices_when(&state.run, !M::Run::NONE, state.dispatcher(), |run, slice| PageAction::Work { run, slice });
    PageHandle { state, on_step: Callback::noop() }
}
