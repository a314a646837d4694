//! A bit array drawn on a canvas from a pixel buffer, with the current item's bits marked and
//! a readout of the bit under the pointer (or finger).

use std::rc::Rc;

use yew::prelude::*;

use crate::app::theme::ThemeContext;
use crate::core::draw::bitmap::{render_bits, GridLayout, Marks};
use crate::core::engine::bitvec::BitVec;
use crate::hooks::{use_element_width, use_grid_pointer, GridGeometry};
use crate::web;
use crate::widgets::arrays::grid_paint::{fit_grid, put_pixels};

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

/// While busy, redraw at most this often.
const BUSY_REDRAW_MS: f64 = 120.0;

struct Drawing {
    drawn_at: f64,
    buffer: Vec<u8>,
}

#[function_component(BitArrayCanvas)]
pub fn bit_array_canvas(props: &BitArrayCanvasProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_element_width(&wrapper);
    let geometry = use_mut_ref(GridGeometry::default);
    let pointer = use_grid_pointer(geometry.clone());
    let drawing = use_mut_ref(|| Drawing { drawn_at: f64::NEG_INFINITY, buffer: Vec::new() });

    // Draw whenever the bits, the marks, the focus, the theme or the size change.
    {
        let canvas = canvas.clone();
        let drawing = drawing.clone();
        let geometry = geometry.clone();
        let deps = (props.bits.clone(), props.positions.clone(), pointer.focus.map(|f| f.0), theme, width, props.busy);
        use_effect_with(deps, move |(bits, positions, focus, theme, width, busy)| {
            let now = web::now_ms();
            let mut d = drawing.borrow_mut();
            if *busy && now - d.drawn_at < BUSY_REDRAW_MS {
                return;
            }
            if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                *geometry.borrow_mut() = draw(&el, &mut d.buffer, bits, positions, *focus, theme, *width);
                d.drawn_at = now;
            }
        });
    }

    let m = props.bits.len() as u64;
    let bit_string = (m <= DATA_BITS_MAX).then(|| props.bits.to_bit_string());
    let info = match pointer.focus {
        Some((start, end)) if end <= m => props.describe.emit((start, end)),
        _ => String::new(),
    };
    html! {
        <div class="bit-array" data-testid="bit-array" data-m={m.to_string()}
             data-ones={props.bits.count_ones().to_string()} data-bits={bit_string} data-layer={props.layer.clone()}
             ref={wrapper}>
            <canvas ref={canvas} role="img" aria-label={format!("{} {} bits, {} set", props.label, m, props.bits.count_ones())}
                onmousemove={pointer.on_move} onmouseleave={pointer.on_leave} onclick={pointer.on_click}
                tabindex="0" onkeydown={pointer.on_key}></canvas>
            <p class={classes!("bit-info", info.is_empty().then_some("empty"))} data-testid="bit-info" aria-live="polite">
                { if info.is_empty() { "Point at (or tap) a bit to see who set it, or focus the array and use the arrow keys.".to_string() } else { info } }
            </p>
        </div>
    }
}

/// Draws the bits and returns where the grid went.
fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    buffer: &mut Vec<u8>,
    bits: &BitVec,
    positions: &[u64],
    focus: Option<u64>,
    theme: &ThemeContext,
    css_width: f64,
) -> GridGeometry {
    // Larger cells on a projector, so the back row can read them.
    let max_cell = if theme.name == Some(crate::core::link::page::ThemeName::Projector) { 84.0 } else { 48.0 };
    let Some(geometry) = fit_grid(bits.len() as u64, css_width, max_cell) else { return GridGeometry::default() };
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
    let inner = (layout.cell - layout.gap) as f64;
    let value_font = format!("600 {}px system-ui, sans-serif", (inner * 0.42).round());
    let pos_font = format!("{}px system-ui, sans-serif", (inner * 0.24).max(9.0 * dpr).round());
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for pos in 0..layout.m {
        let (x, y) = layout.cell_origin(pos);
        let set = bits.get(pos as usize);
        let marked = positions.contains(&pos);
        let ink = match (set || marked, theme.dark) {
            (true, true) => "#0b1120",
            (true, false) => "#ffffff",
            (false, true) => "#cbd5e1",
            (false, false) => "#334155",
        };
        ctx.set_fill_style_str(ink);
        ctx.set_font(&value_font);
        let _ = ctx.fill_text(if set { "1" } else { "0" }, x as f64 + inner / 2.0, y as f64 + inner * 0.56);
        ctx.set_font(&pos_font);
        let _ = ctx.fill_text(&pos.to_string(), x as f64 + inner / 2.0, y as f64 + inner * 0.16);
    }
}
