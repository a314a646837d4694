//! A bit array drawn on a canvas from a pixel buffer, with the current item's bits marked and
//! a readout of the bit under the pointer (or finger).

use std::rc::Rc;

use yew::prelude::*;

use crate::context::ThemeContext;
use crate::hooks::{use_grid_canvas, GridGeometry};
use crate::widgets::arrays::grid_paint::{fit_grid, grid_body, paint_cell_labels, put_pixels, CellLabel, MaxCell};
use bloomlab_core::draw::bitmap::{render_bits, GridLayout, Marks};
use bloomlab_core::draw::palette::{ACCENT_INK, CELL_INK};
use bloomlab_core::engine::bitvec::BitVec;

/// Larger cells on a projector, so the back row can read them.
const MAX_CELL: MaxCell = MaxCell { usual: 48.0, projector: 84.0 };

/// `data-bits` is written for arrays up to this size (the contract's limit).
pub const DATA_BITS_MAX: u64 = 65_536;

#[derive(Properties, PartialEq)]
pub struct BitArrayCanvasProps {
    pub bits: Rc<BitVec>,
    /// The current item's positions, in hash order.
    #[prop_or_default]
    pub positions: Vec<u64>,
    /// `data-layer` in multi-layer views.
    #[prop_or_default]
    pub layer: Option<AttrValue>,
    /// Describes bits `start..end` for the pointer readout.
    pub describe: Callback<(u64, u64), String>,
    #[prop_or_default]
    pub label: AttrValue,
    /// True while the bits are being filled in slices: redraws are then spaced out.
    #[prop_or_default]
    pub busy: bool,
}

/// What the canvas shows: redrawn when either changes.
#[derive(PartialEq)]
struct Drawn {
    bits: Rc<BitVec>,
    positions: Vec<u64>,
}

const HINT: &str = "Point at (or tap) a bit to see who set it, or focus the array and use the arrow keys.";

#[function_component(BitArrayCanvas)]
pub fn bit_array_canvas(props: &BitArrayCanvasProps) -> Html {
    let shown = Drawn { bits: props.bits.clone(), positions: props.positions.clone() };
    let grid = use_grid_canvas(shown, props.busy, draw);
    let bits = &props.bits;
    let m = bits.len() as u64;
    let bit_string = (m <= DATA_BITS_MAX).then(|| bits.to_bit_string());
    let label = format!("{} {} bits, {} set", props.label, m, bits.count_ones());
    html! {
        <div class="bit-array" data-testid="bit-array" data-m={m.to_string()}
             data-ones={bits.count_ones().to_string()} data-bits={bit_string} data-layer={props.layer.clone()}
             ref={grid.wrapper.clone()}>
            { grid_body(&grid, (m, MAX_CELL), label, grid.focus_text(m, &props.describe), HINT, "bit-info") }
        </div>
    }
}

/// Draws the bits and returns where the grid went.
fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    buffer: &mut Vec<u8>,
    Drawn { bits, positions }: &Drawn,
    focus: Option<u64>,
    theme: &ThemeContext,
    css_width: f64,
) -> GridGeometry {
    let Some(geometry) = fit_grid(bits.len() as u64, css_width, MAX_CELL.for_theme(theme)) else {
        return GridGeometry::default();
    };
    let (Some(layout), dpr) = (geometry.layout, geometry.dpr) else { return geometry };
    render_bits(bits, &layout, &theme.palette(), &Marks { positions, focus }, buffer);
    let Some(ctx) = put_pixels(canvas, buffer, &layout, dpr) else { return geometry };
    if layout.has_room_for_labels(dpr) {
        draw_labels(&ctx, bits, &layout, positions, dpr, theme);
    }
    geometry
}

/// Writes each cell's value and position: only for small arrays, at most a few hundred calls.
fn draw_labels(
    ctx: &web_sys::CanvasRenderingContext2d,
    bits: &BitVec,
    layout: &GridLayout,
    positions: &[u64],
    dpr: f64,
    theme: &ThemeContext,
) {
    paint_cell_labels(ctx, layout, dpr, (0.56, 0.16), |pos, inner| {
        let set = bits.get(pos as usize);
        let marked = positions.contains(&pos);
        let ink = if set || marked { ACCENT_INK } else { CELL_INK }.hex(theme.dark);
        CellLabel { ink, value: (if set { "1" } else { "0" }).to_string(), size: inner * 0.42 }
    });
}
