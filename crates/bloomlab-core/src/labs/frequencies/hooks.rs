//! The view's test hooks as text (issue 36): the grids' counters, rows joined with `/` and
//! counters with `,`; the heavy-hitter counters as `item:count` (Misra–Gries) or
//! `item:count:error` (SpaceSaving) joined with `,`, in the order each keeps them. Items are
//! percent-encoded as in a link, so a comma in an item is `%2C`; an item may hold `:`, so
//! read a counter from its right.

use super::params::HOOK_CELLS;
use super::stream::Stream;
use crate::engine::streams::misra_gries::MisraGries;
use crate::engine::streams::space_saving::SpaceSaving;
use crate::link::query::encode;

/// A grid's `data-counters`: `cells` row by row, `w` to a row; `None` past `HOOK_CELLS`.
pub fn grid<V: std::fmt::Display>(cells: &[V], w: u64) -> Option<String> {
    if cells.len() as u64 > HOOK_CELLS || w == 0 {
        return None;
    }
    let rows: Vec<String> =
        cells.chunks(w as usize).map(|row| row.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")).collect();
    Some(rows.join("/"))
}

/// Misra–Gries's `data-counters`.
pub fn mg_counters(mg: &MisraGries, stream: &Stream) -> String {
    let parts: Vec<String> = mg.counters().iter().map(|&(id, c)| format!("{}:{c}", encode(stream.name(id)))).collect();
    parts.join(",")
}

/// SpaceSaving's `data-counters`.
pub fn ss_counters(ss: &SpaceSaving, stream: &Stream) -> String {
    let parts: Vec<String> =
        ss.counters().iter().map(|c| format!("{}:{}:{}", encode(stream.name(c.item)), c.count, c.error)).collect();
    parts.join(",")
}
