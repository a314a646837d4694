//! The tally's page as its own bundle runs it (`view=tally`): the codes as typed or read from a
//! file, nothing more. Reading the class from them (replaying every code, the rows per student,
//! the grades, an LMS's report) and drawing its results is the work of the tally's second bundle,
//! `bloomlab-tally-class`, fetched the first time the codes are tallied (its model is
//! `TallyPage`): a page that is only opened downloads none of it. The codes stay in the page.

use super::text_of_file;
use crate::lectures::model::Model;
use crate::link::notice::Notice;

/// The codes as the lecturer has them, and how many times a tally was asked for (each asks the
/// results' bundle to read them again).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyCodes {
    pub text: String,
    pub asked: u32,
}

/// What the lecturer does on the page.
pub enum CodesEdit {
    Type(String),
    /// Tally the codes typed.
    Apply,
    /// A file's bytes: its codes, tallied at once.
    Loaded(Vec<u8>),
}

bloomlab_link::no_link!(TallyCodes);

impl Model for TallyCodes {
    type Edit = CodesEdit;
    bloomlab_link::no_runs!();

    /// A file that cannot be read says why, in place of the notices before it; the codes stay.
    fn edit(&self, edit: CodesEdit) -> Option<(TallyCodes, Option<Vec<Notice>>)> {
        let asked = self.asked.wrapping_add(1);
        Some(match edit {
            CodesEdit::Type(text) => (TallyCodes { text, ..self.clone() }, None),
            CodesEdit::Apply => (TallyCodes { asked, ..self.clone() }, None),
            CodesEdit::Loaded(bytes) => match text_of_file(&bytes) {
                Ok(text) => (TallyCodes { text, asked }, Some(Vec::new())),
                Err(why) => (self.clone(), Some(vec![Notice::input(format!("The codes could not be read: {why}."))])),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_are_kept_and_each_tally_asked_for_counts() {
        let page = TallyCodes::default();
        let (typed, _) = page.edit(CodesEdit::Type("P1_x".into())).unwrap();
        let (asked, _) = typed.edit(CodesEdit::Apply).unwrap();
        assert_eq!((asked.text.as_str(), asked.asked), ("P1_x", 1));
        let (file, notices) = asked.edit(CodesEdit::Loaded(b"ann,P1_y\n".to_vec())).unwrap();
        assert_eq!((file.text.as_str(), file.asked, notices), ("ann,P1_y\n", 2, Some(Vec::new())));
        let (kept, notices) = file.edit(CodesEdit::Loaded(vec![0, 1, 2])).unwrap();
        assert_eq!((kept.text, kept.asked), (file.text.clone(), 2), "a binary file changes nothing");
        assert!(notices.unwrap()[0].message.contains("binary"));
    }
}
