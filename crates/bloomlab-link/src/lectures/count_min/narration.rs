//! The walkthrough's words: each step's title, and its narration naming the numbers — the
//! counters each sketch changed (before → after), what the conservative update left, the count
//! sketch's signs, Misra–Gries's decrement or SpaceSaving's replaced minimum, and at the lookup
//! the smallest counter and the median of sign × counter.

use super::{Arrival, CmWalk, LookedUp, Sketch, Snapshot};
use crate::engine::stats::sort_floats;
use crate::engine::streams::misra_gries::MgEvent;
use crate::engine::streams::space_saving::SsEvent;
use crate::text::trim_float;

/// `+1` or `−1`.
pub fn sign_text(s: i64) -> &'static str {
    if s < 0 {
        "\u{2212}1"
    } else {
        "+1"
    }
}

/// A signed counter as written: `−2`, `3`.
fn signed(v: i64) -> String {
    if v < 0 {
        format!("\u{2212}{}", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// Step `step`'s title.
pub fn title(walk: &CmWalk, step: usize) -> String {
    if walk.is_empty() {
        return "No items to step through".into();
    }
    if walk.is_lookup(step) {
        return format!("Look up \u{201c}{}\u{201d}", walk.lookup);
    }
    match walk.item_at(step) {
        Some(x) if step > 0 => format!("Arrival {step}: \u{201c}{x}\u{201d}"),
        _ => "Before the first arrival".into(),
    }
}

/// Step `step`'s narration, from the snapshot `s` the walk gives at that step.
pub fn narration(walk: &CmWalk, step: usize, s: &Snapshot) -> String {
    if walk.is_lookup(step) {
        return lookup_text(walk, &walk.look_up(s, &walk.lookup), s.t);
    }
    match &s.arrival {
        Some(a) => arrival_text(walk, a, s),
        None => empty_text(walk),
    }
}

/// Step 0: what each named summary holds before anything arrives.
fn empty_text(walk: &CmWalk) -> String {
    let has = |s: Sketch| walk.sketches.has(s);
    let mut grids = Vec::new();
    if has(Sketch::CountMin) {
        grids.push(format!("count-min's {} rows of {} counters", walk.d, walk.w));
    }
    if has(Sketch::Conservative) {
        grids.push("the conservative grid".to_string());
    }
    if has(Sketch::CountSketch) {
        grids.push("the count sketch".to_string());
    }
    let mut said = Vec::new();
    if !grids.is_empty() {
        let all = if grids.len() > 1 { " all" } else { "" };
        said.push(format!("{}{all} hold 0", join_and(&grids)));
    }
    let counters: Vec<&str> = [(Sketch::MisraGries, "Misra–Gries"), (Sketch::SpaceSaving, "SpaceSaving")]
        .iter()
        .filter(|(s, _)| has(*s))
        .map(|&(_, n)| n)
        .collect();
    if !counters.is_empty() {
        let each = if counters.len() > 1 { " free counters each" } else { " free counters" };
        said.push(format!(
            "{} {} {}{each}",
            counters.join(" and "),
            if counters.len() > 1 { "have" } else { "has" },
            walk.k
        ));
    }
    format!(
        "Nothing has arrived: {}. Each step is one arrival of the {}; the last looks \u{201c}{}\u{201d} up.",
        said.join(", and "),
        walk.len(),
        walk.lookup
    )
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn arrival_text(walk: &CmWalk, a: &Arrival, s: &Snapshot) -> String {
    let x = &a.item;
    let cols: Vec<String> = a.place.columns.iter().enumerate().map(|(j, c)| format!("row {j} column {c}")).collect();
    let cm: Vec<String> = a.cm.iter().map(|c| format!("row {}: {} → {}", c.row, c.before, c.after)).collect();
    let has = |s: Sketch| walk.sketches.has(s);
    let grids = has(Sketch::CountMin) || has(Sketch::Conservative) || has(Sketch::CountSketch);
    let mut parts = vec![if grids {
        format!("\u{201c}{x}\u{201d} arrives (arrival {} of {}). Its counters: {}.", a.t, walk.len(), cols.join(", "))
    } else {
        format!("\u{201c}{x}\u{201d} arrives (arrival {} of {}).", a.t, walk.len())
    }];
    if has(Sketch::CountMin) {
        parts.push(format!("Count-min adds 1 to each: {}.", cm.join(", ")));
    }
    if has(Sketch::Conservative) {
        parts.push(conservative_text(a));
    }
    if has(Sketch::CountSketch) {
        let cs: Vec<String> =
            a.cs.iter()
                .zip(&a.place.signs)
                .map(|(c, &sg)| {
                    format!("row {}: {} → {} (sign {})", c.row, signed(c.before), signed(c.after), sign_text(sg))
                })
                .collect();
        parts.push(format!("The count sketch adds the sign of \u{201c}{x}\u{201d} in each row: {}.", cs.join(", ")));
    }
    if has(Sketch::MisraGries) {
        parts.push(mg_text(walk, a, s));
    }
    if has(Sketch::SpaceSaving) {
        parts.push(ss_text(walk, a, s));
    }
    // One line each: the arrival, then count-min, the conservative update, the count sketch,
    // Misra–Gries and SpaceSaving, those the walkthrough shows (the page keeps the line breaks).
    parts.join("\n")
}

/// What the conservative update raised and what it left.
fn conservative_text(a: &Arrival) -> String {
    let e = a.cu.iter().map(|c| c.before).min().unwrap_or(0);
    let raised: Vec<String> =
        a.cu.iter()
            .filter(|c| c.after != c.before)
            .map(|c| format!("row {}: {} → {}", c.row, c.before, c.after))
            .collect();
    let left: Vec<String> =
        a.cu.iter().filter(|c| c.after == c.before).map(|c| format!("row {} stays at {}", c.row, c.before)).collect();
    let mut text = format!(
        "The conservative update reads the estimate first, the smallest of the counters, {e}, and raises each only to {}: ",
        e + 1
    );
    text.push_str(&raised.join(", "));
    if !left.is_empty() {
        text.push_str(&format!("; {} (already at least {})", left.join(", "), e + 1));
    }
    text.push('.');
    text
}

fn mg_text(walk: &CmWalk, a: &Arrival, s: &Snapshot) -> String {
    let x = &a.item;
    let head = match &a.mg {
        MgEvent::Counted => format!("Misra–Gries: \u{201c}{x}\u{201d} has a counter, which goes up by 1."),
        MgEvent::Added => format!("Misra–Gries: \u{201c}{x}\u{201d} takes a free counter, with count 1."),
        MgEvent::Decremented { freed } => {
            let before: Vec<String> =
                a.mg_before.iter().map(|&(id, c)| format!("{} {c} → {}", walk.name(id), c - 1)).collect();
            let freed_text = if freed.is_empty() {
                String::new()
            } else {
                let names: Vec<&str> = freed.iter().map(|&id| walk.name(id)).collect();
                format!(" Freed, at 0: {}.", names.join(" and "))
            };
            format!(
                "Misra–Gries: all {} counters are taken, so every counter loses 1 ({}) and \u{201c}{x}\u{201d} takes none.{freed_text}",
                walk.k,
                before.join(", ")
            )
        }
    };
    format!("{head} Its counters: {}.", walk.mg_shown(&s.mg))
}

fn ss_text(walk: &CmWalk, a: &Arrival, s: &Snapshot) -> String {
    let x = &a.item;
    let head = match &a.ss {
        SsEvent::Counted => format!("SpaceSaving: \u{201c}{x}\u{201d} has a counter, which goes up by 1."),
        SsEvent::Added => format!("SpaceSaving: \u{201c}{x}\u{201d} takes a free counter, with count 1 and error 0."),
        SsEvent::Replaced { evicted, min } => format!(
            "SpaceSaving: all {} counters are taken, so \u{201c}{x}\u{201d} replaces the smallest, {}'s {min}: its count is {min} + 1 = {} with error {min}.",
            walk.k,
            walk.name(*evicted),
            min + 1
        ),
    };
    format!("{head} Its counters (count and error): {}.", walk.ss_shown(&s.ss))
}

/// The median of sign × counter, spelled out.
fn median_text(l: &LookedUp) -> String {
    let readings: Vec<i64> = l.cs.iter().zip(&l.place.signs).map(|(&c, &s)| c * s).collect();
    let shown: Vec<String> =
        l.cs.iter()
            .zip(&l.place.signs)
            .zip(&readings)
            .map(|((&c, &s), &r)| format!("{} × {} = {}", sign_text(s), signed(c), signed(r)))
            .collect();
    // Sorted through the float sort every page with a chart has (a walkthrough's counters are far
    // below 2^53, so each reading is exact as f64), not a sort of i64 of its own (3 KB of wasm).
    let mut floats: Vec<f64> = readings.iter().map(|&r| r as f64).collect();
    sort_floats(&mut floats);
    let sorted: Vec<i64> = floats.iter().map(|&f| f as i64).collect();
    let how = if sorted.len().is_multiple_of(2) && !sorted.is_empty() {
        let (a, b) = (sorted[sorted.len() / 2 - 1], sorted[sorted.len() / 2]);
        format!(
            "the mean of the two middle ones, ({} + {}) / 2 = {}",
            signed(a),
            signed(b),
            trim_float(l.cs_estimate, 1)
        )
    } else {
        format!("the median, {}", trim_float(l.cs_estimate, 1))
    };
    format!(
        "The count sketch reads sign × counter in each row, {}; sorted, {}: the estimate is {how}.",
        shown.join(", "),
        sorted.iter().map(|&v| signed(v)).collect::<Vec<_>>().join(", ")
    )
}

fn lookup_text(walk: &CmWalk, l: &LookedUp, n: usize) -> String {
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let has = |s: Sketch| walk.sketches.has(s);
    let x = &l.item;
    let mut parts = vec![format!("After all N = {n} arrivals, \u{201c}{x}\u{201d} arrived {} times.", l.truth)];
    if has(Sketch::CountMin) {
        parts.push(format!(
            "Count-min reads its counters {}: the estimate is the smallest, {}.",
            list(&l.cm),
            l.cm_estimate
        ));
    }
    if has(Sketch::Conservative) {
        parts.push(format!(
            "With the conservative update they are {}: the estimate is {}.",
            list(&l.cu),
            l.cu_estimate
        ));
    }
    if has(Sketch::CountSketch) {
        parts.push(median_text(l));
    }
    let mut held = Vec::new();
    if has(Sketch::MisraGries) {
        held.push(match l.mg {
            Some(c) => format!(
                "Misra–Gries holds {c} for it (at most N/(k+1) = {} below the truth)",
                trim_float(n as f64 / (walk.k as f64 + 1.0), 2)
            ),
            None => "Misra–Gries holds no counter for it".into(),
        });
    }
    if has(Sketch::SpaceSaving) {
        held.push(match l.ss {
            Some(c) => {
                format!("SpaceSaving holds {} with error {} (at most that much above the truth)", c.count, c.error)
            }
            None => "SpaceSaving holds no counter for it".into(),
        });
    }
    if !held.is_empty() {
        parts.push(format!("{}.", held.join("; ")));
    }
    parts.join(" ")
}
