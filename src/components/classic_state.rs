//! The classic view's state and actions: a reducer around the pure `ClassicLab`.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::classic::ClassicLab;
use crate::core::generate::ItemKind;
use crate::core::hashing::HashFamily;
use crate::core::query::Query;
use crate::web;

/// Generated items hashed per slice at first; adapted to about `SLICE_MS` per slice.
const FIRST_BUDGET: u64 = 20_000;
const SLICE_MS: f64 = 10.0;

#[derive(Clone, Debug, PartialEq)]
pub struct ClassicState {
    pub lab: Rc<ClassicLab>,
    budget: u64,
}

impl ClassicState {
    pub fn from_query(q: &Query) -> ClassicState {
        ClassicState { lab: Rc::new(ClassicLab::from_query(q)), budget: FIRST_BUDGET }
    }
}

pub enum ClassicAction {
    Insert(String),
    Lookup(String),
    SetM(u64),
    SetK(u32),
    SetFamily(HashFamily),
    Bulk(ItemKind, u64),
    /// Hash one slice of the pending generated items.
    Work,
    Clear,
    DismissNotices,
}

impl Reducible for ClassicState {
    type Action = ClassicAction;

    fn reduce(self: Rc<Self>, action: ClassicAction) -> Rc<Self> {
        let mut budget = self.budget;
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
                let start = web::now_ms();
                let done = lab.work(budget);
                let spent = web::now_ms() - start;
                if spent > 0.5 && done == budget {
                    budget = ((budget as f64) * SLICE_MS / spent).clamp(2_000.0, 2_000_000.0) as u64;
                }
            }
            ClassicAction::Clear => lab.clear(),
            ClassicAction::DismissNotices => lab.dismiss_notices(),
        }
        Rc::new(ClassicState { lab: Rc::new(lab), budget })
    }
}
