//! The classic view's model as its page runs it: the filter's shape, the items put in (typed,
//! generated, the user's file) and the item shown; each control's change a typed edit that
//! returns the notices it gets; and the filter (`ClassicLab`, the run) changed in place when
//! items are added, built again when the shape, the file or the items taken out change.

use std::rc::Rc;

use super::*;
use crate::data::dataset::Dataset;
use crate::engine::slice_budget::SliceBudget;
use crate::lectures::model::{Carry, Model};
use crate::link::notice::{Notice, NoticeKind};
use crate::link::params::{check_item, MAX_ITEM_CHARS};
use crate::text::{group_digits, shorten};

/// The item shown beside the filter with its hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemShown {
    Inserted(String),
    LookedUp(String),
}

/// The classic view's model.
#[derive(Clone, Debug)]
pub struct Classic {
    pub(super) family: HashFamily,
    pub(super) m: u64,
    pub(super) k: u32,
    /// The typed items, distinct, in the order they were inserted.
    pub(super) items: Vec<String>,
    pub(super) batches: Vec<Batch>,
    pub(super) shown: Option<ItemShown>,
    /// Inserts and lookups so far (the same item inserted twice in a row is traced again).
    pub(super) acts: u64,
    /// The user's file or paste (never in the link).
    pub(super) file: Option<Rc<Dataset>>,
}

/// A change the classic view's controls ask for.
#[derive(Clone, Debug)]
pub enum ClassicEdit {
    /// The m field's or slider's text, read as the link's `m`.
    M(String),
    /// The k slider's text, read as the link's `k` beside the family.
    K(String),
    /// Another family: the same items hashed again (those it cannot hash stay in the list).
    Family(HashFamily),
    Insert(String),
    Lookup(String),
    Bulk(ItemKind, u64),
    /// The items of a file or a paste, put in after the others.
    File(Rc<Dataset>),
    /// Take them out again.
    NoFile,
    /// Empty the filter and the lists.
    Clear,
}

impl Classic {
    pub fn family(&self) -> HashFamily {
        self.family
    }
    pub fn m(&self) -> u64 {
        self.m
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn items(&self) -> &[String] {
        &self.items
    }
    pub fn batches(&self) -> &[Batch] {
        &self.batches
    }
    pub fn shown(&self) -> Option<&ItemShown> {
        self.shown.as_ref()
    }
    pub fn file(&self) -> Option<&Rc<Dataset>> {
        self.file.as_ref()
    }

    /// Why `text` cannot be inserted, if it cannot.
    pub(super) fn check_item(&self, text: &str) -> Result<(), String> {
        check_item(text, self.family)?;
        if self.items.len() >= MAX_ITEMS && !self.items.iter().any(|s| s == text) {
            return Err(format!(
                "this view keeps at most {} typed items; use bulk insert for more",
                group_digits(MAX_ITEMS as u64)
            ));
        }
        Ok(())
    }

    /// Why `text` cannot be looked up, if it cannot.
    pub(super) fn check_lookup(&self, text: &str) -> Result<(), Notice> {
        if text.is_empty() {
            return Err(Notice::input("type an item to look up"));
        }
        if text.chars().count() > MAX_ITEM_CHARS {
            return Err(Notice::input(format!("items are at most {} characters", group_digits(MAX_ITEM_CHARS as u64))));
        }
        self.family.check(text).map_err(|e| Notice::input(e.to_string()))
    }

    pub(super) fn push_batch(&mut self, kind: ItemKind, count: u64) -> Result<(), Notice> {
        let total: u64 = self.batches.iter().map(|b| b.count).sum();
        if total + count > MAX_GENERATED {
            return Err(Notice::input(format!(
                "at most {} generated items fit in one filter here",
                group_digits(MAX_GENERATED)
            )));
        }
        let seed = self.batches.len() as u64;
        self.batches.push(Batch { kind, count, seed });
        Ok(())
    }

    /// What the model itself calls for: the items its family cannot hash (the `ullman` hashes
    /// take whole numbers only), the typed and generated ones in one notice, the file's in another.
    pub fn notices(&self) -> Vec<Notice> {
        if self.family != HashFamily::Ullman {
            return Vec::new();
        }
        let mut notices = Vec::new();
        let typed = self.items.iter().filter(|s| self.family.check(s).is_err()).count() as u64;
        let generated: u64 = self.batches.iter().map(|b| b.count).sum();
        let mut what = Vec::new();
        if typed > 0 {
            what.push(format!("{} typed item{}", group_digits(typed), if typed == 1 { "" } else { "s" }));
        }
        if generated > 0 {
            what.push(format!(
                "{} generated word{} and URLs",
                group_digits(generated),
                if generated == 1 { "" } else { "s" }
            ));
        }
        if !what.is_empty() {
            notices.push(Notice::input(format!(
                "the ullman hashes take whole numbers only and cannot hash {}; they stay in the list but set no bits (switch to xxh3 or double to hash them)",
                what.join(" nor ")
            ))
            .of_kind(NoticeKind::Unhashable));
        }
        let file = self.file.as_ref().map_or(0, |d| d.items.iter().filter(|s| self.family.check(s).is_err()).count());
        if file > 0 {
            notices.push(
                Notice::input(format!(
                    "the ullman hashes take whole numbers only: {} of your items are not whole numbers and set no bits",
                    group_digits(file as u64)
                ))
                .of_kind(NoticeKind::UnhashableFile),
            );
        }
        notices
    }

    /// The model after `edit`, and the notices it gives beside the model's own.
    fn edited(&self, edit: ClassicEdit) -> (Classic, Vec<Notice>) {
        let mut next = self.clone();
        let mut notices = Vec::new();
        match edit {
            ClassicEdit::M(text) => next.m = SHAPE.m_from_form(&text, &mut notices),
            ClassicEdit::K(text) => next.k = SHAPE.k_from_form(&text, self.family, &mut notices),
            ClassicEdit::Family(family) => {
                next.family = family;
                next.k = self.k.clamp(1, SHAPE.max_k(family));
            }
            ClassicEdit::Insert(text) => match self.check_item(&text) {
                Err(why) => notices.push(Notice::input(why)),
                Ok(()) => {
                    if self.items.contains(&text) {
                        notices.push(Notice::input(format!(
                            "\u{201c}{}\u{201d} was already inserted; inserting it again changes no bit",
                            shorten(&text, 40)
                        )));
                    } else {
                        next.items.push(text.clone());
                    }
                    next.shown = Some(ItemShown::Inserted(text));
                    next.acts += 1;
                }
            },
            ClassicEdit::Lookup(text) => match self.check_lookup(&text) {
                Err(n) => notices.push(n),
                Ok(()) => {
                    next.shown = Some(ItemShown::LookedUp(text));
                    next.acts += 1;
                }
            },
            ClassicEdit::Bulk(kind, count) => {
                if self.family == HashFamily::Ullman {
                    notices.push(Notice::input(
                        "the ullman hashes take whole numbers only; switch to xxh3 or double for generated words and URLs",
                    ));
                } else if let Err(n) = next.push_batch(kind, count) {
                    notices.push(n);
                }
            }
            ClassicEdit::File(d) => next.file = Some(d),
            ClassicEdit::NoFile => next.file = None,
            ClassicEdit::Clear => {
                next = Classic { items: Vec::new(), batches: Vec::new(), shown: None, file: None, ..next };
            }
        }
        notices.extend(next.notices());
        (next, notices)
    }
}

impl Model for Classic {
    type Edit = ClassicEdit;
    type Run = ClassicLab;
    type Aside = ();
    /// Generated items hashed per slice: 20,000 at first, then about 10 ms' worth.
    const BUDGET: SliceBudget = SliceBudget::new(20_000, 2_000, 2_000_000, 10.0);

    /// Every edit says what its notices are: the model's own and the edit's.
    fn edit(&self, edit: ClassicEdit) -> Option<(Classic, Option<Vec<Notice>>)> {
        let (next, notices) = self.edited(edit);
        Some((next, Some(notices)))
    }

    fn run(&self) -> ClassicLab {
        ClassicLab::build(self)
    }

    fn aside(&self) {}

    /// Items added go into the filter as it is; a new shape, another file or items taken out
    /// build it again; an item shown again is traced again.
    fn carry_run(&self, before: &Classic, lab: &mut ClassicLab) -> Carry {
        let same_file = self.file.as_ref().map(Rc::as_ptr) == before.file.as_ref().map(Rc::as_ptr);
        let shape = (self.family, self.m, self.k) == (before.family, before.m, before.k);
        if !shape || !same_file || self.items.len() < before.items.len() || self.batches.len() < before.batches.len() {
            return Carry::Restart;
        }
        lab.batches.extend_from_slice(&self.batches[before.batches.len()..]);
        let added = &self.items[before.items.len()..];
        for item in added {
            lab.insert(item);
        }
        let traced = added.is_empty() && self.acts != before.acts;
        match self.shown.as_ref().filter(|_| traced) {
            Some(ItemShown::Inserted(text)) => lab.insert(text),
            Some(ItemShown::LookedUp(text)) => lab.lookup(text),
            None => {}
        }
        if added.is_empty() && !traced && self.batches.len() == before.batches.len() {
            Carry::Keep
        } else {
            Carry::Renew
        }
    }
}
