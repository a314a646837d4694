//! The frequencies view as its page runs it: the walkthrough, the form's settings, the user's file
//! and the highlighted item, and the stream fed to every summary as the run — at once for a short
//! stream, in slices for a long one — fed again only when the stream or the summaries' shape change.

use std::rc::Rc;

use super::feed::Feed;
use super::FrequenciesLab;
use crate::data::dataset::Dataset;
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;
use crate::link::state::LinkState;

/// Streams of at most this many arrivals are fed at once (a typed stream has at most 5,000).
pub const IMMEDIATE: usize = 20_000;

/// What the frequencies view's controls change besides the form.
pub enum FrequenciesEdit {
    /// Highlight the counters of the looked-up item at this place.
    Select(usize),
    /// Count the user's own file.
    File(Rc<Dataset>),
    /// Back to the link's stream.
    ClearFile,
}

impl FrequenciesLab {
    /// The lab counting `file`, with `notices` and, for a file with no items, the notice that says
    /// the lab keeps its stream.
    pub(super) fn counting(self, file: Rc<Dataset>, mut notices: Vec<Notice>) -> (FrequenciesLab, Vec<Notice>) {
        match self.on_file(&file.items, &file.sequence) {
            Ok(mut lab) => {
                lab.file = Some(file);
                (lab, notices)
            }
            Err(notice) => {
                notices.push(notice);
                (FrequenciesLab { file: None, ..self }, notices)
            }
        }
    }

    /// Whether `other` feeds the summaries the same stream with the same shape.
    fn feeds_as(&self, other: &FrequenciesLab) -> bool {
        (self.w, self.d, self.k) == (other.w, other.d, other.k)
            && (Rc::ptr_eq(self.stream(), other.stream()) || self.stream() == other.stream())
    }
}

impl Model for FrequenciesLab {
    type Edit = FrequenciesEdit;
    type Run = Feed;
    type Aside = ();
    /// Arrivals per slice of a long feed: 20,000 at first, then about 8 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 5_000_000, 8.0);
    bloomlab_link::walkthrough_model!();

    fn edit(&self, edit: FrequenciesEdit) -> Option<(Self, Option<Vec<Notice>>)> {
        let file = match edit {
            FrequenciesEdit::Select(i) => {
                return (i != self.selected && i < self.queries.len())
                    .then(|| (FrequenciesLab { selected: i, ..self.clone() }, None));
            }
            FrequenciesEdit::File(file) => Some(file),
            FrequenciesEdit::ClearFile => None,
        };
        let (lab, notices) = FrequenciesLab { file, ..self.clone() }.with_raw(&[]);
        Some((lab, Some(notices)))
    }

    /// The lab's stream fed at once when it is short, nothing fed yet when it is long.
    fn run(&self) -> Feed {
        if self.stream().len() <= IMMEDIATE {
            self.fed_at_once()
        } else {
            self.feed()
        }
    }

    fn aside(&self) {}

    /// The same stream and shape keep what was fed (another item looked up, another grid drawn
    /// large); anything else feeds it again.
    fn carry_run(&self, before: &Self, _run: &mut Feed) -> Carry {
        if self.feeds_as(before) {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Source;
    use super::*;
    use crate::data::dataset::{Reader, Split};
    use crate::link::query::Query;

    fn file(text: &str) -> Rc<Dataset> {
        Rc::new(Reader::new(Some("words.txt"), text.as_bytes().to_vec()).unwrap().split(Split::Words).finish().unwrap())
    }

    #[test]
    fn a_file_stays_through_the_form_and_feeds_again_only_when_the_stream_or_shape_change() {
        let (lab, _, _) = FrequenciesLab::open(&Query::parse("?view=frequencies"));
        let (counted, notices) = lab.edit(FrequenciesEdit::File(file("ant bee ant cat ant bee"))).unwrap();
        assert_eq!(notices, Some(Vec::new()));
        assert_eq!((counted.source, counted.stream().len()), (Source::File, 6));
        assert_eq!(counted.carry_run(&lab, &mut lab.run()), Carry::Restart);
        assert_eq!(counted.selected_item(), Some("ant"), "the file's most frequent item first");
        // Another item highlighted, another grid drawn large: the same feed.
        let picked = counted.edit(FrequenciesEdit::Select(1)).unwrap().0;
        assert_eq!(
            (picked.selected_item(), picked.carry_run(&counted, &mut counted.run())),
            (Some("bee"), Carry::Keep)
        );
        assert!(
            picked.edit(FrequenciesEdit::Select(1)).is_none() && picked.edit(FrequenciesEdit::Select(99)).is_none()
        );
        let (drawn, _) = picked.with_fields(&[("update", "conservative")]);
        assert_eq!((drawn.file.is_some(), drawn.selected), (true, 0), "the file stays; the highlight starts over");
        assert_eq!(drawn.carry_run(&picked, &mut picked.run()), Carry::Keep);
        // A new shape feeds again; clearing the file goes back to the link's stream.
        let (wider, _) = drawn.with_fields(&[("w", "64")]);
        assert_eq!((wider.carry_run(&drawn, &mut drawn.run()), wider.source), (Carry::Restart, Source::File));
        let (typed, _) = wider.edit(FrequenciesEdit::ClearFile).unwrap();
        assert_eq!((typed.source, typed.file.is_none(), typed.w), (Source::Typed, true, 64));
    }

    #[test]
    fn a_file_with_no_items_is_refused_and_the_stream_kept() {
        let (lab, _, _) = FrequenciesLab::open(&Query::parse("?view=frequencies"));
        // The reader refuses such a file first; the lab refuses it too.
        let empty = Dataset { items: Rc::default(), sequence: Rc::default(), ..(*file("ant")).clone() };
        let (same, notices) = lab.edit(FrequenciesEdit::File(Rc::new(empty))).unwrap();
        assert_eq!((same.source, same.file.is_none(), notices.map(|n| n.len())), (Source::Typed, true, Some(1)));
        assert_eq!(same.carry_run(&lab, &mut lab.run()), Carry::Keep);
    }
}
