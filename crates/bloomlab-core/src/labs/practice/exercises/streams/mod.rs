//! The exercises on streams: counting distinct elements (Flajolet–Martin, HyperLogLog), the
//! second moment (AMS), samples (reservoir, by key), and frequencies (a count-min sketch's
//! update, Misra–Gries's counters, DGIM's buckets over a window).

pub mod ams;
pub mod cm_update;
pub mod dgim;
pub mod fm;
pub mod hll;
pub mod misra_gries;
pub mod reservoir;
pub mod sampling;
