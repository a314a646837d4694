//! The exercises on the filters built once (chapter 5): peeling an xor filter and assigning its
//! slots, and inserting into a quotient filter.

pub mod quotient_insert;
pub mod xor_peel;
