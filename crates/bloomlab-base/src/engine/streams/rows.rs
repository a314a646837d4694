//! The row hashes the frequency sketches share: d hash functions from the contract's `xxh3`
//! family (section 2), one per row.
//!
//! Row j (0-based) of a sketch w counters wide puts item x in column
//! `xxh3_64_with_seed(x, s_j) mod w`, where s_j = j · G mod 2^64 and G = 0x9E3779B97F4A7C15
//! (so s_0 = 0): exactly the contract's `pos_j(x)` with m = w.
//!
//! The count sketch also gives x a sign in row j: +1 when `xxh3_64_with_seed(x, s_j + 1)` is
//! even, −1 when it is odd, where s_j + 1 is taken mod 2^64. The issue writes this seed
//! "j·G + 1": we read it as the contract's s_j (the product already reduced mod 2^64) plus one,
//! with wrap-around, so row 0's sign seed is 1 and row 1's is 0x9E3779B97F4A7C16. The sign seeds
//! are never equal to a column seed, because G is odd: s_j + 1 = s_i would need
//! (i − j) · G ≡ 1 (mod 2^64), i.e. i − j ≡ G⁻¹, a number far above any row count.

use bloomlab_kernels::bulk::seed;
use bloomlab_kernels::xxh3::xxh3_64_with_seed;

/// The seed of row `row`'s column hash: s_j = j · G mod 2^64.
pub fn column_seed(row: u32) -> u64 {
    seed(row)
}

/// The seed of row `row`'s sign hash: s_j + 1 mod 2^64.
pub fn sign_seed(row: u32) -> u64 {
    seed(row).wrapping_add(1)
}

/// Row `row`'s raw column hash of `item` (before `mod w`).
pub fn row_hash(item: &[u8], row: u32) -> u64 {
    xxh3_64_with_seed(item, column_seed(row))
}

/// The column of `item` in row `row` of a sketch `w` counters wide (w of 0 is read as 1).
pub fn column(item: &[u8], row: u32, w: u64) -> u64 {
    row_hash(item, row) % w.max(1)
}

/// The count sketch's sign of `item` in row `row`: +1 or −1.
pub fn sign(item: &[u8], row: u32) -> i64 {
    if xxh3_64_with_seed(item, sign_seed(row)).is_multiple_of(2) {
        1
    } else {
        -1
    }
}

/// Where an item goes in a sketch of `d` rows × `w` columns: its column and its sign in each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub columns: Vec<u64>,
    pub signs: Vec<i64>,
}

impl Place {
    /// The place of `item` in `d` rows of `w` columns.
    pub fn of(item: &[u8], w: u64, d: u32) -> Place {
        Place { columns: (0..d).map(|j| column(item, j, w)).collect(), signs: (0..d).map(|j| sign(item, j)).collect() }
    }
}

/// Row `row` of a grid of counters `w` wide kept row by row (empty past the last row).
pub fn grid_row<T>(cells: &[T], w: u64, row: u32) -> &[T] {
    let w = usize::try_from(w).unwrap_or(usize::MAX);
    let start = (row as usize).saturating_mul(w).min(cells.len());
    let end = start.saturating_add(w).min(cells.len());
    &cells[start..end]
}

/// The columns of `item` in the `d` rows of a sketch `w` counters wide.
pub fn columns(item: &[u8], d: u32, w: u64) -> Vec<u64> {
    (0..d).map(|j| column(item, j, w)).collect()
}
