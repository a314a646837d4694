//! The moments view as its page runs it: the walkthrough with its questions, the surprise
//! number's counts, the estimator's settings and the user's text as typed edits, and the
//! estimator at scale as the run, started again when its settings or its text change.

use std::rc::Rc;

use super::own_text::{run_spec, OwnText};
use super::scale::{ScaleRun, Source};
use super::surprise::Surprise;
use super::MomentsLab;
use crate::data::dataset::Dataset;
use crate::lectures::model::{Carry, Model};
use crate::lectures::questions::{Question, Quizzed};
use crate::link::notice::Notice;
use crate::link::state::LinkState;

/// What the moments view's controls change besides the walkthrough's form.
pub enum MomentsEdit {
    /// A value's count from its slider's or field's text.
    Count(usize, String),
    /// One of the surprise number's preset streams.
    Preset(usize),
    /// One of the estimator's settings from its field: the parameter and the field's text.
    Scale(&'static str, String),
    /// A file or pasted text for the estimator, which then runs on it.
    Text(Rc<Dataset>),
}

impl MomentsLab {
    /// The lab running the estimator on `dataset`, with the link's notices and the text's.
    fn with_text(&self, dataset: Rc<Dataset>) -> (MomentsLab, Vec<Notice>) {
        let (text, cut) = OwnText::new(dataset);
        let mut lab = self.clone();
        lab.text = Some(text);
        lab.scale.source = Source::Text;
        let (lab, mut notices) = lab.with_raw(&[]);
        notices.extend(cut);
        (lab, notices)
    }
}

impl Model for MomentsLab {
    type Edit = MomentsEdit;
    type Run = ScaleRun;
    type Aside = ();
    bloomlab_link::walkthrough_model!();

    fn edit(&self, edit: MomentsEdit) -> Option<(Self, Option<Vec<Notice>>)> {
        match edit {
            // The counts are the surprise number's own: the link's other notices stay.
            MomentsEdit::Count(i, text) => {
                let mut lab = self.clone();
                lab.surprise.set_count_text(i, &text).then_some((lab, None))
            }
            MomentsEdit::Preset(i) => Some((MomentsLab { surprise: Surprise::preset(i), ..self.clone() }, None)),
            MomentsEdit::Scale(name, text) => {
                let (lab, notices) = self.with_scale_field(name, &text);
                Some((lab, Some(notices)))
            }
            MomentsEdit::Text(dataset) => {
                let (lab, notices) = self.with_text(dataset);
                Some((lab, Some(notices)))
            }
        }
    }

    fn asked(&self, step: usize) -> Option<Question> {
        self.question(step)
    }

    /// The estimator on the lab's settings: on the text when its source is a loaded text, on a
    /// uniform stream meanwhile when none is loaded (`run_spec`).
    fn run(&self) -> ScaleRun {
        let (spec, _) = run_spec(&self.scale, self.text.is_some());
        let ids = self.text.as_ref().filter(|_| spec.source == Source::Text).map(|t| ((*t.ids).clone(), t.distinct));
        ScaleRun::new(spec, ids)
    }

    fn aside(&self) {}

    /// New settings or a new text start the estimator again; the walkthrough and the surprise
    /// number leave it running.
    fn carry_run(&self, before: &Self, _run: &mut ScaleRun) -> Carry {
        if self.scale == before.scale && self.text == before.text {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::dataset::Reader;
    use crate::data::dataset::Split;
    use crate::engine::sliced::Sliced;
    use crate::link::query::Query;

    fn dataset(text: &str) -> Rc<Dataset> {
        Rc::new(Reader::new(None, text.as_bytes().to_vec()).unwrap().split(Split::Words).finish().unwrap())
    }

    #[test]
    fn a_text_stays_when_the_lab_is_read_again_and_the_run_follows_it() {
        let (lab, _, notices) = MomentsLab::open(&Query::parse("?source=text&s=10&groups=2"));
        assert_eq!(notices.iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["source"]);
        assert_eq!(lab.run().spec.source, Source::Uniform, "no text yet: uniform meanwhile");
        let (with_text, notices) = lab.edit(MomentsEdit::Text(dataset("to be or not to be"))).unwrap();
        assert_eq!(notices, Some(Vec::new()), "the text source has its text");
        assert_eq!(with_text.carry_run(&lab, &mut lab.run()), Carry::Restart);
        let mut run = with_text.run();
        assert_eq!((run.spec.source, run.length()), (Source::Text, 6));
        while !run.is_done() {
            run.work(1_000);
        }
        assert_eq!(run.exact, 10.0, "to ×2, be ×2, or, not: 4 + 4 + 1 + 1");
        // The walkthrough's stream keeps the text and the run; its moment k is the estimator's too.
        let (again, notices) = with_text.with_fields(&[("stream", "x, y, x")]);
        assert!(again.text == with_text.text && notices.is_empty());
        assert_eq!(again.carry_run(&with_text, &mut run), Carry::Keep);
        let (cubed, _) = with_text.with_fields(&[("k", "3")]);
        assert_eq!(cubed.carry_run(&with_text, &mut run), Carry::Restart);
        // A setting starts it again; a count does not.
        let (wider, _) = again.edit(MomentsEdit::Scale("s", "20".into())).unwrap();
        assert_eq!(wider.carry_run(&again, &mut run), Carry::Restart);
        let (counted, _) = again.edit(MomentsEdit::Preset(1)).unwrap();
        assert_eq!(counted.carry_run(&again, &mut run), Carry::Keep);
        assert!(again.edit(MomentsEdit::Count(0, "lots".into())).is_none(), "not a count: nothing changes");
    }
}
