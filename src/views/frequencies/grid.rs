//! A sketch's grid: d rows of w counters, the highlighted item's counter ringed in each row (with
//! its sign in the count sketch), and the counters in the `cm-grid` / `cs-grid` hooks.

use yew::prelude::*;

use bloomlab_core::engine::streams::count_sketch::CountSketch;
use bloomlab_core::labs::frequencies::hooks;
use bloomlab_core::text::group_digits;

/// Counters drawn one by one up to this many; a larger grid shows only the item's counters.
const DRAWN_CELLS: usize = 1_024;

/// One grid to draw.
pub struct Grid<'a, V> {
    /// `cm-grid` or `cs-grid`.
    pub testid: &'static str,
    /// `data-update` (count-min only).
    pub update: Option<&'static str>,
    pub title: String,
    pub w: u64,
    pub d: u32,
    pub cells: &'a [V],
    /// The highlighted item's column in each row.
    pub columns: Vec<u64>,
    /// Its sign in each row (count sketch only).
    pub signs: Vec<i64>,
    /// The item's estimate: the counters that give it are marked (count-min only).
    pub minimum: Option<V>,
    /// Drawn large (the count-min grid `update` chooses).
    pub large: bool,
}

impl<'a> Grid<'a, i64> {
    /// The count sketch's grid, `item`'s counter and sign marked in each row.
    pub fn count_sketch(testid: &'static str, cs: &'a CountSketch, item: &[u8]) -> Self {
        Grid {
            testid,
            update: None,
            title: format!("Count sketch: {} rows × {} signed counters", cs.d(), group_digits(cs.w())),
            w: cs.w(),
            d: cs.d(),
            cells: cs.cells(),
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

impl<V: std::fmt::Display + Copy + PartialEq> Grid<'_, V> {
    fn cell(&self, row: u32, col: u64) -> Html {
        let v = self.cells[(row as u64 * self.w + col) as usize];
        let hit = self.columns.get(row as usize) == Some(&col);
        let min = hit && self.minimum == Some(v);
        let sign = if hit { self.signs.get(row as usize).map(|&s| sign_text(s)) } else { None };
        html! {
            <td class={classes!(hit.then_some("hit"), min.then_some("minimum"))}>
                { v.to_string() }
                if let Some(s) = sign { <sup>{ s }</sup> }
            </td>
        }
    }

    fn table(&self) -> Html {
        html! {
            <div class="table-scroll">
                <table class="sketch-table">
                    <thead><tr><th></th>{ for (0..self.w).map(|c| html! { <th scope="col">{ c }</th> }) }</tr></thead>
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
            let v = self.cells.get((r as u64 * self.w + c) as usize).map(|v| v.to_string()).unwrap_or_default();
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
        let counters = hooks::grid(self.cells, self.w);
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
