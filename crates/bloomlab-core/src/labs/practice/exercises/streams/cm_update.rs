//! `cm-update`: a small count-min sketch updated by hand, as the frequencies view updates it
//! (row j puts item x in column `xxh3_64(x, seed = j·G) mod w`; the columns are given to the
//! student as a table, since nobody computes xxh3 by hand). After each arrival the student writes
//! each row's counters, one row per step; then the estimate of a queried item, the smallest of its
//! counters (also for an item that never arrived: the sketch does not know which did). Levels 1
//! and 2 use the standard update (every one of the item's counters gains 1), level 3 the
//! conservative one (each of them is raised only to the item's estimate + 1).

use crate::engine::streams::count_min::{CountMin, Update};
use crate::engine::streams::rows::columns;
use crate::labs::practice::drill::Drill;
use crate::labs::practice::step::{Answer, DrillStep, Form, Mistake, Words, Wrong};

pub const ONE_ROW: Mistake = Mistake { id: "one-row", name: "Only the first row" };
pub const ALL_CELLS: Mistake = Mistake { id: "all-cells", name: "Every counter of the row" };
pub const MAX_NOT_MIN: Mistake = Mistake { id: "max-not-min", name: "The largest counter for the estimate" };
pub const SUM_NOT_MIN: Mistake = Mistake { id: "sum-not-min", name: "The counters added up" };
pub const CU_AS_STANDARD: Mistake =
    Mistake { id: "cu-as-standard", name: "A standard update where the update is conservative" };
pub const STANDARD_AS_CU: Mistake =
    Mistake { id: "standard-as-cu", name: "A conservative update where the update is standard" };
pub const NEVER_ARRIVED: Mistake = Mistake { id: "never-arrived", name: "Never arrived, so 0" };
// The catalogue: each mistake above and what it gets wrong (`catalogue!`).
crate::labs::practice::exercises::catalogue! {
    (ONE_ROW, "an arrival goes to one counter in every row, not only in the first: each row has its own hash, and the item's column in each row is in the table."),
    (ALL_CELLS, "an arrival raises one counter per row, the one in the item's column; the other counters of the row belong to other items and stay as they are."),
    (MAX_NOT_MIN, "every counter of the item is at least its true count (other items only add to it), so the best estimate is the smallest of them, not the largest."),
    (SUM_NOT_MIN, "each row counts the item once: the estimate is the smallest of its counters, one per row, not their sum."),
    (CU_AS_STANDARD, "the conservative update first reads the item's estimate e (the smallest of its counters), then raises each of its counters only to e + 1: a counter already at e + 1 or more stays as it is."),
    (STANDARD_AS_CU, "the standard update adds 1 to every one of the item's counters, whatever they hold; raising them only to the estimate + 1 is the conservative update."),
    (NEVER_ARRIVED, "the sketch does not know what arrived: it keeps only counters, shared with other items. Looking up an item that never arrived reads its counters like any other's, and the estimate is still the smallest of them."),
}

/// The items problems are drawn from (short words).
pub const WORDS: [&str; 8] = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "owl"];

/// A count-min problem: d rows of w counters, the arrivals in order, and the item looked up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CmProblem {
    pub w: u64,
    pub d: u32,
    pub update: Update,
    pub arrivals: Vec<String>,
    pub query: String,
}

impl Drill for CmProblem {
    const MISTAKES: &'static [Mistake] = MISTAKES;
    const WHY: &'static [&'static str] = WHY;

    /// Level 1: 2 rows × 4 counters, 3 arrivals; level 2: 3 × 5, 4 arrivals; level 3: 3 × 5, 5
    /// arrivals and the conservative update. Of 300 draws, the first where some arrival finds the
    /// item's counters unequal (so the two updates differ) and the query's estimate is above its
    /// true count is kept (else the last).
    fn draw(level: u64, rng: &mut fastrand::Rng) -> CmProblem {
        let (w, d, n, update) = match level {
            1 => (4, 2, 3, Update::Standard),
            2 => (5, 3, 4, Update::Standard),
            _ => (5, 3, 5, Update::Conservative),
        };
        let mut last = None;
        for _ in 0..300 {
            let pool: Vec<&str> = (0..n).map(|_| WORDS[rng.usize(..WORDS.len())]).collect();
            let arrivals: Vec<String> = (0..n).map(|_| pool[rng.usize(..n.min(3))].to_string()).collect();
            let query = WORDS[rng.usize(..WORDS.len())].to_string();
            let p = CmProblem { w, d, update, arrivals, query };
            if p.interesting() {
                return p;
            }
            last = Some(p);
        }
        last.unwrap_or(CmProblem { w, d, update, arrivals: vec!["ant".into()], query: "ant".into() })
    }

    /// One step per row per arrival, then the estimate.
    fn steps(&self) -> usize {
        self.arrivals.len() * self.d as usize + 1
    }

    fn step_as<W: Words>(&self, i: usize, prior: &[Answer], w: W) -> DrillStep {
        let d = self.d as usize;
        let a = i / d;
        match self.arrivals.get(a) {
            Some(x) => self.row_step(x, a, i % d, &self.grid_after(prior, a), w),
            None => self.estimate_step(&self.grid_after(prior, self.arrivals.len()), w),
        }
    }

    /// What step `i`'s cells start from: the row as the student left it after the arrival before.
    fn start_cells(&self, i: usize, prior: &[Answer]) -> Option<Vec<i64>> {
        let d = self.d as usize;
        (i < self.arrivals.len() * d).then(|| self.grid_after(prior, i / d).swap_remove(i % d))
    }

    fn json(&self) -> String {
        let arrivals: Vec<String> = self.arrivals.iter().map(|x| format!("\"{x}\"")).collect();
        let table: Vec<String> = self
            .table()
            .iter()
            .map(|(x, c)| format!("\"{x}\": [{}]", c.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!(
            "{{\"w\": {}, \"d\": {}, \"update\": \"{}\", \"arrivals\": [{}], \"query\": \"{}\", \"columns\": {{{}}}}}",
            self.w,
            self.d,
            self.update.name(),
            arrivals.join(", "),
            self.query,
            table.join(", ")
        )
    }

    fn statement(&self) -> String {
        let table: Vec<String> = self
            .table()
            .iter()
            .map(|(x, c)| format!("{x} → {}", c.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!(
            "A count-min sketch of d = {} rows × w = {} counters, all 0, with the {} update. Each item's column in rows 0 to {}: {}. Arrivals: {}. Then look up {}.",
            self.d,
            self.w,
            self.update.name(),
            self.d - 1,
            table.join("; "),
            self.arrivals.join(", "),
            self.query
        )
    }
}

impl CmProblem {
    /// Some arrival meets unequal counters, and the query's estimate is above its true count.
    fn interesting(&self) -> bool {
        let mut s = CountMin::new(self.w, self.d, self.update);
        let mut unequal = false;
        for x in &self.arrivals {
            let cols = self.columns(x);
            let vals: Vec<u64> = (0..self.d).map(|j| s.get(j, cols[j as usize])).collect();
            unequal |= vals.iter().any(|&v| v != vals[0]);
            s.add_at(&cols);
        }
        let truth = self.arrivals.iter().filter(|x| **x == self.query).count() as u64;
        unequal && s.estimate_at(&self.columns(&self.query)) > truth
    }

    /// The item's column in each row.
    pub fn columns(&self, item: &str) -> Vec<u64> {
        columns(item.as_bytes(), self.d, self.w)
    }

    /// The items of the table: those arriving, then the query if it never arrives.
    pub fn items(&self) -> Vec<String> {
        let mut items: Vec<String> = Vec::new();
        for x in self.arrivals.iter().chain(std::iter::once(&self.query)) {
            if !items.contains(x) {
                items.push(x.clone());
            }
        }
        items
    }

    /// The grid the student left after the first `a` arrivals (all 0 before the first), row by
    /// row; a row not given reads as 0s.
    pub fn grid_after(&self, prior: &[Answer], a: usize) -> Vec<Vec<i64>> {
        let d = self.d as usize;
        (0..d)
            .map(|j| match (a > 0).then(|| prior.get((a - 1) * d + j)).flatten() {
                Some(Answer::Counters(v)) if v.len() == self.w as usize => v.clone(),
                _ => vec![0; self.w as usize],
            })
            .collect()
    }

    /// The sketch the student's grid makes (counters below 0 read as 0).
    fn sketch(&self, grid: &[Vec<i64>], update: Update, total: usize) -> CountMin {
        let cells: Vec<u64> = grid.iter().flatten().map(|&c| c.max(0) as u64).collect();
        CountMin::with_cells(self.w, self.d, update, &cells, total as u64)
    }

    /// Arrival `a` of `x`: row `j` after it, from the student's grid `prev`.
    fn row_step<W: Words>(&self, x: &str, a: usize, j: usize, prev: &[Vec<i64>], w: W) -> DrillStep {
        let cols = self.columns(x);
        let c = cols[j] as usize;
        let row_after = |update: Update| {
            let mut s = self.sketch(prev, update, a);
            s.insert_at(&cols);
            s.row(j as u32).iter().map(|&v| v as i64).collect::<Vec<i64>>()
        };
        let other = match self.update {
            Update::Standard => Update::Conservative,
            Update::Conservative => Update::Standard,
        };
        let mut wrongs = vec![
            Wrong { answer: Answer::Counters(prev[j].iter().map(|v| v + 1).collect()), mistake: ALL_CELLS },
            Wrong {
                answer: Answer::Counters(row_after(other)),
                mistake: if other == Update::Standard { CU_AS_STANDARD } else { STANDARD_AS_CU },
            },
        ];
        if j > 0 {
            wrongs.insert(0, Wrong { answer: Answer::Counters(prev[j].clone()), mistake: ONE_ROW });
        }
        let after = row_after(self.update);
        let worked = w.say(|| {
            let how = match self.update {
                Update::Standard => format!("the standard update adds 1: {} becomes {}", prev[j][c], after[c]),
                Update::Conservative => {
                    let e = (0..self.d as usize).map(|r| prev[r][cols[r] as usize].max(0)).min().unwrap_or(0);
                    format!(
                        "the estimate before it is {e}, so the conservative update raises it to at least {}: {} becomes {}",
                        e + 1,
                        prev[j][c],
                        after[c]
                    )
                }
            };
            format!("Row {j}: {x} goes to column {c}, and {how}; the rest of the row stays.")
        });
        DrillStep::new(
            w.say(|| format!("Arrival {}: {x} (column {c} in row {j}). Row {j}'s counters after it.", a + 1)),
            Form::Counters { len: self.w as usize, name: "column", from: 0 },
            Answer::Counters(after),
            worked,
            wrongs,
        )
    }

    /// The query's estimate from the student's final grid.
    fn estimate_step<W: Words>(&self, grid: &[Vec<i64>], w: W) -> DrillStep {
        let x = &self.query;
        let cols = self.columns(x);
        let vals: Vec<u64> = cols.iter().enumerate().map(|(j, &c)| grid[j][c as usize].max(0) as u64).collect();
        let min = vals.iter().copied().min().unwrap_or(0);
        let worked = || {
            let shown: Vec<String> =
                cols.iter().zip(&vals).enumerate().map(|(j, (c, v))| format!("row {j}, column {c}: {v}")).collect();
            format!("{x}'s counters are {}; the estimate is the smallest, {min}.", shown.join("; "))
        };
        DrillStep::new(
            w.say(|| format!("Look up {x}: the sketch's estimate of its count.")),
            Form::Whole { field: "estimate" },
            Answer::Whole(min),
            w.say(worked),
            vec![
                Wrong { answer: Answer::Whole(vals.iter().copied().max().unwrap_or(0)), mistake: MAX_NOT_MIN },
                Wrong { answer: Answer::Whole(vals.iter().sum()), mistake: SUM_NOT_MIN },
                Wrong { answer: Answer::Whole(vals.first().copied().unwrap_or(0)), mistake: ONE_ROW },
            ]
            .into_iter()
            .chain((!self.arrivals.contains(x)).then_some(Wrong { answer: Answer::Whole(0), mistake: NEVER_ARRIVED }))
            .collect(),
        )
    }

    /// The table of columns: `item: c0 c1 …` for each item.
    fn table(&self) -> Vec<(String, Vec<u64>)> {
        self.items().into_iter().map(|x| (x.clone(), self.columns(&x))).collect()
    }
}
