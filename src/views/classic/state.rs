//! The classic view's state and actions: a reducer around the pure `ClassicLab`, kept in a
//! `SlicedRun` (changed in place: its filter may hold millions of bits) whose long work is the
//! generated and file items hashed in slices.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::data::generate::ItemKind;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::classic::ClassicLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// Generated items hashed per slice: 20,000 at first, then about 10 ms' worth.
pub const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 2_000_000, 10.0);

#[derive(Clone)]
pub struct ClassicState {
    pub lab: SlicedRun<ClassicLab>,
    /// The file or paste whose items are in the filter (for its summary).
    pub dataset: Option<Rc<Dataset>>,
}

impl ClassicState {
    pub fn read(q: &Query) -> ClassicState {
        ClassicState { lab: SlicedRun::new(ClassicLab::read(q).0, BUDGET), dataset: None }
    }
}

pub enum ClassicAction {
    Insert(String),
    Lookup(String),
    /// The m field's or slider's text (the model reads it as the link's `m`).
    SetM(String),
    /// The k slider's text.
    SetK(String),
    SetFamily(HashFamily),
    Bulk(ItemKind, u64),
    /// Insert the items of a file or a paste.
    UseDataset(Rc<Dataset>),
    /// Take them out again.
    ClearDataset,
    /// A file or paste could not be used.
    Problem(String),
    /// Hash one slice of the pending generated and file items (slice `slice` of run `run`).
    Work {
        run: u64,
        slice: u64,
    },
    Clear,
    DismissNotices,
}

impl Reducible for ClassicState {
    type Action = ClassicAction;

    fn reduce(self: Rc<Self>, action: ClassicAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let lab = &mut next.lab;
        match action {
            ClassicAction::Work { run, slice } => {
                if !lab.step(run, slice) {
                    return self;
                }
            }
            ClassicAction::Insert(text) => {
                let _ = lab.edit(|l| l.insert(&text));
            }
            ClassicAction::Lookup(text) => {
                let _ = lab.edit(|l| l.lookup(&text));
            }
            ClassicAction::SetM(text) => lab.edit(|l| l.set_m_text(&text)),
            ClassicAction::SetK(text) => lab.edit(|l| l.set_k_text(&text)),
            ClassicAction::SetFamily(f) => lab.edit(|l| l.set_family(f)),
            ClassicAction::Bulk(kind, count) => {
                let _ = lab.edit(|l| l.add_batch(kind, count));
            }
            ClassicAction::UseDataset(d) => {
                lab.edit(|l| l.set_file(d.items.clone()));
                next.dataset = Some(d);
            }
            ClassicAction::ClearDataset => {
                lab.edit(ClassicLab::clear_file);
                next.dataset = None;
            }
            ClassicAction::Problem(why) => lab.edit(|l| l.report(why)),
            ClassicAction::Clear => {
                lab.edit(ClassicLab::clear);
                next.dataset = None;
            }
            ClassicAction::DismissNotices => lab.edit(ClassicLab::dismiss_notices),
        }
        Rc::new(next)
    }
}
