//! The multi-layer view's state and actions: a reducer around the pure `MlbfLab`. The comparison
//! is a bundle of its own (`compare_app`); the view keeps what its link says of it (`compare`,
//! `data`).

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

#[derive(Clone, PartialEq)]
pub struct MlbfState {
    pub lab: Rc<MlbfLab>,
}

impl MlbfState {
    pub fn read(q: &Query) -> MlbfState {
        MlbfState { lab: Rc::new(MlbfLab::read(q).0) }
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
    /// The comparison was asked for (its bundle is fetched to run it).
    RunCompare,
    /// The comparison started on people's URLs (`true`) or on the generated crawl.
    Compared(bool),
}

impl Reducible for MlbfState {
    type Action = MlbfAction;

    fn reduce(self: Rc<Self>, action: MlbfAction) -> Rc<Self> {
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
            MlbfAction::RunCompare => lab.ask_compare(),
            MlbfAction::Compared(own) => {
                lab.ask_compare();
                lab.set_own_data(own);
            }
        }
        if lab == *self.lab {
            return self;
        }
        Rc::new(MlbfState { lab: Rc::new(lab) })
    }
}
