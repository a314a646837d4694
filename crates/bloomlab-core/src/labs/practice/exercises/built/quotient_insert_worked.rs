//! `quotient-insert`'s worked solutions: how the remainder's slot is found and what moves, and
//! the landing slot's three bits, each with its reason.

use super::Landing;
use crate::engine::quotient::Step as Did;

/// `3`, `3 and 4`, `3, 4 and 5`.
fn and_list<T: std::fmt::Display>(v: &[T]) -> String {
    let s: Vec<String> = v.iter().map(T::to_string).collect();
    match s.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => s.concat(),
    }
}

/// `slot 3`, `slots 3 to 5`.
fn span(first: usize, last: usize) -> String {
    if first == last {
        format!("slot {first}")
    } else {
        format!("slots {first} to {last}")
    }
}

/// How the run was found and where the remainder goes, and what moved.
pub(super) fn worked_slot(l: &Landing) -> String {
    let (fq, fr, pos, b) = (l.trace.quotient, l.trace.remainder, l.pos, &l.before);
    let home = b.slot(fq);
    if home.is_empty() {
        return format!("Slot {fq}, its canonical slot, is empty: remainder {fr} goes straight into it.");
    }
    let mut out = if home.occupied {
        format!("Slot {fq}, its canonical slot, has is_occupied 1: quotient {fq} has a run already.")
    } else {
        format!("Slot {fq}, its canonical slot, is used but has is_occupied 0: quotient {fq} starts a new run.")
    };
    let (mut back, mut skips, mut moved) = (Vec::new(), Vec::new(), Vec::new());
    let (mut cluster, mut start, mut free) = (fq, pos, pos);
    for s in &l.trace.steps {
        match *s {
            Did::WalkBack { slot } => back.push(slot),
            Did::ClusterStart { slot } => cluster = slot,
            Did::SkipRun { quotient, start, len } => skips.push((quotient, start, len)),
            Did::RunStart { slot } => start = slot,
            Did::FreeSlot { slot } => free = slot,
            Did::Shift { after, .. } => moved.push(after.remainder),
            _ => {}
        }
    }
    out.push_str(&match back.len() {
        0 => format!(" Slot {fq} is not shifted: the cluster starts there."),
        k => format!(
            " Going back over the shifted {} {}, the cluster starts at slot {cluster}, the first not shifted.",
            if k == 1 { "slot" } else { "slots" },
            and_list(&back)
        ),
    });
    if !skips.is_empty() {
        let each: Vec<String> = skips
            .iter()
            .map(|&(q, s, len)| format!("the run of quotient {q} takes {}", span(s, s + len - 1)))
            .collect();
        let which = if home.occupied { "the run" } else { "the new run" };
        out.push_str(&format!(
            " Runs come in quotient order: {}, so {which} of quotient {fq} starts at slot {start}.",
            and_list(&each)
        ));
    }
    let run: Vec<u64> = l.run().iter().map(|&s| b.slot(s).remainder).collect();
    if !run.is_empty() {
        let place = match run.iter().find(|&&x| x > fr) {
            Some(x) => format!("{fr} goes before {x}"),
            None => format!("none is larger than {fr}, so it goes after them"),
        };
        out.push_str(&format!(" Its run holds {}, sorted: {place}, in slot {pos}.", and_list(&run)));
    }
    moved.reverse();
    out.push_str(&match moved.len() {
        0 => format!(" Slot {pos} is empty: nothing moves."),
        _ => format!(
            " What lies in {} ({}) moves one slot right, up to the empty slot {free}, and is shifted now.",
            span(pos, (free + b.slot_count() - 1) % b.slot_count()),
            and_list(&moved)
        ),
    });
    out
}

/// The landing slot's three bits, each with its reason.
pub(super) fn worked_bits(l: &Landing) -> String {
    let (fq, pos, a) = (l.trace.quotient, l.pos, l.after);
    let occupied = match (pos == fq, a.occupied) {
        (true, _) => format!("slot {pos} is the canonical slot of quotient {fq}, which has a run now"),
        (false, true) => format!("it belongs to the slot, and some stored fingerprint has quotient {pos}"),
        (false, false) => format!(
            "it belongs to the slot, and no stored fingerprint has quotient {pos}; the insert sets the bit of slot {fq}"
        ),
    };
    let continuation =
        if a.continuation { "it follows a smaller remainder of its own run" } else { "it is the first of its run" };
    let shifted = if a.shifted { "it is not in its canonical slot" } else { "it is in its canonical slot" };
    let pushed = match l.run().first() {
        Some(&first) if first == pos => format!(
            " The run's old first remainder, {}, moved to slot {} and continues the run now.",
            l.before.slot(pos).remainder,
            (pos + 1) % l.before.slot_count()
        ),
        _ => String::new(),
    };
    format!(
        "Slot {pos} after the insert: is_occupied {} ({occupied}); is_continuation {} ({continuation}); is_shifted \
         {} ({shifted}).{pushed}",
        u8::from(a.occupied),
        u8::from(a.continuation),
        u8::from(a.shifted)
    )
}
