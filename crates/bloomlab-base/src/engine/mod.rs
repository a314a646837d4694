//! The machinery: bit vectors, the hash families, the classic, counting and multi-layer filters, the formulas,
//! the shared statistics, the distinct-count sketches, the frequency and window summaries (count-min,
//! count sketch, heavy hitters, DGIM), frequency moments (a token stream, the AMS
//! variables, the reservoir that keeps them), sliced work (the `Sliced` trait and its time
//! budget), the timing method every measured time shown goes through, and the filters of the fifth
//! chapter: the xor and binary fuse filters (`xor`), the quotient filter (`quotient`: insert,
//! lookup and delete each traced step by step), Parquet's split-block Bloom filter
//! (`split_block`) and the standard ribbon filter (`ribbon`).

pub mod bitvec;
pub mod counting;
pub mod filter;
pub mod formulas;
pub mod hashing;
pub mod mlbf;
pub mod moments;
pub mod quotient;
pub mod ribbon;
pub mod sketches;
pub mod slice_budget;
pub mod sliced;
pub mod split_block;
pub mod stats;
pub mod streams;
pub mod timing;
pub mod xor;
