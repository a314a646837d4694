//! Stream summaries (MMDS chapter 4 and its sequels): how often items occur, which occur most,
//! and how many 1s arrived lately.
//!
//! - `rows`: the d row hashes every sketch here shares, from the contract's `xxh3` family;
//! - `count_min`: the count-min sketch, with the standard and the conservative update;
//! - `count_sketch`: the count sketch (signed counters, median of the rows);
//! - `sizing`: w = ⌈e/ε⌉ and d = ⌈ln 1/δ⌉, both ways, and the bound εN;
//! - `misra_gries` and `space_saving`: heavy hitters with k counters, deterministic;
//! - `dgim`: Datar–Gionis–Indyk–Motwani buckets counting the 1s among the last N bits.
//!
//! Every structure steps one arrival at a time and says what the arrival changed, so a page can
//! show it; each also has a plain path without that record for long streams.

pub mod count_min;
pub mod count_sketch;
pub mod dgim;
pub mod misra_gries;
pub mod rows;
pub mod sizing;
pub mod space_saving;

/// Where a summary keeps each key's counter: Misra–Gries and SpaceSaving by item id (widened from
/// `u32`), SpaceSaving's count groups by count. One map type for all three, so a page that shows
/// them compiles one hash table rather than three (about 2 KB of wasm each).
pub(crate) type Slots = std::collections::HashMap<u64, usize>;

#[cfg(test)]
mod tests;
