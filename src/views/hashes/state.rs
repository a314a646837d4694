//! The hash lab's state and actions: a reducer around the pure `HashLab`.

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::hashes::items::Items;
use bloomlab_core::labs::hashes::HashLab;
use bloomlab_core::link::Query;

#[derive(Clone, Debug, PartialEq)]
pub struct HashState {
    pub lab: Rc<HashLab>,
}

impl HashState {
    pub fn from_query(q: &Query) -> HashState {
        HashState { lab: Rc::new(HashLab::from_query(q)) }
    }
}

pub enum HashAction {
    SetM(u64),
    SetK(u32),
    SetN(u64),
    SetItems(Items),
    SetTrials(u64),
    SetSeed(u64),
    Toggle(HashFamily),
    /// Measure the next family (one slice).
    Work,
    DismissNotices,
}

impl Reducible for HashState {
    type Action = HashAction;

    fn reduce(self: Rc<Self>, action: HashAction) -> Rc<Self> {
        if matches!(action, HashAction::Work) && !self.lab.pending() {
            return self;
        }
        let mut lab = (*self.lab).clone();
        match action {
            HashAction::SetM(m) => lab.set_m(m),
            HashAction::SetK(k) => lab.set_k(k),
            HashAction::SetN(n) => lab.set_n(n),
            HashAction::SetItems(i) => lab.set_items(i),
            HashAction::SetTrials(t) => lab.set_trials(t),
            HashAction::SetSeed(s) => lab.set_seed(s),
            HashAction::Toggle(f) => lab.toggle_family(f),
            HashAction::Work => {
                lab.work();
            }
            HashAction::DismissNotices => lab.dismiss_notices(),
        }
        Rc::new(HashState { lab: Rc::new(lab) })
    }
}
