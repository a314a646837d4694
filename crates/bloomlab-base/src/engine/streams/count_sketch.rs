//! The count sketch (Charikar, Chen and Farach-Colton, 2002) on the count-min sketch's rows: row
//! j puts item x in the same column as count-min does, and adds x's sign there (+1 or −1,
//! `rows::sign`). Other items add their own signs to the counter, so each row's reading
//! sign × counter is right on average; the estimate is the median of the d readings (the mean
//! of the two middle ones for an even d), which can be too low as well as too high.

use super::count_min::{fit_shape, CellChange};
use super::rows::{columns, grid_row, sign};
use crate::engine::stats::median;

/// A count sketch of d rows × w signed counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountSketch {
    w: u64,
    d: u32,
    /// Row-major, like `CountMin`'s.
    cells: Vec<i64>,
    total: u64,
}

impl CountSketch {
    /// An empty sketch (the shape as `count_min::fit_shape` gives it).
    pub fn new(w: u64, d: u32) -> CountSketch {
        let (w, d) = fit_shape(w, d);
        CountSketch { w, d, cells: vec![0; (w * d as u64) as usize], total: 0 }
    }

    pub fn w(&self) -> u64 {
        self.w
    }
    pub fn d(&self) -> u32 {
        self.d
    }
    /// Arrivals inserted so far (N).
    pub fn total(&self) -> u64 {
        self.total
    }
    /// Every counter, row by row.
    pub fn cells(&self) -> &[i64] {
        &self.cells
    }
    /// Row `row`'s w counters (empty past the last row).
    pub fn row(&self, row: u32) -> &[i64] {
        grid_row(&self.cells, self.w, row)
    }

    /// The item's column in each row.
    pub fn columns(&self, item: &[u8]) -> Vec<u64> {
        columns(item, self.d, self.w)
    }

    /// The item's sign in each row.
    pub fn signs(&self, item: &[u8]) -> Vec<i64> {
        (0..self.d).map(|j| sign(item, j)).collect()
    }

    fn index(&self, row: u32, col: u64) -> usize {
        (row as u64 * self.w + col % self.w) as usize
    }

    /// The counter in row `row` and column `col` (0 outside the grid).
    pub fn get(&self, row: u32, col: u64) -> i64 {
        if row >= self.d {
            return 0;
        }
        self.cells.get(self.index(row, col)).copied().unwrap_or(0)
    }

    /// Each row's reading, sign × counter, for the item with these columns and signs.
    pub fn readings_at(&self, columns: &[u64], signs: &[i64]) -> Vec<i64> {
        columns.iter().zip(signs).zip(0..self.d).map(|((&c, &s), j)| self.get(j, c).saturating_mul(s)).collect()
    }

    /// The estimate: the median of the readings (0 with no rows).
    pub fn estimate_at(&self, columns: &[u64], signs: &[i64]) -> f64 {
        let mut readings: Vec<f64> = self.readings_at(columns, signs).into_iter().map(|v| v as f64).collect();
        median(&mut readings)
    }

    /// The estimate of `item`'s count.
    pub fn estimate(&self, item: &[u8]) -> f64 {
        self.estimate_at(&self.columns(item), &self.signs(item))
    }

    /// One arrival of the item with these columns and signs, without a record.
    pub fn add_at(&mut self, columns: &[u64], signs: &[i64]) {
        for ((&c, &s), j) in columns.iter().zip(signs).zip(0..self.d) {
            let i = self.index(j, c);
            if let Some(cell) = self.cells.get_mut(i) {
                *cell = cell.saturating_add(s.signum());
            }
        }
        self.total = self.total.saturating_add(1);
    }

    /// One arrival with each counter's value before and after, in row order.
    pub fn insert_at(&mut self, columns: &[u64], signs: &[i64]) -> Vec<CellChange<i64>> {
        let before: Vec<i64> = columns.iter().zip(0..self.d).map(|(&c, j)| self.get(j, c)).collect();
        self.add_at(columns, signs);
        columns
            .iter()
            .zip(0..self.d)
            .zip(before)
            .map(|((&c, row), before)| CellChange { row, column: c % self.w, before, after: self.get(row, c) })
            .collect()
    }

    /// One arrival of `item`, with its record.
    pub fn insert(&mut self, item: &[u8]) -> Vec<CellChange<i64>> {
        let (columns, signs) = (self.columns(item), self.signs(item));
        self.insert_at(&columns, &signs)
    }
}
