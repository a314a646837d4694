//! The window view's state: the walkthrough (the pure `WindowLab` and its stepper, whose place
//! is `t`) and the error run over the generated stream, which works in slices.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::lecture::{Lecture, LectureAction};
use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::window::{ErrorRun, WindowLab};
use bloomlab_core::link::Query;

/// Arrivals per slice: 50,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(50_000, 5_000, 20_000_000, 8.0);

pub struct WindowState {
    pub lecture: Lecture<WindowLab>,
    /// The errors at every t of the generated stream.
    pub scale: SlicedRun<ErrorRun>,
}

impl WindowState {
    pub fn read(q: &Query) -> WindowState {
        let lecture = Lecture::<WindowLab>::read(q);
        let run = lecture.model.scale_run();
        WindowState { lecture, scale: SlicedRun::new(run, BUDGET) }
    }

    pub fn lab(&self) -> &Rc<WindowLab> {
        &self.lecture.model
    }
}

pub enum WindowAction {
    /// The stepper, the forms and the notices.
    Lecture(LectureAction),
    /// One slice of run `run` after slice `slice`.
    Work { run: u64, slice: u64 },
}

/// What the measured run depends on: the stream measured, N and r.
fn same_run(a: &WindowLab, b: &WindowLab) -> bool {
    (a.window, a.r) == (b.window, b.r) && a.scale_bits() == b.scale_bits()
}

impl Reducible for WindowState {
    type Action = WindowAction;

    fn reduce(self: Rc<Self>, action: WindowAction) -> Rc<Self> {
        match action {
            WindowAction::Lecture(a) => {
                let Some(lecture) = self.lecture.after(a) else { return self };
                let mut scale = self.scale.clone();
                if !Rc::ptr_eq(&lecture.model, &self.lecture.model) && !same_run(&lecture.model, &self.lecture.model) {
                    scale.restart(lecture.model.scale_run());
                }
                Rc::new(WindowState { lecture, scale })
            }
            WindowAction::Work { run, slice } => {
                let mut scale = self.scale.clone();
                if !scale.step(run, slice) {
                    return self;
                }
                Rc::new(WindowState { lecture: self.lecture.clone(), scale })
            }
        }
    }
}
