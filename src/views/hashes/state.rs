//! The hash lab's state and actions: a reducer around the pure `HashLab`, kept in a `SlicedRun`
//! whose long work is measuring the families, one family per slice.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::sliced::SlicedRun;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::hashes::HashLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// One family measured per slice, whatever it costs.
const BUDGET: SliceBudget = SliceBudget::new(1, 1, 1, 10.0);

#[derive(Clone)]
pub struct HashState {
    pub lab: SlicedRun<HashLab>,
}

impl HashState {
    pub fn read(q: &Query) -> HashState {
        HashState { lab: SlicedRun::new(HashLab::read(q).0, BUDGET) }
    }
}

pub enum HashAction {
    /// A field's text for a parameter (`m`, `k`, `n`, `items`, `trials`, `seed`), read by the core.
    Set(&'static str, String),
    Toggle(HashFamily),
    /// Measure the next family (slice `slice` of run `run`).
    Work {
        run: u64,
        slice: u64,
    },
    DismissNotices,
}

impl Reducible for HashState {
    type Action = HashAction;

    fn reduce(self: Rc<Self>, action: HashAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let lab = &mut next.lab;
        match action {
            HashAction::Work { run, slice } => {
                if !lab.step(run, slice) {
                    return self;
                }
            }
            HashAction::Set(name, text) => lab.edit(|l| l.set_field(name, &text)),
            HashAction::Toggle(f) => lab.edit(|l| l.toggle_family(f)),
            HashAction::DismissNotices => lab.edit(HashLab::dismiss_notices),
        }
        Rc::new(next)
    }
}
