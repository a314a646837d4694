//! The estimator on your own text or file (`source=text`): what runs while no text is loaded,
//! and how much of a loaded text is used, each with the notice that says so.

use std::rc::Rc;

use super::params::SOURCE;
use super::scale::{ScaleSpec, Source, MAX_LENGTH};
use crate::data::dataset::Dataset;
use crate::link::notice::Notice;
use crate::text::group_digits;

/// A file or pasted text as the estimator's stream: its value ids (repeats included, at most
/// `MAX_LENGTH`) and how many distinct values they hold. Two are the same when they come from the
/// same file or paste (the ids are megabytes: never compared).
#[derive(Clone, Debug)]
pub struct OwnText {
    pub ids: Rc<Vec<u32>>,
    pub distinct: u64,
    pub dataset: Rc<Dataset>,
}

impl PartialEq for OwnText {
    fn eq(&self, other: &OwnText) -> bool {
        Rc::ptr_eq(&self.dataset, &other.dataset)
    }
}

impl OwnText {
    /// A file or paste's stream, with a notice when it is cut.
    pub fn new(dataset: Rc<Dataset>) -> (OwnText, Option<Notice>) {
        let (ids, distinct, notice) = text_stream(&dataset.sequence);
        (OwnText { ids: Rc::new(ids), distinct, dataset }, notice)
    }
}

/// The settings the estimator runs with: `spec`, except that a text source with no text loaded
/// (a link never holds the text) runs on a uniform stream meanwhile, with a notice about `source`.
pub fn run_spec(spec: &ScaleSpec, text_loaded: bool) -> (ScaleSpec, Option<Notice>) {
    if spec.source != Source::Text || text_loaded {
        return (spec.clone(), None);
    }
    let notice = Notice::param(
        SOURCE.name,
        "source = text: this link was made with pasted text or a file, which is not part of the link. Choose a \
         file or paste text under \u{201c}Use your own text or stream\u{201d}; meanwhile the stream is uniform",
    );
    (ScaleSpec { source: Source::Uniform, ..spec.clone() }, Some(notice))
}

/// A text's value ids (`sequence`, repeats included) as the estimator's stream: at most
/// `MAX_LENGTH` of them (a longer text is cut, with a notice), and how many distinct values they hold.
pub fn text_stream(sequence: &[u32]) -> (Vec<u32>, u64, Option<Notice>) {
    let mut ids = sequence.to_vec();
    let mut notice = None;
    if ids.len() as u64 > MAX_LENGTH {
        ids.truncate(MAX_LENGTH as usize);
        notice = Some(Notice::input(format!(
            "the stream is {} items long; its first {} are used",
            group_digits(sequence.len() as u64),
            group_digits(MAX_LENGTH)
        )));
    }
    let distinct = ids.iter().max().map_or(0, |&m| m as u64 + 1);
    (ids, distinct, notice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::moments::MomentsLab;
    use crate::link::state::LinkState;

    #[test]
    fn a_text_source_without_a_text_runs_uniform_with_a_notice() {
        let spec = MomentsLab::read(&crate::link::query::Query::parse("?source=text")).0.scale;
        let (run, notice) = run_spec(&spec, false);
        assert_eq!(run.source, Source::Uniform);
        assert_eq!(notice.and_then(|n| n.param).as_deref(), Some("source"));
        let (run, notice) = run_spec(&spec, true);
        assert_eq!((run.source, notice), (Source::Text, None));
        let zipf = ScaleSpec { source: Source::Zipf, ..spec };
        assert_eq!(run_spec(&zipf, false), (zipf.clone(), None));
    }

    #[test]
    fn a_long_text_is_cut_with_a_notice() {
        let (ids, distinct, notice) = text_stream(&[0, 1, 0, 2]);
        assert_eq!((ids.len(), distinct, notice), (4, 3, None));
        let long = vec![5u32; MAX_LENGTH as usize + 3];
        let (ids, distinct, notice) = text_stream(&long);
        assert_eq!((ids.len() as u64, distinct), (MAX_LENGTH, 6));
        assert!(notice.is_some_and(|n| n.param.is_none()));
    }
}
