//! The moments view's state: the pure `MomentsLab` (walkthrough, surprise counts, estimator
//! settings), the stepper, and the estimator run at scale, which works in slices.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::lecture::{Lecture, LectureAction};
use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::moments::own_text::{run_spec, text_stream};
use bloomlab_core::labs::moments::scale::{ScaleRun, ScaleSpec, Source};
use bloomlab_core::labs::moments::{MomentsLab, SOURCE};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::Query;

/// Stream elements or variables per slice: 50,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(50_000, 5_000, 20_000_000, 8.0);

/// A file or pasted text, as value ids (the stream, repeats included).
pub struct PastedText {
    pub ids: Vec<u32>,
    pub distinct: u64,
    pub dataset: Rc<Dataset>,
}

pub struct MomentsState {
    /// The walkthrough: the lab (walkthrough, surprise counts, estimator settings), its stepper
    /// and the page's notices.
    pub lecture: Lecture<MomentsLab>,
    /// The estimator at scale. Shared and mutated in place: its stream is megabytes, too big to
    /// copy on every slice.
    pub scale: SlicedRun<ScaleRun>,
    pub text: Option<Rc<PastedText>>,
}

impl MomentsState {
    pub fn read(q: &Query) -> MomentsState {
        let mut lecture = Lecture::<MomentsLab>::read(q);
        let (run, notice) = start_run(&lecture.model.scale, None);
        lecture.notices.extend(notice);
        MomentsState { lecture, scale: SlicedRun::new(run, BUDGET), text: None }
    }
}

/// The run for a spec (the core says what runs while a text source has no text, with its notice).
fn start_run(spec: &ScaleSpec, text: Option<&PastedText>) -> (ScaleRun, Option<Notice>) {
    let (spec, notice) = run_spec(spec, text.is_some());
    let ids = text.filter(|_| spec.source == Source::Text).map(|t| (t.ids.clone(), t.distinct));
    (ScaleRun::new(spec, ids), notice)
}

pub enum MomentsAction {
    /// The walkthrough's stepper, its form (`stream`, `positions`, `k`) and the notices.
    Lecture(LectureAction),
    /// A value's count from its slider's or field's text.
    SetCount(usize, String),
    Preset(usize),
    /// One of the estimator's settings from its field: the parameter's name and the field's text.
    ScaleField(&'static str, String),
    /// A file or pasted text for the estimator.
    UseDataset(Rc<Dataset>),
    /// A file or paste could not be used.
    Problem(String),
    /// One slice of run `run` after slice `slice`.
    Work {
        run: u64,
        slice: u64,
    },
}

impl Reducible for MomentsState {
    type Action = MomentsAction;

    fn reduce(self: Rc<Self>, action: MomentsAction) -> Rc<Self> {
        match action {
            MomentsAction::Lecture(a) => {
                let Some(lecture) = self.lecture.after(a) else { return self };
                let mut next = self.shallow();
                next.lecture = lecture;
                Rc::new(next)
            }
            MomentsAction::Work { run, slice } => {
                let mut next = self.shallow();
                if !next.scale.step(run, slice) {
                    return self;
                }
                Rc::new(next)
            }
            MomentsAction::SetCount(i, v) => {
                let mut lab = (*self.lecture.model).clone();
                if !lab.surprise.set_count_text(i, &v) {
                    return self;
                }
                let mut next = self.shallow();
                next.lecture.model = Rc::new(lab);
                Rc::new(next)
            }
            MomentsAction::Preset(i) => {
                let mut lab = (*self.lecture.model).clone();
                lab.surprise = bloomlab_core::labs::moments::surprise::Surprise::preset(i);
                let mut next = self.shallow();
                next.lecture.model = Rc::new(lab);
                Rc::new(next)
            }
            MomentsAction::ScaleField(name, text) => {
                // Read as the link's parameter is; one seed for the page: the reservoir follows it.
                let (lab, notices) = self.lecture.model.with_scale_field(name, &text);
                let mut next = self.shallow();
                next.lecture.notices.retain(|n| n.param.as_deref() != Some(name));
                next.lecture.notices.extend(notices);
                if lab.scale != self.lecture.model.scale {
                    next.restart(&lab.scale);
                    next.lecture.model = Rc::new(lab);
                }
                Rc::new(next)
            }
            MomentsAction::UseDataset(d) => {
                let mut next = self.shallow();
                let (ids, distinct, notice) = text_stream(&d.sequence);
                next.lecture.notices.extend(notice);
                next.text = Some(Rc::new(PastedText { ids, distinct, dataset: d }));
                let mut lab = (*self.lecture.model).clone();
                lab.scale.source = Source::Text;
                next.lecture.notices.retain(|n| n.param.as_deref() != Some(SOURCE.name));
                next.restart(&lab.scale);
                next.lecture.model = Rc::new(lab);
                Rc::new(next)
            }
            MomentsAction::Problem(why) => {
                let mut next = self.shallow();
                next.lecture.notices.retain(|n| n.param.is_some());
                next.lecture.notices.push(Notice::input(why));
                Rc::new(next)
            }
        }
    }
}

impl MomentsState {
    /// A copy sharing the lab, the run and the text.
    fn shallow(&self) -> MomentsState {
        MomentsState { lecture: self.lecture.clone(), scale: self.scale.clone(), text: self.text.clone() }
    }

    pub fn lab(&self) -> &Rc<MomentsLab> {
        &self.lecture.model
    }

    fn restart(&mut self, spec: &ScaleSpec) {
        let (run, notice) = start_run(spec, self.text.as_deref());
        self.lecture.notices.retain(|n| n.param.as_deref() != Some(SOURCE.name));
        self.lecture.notices.extend(notice);
        self.scale.restart(run);
    }
}
