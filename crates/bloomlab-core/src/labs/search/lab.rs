//! The search comparison as its page runs it: its settings, the user's file when one is loaded
//! (a link never holds it: it stays when the settings are read again), and the measurement as
//! the run, started again when the settings or the file change.

use std::rc::Rc;

use crate::data::dataset::Dataset;
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::Notice;
use crate::link::params::missing_file;
use crate::link::query::Query;
use crate::link::state::{edited, LinkState};

use super::run::SearchRun;
use super::{DataChoice, SearchSpec, DATA};

/// The fewest distinct items a file needs: half are inserted, half probed.
pub const MIN_FILE_ITEMS: usize = 4;

/// The comparison as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLab {
    pub spec: SearchSpec,
    /// The user's file, once one with enough items was read.
    pub file: Option<Rc<Dataset>>,
}

/// A change the page's controls ask for besides a setting's field.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchEdit {
    /// A file was read.
    File(Rc<Dataset>),
    /// Back to the generated crawl.
    ClearFile,
}

/// The notice for `data=file` while no file is loaded.
fn no_file() -> Notice {
    missing_file("the comparison runs on the generated crawl")
}

impl SearchLab {
    /// The settings a link gives with `file` loaded, and the link's notices (one that asks for a
    /// file while none is loaded says so).
    fn read_with(q: &Query, file: Option<Rc<Dataset>>) -> (SearchLab, Vec<Notice>) {
        let (spec, mut notices) = SearchSpec::read(q);
        if spec.data == DataChoice::File && file.is_none() {
            notices.push(no_file());
        }
        (SearchLab { spec, file }, notices)
    }

    /// The file's items, when the comparison runs on them.
    fn items(&self) -> Option<Rc<Vec<String>>> {
        self.file.as_ref().filter(|_| self.spec.data == DataChoice::File).map(|d| d.items.clone())
    }
}

impl LinkState for SearchLab {
    /// A link never loads a file: one that asks for a file gets the notice that it is not loaded.
    fn read(q: &Query) -> (SearchLab, Vec<Notice>) {
        SearchLab::read_with(q, None)
    }

    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        self.spec.query_pairs()
    }

    /// Read again with the file kept.
    fn with_raw(&self, raw: &[(&str, Option<String>)]) -> (SearchLab, Vec<Notice>) {
        SearchLab::read_with(&edited(self.query_pairs(), raw), self.file.clone())
    }
}

impl Model for SearchLab {
    type Edit = SearchEdit;
    type Run = SearchRun;
    type Aside = ();
    /// Work units per slice: 20,000 at first, then about 12 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(20_000, 500, 10_000_000, 12.0);

    /// A file with too few items is refused with a notice (in place of the one asking for a
    /// file); one with enough is run on; clearing it goes back to the generated crawl.
    fn edit(&self, edit: SearchEdit) -> Option<(SearchLab, Option<Vec<Notice>>)> {
        let (lab, notices) = match edit {
            SearchEdit::File(file) if file.items.len() < MIN_FILE_ITEMS => {
                let (_, mut notices) = self.with_raw(&[]);
                notices.retain(|n| n.param.as_deref() != Some(DATA.name));
                notices.push(Notice::input(format!(
                    "the file has {} distinct item(s); the comparison needs at least {MIN_FILE_ITEMS} (half inserted, half probed)",
                    file.items.len()
                )));
                return Some((self.clone(), Some(notices)));
            }
            SearchEdit::File(file) => {
                SearchLab { file: Some(file), ..self.clone() }.with_raw(&[(DATA.name, Some("file".into()))])
            }
            SearchEdit::ClearFile => SearchLab { file: None, ..self.clone() }.with_raw(&[(DATA.name, None)]),
        };
        Some((lab, Some(notices)))
    }

    fn run(&self) -> SearchRun {
        self.spec.run(self.items())
    }

    fn aside(&self) {}

    /// New settings, or another file while the comparison runs on files, measure again.
    fn carry_run(&self, before: &Self, _run: &mut SearchRun) -> Carry {
        let same_items = self.items().map(|i| Rc::as_ptr(&i)) == before.items().map(|i| Rc::as_ptr(&i));
        if self.spec == before.spec && same_items {
            Carry::Keep
        } else {
            Carry::Restart
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::dataset::{Reader, Split};

    fn lab(link: &str) -> SearchLab {
        SearchLab::read(&Query::parse(link)).0
    }

    fn params(notices: &[Notice]) -> Vec<Option<&str>> {
        notices.iter().map(|n| n.param.as_deref()).collect()
    }

    fn file(text: &str) -> Rc<Dataset> {
        Rc::new(Reader::new(Some("urls.txt"), text.as_bytes().to_vec()).unwrap().split(Split::Lines).finish().unwrap())
    }

    #[test]
    fn a_field_is_read_as_the_link_with_its_notice_and_clamped() {
        let start = lab("?view=search");
        let (next, notices) = start.with_fields(&[("n", "5000000")]);
        assert_eq!(next.carry_run(&start, &mut start.run()), Carry::Restart);
        assert_eq!((next.spec.n, params(&notices)), (super::super::N.max, vec![Some("n")]));
        // A good value gives no notice; the same value starts nothing again.
        let (again, notices) = next.with_fields(&[("n", "1000000")]);
        assert!(notices.is_empty());
        assert_eq!(again.carry_run(&next, &mut next.run()), Carry::Keep);
        let (seeded, notices) = again.with_fields(&[("seed", "x")]);
        assert_eq!(seeded.carry_run(&again, &mut again.run()), Carry::Keep);
        assert_eq!((seeded.spec.seed, params(&notices)), (super::super::SEED.default, vec![Some("seed")]));
        let (rate, _) = seeded.with_fields(&[("p", "5%")]);
        assert_eq!((rate.spec.p, rate.carry_run(&seeded, &mut seeded.run())), (0.05, Carry::Restart));
    }

    #[test]
    fn a_file_is_asked_for_kept_and_cleared() {
        let (linked, notices) = SearchLab::read(&Query::parse("?view=search&data=file"));
        assert_eq!((params(&notices), linked.spec.data), (vec![Some("data")], DataChoice::File));
        let (few, notices) = linked.edit(SearchEdit::File(file("a\nb\nc"))).unwrap();
        assert_eq!((few.file.is_none(), params(&notices.unwrap())), (true, vec![None]));
        assert_eq!(few.carry_run(&linked, &mut linked.run()), Carry::Keep);
        let urls = file("a\nb\nc\nd\ne\nf");
        let (loaded, notices) = few.edit(SearchEdit::File(urls.clone())).unwrap();
        assert_eq!((loaded.spec.data, notices), (DataChoice::File, Some(Vec::new())));
        assert_eq!(loaded.carry_run(&few, &mut few.run()), Carry::Restart);
        assert_eq!(loaded.run().n_max(), 3, "half the file inserted");
        // A setting changed while the file is loaded keeps it and asks for nothing.
        let (bigger, notices) = loaded.with_fields(&[("queries", "100")]);
        assert!(notices.is_empty() && bigger.file.is_some());
        let (crawl, notices) = bigger.edit(SearchEdit::ClearFile).unwrap();
        assert_eq!((crawl.file.is_none(), crawl.spec.data, notices), (true, DataChoice::Crawl, Some(Vec::new())));
        let (_, notices) = crawl.with_fields(&[("data", "file")]);
        assert_eq!(params(&notices), [Some("data")]);
    }
}
