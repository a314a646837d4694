//! The exercises' own parts, one module each: the problem an exercise draws from a seed, the
//! steps a student takes on it with their model answers (computed by the core's own code), and
//! the catalogued mistakes each step recognises, written as the problem's one `impl Drill`
//! (`practice::drill`). The session around them (the step and answer types, the tables of
//! exercises and of drills, the result code, the tally and the progress) is in `practice`.
//!
//! They are kept in folders, `filters` and `streams`; each module is also named here, so
//! `exercises::ams` and `exercises::streams::ams` are the same module. The third folder, `built`,
//! holds the drills of the filters built once (chapter 5), which the exercise sheets also draw.

pub mod built;
pub mod filters;
pub mod streams;

pub use built::{quotient_insert, xor_peel};
pub use filters::{bloom, counting, formula, xor};
pub use streams::{ams, cm_update, dgim, fm, hll, misra_gries, reservoir, sampling};

use super::step::Mistake;
use super::Problem;

/// The binary digits of `v` with at least `width` of them (0s in front; 0 has one digit), the
/// most significant first: the digits `format!("{v:0width$b}")` writes, without writing them (a
/// step's numbers are built without text, so that grading compiles none).
pub fn binary_digits(v: u64, width: u32) -> impl DoubleEndedIterator<Item = bool> {
    let len = width.max(u64::BITS - v.leading_zeros()).max(1);
    (0..len).rev().map(move |i| v.checked_shr(i).unwrap_or(0) & 1 == 1)
}

/// An exercise's catalogue of mistakes, written as `(MISTAKE, "what it gets wrong")` rows, as two
/// lists in the same order: `MISTAKES` (ids and names, what a tally needs to name what it counts)
/// and `WHY` (the prose shown with the feedback in the practice view, `explain`), so a page that
/// only counts mistakes never links their explanations.
macro_rules! catalogue {
    ($(($mistake:expr, $why:expr $(,)?)),* $(,)?) => {
        /// This exercise's catalogued mistakes, in the catalogue's order.
        pub const MISTAKES: &[$crate::labs::practice::step::Mistake] = &[$($mistake),*];
        /// What each of `MISTAKES` gets wrong, in the same order.
        pub const WHY: &[&str] = &[$($why),*];
    };
}
pub(crate) use catalogue;

/// What `m` gets wrong, from the catalogue of the exercise it belongs to (empty for a mistake no
/// exercise lists).
pub fn explain(m: Mistake) -> &'static str {
    Problem::CATALOGUES
        .iter()
        .flat_map(|(mistakes, why)| mistakes.iter().zip(why.iter()))
        .find(|(k, _)| **k == m)
        .map_or("", |(_, text)| text)
}

#[cfg(test)]
#[test]
fn every_mistake_has_its_explanation() {
    for (mistakes, why) in Problem::CATALOGUES {
        assert_eq!(mistakes.len(), why.len());
        assert!(why.iter().all(|w| w.len() > 20), "{mistakes:?}");
        // Its own: no other catalogue has the same mistake, whatever the table's order.
        assert!(mistakes.iter().zip(why.iter()).all(|(m, w)| explain(*m) == *w), "{mistakes:?}");
    }
    for e in super::Exercise::ALL.into_iter().filter(|e| e.here()) {
        assert!(Problem::CATALOGUES.iter().any(|(m, _)| *m == Problem::mistakes(e)), "{e:?}");
    }
}
