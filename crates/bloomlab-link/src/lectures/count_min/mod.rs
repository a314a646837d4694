//! The count-min walkthrough (`view=frequencies`, link parameter `step`): one step per arrival of
//! a lecture-sized typed stream, showing what that arrival does to every summary the view keeps —
//! the d counters count-min (standard update) adds 1 to, the ones the conservative update raises
//! and the ones it leaves, the count sketch's signs, and Misra–Gries's and SpaceSaving's k
//! counters after it — then a last step that looks one item up (count-min's smallest counter,
//! the count sketch's median of sign × counter).
//!
//! Step 0 is the empty sketches, step t (1 ..= N) the state after the first t arrivals, and step
//! N + 1 the lookup. Each step is computed by replaying the stream from the start (a walkthrough
//! has at most a few thousand arrivals). The words are `narration`.

mod narration;
mod sketches;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::engine::streams::count_min::{CellChange, CountMin, Update};
use crate::engine::streams::count_sketch::CountSketch;
use crate::engine::streams::misra_gries::{MgEvent, MisraGries};
use crate::engine::streams::rows::Place;
use crate::engine::streams::space_saving::{SpaceSaving, SsCounter, SsEvent};
pub use narration::{narration, title};
pub use sketches::{Sketch, Sketches};

/// A walkthrough: the stream, the sketches' shape, the summaries' k and the item looked up last.
#[derive(Clone, Debug, PartialEq)]
pub struct CmWalk {
    /// The arrivals, in order.
    pub items: Vec<String>,
    pub w: u64,
    pub d: u32,
    pub k: usize,
    /// The item the last step looks up.
    pub lookup: String,
    /// The summaries the walkthrough narrates and draws (`sketches`; all by default).
    pub sketches: Sketches,
    /// Distinct items by id, in order of first arrival (the summaries count ids).
    names: Vec<String>,
    ids: Vec<u32>,
}

/// What one arrival did to every summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival {
    /// Its place in the stream, from 1.
    pub t: usize,
    pub item: String,
    /// Its column and its count-sketch sign in each row.
    pub place: Place,
    pub cm: Vec<CellChange<u64>>,
    pub cu: Vec<CellChange<u64>>,
    pub cs: Vec<CellChange<i64>>,
    pub mg: MgEvent,
    /// Misra–Gries's counters before the arrival (what a decrement took 1 from).
    pub mg_before: Vec<(u32, u64)>,
    pub ss: SsEvent,
}

/// The summaries after some arrivals, with the last arrival's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Arrivals so far.
    pub t: usize,
    pub cm: CountMin,
    pub cu: CountMin,
    pub cs: CountSketch,
    pub mg: MisraGries,
    pub ss: SpaceSaving,
    pub arrival: Option<Arrival>,
}

/// One item looked up in a snapshot: its counters and each estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct LookedUp {
    pub item: String,
    pub truth: u64,
    pub place: Place,
    /// Its counter in each row of count-min, of the conservative grid, and of the count sketch.
    pub cm: Vec<u64>,
    pub cu: Vec<u64>,
    pub cs: Vec<i64>,
    pub cm_estimate: u64,
    pub cu_estimate: u64,
    pub cs_estimate: f64,
    /// Misra–Gries's count, and SpaceSaving's counter, if the item holds one.
    pub mg: Option<u64>,
    pub ss: Option<SsCounter>,
}

impl CmWalk {
    /// The walkthrough of `items` on sketches of `d` rows × `w` counters and summaries of `k`
    /// counters, looking `lookup` up at the end.
    pub fn new(items: &[String], w: u64, d: u32, k: usize, lookup: &str) -> CmWalk {
        let mut index: HashMap<&str, u32> = HashMap::new();
        let mut names = Vec::new();
        let mut ids = Vec::with_capacity(items.len());
        for x in items {
            let id = *index.entry(x.as_str()).or_insert_with(|| {
                names.push(x.clone());
                names.len() as u32 - 1
            });
            ids.push(id);
        }
        let (w, d) = crate::engine::streams::count_min::fit_shape(w, d);
        CmWalk {
            items: items.to_vec(),
            w,
            d,
            k: k.max(1),
            lookup: lookup.to_string(),
            sketches: Sketches::ALL,
            names,
            ids,
        }
    }

    /// The walkthrough narrowed to `sketches`.
    pub fn with_sketches(self, sketches: Sketches) -> CmWalk {
        CmWalk { sketches, ..self }
    }

    /// Arrivals in the stream (N).
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The last step: the lookup after every arrival (0 for an empty stream).
    pub fn last_step(&self) -> usize {
        if self.items.is_empty() {
            0
        } else {
            self.items.len() + 1
        }
    }

    /// Whether step `step` is the lookup.
    pub fn is_lookup(&self, step: usize) -> bool {
        !self.items.is_empty() && step > self.items.len()
    }

    /// The name of item id `id` (empty for an unknown id).
    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", String::as_str)
    }

    /// The item arriving at position `t` (from 1).
    pub fn item_at(&self, t: usize) -> Option<&str> {
        t.checked_sub(1).and_then(|i| self.items.get(i)).map(String::as_str)
    }

    /// The occurrences of `item` among the first `t` arrivals.
    pub fn true_count(&self, item: &str, t: usize) -> u64 {
        self.items.iter().take(t).filter(|x| *x == item).count() as u64
    }

    /// The summaries at step `step`: after its arrivals (all of them at the lookup), with the
    /// record of the last one (none at step 0 and at the lookup).
    pub fn at(&self, step: usize) -> Snapshot {
        let t = step.min(self.items.len());
        let mut s = Snapshot {
            t,
            cm: CountMin::new(self.w, self.d, Update::Standard),
            cu: CountMin::new(self.w, self.d, Update::Conservative),
            cs: CountSketch::new(self.w, self.d),
            mg: MisraGries::new(self.k),
            ss: SpaceSaving::new(self.k),
            arrival: None,
        };
        for (i, (x, &id)) in self.items.iter().zip(&self.ids).take(t).enumerate() {
            let place = Place::of(x.as_bytes(), self.w, self.d);
            let mg_before = s.mg.counters().to_vec();
            let arrival = Arrival {
                t: i + 1,
                item: x.clone(),
                cm: s.cm.insert_at(&place.columns),
                cu: s.cu.insert_at(&place.columns),
                cs: s.cs.insert_at(&place.columns, &place.signs),
                mg: s.mg.push(id),
                mg_before,
                ss: s.ss.push(id),
                place,
            };
            s.arrival = (i + 1 == step).then_some(arrival);
        }
        s
    }

    /// `item` looked up in the snapshot `s`.
    pub fn look_up(&self, s: &Snapshot, item: &str) -> LookedUp {
        let place = Place::of(item.as_bytes(), self.w, self.d);
        let rows = 0..self.d;
        let id = self.names.iter().position(|n| n == item).map(|i| i as u32);
        LookedUp {
            item: item.to_string(),
            truth: self.true_count(item, s.t),
            cm: rows.clone().map(|j| s.cm.get(j, place.columns[j as usize])).collect(),
            cu: rows.clone().map(|j| s.cu.get(j, place.columns[j as usize])).collect(),
            cs: rows.map(|j| s.cs.get(j, place.columns[j as usize])).collect(),
            cm_estimate: s.cm.estimate_at(&place.columns),
            cu_estimate: s.cu.estimate_at(&place.columns),
            cs_estimate: s.cs.estimate_at(&place.columns, &place.signs),
            mg: id.map(|i| s.mg.count(i)).filter(|&c| c > 0),
            ss: id.and_then(|i| s.ss.counter(i)),
            place,
        }
    }

    /// The item a step shows: the arrival's, or at the lookup (and before any arrival) the
    /// looked-up item.
    pub fn shown_item(&self, step: usize) -> &str {
        match self.item_at(step) {
            Some(x) if !self.is_lookup(step) => x,
            _ => &self.lookup,
        }
    }

    /// Misra–Gries's counters as `item:count`, joined with `,` (the `hh-counters` hook's form,
    /// items percent-encoded).
    pub fn mg_text(&self, mg: &MisraGries) -> String {
        let parts: Vec<String> =
            mg.counters().iter().map(|&(id, c)| format!("{}:{c}", crate::link::query::encode(self.name(id)))).collect();
        parts.join(",")
    }

    /// Misra–Gries's counters as a reader sees them: each item as typed, in quotes, with its
    /// count (`“apple” 4, “🙂” 1`); "none" without any.
    pub fn mg_shown(&self, mg: &MisraGries) -> String {
        let parts: Vec<String> =
            mg.counters().iter().map(|&(id, c)| format!("\u{201c}{}\u{201d} {c}", self.name(id))).collect();
        none_or_joined(parts)
    }

    /// SpaceSaving's counters as a reader sees them: `“apple” 5 (error 1)`; "none" without any.
    pub fn ss_shown(&self, ss: &SpaceSaving) -> String {
        let parts: Vec<String> = ss
            .counters()
            .iter()
            .map(|c| format!("\u{201c}{}\u{201d} {} (error {})", self.name(c.item), c.count, c.error))
            .collect();
        none_or_joined(parts)
    }

    /// SpaceSaving's counters as `item:count:error`, joined with `,`.
    pub fn ss_text(&self, ss: &SpaceSaving) -> String {
        let parts: Vec<String> = ss
            .counters()
            .iter()
            .map(|c| format!("{}:{}:{}", crate::link::query::encode(self.name(c.item)), c.count, c.error))
            .collect();
        parts.join(",")
    }
}

/// `parts` joined with `, `, or "none".
fn none_or_joined(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}
