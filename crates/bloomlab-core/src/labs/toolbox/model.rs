//! The toolbox as its page runs it: the settings the link holds, the two filters they describe
//! (built again only when the sets or their shape change), the item controls as typed edits that
//! return the link's notices, and the two measurements as one run — the wrong-n points, then the
//! variants — each measured again only when a setting it depends on changes.

use std::rc::Rc;

use super::run::{ToolboxRun, VariantRun, WrongN};
use super::sets::SetPair;
use super::{Side, ToolboxLab};
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;
use crate::link::query::Query;
use crate::link::state::{FieldText, LinkState};

/// The toolbox's model.
#[derive(Clone, Debug)]
pub struct Toolbox {
    /// The settings.
    pub lab: ToolboxLab,
    /// The two filters the settings describe, their 20,000 probes included: shared with the model
    /// before a change that leaves the sets and their shape as they were (`ToolboxLab::same_pair`).
    pub pair: Rc<SetPair>,
}

/// A change the toolbox's item controls ask for (its settings come as a form's fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolboxEdit {
    /// An item typed into one side.
    AddItem(Side, String),
    /// More generated words on one side.
    AddWords(Side, u64),
    /// Both sides emptied.
    Empty,
}

impl Toolbox {
    /// The model of `lab`, its filters built.
    pub fn new(lab: ToolboxLab) -> Toolbox {
        Toolbox { pair: Rc::new(lab.pair()), lab }
    }

    /// The model of `lab` after this one: the same filters when the sets and their shape are the
    /// same, built again otherwise.
    fn then(&self, lab: ToolboxLab) -> Toolbox {
        if lab.same_pair(&self.lab) {
            Toolbox { lab, pair: self.pair.clone() }
        } else {
            Toolbox::new(lab)
        }
    }
}

impl LinkState for Toolbox {
    fn read(q: &Query) -> (Toolbox, Vec<Notice>) {
        let (lab, notices) = ToolboxLab::read(q);
        (Toolbox::new(lab), notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        self.lab.query_pairs()
    }

    fn field(name: &str) -> FieldText {
        ToolboxLab::field(name)
    }

    /// Read again as the settings are, the filters kept when they stay the same.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (Toolbox, Vec<Notice>) {
        let (lab, notices) = self.lab.with_raw(raw);
        (self.then(lab), notices)
    }
}

impl Model for Toolbox {
    type Edit = ToolboxEdit;
    type Run = ToolboxRun;
    type Aside = ();
    /// The variants' inserts and probes per slice: 20,000 at first, then about 8 ms' worth. A
    /// wrong-n point is a slice of its own whatever the budget, and teaches it nothing (it does
    /// fewer units than asked).
    const BUDGET: SliceBudget = SliceBudget::new(20_000, 1_000, 5_000_000, 8.0);

    /// Every edit is read as the link with its new value, and returns that link's notices.
    fn edit(&self, edit: ToolboxEdit) -> Option<(Toolbox, Option<Vec<Notice>>)> {
        let (lab, notices) = match edit {
            ToolboxEdit::AddItem(side, text) => self.lab.with_item(side, &text),
            ToolboxEdit::AddWords(side, more) => self.lab.with_more_words(side, more),
            ToolboxEdit::Empty => self.lab.emptied(),
        };
        Some((self.then(lab), Some(notices)))
    }

    fn run(&self) -> ToolboxRun {
        ToolboxRun { wrong: wrong_n(&self.lab), variants: variants(&self.lab) }
    }

    fn aside(&self) {}

    /// A new n, p or seed measures both again; new variants or a new f measure the variants
    /// again, the wrong-n points kept as they are (done or still measured first); any other
    /// change (the sets, their shape) keeps both.
    fn carry_run(&self, before: &Toolbox, run: &mut ToolboxRun) -> Carry {
        if !self.lab.same_wrong_n(&before.lab) {
            Carry::Restart
        } else if !self.lab.same_variants(&before.lab) {
            run.variants = variants(&self.lab);
            Carry::Renew
        } else {
            Carry::Keep
        }
    }
}

/// The wrong-n points `lab` measures.
fn wrong_n(lab: &ToolboxLab) -> WrongN {
    WrongN::new(lab.n, lab.p, lab.seed)
}

/// The variants `lab` measures.
fn variants(lab: &ToolboxLab) -> VariantRun {
    VariantRun::new(&lab.variants, lab.n, lab.p, lab.f, lab.seed)
}
