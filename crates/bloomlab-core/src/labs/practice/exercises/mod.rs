//! The exercises' own parts, one module each: the problem an exercise draws from a seed, the
//! steps a student takes on it with their model answers (computed by the core's own code), and
//! the catalogued mistakes each step recognises. The session around them (the step and answer
//! types, the problem enum, the result code, the tally and the progress) is in `practice`.

pub mod ams;
pub mod bloom;
pub mod counting;
pub mod fm;
pub mod formula;
pub mod hll;
pub mod reservoir;
pub mod sampling;
pub mod xor;
