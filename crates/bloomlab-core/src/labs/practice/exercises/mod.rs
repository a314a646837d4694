//! The exercises' own parts, one module each: the problem an exercise draws from a seed, the
//! steps a student takes on it with their model answers (computed by the core's own code), and
//! the catalogued mistakes each step recognises. The session around them (the step and answer
//! types, the problem enum, the result code, the tally and the progress) is in `practice`.
//!
//! They are kept in two folders, `filters` and `streams`; each module is also named here, so
//! `exercises::ams` and `exercises::streams::ams` are the same module.

pub mod filters;
pub mod streams;

pub use filters::{bloom, counting, formula, xor};
pub use streams::{ams, cm_update, dgim, fm, hll, misra_gries, reservoir, sampling};

use super::step::Mistake;

/// What `m` gets wrong, from the catalogue of the exercise it belongs to (empty for a mistake no
/// exercise lists).
pub fn explain(m: Mistake) -> &'static str {
    [
        bloom::EXPLAINED,
        counting::EXPLAINED,
        formula::EXPLAINED,
        xor::EXPLAINED,
        ams::EXPLAINED,
        cm_update::EXPLAINED,
        dgim::EXPLAINED,
        fm::EXPLAINED,
        hll::EXPLAINED,
        misra_gries::EXPLAINED,
        reservoir::EXPLAINED,
        sampling::EXPLAINED,
    ]
    .iter()
    .flat_map(|table| table.iter())
    .find(|(k, _)| *k == m)
    .map_or("", |(_, text)| text)
}
