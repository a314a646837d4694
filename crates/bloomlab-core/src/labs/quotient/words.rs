//! Each step's title and narration, computed from the step's state. A narration names as
//! `slot N` (or `slots A, B and C`) exactly the slots the step marks (`marked`), and states a
//! written slot's bits as they stand at the step: the tests hold both.

use super::walk::{span_slots, Step};
use super::{Done, OpKind, QuotientLab, ITEM_QUOTE};
use crate::engine::quotient::{Miss, Slot, Span, Step as Did};
use crate::text::group_digits;
use crate::text::quoted;

/// `3`, `3 and 4`, `3, 4 and 5`.
fn and_list(v: &[usize]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    match s.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// `1 bit`, `4 bits`.
fn bit_count(n: u32) -> String {
    format!("{n} bit{}", if n == 1 { "" } else { "s" })
}

/// A slot's three bits as the narration states them.
pub(super) fn bits(s: Slot) -> String {
    format!(
        "is_occupied {}, is_continuation {}, is_shifted {}",
        u8::from(s.occupied),
        u8::from(s.continuation),
        u8::from(s.shifted)
    )
}

impl QuotientLab {
    /// Step `step`'s title.
    pub fn step_title(&self, step: usize) -> String {
        let (Step::Op { op, .. }, Some(d), Some(did)) = (self.step_at(step), self.done_at(step), self.did_at(step))
        else {
            return "The empty filter".into();
        };
        let what = match did {
            Did::Canonical { slot, .. } => format!("canonical slot {slot}"),
            Did::CheckOccupied { slot, .. } => format!("is slot {slot} occupied?"),
            Did::SetOccupied { slot, after, .. } => {
                format!("{} slot {slot}'s is_occupied", if after.occupied { "set" } else { "clear" })
            }
            Did::WalkBack { slot } => format!("back over slot {slot}"),
            Did::ClusterStart { slot } => format!("the cluster starts at slot {slot}"),
            Did::SkipRun { quotient, .. } => format!("skip quotient {quotient}'s run"),
            Did::RunStart { slot } => format!("the run starts at slot {slot}"),
            Did::Compare { slot, .. } => format!("compare with slot {slot}"),
            Did::Found { slot } => format!("found in slot {slot}"),
            Did::NotFound(_) => "absent".into(),
            Did::FreeSlot { slot } => format!("free slot {slot}"),
            Did::Shift { from, to, .. } => format!("shift slot {from} \u{2192} {to}"),
            Did::Place { slot, .. } => format!("write slot {slot}"),
            Did::Remove { slot, .. } => format!("take out slot {slot}"),
            Did::Clear { slot, .. } => format!("empty slot {slot}"),
        };
        let which = if d.is_query { "query".to_string() } else { format!("{} of {}", op + 1, self.ops.len()) };
        format!("{} {} ({which}): {what}", d.op.kind.verb(), quoted(&d.op.item, ITEM_QUOTE))
    }

    /// Step `step`'s narration.
    pub fn narration(&self, step: usize) -> String {
        let (Some(d), Some(did)) = (self.done_at(step), self.did_at(step)) else { return self.say_empty() };
        let (fq, fr) = (d.trace.quotient, d.trace.remainder);
        match did {
            Did::Canonical { .. } => self.say_canonical(d),
            Did::CheckOccupied { slot, occupied: true } => format!(
                "Slot {slot}'s is_occupied bit is 1: some stored fingerprint has quotient {slot}. Its run has to be \
                 found: runs keep the order of their quotients, but may lie right of their canonical slots."
            ),
            Did::CheckOccupied { slot, occupied: false } => {
                format!("Slot {slot}'s is_occupied bit is 0: no stored fingerprint has quotient {slot}.")
            }
            Did::SetOccupied { slot, before, after } => say_set_occupied(slot, before, after),
            Did::WalkBack { slot } => format!(
                "Slot {slot} is shifted (is_shifted 1): its remainder belongs to the run of an earlier quotient, so the \
                 cluster began before it. The walk goes back one slot."
            ),
            Did::ClusterStart { slot } if slot == fq => format!(
                "Slot {slot} is not shifted: the cluster starts here, and so does the run of quotient {slot}, the one \
                 wanted."
            ),
            Did::ClusterStart { slot } => format!(
                "Slot {slot} is not shifted: the cluster starts here, with the run of quotient {slot}. The runs that \
                 follow belong, in order, to the next occupied quotients, so the walk now goes forward a run at a time."
            ),
            Did::SkipRun { quotient, start, len } => {
                let slots = span_slots(Span { start, len }, self.slot_count());
                let which = if slots.len() == 1 { "slot" } else { "slots" };
                format!(
                    "The run of quotient {quotient} takes {which} {}: not quotient {fq}'s, so the walk passes it.",
                    and_list(&slots)
                )
            }
            Did::RunStart { slot } => self.say_run_start(step, d, slot),
            Did::Compare { slot, remainder } => say_compare(d.op.kind, slot, remainder, fr),
            Did::Found { slot } => say_found(d, slot),
            Did::NotFound(miss) => say_missed(d, miss),
            Did::FreeSlot { slot } => self.say_free(step, slot),
            Did::Shift { from, to, after, .. } => self.say_shift(step, from, to, after),
            Did::Place { slot, after, .. } => self.say_place(step, slot, after),
            Did::Remove { slot, remainder } => format!(
                "The copy of remainder {remainder} in slot {slot} is taken out. The shifted remainders after it move \
                 one slot left to close the gap, up to an empty slot or one that is in its canonical slot."
            ),
            Did::Clear { slot, after, .. } => self.say_clear(step, slot, after),
        }
    }

    fn say_empty(&self) -> String {
        let n = group_digits(self.slot_count() as u64);
        let tail = if self.walk.done.is_empty() { " The history is empty: add an operation to watch it." } else { "" };
        format!(
            "An empty quotient filter: {n} slots (q = {}), each able to hold an r = {}-bit remainder, with three bits, \
             is_occupied, is_continuation and is_shifted, all 0. An item's fingerprint is xxh3_64 of it mod 2^{}: its \
             top {}, the quotient, names its canonical slot; its low {}, the remainder, is what a slot stores.{tail}",
            self.q,
            self.r,
            self.q + self.r,
            bit_count(self.q),
            bit_count(self.r)
        )
    }

    fn say_canonical(&self, d: &Done) -> String {
        let (f, fq, fr) = (d.trace.fingerprint, d.trace.quotient, d.trace.remainder);
        let binary = if self.q + self.r <= 24 {
            let (qw, rw) = (self.q as usize, self.r as usize);
            format!(" ({fq:0qw$b} {fr:0rw$b} in binary)")
        } else {
            String::new()
        };
        let verb = match d.op.kind {
            OpKind::Insert => "To insert",
            OpKind::Delete => "To delete",
            OpKind::Lookup => "To look up",
        };
        format!(
            "{verb} {}: its fingerprint is {f}{binary}, so its quotient is {fq} and its remainder {fr}. Its canonical \
             slot is slot {fq}.",
            quoted(&d.op.item, ITEM_QUOTE)
        )
    }

    fn say_run_start(&self, step: usize, d: &Done, slot: usize) -> String {
        let fq = d.trace.quotient;
        let op = match self.step_at(step) {
            Step::Op { op, .. } => op,
            Step::Empty => 0,
        };
        // An insert whose quotient had no run before it makes a new one.
        let new_run = d.op.kind == OpKind::Insert && !self.walk.filters.get(op).is_some_and(|f| f.slot(fq).occupied);
        let place = if slot == fq { "its canonical slot" } else { "right of its canonical slot" };
        if new_run {
            format!(
                "Quotient {fq} had no run: its new run goes at slot {slot}, {place}, where the runs of the quotients \
                 before it end."
            )
        } else {
            format!(
                "The run of quotient {fq} starts at slot {slot}, {place}. Its remainders are sorted: the walk compares \
                 {} with them in turn.",
                d.trace.remainder
            )
        }
    }

    fn say_free(&self, step: usize, slot: usize) -> String {
        let moves = matches!(self.did_at(step + 1), Some(Did::Shift { .. }));
        if moves {
            format!(
                "Slot {slot} is the first empty slot from where the new remainder goes: the remainders from there up \
                 to it move one slot right to make room, the last first."
            )
        } else {
            format!("Slot {slot} is empty: nothing has to move, the new remainder goes right into it.")
        }
    }

    fn say_shift(&self, step: usize, from: usize, to: usize, after: Slot) -> String {
        let right = to == (from + 1) % self.slot_count().max(1);
        let wraps = if right && to < from { " The table wraps round: slot 0 follows the last." } else { "" };
        let was = self.slots_at(step.saturating_sub(1)).get(from).copied().unwrap_or_default();
        let mut why = String::new();
        if right && after.continuation && !was.continuation {
            why.push_str(" It was its run's first; the new remainder goes before it, so it continues the run now.");
        }
        if !right && !after.continuation && was.continuation {
            why.push_str(" It becomes its run's first.");
        }
        if !right && !after.shifted {
            why.push_str(" It is back in its canonical slot.");
        }
        format!(
            "The remainder {} moves {} from slot {from} to slot {to}, which now reads {}: its is_occupied bit stays, \
             as it belongs to the slot.{why}{wraps}",
            after.remainder,
            if right { "right" } else { "left" },
            bits(after)
        )
    }

    fn say_place(&self, step: usize, slot: usize, after: Slot) -> String {
        let (used, load) = self.load_at(step);
        let n = self.slot_count();
        let run =
            if after.continuation { "it follows a smaller remainder of its run" } else { "it is its run's first" };
        let home = if after.shifted { "it is not in its canonical slot" } else { "it is in its canonical slot" };
        let full =
            if used >= n { " The table is full: a further insert will be refused, and nothing is lost." } else { "" };
        format!(
            "Remainder {} is written into slot {slot}, which now reads {} ({run}; {home}). Used now: {used} of {n} \
             slots, load {:.0} %.{full}",
            after.remainder,
            bits(after),
            load * 100.0
        )
    }

    fn say_clear(&self, step: usize, slot: usize, after: Slot) -> String {
        let (used, load) = self.load_at(step);
        format!(
            "Slot {slot} is left empty: its remainder, is_continuation and is_shifted are cleared, and its \
             is_occupied bit stays {}, as it belongs to the slot. Used now: {used} of {} slots, load {:.0} %.",
            u8::from(after.occupied),
            self.slot_count(),
            load * 100.0
        )
    }
}

fn say_set_occupied(slot: usize, before: Slot, after: Slot) -> String {
    if after.occupied {
        let empty = if before.is_empty() { " The slot was empty, so the remainder goes straight into it." } else { "" };
        format!(
            "Slot {slot}'s is_occupied bit is set: quotient {slot} has a run now. The bit belongs to the slot, \
             wherever the run's remainders lie.{empty}"
        )
    } else {
        format!(
            "That was the last remainder with quotient {slot}: slot {slot}'s is_occupied bit is cleared, as no \
             stored fingerprint has this quotient now."
        )
    }
}

fn say_compare(kind: OpKind, slot: usize, stored: u64, fr: u64) -> String {
    let head = format!("Slot {slot} holds remainder {stored}");
    match stored.cmp(&fr) {
        std::cmp::Ordering::Less => {
            format!("{head}, smaller than {fr}: the run is sorted, so {fr} can only come later. The walk goes on.")
        }
        std::cmp::Ordering::Equal => format!("{head}, equal to {fr}."),
        std::cmp::Ordering::Greater if kind == OpKind::Insert => {
            format!("{head}, larger than {fr}: the run is sorted, so {fr} goes here, before it.")
        }
        std::cmp::Ordering::Greater => {
            format!("{head}, larger than {fr}: the run is sorted, so {fr} is not further along it.")
        }
    }
}

fn say_found(d: &Done, slot: usize) -> String {
    let (item, fr) = (quoted(&d.op.item, ITEM_QUOTE), d.trace.remainder);
    match d.op.kind {
        OpKind::Insert => format!(
            "An equal remainder is already stored in slot {slot}: an item with the same fingerprint was inserted \
             before. The filter keeps a multiset, so this copy goes beside it."
        ),
        OpKind::Delete if d.phantom_delete() => format!(
            "Remainder {fr} is in slot {slot}, so the filter lets the delete go on. But {item} was never inserted: \
             the copy removed is another item's with the same fingerprint, and if it was that item's only copy, that \
             item now reads absent, a false negative."
        ),
        OpKind::Delete => format!("Remainder {fr} is in slot {slot}: this is the copy to take out."),
        OpKind::Lookup if d.copies_before > 0 => {
            format!("Remainder {fr} is in slot {slot}: the verdict is maybe, and {item} was indeed inserted.")
        }
        OpKind::Lookup => format!(
            "Remainder {fr} is in slot {slot}: the verdict is maybe, yet {item} was never inserted. A false \
             positive: a stored item has the same fingerprint."
        ),
    }
}

fn say_missed(d: &Done, miss: Miss) -> String {
    let (item, fq, fr) = (quoted(&d.op.item, ITEM_QUOTE), d.trace.quotient, d.trace.remainder);
    let why = match miss {
        Miss::NotOccupied => {
            format!("Quotient {fq} has no run (slot {fq}'s is_occupied bit is 0), so {fr} is not stored with it")
        }
        Miss::Greater { slot } => {
            format!("From slot {slot} on the run holds larger remainders only, so {fr} is not stored")
        }
        Miss::RunEnd { slot } => {
            format!("The run ended before slot {slot} without {fr}, so it is not stored")
        }
    };
    let truth = if d.copies_before > 0 {
        " Yet it was inserted: a delete of an item never inserted took its fingerprint, a false negative."
    } else {
        ""
    };
    format!("{why}: {item} is certainly absent, the verdict is absent.{truth}")
}
