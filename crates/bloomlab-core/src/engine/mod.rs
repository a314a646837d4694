//! The machinery: bit vectors, the hash families, the classic, counting and multi-layer filters, the formulas,
//! the shared statistics and the time budget of sliced work.

pub mod bitvec;
pub mod counting;
pub mod filter;
pub mod formulas;
pub mod hashing;
pub mod mlbf;
pub mod sketches;
pub mod slice_budget;
pub mod stats;
