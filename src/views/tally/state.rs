//! The tally view's state: the pasted codes and the tally the core made of them (the codes are
//! never written to the address: they stay in the page).

use std::rc::Rc;

use yew::prelude::*;

use bloomlab_core::labs::practice::tally::{tally, text_of_file, Tally};
use bloomlab_core::link::notice::Notice;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyState {
    pub text: String,
    pub tally: Option<Rc<Tally>>,
    pub notices: Vec<Notice>,
}

pub enum TallyAction {
    Type(String),
    Apply,
    /// A file's bytes.
    Loaded(Vec<u8>),
    DismissNotices,
}

impl Reducible for TallyState {
    type Action = TallyAction;

    fn reduce(self: Rc<Self>, action: TallyAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            TallyAction::Type(t) => s.text = t,
            TallyAction::Apply => s.tally = Some(Rc::new(tally(&s.text))),
            TallyAction::Loaded(bytes) => match text_of_file(&bytes) {
                Ok(text) => {
                    s.tally = Some(Rc::new(tally(&text)));
                    s.text = text;
                }
                Err(why) => s.notices = vec![Notice::input(format!("The codes could not be read: {why}."))],
            },
            TallyAction::DismissNotices => s.notices.clear(),
        }
        Rc::new(s)
    }
}
