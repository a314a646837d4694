//! A counter array drawn on a canvas from a pixel buffer (`core::counter_bitmap`): values printed
//! in the cells when they are large enough, a colour scale otherwise; the current item's counters
//! highlighted, its minimum ringed, saturated counters in their own colour, and a readout of the
//! counter under the pointer (or finger).

use std::rc::Rc;

use yew::prelude::*;

use crate::context::ThemeContext;
use crate::hooks::{use_grid_canvas, GridGeometry};
use crate::widgets::arrays::grid_paint::{fit_grid, grid_body, paint_cell_labels, put_pixels, CellLabel, MaxCell};
use bloomlab_core::draw::bitmap::GridLayout;
use bloomlab_core::draw::counter_bitmap::{has_room_for_values, render_counters, CounterMarks, CounterPalette};
use bloomlab_core::draw::palette::{COUNTER_INK, ON_STRONG};
use bloomlab_core::engine::counting::Counters;

/// The counters' largest cell, in every theme.
const MAX_CELL: MaxCell = MaxCell { usual: 48.0, projector: 48.0 };

/// `data-counters` is written for arrays up to this size (the contract's limit).
pub const DATA_COUNTERS_MAX: u64 = 65_536;

#[derive(Properties, PartialEq)]
pub struct CounterArrayCanvasProps {
    pub counters: Rc<Counters>,
    /// The current item's positions, in hash order.
    #[prop_or_default]
    pub positions: Vec<u64>,
    /// Those holding the item's minimum.
    #[prop_or_default]
    pub minimum: Vec<u64>,
    /// `primary` or `secondary`.
    pub layer: AttrValue,
    /// Describes counters `start..end` for the pointer readout.
    pub describe: Callback<(u64, u64), String>,
    #[prop_or_default]
    pub label: AttrValue,
}

/// What the canvas shows: redrawn when any of it changes.
#[derive(PartialEq)]
struct Drawn {
    counters: Rc<Counters>,
    positions: Vec<u64>,
    minimum: Vec<u64>,
}

const HINT: &str =
    "Point at (or tap) a counter, or focus the array and use the arrow keys, to see its value and which items hash to it.";

fn palette(theme: &ThemeContext) -> CounterPalette {
    if theme.dark {
        CounterPalette::DARK
    } else {
        CounterPalette::LIGHT
    }
}

#[function_component(CounterArrayCanvas)]
pub fn counter_array_canvas(props: &CounterArrayCanvasProps) -> Html {
    let shown =
        Drawn { counters: props.counters.clone(), positions: props.positions.clone(), minimum: props.minimum.clone() };
    let grid = use_grid_canvas(shown, false, draw);
    let c = &props.counters;
    let m = c.len() as u64;
    let csv = (m <= DATA_COUNTERS_MAX).then(|| c.to_csv());
    let label = format!("{} {} counters, {} above 0, {} saturated", props.label, m, c.nonzero(), c.saturated());
    html! {
        <div class="bit-array counter-array" data-testid="counter-array" data-m={m.to_string()} data-counters={csv}
             data-layer={props.layer.clone()} data-nonzero={c.nonzero().to_string()} data-saturated={c.saturated().to_string()}
             ref={grid.wrapper.clone()}>
            { grid_body(&grid, (m, MAX_CELL), label, grid.focus_text(m, &props.describe), HINT, "counter-info") }
        </div>
    }
}

/// Draws the counters and returns where the grid went.
fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    buffer: &mut Vec<u8>,
    Drawn { counters, positions, minimum }: &Drawn,
    focus: Option<u64>,
    theme: &ThemeContext,
    css_width: f64,
) -> GridGeometry {
    let Some(geometry) = fit_grid(counters.len() as u64, css_width, MAX_CELL.usual) else {
        return GridGeometry::default();
    };
    let (Some(layout), dpr) = (geometry.layout, geometry.dpr) else { return geometry };
    let pal = palette(theme);
    render_counters(
        counters.values(),
        counters.max(),
        &layout,
        &pal,
        &CounterMarks { positions, minimum, focus },
        buffer,
    );
    let Some(ctx) = put_pixels(canvas, buffer, &layout, dpr) else { return geometry };
    if has_room_for_values(&layout, dpr) {
        draw_values(&ctx, counters, &layout, positions, dpr, theme);
    }
    geometry
}

/// Writes each cell's value and position: only for small arrays, at most a few hundred calls.
fn draw_values(
    ctx: &web_sys::CanvasRenderingContext2d,
    counters: &Counters,
    layout: &GridLayout,
    positions: &[u64],
    dpr: f64,
    theme: &ThemeContext,
) {
    let top = counters.values().iter().copied().filter(|&v| v < counters.max()).max().unwrap_or(0);
    paint_cell_labels(ctx, layout, dpr, (0.58, 0.17), |pos, inner| {
        let v = counters.get(pos);
        let marked = positions.contains(&pos);
        let saturated = v == counters.max() && v > 0;
        // Pale cells (zero, small values) take dark ink; strong ones white.
        let strong = marked || saturated || (v > 0 && (top <= 1 || (v as f64).ln() / (top as f64).ln() > 0.45));
        let ink = if strong { ON_STRONG } else { COUNTER_INK }.hex(theme.dark);
        let text = if saturated { format!("{v}\u{2191}") } else { v.to_string() };
        let size =
            if text.chars().count() > 3 { inner * 0.9 / text.chars().count() as f64 * 1.6 } else { inner * 0.42 };
        CellLabel { ink, value: text, size: size.min(inner * 0.42) }
    });
}
