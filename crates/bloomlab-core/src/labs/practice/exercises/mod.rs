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

/// The binary digits of `v` with at least `width` of them (0s in front; 0 has one digit), the
/// most significant first: the digits `format!("{v:0width$b}")` writes, without writing them (a
/// step's numbers are built without text, so that grading compiles none).
pub fn binary_digits(v: u64, width: u32) -> impl DoubleEndedIterator<Item = bool> {
    let len = width.max(u64::BITS - v.leading_zeros()).max(1);
    (0..len).rev().map(move |i| v.checked_shr(i).unwrap_or(0) & 1 == 1)
}

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
