//! The quotient filter view (`view=quotient`): a quotient filter of 2^q slots and r-bit
//! remainders (Bender et al. 2012) built by a history of inserts, deletes and lookups read from
//! the link, each operation shown step by step (the canonical slot, the walk back to the
//! cluster's start, the runs skipped, the comparisons along the run, the free slot, each shift,
//! the write), the runs and clusters at every step, a last lookup with its verdict, and a long
//! run that fills a large filter to measure cluster lengths and the false-positive rate against
//! 1 − e^(−α/2^r). The filter itself is `engine::quotient`.

mod link;
pub mod load;
pub mod params;
mod walk;
mod words;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_walk;

use std::collections::HashMap;
use std::rc::Rc;

use crate::engine::filter::{Truth, Verdict};
use crate::engine::quotient::{QuotientError, QuotientFilter, Trace};
use crate::link::notice::Notice;
use crate::link::query;
use crate::text::quoted;
pub use load::LoadRun;
pub use params::PARAMS;
pub use walk::Step;

/// What an operation of the history does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Insert,
    Delete,
    Lookup,
}

impl OpKind {
    /// The prefix the link writes before the item: `i`, `d` or `l`.
    pub fn letter(self) -> char {
        match self {
            OpKind::Insert => 'i',
            OpKind::Delete => 'd',
            OpKind::Lookup => 'l',
        }
    }

    /// The kind a link's prefix letter names (either case).
    pub fn from_letter(c: char) -> Option<OpKind> {
        match c.to_ascii_lowercase() {
            'i' => Some(OpKind::Insert),
            'd' => Some(OpKind::Delete),
            'l' => Some(OpKind::Lookup),
            _ => None,
        }
    }

    /// The verb the titles use.
    pub fn verb(self) -> &'static str {
        match self {
            OpKind::Insert => "Insert",
            OpKind::Delete => "Delete",
            OpKind::Lookup => "Look up",
        }
    }
}

/// One operation of the history: a kind and an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    pub kind: OpKind,
    pub item: String,
}

impl Op {
    pub fn new(kind: OpKind, item: &str) -> Op {
        Op { kind, item: item.to_string() }
    }

    /// `i:ITEM`, `d:ITEM` or `l:ITEM`, the item percent-encoded.
    pub fn encode(&self) -> String {
        format!("{}:{}", self.kind.letter(), query::encode(&self.item))
    }
}

/// An operation carried out, with its trace and what was true of its item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    pub op: Op,
    pub trace: Trace,
    /// Copies of the item inserted and not deleted before the operation (the true multiset).
    pub copies_before: u64,
    /// The lookup of the link's `query`, after the history.
    pub is_query: bool,
}

impl Done {
    /// A delete of an item never inserted (or already deleted) that the filter could not tell
    /// from a stored one: it removes a copy of another item's fingerprint.
    pub fn phantom_delete(&self) -> bool {
        self.op.kind == OpKind::Delete && self.copies_before == 0
    }
}

/// The history replayed: the operations done and the filter before each and after the last.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// `filters[i]` is the table before operation i; the last is the table after them all.
    pub filters: Vec<QuotientFilter>,
    pub done: Vec<Done>,
    pub steps: Vec<Step>,
}

/// Everything the view shows, read from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct QuotientLab {
    pub q: u32,
    pub r: u32,
    /// The history as carried out: refused operations are left out.
    pub ops: Vec<Op>,
    /// The item looked up after the history.
    pub query: Option<String>,
    /// 2^mq slots for the long run.
    pub mq: u32,
    /// The long run's seed.
    pub seed: u64,
    pub walk: Rc<Walk>,
}

/// The last lookup: the filter's verdict against the truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub item: String,
    /// The filter found the item's remainder in its run.
    pub found: bool,
    /// The item was inserted (and not deleted as often).
    pub member: bool,
}

impl Lookup {
    /// The contract's `data-verdict`: `absent` or `maybe`.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.found)
    }

    /// The contract's `data-truth`: `member` or `non-member`.
    pub fn truth(&self) -> Truth {
        Truth::of(self.member)
    }

    /// Found without having been inserted.
    pub fn false_positive(&self) -> bool {
        self.found && !self.member
    }

    /// Not found though inserted: possible only after a delete removed this item's fingerprint
    /// for another item's.
    pub fn false_negative(&self) -> bool {
        !self.found && self.member
    }
}

/// How long an item quoted in a sentence may be (`text::quoted`).
pub(crate) const ITEM_QUOTE: usize = 30;

/// The history replayed on an empty filter of 2^q slots and r-bit remainders (which the reader
/// has checked), then the lookup of `query`. An insert into a full table and a delete of an
/// item the filter says is absent are refused: each gets a notice naming `ops` and is left out,
/// and the table stays as it was. Returns the walk and the operations carried out.
pub(crate) fn replay(q: u32, r: u32, ops: &[Op], query: Option<&str>, notices: &mut Vec<Notice>) -> (Walk, Vec<Op>) {
    let Ok(mut filter) = QuotientFilter::new(q, r) else {
        notices.push(Notice::param(params::Q.name, "the filter could not be made; nothing was replayed"));
        let walk = Walk { filters: Vec::new(), done: Vec::new(), steps: vec![Step::Empty] };
        return (walk, Vec::new());
    };
    let mut copies: HashMap<String, u64> = HashMap::new();
    let mut filters = vec![filter.clone()];
    let mut done = Vec::new();
    let mut kept = Vec::new();
    for op in ops {
        let copies_before = copies.get(&op.item).copied().unwrap_or(0);
        let trace = match carry_out(&mut filter, op, copies_before) {
            Ok(trace) => trace,
            Err(why) => {
                notices.push(Notice::param(params::OPS.name, why));
                continue;
            }
        };
        let count = copies.entry(op.item.clone()).or_insert(0);
        match op.kind {
            OpKind::Insert => *count += 1,
            OpKind::Delete => *count = count.saturating_sub(1),
            OpKind::Lookup => {}
        }
        filters.push(filter.clone());
        done.push(Done { op: op.clone(), trace, copies_before, is_query: false });
        kept.push(op.clone());
    }
    if let Some(item) = query {
        let copies_before = copies.get(item).copied().unwrap_or(0);
        let op = Op::new(OpKind::Lookup, item);
        done.push(Done { trace: filter.contains(item), op, copies_before, is_query: true });
        filters.push(filter.clone());
    }
    let steps = walk::steps(&done);
    (Walk { filters, done, steps }, kept)
}

/// One operation on the filter (`copies`: of its item, inserted and not deleted before it), or
/// why it was refused (the filter unchanged).
fn carry_out(filter: &mut QuotientFilter, op: &Op, copies: u64) -> Result<Trace, String> {
    match op.kind {
        OpKind::Insert => filter.insert(&op.item).map_err(|e| match e {
            QuotientError::Full => format!(
                "{} was not inserted: the table is full ({n} of {n} slots used) and nothing was changed; \
                 delete an item first, or take a larger q",
                quoted(&op.item, ITEM_QUOTE),
                n = filter.slot_count()
            ),
            other => format!("{} was not inserted: {other}", quoted(&op.item, ITEM_QUOTE)),
        }),
        OpKind::Delete => {
            if filter.contains(&op.item).found {
                Ok(filter.delete(&op.item))
            } else {
                let why = if copies == 0 {
                    "so it was never inserted"
                } else {
                    "although it was inserted: an earlier delete of an item that was never inserted took its fingerprint"
                };
                Err(format!(
                    "{} was not deleted: the filter says it is absent, {why}; the delete was left out",
                    quoted(&op.item, ITEM_QUOTE)
                ))
            }
        }
        OpKind::Lookup => Ok(filter.contains(&op.item)),
    }
}

impl QuotientLab {
    /// The lab for a checked q and r, history and query: the history replayed.
    pub(crate) fn build(
        q: u32,
        r: u32,
        ops: &[Op],
        query: Option<String>,
        (mq, seed): (u32, u64),
        notices: &mut Vec<Notice>,
    ) -> QuotientLab {
        let (walk, ops) = replay(q, r, ops, query.as_deref(), notices);
        QuotientLab { q, r, ops, query, mq, seed, walk: Rc::new(walk) }
    }

    /// The number of slots, 2^q.
    pub fn slot_count(&self) -> usize {
        self.walk.filters.first().map_or(0, QuotientFilter::slot_count)
    }

    /// The table after the whole history (and the lookup, which changes nothing).
    pub fn filter(&self) -> Option<&QuotientFilter> {
        self.walk.filters.last()
    }

    /// The lookup of the link's `query`: the verdict against the truth.
    pub fn lookup(&self) -> Option<Lookup> {
        let d = self.walk.done.last().filter(|d| d.is_query)?;
        Some(Lookup { item: d.op.item.clone(), found: d.trace.found, member: d.copies_before > 0 })
    }
}
