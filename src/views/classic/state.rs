//! The classic view's state and actions: a reducer around the pure `ClassicLab`.

use std::rc::Rc;

use yew::prelude::*;

use crate::web;
use bloomlab_core::data::dataset::Dataset;
use bloomlab_core::data::generate::ItemKind;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::classic::ClassicLab;
use bloomlab_core::link::Query;

/// Generated items hashed per slice: 20,000 at first, then about 10 ms' worth.
pub const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 2_000_000, 10.0);

#[derive(Clone, Debug, PartialEq)]
pub struct ClassicState {
    pub lab: Rc<ClassicLab>,
    /// The file or paste whose items are in the filter (for its summary).
    pub dataset: Option<Rc<Dataset>>,
    budget: SliceBudget,
}

impl ClassicState {
    pub fn from_query(q: &Query) -> ClassicState {
        ClassicState { lab: Rc::new(ClassicLab::from_query(q)), dataset: None, budget: BUDGET }
    }
}

pub enum ClassicAction {
    Insert(String),
    Lookup(String),
    SetM(u64),
    SetK(u32),
    SetFamily(HashFamily),
    Bulk(ItemKind, u64),
    /// Insert the items of a file or a paste.
    UseDataset(Rc<Dataset>),
    /// Take them out again.
    ClearDataset,
    /// A file or paste could not be used.
    Problem(String),
    /// Hash one slice of the pending generated items.
    Work,
    Clear,
    DismissNotices,
}

impl Reducible for ClassicState {
    type Action = ClassicAction;

    fn reduce(self: Rc<Self>, action: ClassicAction) -> Rc<Self> {
        let mut budget = self.budget;
        let mut dataset = self.dataset.clone();
        if matches!(action, ClassicAction::Work) && self.lab.pending() == 0 {
            return self;
        }
        let mut lab = (*self.lab).clone();
        match action {
            ClassicAction::Insert(text) => {
                let _ = lab.insert(&text);
            }
            ClassicAction::Lookup(text) => {
                let _ = lab.lookup(&text);
            }
            ClassicAction::SetM(m) => lab.set_m(m),
            ClassicAction::SetK(k) => lab.set_k(k),
            ClassicAction::SetFamily(f) => lab.set_family(f),
            ClassicAction::Bulk(kind, count) => {
                let _ = lab.add_batch(kind, count);
            }
            ClassicAction::Work => {
                budget.run(web::now_ms, |units| lab.work(units));
            }
            ClassicAction::UseDataset(d) => {
                lab.set_file(d.items.clone());
                dataset = Some(d);
            }
            ClassicAction::ClearDataset => {
                lab.clear_file();
                dataset = None;
            }
            ClassicAction::Problem(why) => lab.report(why),
            ClassicAction::Clear => {
                lab.clear();
                dataset = None;
            }
            ClassicAction::DismissNotices => lab.dismiss_notices(),
        }
        Rc::new(ClassicState { lab: Rc::new(lab), dataset, budget })
    }
}
