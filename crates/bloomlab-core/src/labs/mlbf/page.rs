//! The multi-layer view as its page runs it: every control's change a typed edit (a new shape
//! rebuilds the filter from the same URLs and shows the last one again, which reading the link
//! again would not), each returning the notices it gets. The comparison is a bundle of its own;
//! the model keeps only what the link says of it.

use super::*;
use crate::lectures::model::Model;

/// A change the multi-layer view's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MlbfEdit {
    /// The m field's or slider's text, read as the link's `m`.
    M(String),
    /// The k slider's text.
    K(String),
    /// The L slider's text.
    Layers(String),
    Family(HashFamily),
    Insert(String),
    Lookup(String),
    Clear,
    /// The comparison was asked for (its bundle is fetched to run it).
    Compare,
    /// The comparison started on people's URLs (`true`) or on the generated crawl.
    Compared(bool),
}

impl Model for MlbfLab {
    type Edit = MlbfEdit;
    bloomlab_link::no_runs!();

    /// Asking for the comparison leaves the notices standing; people's URLs arriving answer the
    /// `data=file` link's notice.
    fn edit(&self, edit: MlbfEdit) -> Option<(MlbfLab, Option<Vec<Notice>>)> {
        let mut next = self.clone();
        let notices = match edit {
            MlbfEdit::M(text) => next.set_m_text(&text),
            MlbfEdit::K(text) => next.set_k_text(&text),
            MlbfEdit::Layers(text) => next.set_layers_text(&text),
            MlbfEdit::Family(family) => {
                next.set_family(family);
                Vec::new()
            }
            MlbfEdit::Insert(text) => next.insert(&text).err().into_iter().collect(),
            MlbfEdit::Lookup(text) => next.lookup(&text).err().into_iter().collect(),
            MlbfEdit::Clear => {
                next.clear();
                Vec::new()
            }
            MlbfEdit::Compare | MlbfEdit::Compared(false) => {
                next.ask_compare();
                if edit == MlbfEdit::Compared(false) {
                    next.set_own_data(false);
                }
                return (next != *self).then_some((next, None));
            }
            MlbfEdit::Compared(true) => {
                next.ask_compare();
                next.set_own_data(true);
                Vec::new()
            }
        };
        Some((next, Some(notices)))
    }
}
