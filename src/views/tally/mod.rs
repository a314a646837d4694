//! The `tally` view: a class's result codes, every score recomputed, the common mistakes.

pub mod students;
pub mod view;
