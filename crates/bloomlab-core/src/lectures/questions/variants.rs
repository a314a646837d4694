//! Questions in the variant views, which have no stepper: the counting filter after a delete and
//! the multi-layer filter's XOR layer. Each is asked about what the page shows now, and answered
//! by the same filter code that draws it.

use super::{question, Question};
use crate::engine::counting::OpKind;
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

/// The counting filter after a delete: will the item the delete touched be reported present?
pub fn counting(lab: &CountingLab) -> Option<Question> {
    let shown = lab.shown().filter(|s| s.trace.op == OpKind::Delete)?;
    let item = asked_item(lab)?;
    let trace = lab.filter().lookup(&item).ok()?;
    let present = trace.estimate.value > 0;
    let count = lab.true_count(&item);
    let (yes, no) = ("Yes: reported present".to_string(), "No: reported absent".to_string());
    let (right, wrong) = if present { (yes, no) } else { (no, yes) };
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
    let wrong = vec![
        bit(x.parts.iter().fold(0u64, |a, &b| a.wrapping_add(b)) % m),
        bit(fold(|a, b| a | b)),
        bit(fold(|a, b| a & b)),
        bit(x.parts.first().copied().unwrap_or(0) % m),
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
