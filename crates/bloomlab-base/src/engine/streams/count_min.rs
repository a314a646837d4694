//! The count-min sketch (Cormode and Muthukrishnan, 2005): d rows of w counters. Item x goes to
//! one counter per row (`rows::column`); its estimate is the smallest of its d counters, never
//! below its true count while there are only inserts.
//!
//! - **Standard update**: an insert adds 1 to each of the item's d counters.
//! - **Conservative update** (Estan and Varghese, 2002): an insert first reads the estimate e
//!   (the smallest of the item's counters), then raises each of its counters to e + 1 if it is
//!   below that and leaves it alone otherwise. Only counters that must grow for the estimate to
//!   stay an over-estimate grow, so estimates are never larger than the standard update's.
//!
//! Counters are 64-bit and saturate (a stream would need 2^64 arrivals to reach that).

use super::rows::{columns, grid_row};

/// The most counters one sketch allocates (the labs keep far fewer): a larger w is cut to fit.
pub const MAX_CELLS: u64 = 1 << 22;

/// How an insert raises the item's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Update {
    Standard,
    Conservative,
}

impl Update {
    pub const ALL: [Update; 2] = [Update::Standard, Update::Conservative];

    /// The link's name (`update=`).
    pub const fn name(self) -> &'static str {
        match self {
            Update::Standard => "standard",
            Update::Conservative => "conservative",
        }
    }

    pub fn parse(s: &str) -> Option<Update> {
        Update::ALL.into_iter().find(|u| u.name() == s)
    }
}

/// One counter an insert looked at: its row, its column, and its value before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChange<V> {
    pub row: u32,
    pub column: u64,
    pub before: V,
    pub after: V,
}

/// The shape `(w, d)` a sketch really gets: both at least 1, w cut so that w·d ≤ `MAX_CELLS`.
pub fn fit_shape(w: u64, d: u32) -> (u64, u32) {
    let d = d.clamp(1, MAX_CELLS as u32);
    (w.clamp(1, MAX_CELLS / d as u64), d)
}

/// A count-min sketch of d rows × w counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountMin {
    w: u64,
    d: u32,
    update: Update,
    /// Row-major: row j's counters are `cells[j·w .. (j+1)·w]`.
    cells: Vec<u64>,
    total: u64,
}

impl CountMin {
    /// An empty sketch (the shape as `fit_shape` gives it).
    pub fn new(w: u64, d: u32, update: Update) -> CountMin {
        let (w, d) = fit_shape(w, d);
        CountMin { w, d, update, cells: vec![0; (w * d as u64) as usize], total: 0 }
    }

    /// A sketch holding `cells` (row by row; missing counters read as 0, extra ones are dropped)
    /// after `total` arrivals: a grid written down elsewhere (by a student), to go on from.
    pub fn with_cells(w: u64, d: u32, update: Update, cells: &[u64], total: u64) -> CountMin {
        let mut s = CountMin::new(w, d, update);
        for (cell, &v) in s.cells.iter_mut().zip(cells) {
            *cell = v;
        }
        s.total = total;
        s
    }

    pub fn w(&self) -> u64 {
        self.w
    }
    pub fn d(&self) -> u32 {
        self.d
    }
    pub fn update(&self) -> Update {
        self.update
    }
    /// Arrivals inserted so far (N).
    pub fn total(&self) -> u64 {
        self.total
    }
    /// Every counter, row by row.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }
    /// Row `row`'s w counters (empty past the last row).
    pub fn row(&self, row: u32) -> &[u64] {
        grid_row(&self.cells, self.w, row)
    }

    /// The item's column in each row.
    pub fn columns(&self, item: &[u8]) -> Vec<u64> {
        columns(item, self.d, self.w)
    }

    /// The cell index of row `row`, column `col` (taken mod w).
    fn index(&self, row: u32, col: u64) -> usize {
        (row as u64 * self.w + col % self.w) as usize
    }

    /// The counter in row `row` and column `col` (0 outside the grid).
    pub fn get(&self, row: u32, col: u64) -> u64 {
        if row >= self.d {
            return 0;
        }
        self.cells.get(self.index(row, col)).copied().unwrap_or(0)
    }

    /// The estimate from the item's columns: the smallest of its counters (rows past `columns`
    /// are not read; no columns at all give 0).
    pub fn estimate_at(&self, columns: &[u64]) -> u64 {
        let mins = columns.iter().zip(0..self.d).map(|(&c, j)| self.get(j, c));
        mins.min().unwrap_or(0)
    }

    /// The estimate of `item`'s count.
    pub fn estimate(&self, item: &[u8]) -> u64 {
        self.estimate_at(&self.columns(item))
    }

    /// One arrival of the item whose columns are `columns` (one per row), without a record.
    pub fn add_at(&mut self, columns: &[u64]) {
        let target = self.estimate_at(columns).saturating_add(1);
        for (&c, j) in columns.iter().zip(0..self.d) {
            let i = self.index(j, c);
            if let Some(cell) = self.cells.get_mut(i) {
                *cell = match self.update {
                    Update::Standard => cell.saturating_add(1),
                    Update::Conservative => (*cell).max(target),
                };
            }
        }
        self.total = self.total.saturating_add(1);
    }

    /// One arrival of the item whose columns are `columns`, with each counter's value before and
    /// after (in row order; a conservative update may leave some unchanged).
    pub fn insert_at(&mut self, columns: &[u64]) -> Vec<CellChange<u64>> {
        let before: Vec<u64> = columns.iter().zip(0..self.d).map(|(&c, j)| self.get(j, c)).collect();
        self.add_at(columns);
        columns
            .iter()
            .zip(0..self.d)
            .zip(before)
            .map(|((&c, row), before)| CellChange { row, column: c % self.w, before, after: self.get(row, c) })
            .collect()
    }

    /// One arrival of `item`, with its record.
    pub fn insert(&mut self, item: &[u8]) -> Vec<CellChange<u64>> {
        let columns = self.columns(item);
        self.insert_at(&columns)
    }
}
