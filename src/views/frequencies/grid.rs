//! A sketch's grid: d rows of w counters, the highlighted item's counter ringed in each row (with
//! its sign in the count sketch), and the counters in the `cm-grid` / `cs-grid` hooks.

use yew::prelude::*;

use bloomlab_core::engine::streams::count_min::CountMin;
use bloomlab_core::engine::streams::count_sketch::CountSketch;
use bloomlab_core::labs::frequencies::hooks;
use bloomlab_core::text::group_digits;

/// Counters drawn one by one up to this many; a larger grid shows only the item's counters.
const DRAWN_CELLS: usize = 1_024;

/// A grid's counters: count-min's counts or the count sketch's signed counters. One type, so the
/// grid's drawing is compiled once rather than once per counter type.
#[derive(Clone, Copy)]
pub enum Cells<'a> {
    Counts(&'a [u64]),
    Signed(&'a [i64]),
}

impl Cells<'_> {
    fn len(self) -> usize {
        match self {
            Cells::Counts(c) => c.len(),
            Cells::Signed(c) => c.len(),
        }
    }

    /// Counter `i` as written, or `None` past the end.
    fn text(self, i: usize) -> Option<String> {
        match self {
            Cells::Counts(c) => c.get(i).map(u64::to_string),
            Cells::Signed(c) => c.get(i).map(i64::to_string),
        }
    }

    /// Counter `i` of count-min's counts (`None` for the count sketch).
    fn count(self, i: usize) -> Option<u64> {
        match self {
            Cells::Counts(c) => c.get(i).copied(),
            Cells::Signed(_) => None,
        }
    }

    /// The `data-counters` hook.
    fn hook(self, w: u64) -> Option<String> {
        match self {
            Cells::Counts(c) => hooks::grid(c, w),
            Cells::Signed(c) => hooks::grid(c, w),
        }
    }
}

/// One grid to draw.
pub struct Grid<'a> {
    /// `cm-grid` or `cs-grid`.
    pub testid: &'static str,
    /// `data-update` (count-min only).
    pub update: Option<&'static str>,
    pub title: String,
    pub w: u64,
    pub d: u32,
    pub cells: Cells<'a>,
    /// The highlighted item's column in each row.
    pub columns: Vec<u64>,
    /// Its sign in each row (count sketch only).
    pub signs: Vec<i64>,
    /// The item's estimate: the counters that give it are marked (count-min only).
    pub minimum: Option<u64>,
    /// Drawn large (the count-min grid `update` chooses).
    pub large: bool,
}

impl<'a> Grid<'a> {
    /// A count-min grid titled `name`, `item`'s counter marked in each row and the smallest of
    /// them (its estimate) ringed.
    pub fn count_min(testid: &'static str, name: &str, sketch: &'a CountMin, item: &[u8], large: bool) -> Self {
        Grid {
            testid,
            update: Some(sketch.update().name()),
            title: format!("{name}: {} rows × {} counters", sketch.d(), group_digits(sketch.w())),
            w: sketch.w(),
            d: sketch.d(),
            cells: Cells::Counts(sketch.cells()),
            columns: sketch.columns(item),
            signs: Vec::new(),
            minimum: Some(sketch.estimate(item)),
            large,
        }
    }

    /// The count sketch's grid, `item`'s counter and sign marked in each row.
    pub fn count_sketch(testid: &'static str, cs: &'a CountSketch, item: &[u8]) -> Self {
        Grid {
            testid,
            update: None,
            title: format!("Count sketch: {} rows × {} signed counters", cs.d(), group_digits(cs.w())),
            w: cs.w(),
            d: cs.d(),
            cells: Cells::Signed(cs.cells()),
            columns: cs.columns(item),
            signs: cs.signs(item),
            minimum: None,
            large: false,
        }
    }
}

fn sign_text(s: i64) -> &'static str {
    if s < 0 {
        "\u{2212}"
    } else {
        "+"
    }
}

impl Grid<'_> {
    fn cell(&self, row: u32, col: u64) -> Html {
        let i = (row as u64 * self.w + col) as usize;
        let hit = self.columns.get(row as usize) == Some(&col);
        let min = hit && self.minimum.is_some() && self.minimum == self.cells.count(i);
        let sign = if hit { self.signs.get(row as usize).map(|&s| sign_text(s)) } else { None };
        html! {
            <td class={classes!(hit.then_some("hit"), min.then_some("minimum"))}>
                { self.cells.text(i).unwrap_or_default() }
                if let Some(s) = sign { <sup>{ s }</sup> }
            </td>
        }
    }

    fn table(&self) -> Html {
        html! {
            <div class="table-scroll">
                <table class="sketch-table">
                    <thead><tr><th scope="col"><span class="visually-hidden">{"row"}</span></th>{ for (0..self.w).map(|c| html! { <th scope="col">{ c }</th> }) }</tr></thead>
                    <tbody>
                        { for (0..self.d).map(|r| html! {
                            <tr><th scope="row">{ format!("row {r}") }</th>{ for (0..self.w).map(|c| self.cell(r, c)) }</tr>
                        }) }
                    </tbody>
                </table>
            </div>
        }
    }

    /// Past `DRAWN_CELLS`: the item's counter in each row, by column.
    fn item_cells(&self) -> Html {
        let rows = self.columns.iter().enumerate().map(|(r, &c)| {
            let v = self.cells.text((r as u64 * self.w + c) as usize).unwrap_or_default();
            let sign = self.signs.get(r).map(|&s| format!(" (sign {})", sign_text(s))).unwrap_or_default();
            html! { <li>{ format!("row {r}, column {}: {v}{sign}", group_digits(c)) }</li> }
        });
        html! {
            <>
                <p class="muted">{ format!("{} counters are too many to draw one by one; the highlighted item's:", group_digits(self.cells.len() as u64)) }</p>
                <ul class="grid-cells">{ for rows }</ul>
            </>
        }
    }

    pub fn render(&self) -> Html {
        let counters = self.cells.hook(self.w);
        html! {
            <figure class={classes!("sketch-grid", self.large.then_some("large"))} data-testid={self.testid}
                data-update={self.update} data-rows={self.d.to_string()} data-cols={self.w.to_string()}
                data-counters={counters}>
                <figcaption>{ self.title.clone() }</figcaption>
                if self.cells.len() <= DRAWN_CELLS { { self.table() } } else { { self.item_cells() } }
            </figure>
        }
    }
}
