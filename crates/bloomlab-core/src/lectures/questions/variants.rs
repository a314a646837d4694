//! Questions in the variant views, which have no stepper: the counting filter after a delete and
//! the multi-layer filter's XOR layer. Each is asked about what the page shows now, and answered
//! by the same filter code that draws it; each wrong choice comes with what it actually is.

use super::{question, Question, Wrong};
use crate::engine::counting::{CountTrace, OpKind};
use crate::labs::counting::CountingLab;
use crate::labs::mlbf::MlbfLab;

/// `“item”`, shortened for a prompt.
fn quoted(item: &str) -> String {
    format!("\u{201c}{}\u{201d}", crate::text::shorten(item, 40))
}

/// The item a delete is asked about: one it turned into a false negative, else the first item
/// still in the multiset that shares a counter with the deleted one, else the deleted item.
fn asked_item(lab: &CountingLab) -> Option<String> {
    let shown = lab.shown()?;
    let deleted = &shown.trace.item;
    let positions = shown.trace.positions();
    let sharing = || {
        lab.rows().into_iter().map(|r| r.item).find(|item| {
            item != deleted
                && lab.true_count(item) > 0
                && lab.filter().lookup(item).is_ok_and(|t| t.positions().iter().any(|p| positions.contains(p)))
        })
    };
    Some(shown.new_false_negatives.first().cloned().or_else(sharing).unwrap_or_else(|| deleted.clone()))
}

/// "counter 3 holds 0", "counters 3 and 5 hold 0", or the secondary filter's, for Recurring
/// Minimum's answer from there: the item's counters at 0.
fn zero_counters(trace: &CountTrace) -> String {
    let (steps, whose) =
        if trace.estimate.from_secondary { (&trace.secondary, "the secondary filter's ") } else { (&trace.steps, "") };
    let mut zeros: Vec<u64> = steps.iter().filter(|s| s.after == 0).map(|s| s.position).collect();
    zeros.sort_unstable();
    zeros.dedup();
    let names: Vec<String> = zeros.iter().map(|p| p.to_string()).collect();
    match names.as_slice() {
        [] => format!("{whose}estimate is 0"),
        [one] => format!("{whose}counter {one} holds 0"),
        [rest @ .., last] => format!("{whose}counters {} and {last} hold 0", rest.join(", ")),
    }
}

/// Why "present" (when the filter says absent) or "absent" (when it says present) is wrong for
/// `item`, which is in the multiset `count` times, after the delete of `deleted`.
fn counting_why(lab: &CountingLab, trace: &CountTrace, item: &str, count: u64, deleted: &str) -> String {
    let (it, gone) = (quoted(item), quoted(deleted));
    let value = trace.estimate.value;
    let mode = lab.mode().title();
    match (value > 0, count > 0) {
        (true, true) if item == deleted => format!(
            "Deleting {it} took one count from each of its counters, but it is still in the multiset {count} time(s), and those counts remain: {mode} estimates {value}, not 0."
        ),
        (true, true) => format!(
            "Deleting {gone} took one count from each of its own counters, but {it} is in the multiset {count} time(s), and its counters still hold counts: {mode} estimates {value}, not 0."
        ),
        (true, false) => format!(
            "{it} is not in the multiset, but the filter answers from counters alone: other items' counts share its counters, and {mode} estimates {value} from them, not 0."
        ),
        (false, true) => format!(
            "{it} is still in the multiset {count} time(s), but the filter answers from counters alone: the deletes took counts that were its own, and its {}.",
            zero_counters(trace)
        ),
        (false, false) => format!(
            "Present needs every one of its counters above 0, and after deleting {gone} its {}.",
            zero_counters(trace)
        ),
    }
}

/// The counting filter after a delete: will the item the delete touched be reported present?
pub fn counting(lab: &CountingLab) -> Option<Question> {
    let shown = lab.shown().filter(|s| s.trace.op == OpKind::Delete)?;
    let item = asked_item(lab)?;
    let trace = lab.filter().lookup(&item).ok()?;
    let present = trace.estimate.value > 0;
    let count = lab.true_count(&item);
    let (yes, no) = ("Yes: reported present".to_string(), "No: reported absent".to_string());
    let why = counting_why(lab, &trace, &item, count, &shown.trace.item);
    let (right, wrong) = if present { (yes, (no, why)) } else { (no, (yes, why)) };
    let deleted = quoted(&shown.trace.item);
    let counters: Vec<String> =
        trace.steps.iter().map(|s| format!("counter {} holds {}", s.position, s.after)).collect();
    let how = match (count > 0, present) {
        (true, false) if shown.new_false_negatives.contains(&item) => format!(
            " It is still in the multiset {count} time(s): a false negative, because deleting {deleted}{} took counts that were its own.",
            if shown.phantom_delete { ", which was never inserted," } else { "" }
        ),
        (true, false) => {
            format!(" It is still in the multiset {count} time(s): a false negative, left by deletes that took counts that were its own.")
        }
        (false, true) => " It is not in the multiset: a false positive.".to_string(),
        (true, true) => format!(" It is in the multiset {count} time(s), and every one of its counters still holds a count."),
        (false, false) => " It is not in the multiset, and the filter agrees.".to_string(),
    };
    let reasoning = format!(
        "{}: {}; the filter's estimate ({}) is {}, so it is reported {}.{how}",
        quoted(&item),
        counters.join(", "),
        lab.mode().title(),
        trace.estimate.value,
        if present { "present" } else { "absent" },
    );
    let prompt = if item == shown.trace.item {
        format!("After this delete, will {deleted} be reported present?")
    } else {
        format!("After deleting {deleted}, will {} be reported present?", quoted(&item))
    };
    question("counting-delete".into(), prompt, right, vec![wrong], reasoning, shown.trace.positions().len())
}

/// The multi-layer filter: the shown URL's first XOR step (hash h0, as the page numbers it), the
/// layers' positions combined bit by bit, then `mod m`.
pub fn mlbf(lab: &MlbfLab) -> Option<Question> {
    let shown = lab.shown()?;
    let x = shown.trace.xor.first()?;
    let m = lab.m();
    let parts: Vec<String> = x.parts.iter().map(|p| p.to_string()).collect();
    let fold = |f: fn(u64, u64) -> u64| x.parts.iter().copied().reduce(f).unwrap_or(0) % m;
    let bit = |p: u64| format!("bit {p}");
    let sum: u128 = x.parts.iter().map(|&p| p as u128).sum();
    let (or, and) = (fold(|a, b| a | b), fold(|a, b| a & b));
    let first = x.parts.first().copied().unwrap_or(0);
    let wrong: Vec<Wrong> = vec![
        (
            bit((sum % m as u128) as u64),
            format!("That is their sum, {} = {sum}, mod {m}: XOR works bit by bit, without carries.", parts.join(" + ")),
        ),
        (
            bit(or),
            format!("That is their OR, mod {m}: a bit of OR is 1 where any of the positions has a 1, a bit of XOR where an odd number of them do."),
        ),
        (
            bit(and),
            format!("That is their AND, mod {m}: a bit of AND is 1 only where every position has a 1, a bit of XOR where an odd number of them do."),
        ),
        (
            bit(first % m),
            format!("That is the first layer's position, {first}, alone: the XOR layer's bit combines the positions of all {} layers.", x.parts.len()),
        ),
    ];
    let reasoning = format!(
        "{} XOR bit by bit: a bit of the result is 1 where an odd number of the layers' positions have a 1, giving {}; {} mod {m} = {}. The XOR layer's bit {} {}.",
        parts.join(" ⊕ "),
        x.xor,
        x.xor,
        x.position,
        x.position,
        match (shown.is_lookup(), x.was_set) {
            (false, true) => "was 1 already",
            (false, false) => "goes from 0 to 1",
            (true, true) => "is 1",
            (true, false) => "is 0",
        }
    );
    question(
        "mlbf-xor".into(),
        format!(
            "Hash h{} puts {} at positions {} in the {} layers. Which bit of the XOR layer does it use (their XOR, mod {m})?",
            x.index,
            quoted(&shown.typed),
            parts.join(", "),
            x.parts.len()
        ),
        bit(x.position),
        wrong,
        reasoning,
        x.parts.len() + x.position as usize,
    )
}
