//! The multi-layer view's state and actions: a reducer around the pure `MlbfLab`, plus the
//! comparison experiment in a `SlicedRun` (none until it is asked for).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::mlbf::compare::{Comparison, Point, Setup};
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// URLs in the comparison's data set (the paper's m/n ratio is scaled to this).
pub const COMPARE_URLS: u64 = 50_000;
/// Comparison work units per slice: 5,000 at first, then about 10 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(5_000, 500, 500_000, 10.0);

/// What the view shows of the running comparison (copied from it when drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct CompareSnapshot {
    pub setup: Setup,
    pub points: Vec<Point>,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// The URLs are people's own (a file or a paste).
    pub own: bool,
}

#[derive(Clone)]
pub struct MlbfState {
    pub lab: Rc<MlbfLab>,
    /// The comparison, once asked for: its working data is large, mutated in place between
    /// slices.
    pub compare: SlicedRun<Option<Comparison>>,
    /// A file or paste the comparison runs on (its distinct items split in halves).
    pub dataset: Option<Rc<Dataset>>,
}

impl MlbfState {
    pub fn read(q: &Query) -> MlbfState {
        let lab = MlbfLab::read(q).0;
        let auto = lab.compare_requested();
        let mut s = MlbfState { lab: Rc::new(lab), compare: SlicedRun::new(None, BUDGET), dataset: None };
        if auto {
            s.start_compare();
        }
        s
    }

    /// Starts (or restarts) the comparison; the model keeps `compare` (and `data`) in the link.
    fn start_compare(&mut self) {
        let mut lab = (*self.lab).clone();
        lab.ask_compare();
        lab.set_own_data(self.dataset.is_some());
        self.lab = Rc::new(lab);
        let (family, k, layers) = (self.lab.family(), self.lab.k(), self.lab.layers());
        let c = match &self.dataset {
            Some(d) => Comparison::on_items(family, k, layers, d.items.clone()),
            None => Comparison::new(Setup::paper_scaled(family, k, layers, COMPARE_URLS)),
        };
        self.compare.restart(Some(c));
    }

    /// Whether the comparison was asked for.
    pub fn compare_started(&self) -> bool {
        self.compare.borrow().is_some()
    }

    /// What the view shows of the comparison, if one was asked for.
    pub fn snapshot(&self) -> Option<CompareSnapshot> {
        self.compare.borrow().as_ref().map(snapshot)
    }
}

fn snapshot(c: &Comparison) -> CompareSnapshot {
    CompareSnapshot {
        setup: *c.setup(),
        points: c.points().to_vec(),
        done: c.done_units(),
        total: c.setup().total_units(),
        finished: c.is_done(),
        own: c.on_own_items(),
    }
}

pub enum MlbfAction {
    Insert(String),
    Lookup(String),
    /// The m field's or slider's text (the model reads it as the link's `m`).
    SetM(String),
    /// The k slider's text.
    SetK(String),
    /// The L slider's text.
    SetLayers(String),
    SetFamily(HashFamily),
    Clear,
    DismissNotices,
    /// Start (or restart) the comparison with the current k, L and hashes.
    RunCompare,
    /// One slice of the comparison (slice `slice` of run `run`).
    CompareWork {
        run: u64,
        slice: u64,
    },
    /// Run the comparison on a file's (or a paste's) items.
    UseDataset(Rc<Dataset>),
    /// Back to the generated crawl.
    ClearDataset,
    /// A file or paste could not be used.
    Problem(String),
}

impl Reducible for MlbfState {
    type Action = MlbfAction;

    fn reduce(self: Rc<Self>, action: MlbfAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            MlbfAction::CompareWork { run, slice } => {
                if !next.compare.step(run, slice) {
                    return self;
                }
                return Rc::new(next);
            }
            MlbfAction::RunCompare => {
                next.start_compare();
                return Rc::new(next);
            }
            MlbfAction::UseDataset(d) => {
                let mut lab = (*self.lab).clone();
                if d.items.len() < 4 {
                    lab.report(format!(
                        "the file has {} distinct item(s); the comparison needs at least 4 (half inserted, half probed)",
                        d.items.len()
                    ));
                } else {
                    lab.set_own_data(true);
                    next.dataset = Some(d);
                    next.lab = Rc::new(lab);
                    next.start_compare();
                    return Rc::new(next);
                }
                next.lab = Rc::new(lab);
                return Rc::new(next);
            }
            MlbfAction::ClearDataset => {
                next.dataset = None;
                let mut lab = (*self.lab).clone();
                lab.set_own_data(false);
                next.lab = Rc::new(lab);
                if next.compare_started() {
                    next.start_compare();
                }
                return Rc::new(next);
            }
            MlbfAction::Problem(why) => {
                let mut lab = (*self.lab).clone();
                lab.report(why);
                next.lab = Rc::new(lab);
                return Rc::new(next);
            }
            _ => {}
        }
        let mut lab = (*self.lab).clone();
        match action {
            MlbfAction::Insert(t) => {
                let _ = lab.insert(&t);
            }
            MlbfAction::Lookup(t) => {
                let _ = lab.lookup(&t);
            }
            MlbfAction::SetM(text) => lab.set_m_text(&text),
            MlbfAction::SetK(text) => lab.set_k_text(&text),
            MlbfAction::SetLayers(text) => lab.set_layers_text(&text),
            MlbfAction::SetFamily(f) => lab.set_family(f),
            MlbfAction::Clear => lab.clear(),
            MlbfAction::DismissNotices => lab.dismiss_notices(),
            MlbfAction::RunCompare
            | MlbfAction::CompareWork { .. }
            | MlbfAction::UseDataset(_)
            | MlbfAction::ClearDataset
            | MlbfAction::Problem(_) => {}
        }
        next.lab = Rc::new(lab);
        Rc::new(next)
    }
}
