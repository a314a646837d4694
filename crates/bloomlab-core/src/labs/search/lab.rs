//! The search comparison's model: its settings, whether the user's file is loaded, and the
//! notices on screen. Every change the page makes goes through `SearchLab::update`, which says
//! whether the measurement must start again; the model keeps its own notices, so the view never
//! picks notices out by name or by their words.

use crate::link::notice::Notice;
use crate::link::params::missing_file;
use crate::link::query::Query;
use crate::link::state::LinkState;

use super::{DataChoice, SearchSpec, DATA};

/// The fewest distinct items a file needs: half are inserted, half probed.
pub const MIN_FILE_ITEMS: usize = 4;

/// The comparison as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLab {
    pub spec: SearchSpec,
    /// Whether the user's file is loaded (the items are the view's; a link never holds them).
    pub file: bool,
    pub notices: Vec<Notice>,
}

/// A change the page asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchEdit {
    /// A setting's field: the parameter's name and the field's text, read as the link's value.
    Field(&'static str, String),
    /// A file was read: its number of distinct items.
    File(usize),
    /// Back to the generated crawl.
    ClearFile,
    /// A file or paste could not be used: why.
    Problem(String),
    DismissNotices,
}

/// The notice for `data=file` while no file is loaded.
fn no_file() -> Notice {
    missing_file("the comparison runs on the generated crawl")
}

impl SearchLab {
    /// The model after `edit`, and whether the measurement must start again.
    pub fn update(&self, edit: SearchEdit) -> (SearchLab, bool) {
        let mut next = self.clone();
        match edit {
            SearchEdit::Field(name, text) => {
                let (spec, notices) = self.spec.with_fields(&[(name, &text)]);
                next.drop_notices(name);
                next.notices.extend(notices);
                if spec == self.spec {
                    return (next, false);
                }
                if spec.data == DataChoice::File && !self.file {
                    next.drop_notices(DATA.name);
                    next.notices.push(no_file());
                }
                next.spec = spec;
            }
            SearchEdit::File(items) => {
                next.drop_notices(DATA.name);
                if items < MIN_FILE_ITEMS {
                    next.notices.push(Notice::input(format!(
                        "the file has {items} distinct item(s); the comparison needs at least {MIN_FILE_ITEMS} (half inserted, half probed)"
                    )));
                    return (next, false);
                }
                next.file = true;
                next.spec.data = DataChoice::File;
            }
            SearchEdit::ClearFile => {
                next.file = false;
                next.spec.data = DataChoice::Crawl;
                next.drop_notices(DATA.name);
            }
            SearchEdit::Problem(why) => {
                next.notices.push(Notice::input(why));
                return (next, false);
            }
            SearchEdit::DismissNotices => {
                next.notices.clear();
                return (next, false);
            }
        }
        (next, true)
    }

    /// The notices about the parameter `name` go: a new value replaces what was said of the old.
    fn drop_notices(&mut self, name: &str) {
        self.notices.retain(|n| n.param.as_deref() != Some(name));
    }
}

impl LinkState for SearchLab {
    /// The settings a link gives; a link that asks for a file gets the notice that it is not
    /// loaded (it never is when a page opens).
    fn read(q: &Query) -> (SearchLab, Vec<Notice>) {
        let (spec, mut notices) = SearchSpec::read(q);
        if spec.data == DataChoice::File {
            notices.push(no_file());
        }
        (SearchLab { spec, file: false, notices: notices.clone() }, notices)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        self.spec.query_pairs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(link: &str) -> SearchLab {
        SearchLab::read(&Query::parse(link)).0
    }

    fn params(lab: &SearchLab) -> Vec<Option<&str>> {
        lab.notices.iter().map(|n| n.param.as_deref()).collect()
    }

    fn field(name: &'static str, text: &str) -> SearchEdit {
        SearchEdit::Field(name, text.into())
    }

    #[test]
    fn a_field_is_read_as_the_link_with_its_notice_and_clamped() {
        let start = lab("?view=search");
        let (next, restart) = start.update(field("n", "5000000"));
        assert!(restart);
        assert_eq!(next.spec.n, super::super::N.max);
        assert_eq!(params(&next), [Some("n")]);
        // A good value replaces the notice about the bad one; the same value restarts nothing.
        let (again, restart) = next.update(field("n", "1000000"));
        assert!(!restart);
        assert!(again.notices.is_empty());
        let (seeded, restart) = again.update(field("seed", "x"));
        assert!(!restart);
        assert_eq!((seeded.spec.seed, params(&seeded)), (super::super::SEED.default, vec![Some("seed")]));
        let (rate, restart) = seeded.update(field("p", "5%"));
        assert!(restart);
        assert_eq!(rate.spec.p, 0.05);
        assert_eq!(params(&rate), [Some("seed")]);
    }

    #[test]
    fn a_file_is_asked_for_kept_and_cleared() {
        let linked = lab("?view=search&data=file");
        assert_eq!(params(&linked), [Some("data")]);
        assert_eq!(linked.spec.data, DataChoice::File);
        let (few, restart) = linked.update(SearchEdit::File(3));
        assert!(!restart && !few.file);
        assert_eq!(params(&few), [None]);
        let (loaded, restart) = few.update(SearchEdit::File(10));
        assert!(restart && loaded.file);
        assert_eq!(loaded.spec.data, DataChoice::File);
        // A setting changed while the file is loaded asks for nothing.
        let (bigger, _) = loaded.update(field("queries", "100"));
        assert_eq!(params(&bigger), [None]);
        let (crawl, restart) = bigger.update(SearchEdit::ClearFile);
        assert!(restart && !crawl.file);
        assert_eq!(crawl.spec.data, DataChoice::Crawl);
        let (asked, _) = crawl.update(field("data", "file"));
        assert_eq!(params(&asked), [None, Some("data")]);
        let (quiet, restart) = asked.update(SearchEdit::DismissNotices);
        assert!(!restart && quiet.notices.is_empty());
    }
}
