//! The exercises on filters: a Bloom filter's inserts and lookups, its false-positive formula,
//! a counting filter's inserts and deletes, and the multi-layer filter's XOR layer.

pub mod bloom;
pub mod counting;
pub mod formula;
pub mod xor;
