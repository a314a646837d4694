//! The frequencies view's state and actions: a reducer around the pure `FrequenciesLab` and the
//! summaries its stream was fed to (kept beside it, fed again only when the lab changes). A long
//! stream (a Zipf stream or a file of more than `IMMEDIATE` arrivals) is fed in slices between
//! frames, with a progress line; a shorter one (every typed stream) is fed at once.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::frequencies::calculator::{shape_for, Answer};
use bloomlab_core::labs::frequencies::feed::Feed;
use bloomlab_core::labs::frequencies::{FrequenciesLab, Source};
use bloomlab_core::lectures::stepper::{StepAction, Stepped, Stepper};
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Streams of at most this many arrivals are fed at once (a typed stream has at most 5,000).
pub const IMMEDIATE: usize = 20_000;

/// Arrivals per slice of a long feed: 20,000 at first, then about 8 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 5_000_000, 8.0);

#[derive(Clone, PartialEq)]
pub struct FrequenciesState {
    pub lab: FrequenciesLab,
    /// Every summary, fed the lab's stream: whole at once for a short stream, in slices for a long
    /// one (the panels that read the summaries wait until it is done).
    pub fed: SlicedRun<Feed>,
    /// The looked-up item whose counters are highlighted (its place in `lab.queries`).
    pub selected: usize,
    /// The calculator's ε and δ as typed, and its answer.
    pub calc_text: (String, String),
    pub calc: Option<Result<Answer, Vec<Notice>>>,
    /// The user's own file, counted instead of the link's stream while it is here.
    pub dataset: Option<Rc<Dataset>>,
    /// The walkthrough's place (`step`), and the generation that makes stale playback ticks
    /// harmless (`hooks::stepper`).
    pub stepper: Stepper,
    pub generation: u64,
}

impl FrequenciesState {
    pub fn read(q: &Query) -> FrequenciesState {
        let (mut lab, stepper, notices) = FrequenciesLab::read_stepped(q);
        lab.notices = notices;
        FrequenciesState { stepper, ..FrequenciesState::of(lab) }
    }

    fn of(lab: FrequenciesLab) -> FrequenciesState {
        let fed = SlicedRun::new(Self::feed_of(&lab), BUDGET);
        let calc_text = ("0.01".into(), "0.01".into());
        let stepper = Stepper::new(lab.last_step(), 0);
        FrequenciesState { lab, fed, selected: 0, calc_text, calc: None, dataset: None, stepper, generation: 0 }
    }

    /// The lab's stream fed at once when it is short, nothing fed yet when it is long.
    fn feed_of(lab: &FrequenciesLab) -> Feed {
        if lab.stream().len() <= IMMEDIATE {
            lab.fed()
        } else {
            lab.feed()
        }
    }

    /// `lab` on the file, if one is in use (a file with no items: the link's stream, with a notice).
    fn with_lab(&self, lab: FrequenciesLab, dataset: Option<Rc<Dataset>>) -> FrequenciesState {
        let lab = match &dataset {
            Some(ds) => lab.on_file(&ds.items, &ds.sequence).unwrap_or_else(|notice| {
                let mut lab = lab;
                lab.notices.push(notice);
                lab
            }),
            None => lab,
        };
        let dataset = dataset.filter(|_| lab.source == Source::File);
        // A new run of the same `SlicedRun`: slices asked for by the old feed are dropped.
        let mut fed = self.fed.clone();
        fed.restart(Self::feed_of(&lab));
        let (calc_text, calc) = (self.calc_text.clone(), self.calc.clone());
        let (stepper, generation) = (lab.stepper_after_rebuild(&self.stepper), self.generation + 1);
        FrequenciesState { lab, fed, selected: 0, calc_text, calc, dataset, stepper, generation }
    }

    /// Whether the whole stream has been fed (the grids, estimates and tables show only then).
    pub fn fed_done(&self) -> bool {
        self.fed.is_done()
    }

    /// The highlighted item, if any is looked up.
    pub fn selected_item(&self) -> Option<&str> {
        self.lab.queries.get(self.selected).or(self.lab.queries.first()).map(String::as_str)
    }
}

pub enum FrequenciesAction {
    /// Form fields (link name, the typed text), read by the core as the link's values.
    Fields(Vec<(&'static str, String)>),
    /// Highlight the counters of the looked-up item at this place.
    Select(usize),
    /// The calculator's fields (`epsilon`, `delta`).
    Calculate(Vec<(&'static str, String)>),
    /// Count the user's own file.
    File(Rc<Dataset>),
    /// Back to the link's stream.
    ClearFile,
    /// A file that could not be read, in words.
    Problem(String),
    DismissNotices,
    /// One slice of feed `run` after slice `slice`.
    Feed {
        run: u64,
        slice: u64,
    },
    /// The walkthrough's stepper, with the generation a playback tick was scheduled at.
    Step(StepAction, u64),
}

impl Reducible for FrequenciesState {
    type Action = FrequenciesAction;

    fn reduce(self: Rc<Self>, action: FrequenciesAction) -> Rc<Self> {
        match action {
            FrequenciesAction::Fields(fields) => {
                let pairs: Vec<(&str, &str)> = fields.iter().map(|(n, t)| (*n, t.as_str())).collect();
                let (lab, _) = self.lab.with_fields(&pairs);
                if lab == self.lab {
                    return self;
                }
                Rc::new(self.with_lab(lab, self.dataset.clone()))
            }
            FrequenciesAction::Select(i) => {
                if i == self.selected || i >= self.lab.queries.len() {
                    return self;
                }
                Rc::new(FrequenciesState { selected: i, ..(*self).clone() })
            }
            FrequenciesAction::Calculate(fields) => {
                let get =
                    |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, t)| t.clone()).unwrap_or_default();
                let (e, d) = (get("epsilon"), get("delta"));
                let calc = Some(shape_for(&e, &d));
                Rc::new(FrequenciesState { calc_text: (e, d), calc, ..(*self).clone() })
            }
            FrequenciesAction::File(ds) => Rc::new(self.with_lab(self.lab.clone(), Some(ds))),
            FrequenciesAction::ClearFile => {
                let (lab, _) = self.lab.with_fields(&[]);
                Rc::new(self.with_lab(lab, None))
            }
            FrequenciesAction::Problem(text) => {
                let mut next = (*self).clone();
                next.lab.notices.push(Notice::input(text));
                Rc::new(next)
            }
            FrequenciesAction::Step(a, sent_at) => {
                if !crate::hooks::stepper::tick_is_current(a, sent_at, self.generation, &self.stepper) {
                    return self;
                }
                let mut next = (*self).clone();
                next.stepper.apply(a);
                next.generation += 1;
                Rc::new(next)
            }
            FrequenciesAction::DismissNotices => {
                let mut next = (*self).clone();
                next.lab.notices.clear();
                Rc::new(next)
            }
            FrequenciesAction::Feed { run, slice } => {
                let mut fed = self.fed.clone();
                if !fed.step(run, slice) {
                    return self;
                }
                Rc::new(FrequenciesState { fed, ..(*self).clone() })
            }
        }
    }
}
