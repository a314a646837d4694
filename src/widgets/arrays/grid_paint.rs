//! Painting a grid of cells (bits or counters) onto a canvas: the layout for the space there is,
//! the pixel buffer put in one call, and the canvas with its read-out line.

use wasm_bindgen::Clamped;
use yew::prelude::*;

use crate::hooks::{GridCanvas, GridGeometry};
use crate::web;
use bloomlab_core::draw::bitmap::GridLayout;

/// The layout for `cells` cells across `css_width` CSS pixels: cells at most `max_cell_css`
/// pixels, the grid at most 380 pixels high (300 on narrow screens); `None` before the width is
/// known.
pub fn fit_grid(cells: u64, css_width: f64, max_cell_css: f64) -> Option<GridGeometry> {
    if css_width <= 0.0 {
        return None;
    }
    let dpr = web::device_pixel_ratio();
    let max_css_height = if css_width < 600.0 { 300.0 } else { 380.0 };
    let layout = GridLayout::new(
        cells,
        (css_width * dpr).floor() as u32,
        (max_css_height * dpr) as u32,
        (max_cell_css * dpr) as u32,
    );
    Some(GridGeometry { layout: Some(layout), dpr })
}

/// The canvas's size at each width, for the page prerendered at build time (`app::prerender`),
/// whose loader sizes the still empty canvas from it: "width,canvas width,canvas height" (CSS
/// pixels) wherever the size changes between 240 and 1,600 pixels. Written only outside the
/// browser: the live app measures instead.
pub fn fit_runs(cells: u64, max_cell_css: f64) -> Option<String> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let mut runs: Vec<String> = Vec::new();
    let mut last = None;
    for w in 240..=1600u32 {
        let Some(GridGeometry { layout: Some(l), .. }) = fit_grid(cells, w as f64, max_cell_css) else { continue };
        if last != Some((l.width, l.height)) {
            runs.push(format!("{w},{},{}", l.width, l.height));
            last = Some((l.width, l.height));
        }
    }
    Some(runs.join(" "))
}

/// The largest cell of a grid, in CSS pixels: as usual, and in the projector theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaxCell {
    pub usual: f64,
    pub projector: f64,
}

impl MaxCell {
    /// The cell for the theme in force.
    pub fn for_theme(self, theme: &crate::context::ThemeContext) -> f64 {
        if theme.name == Some(bloomlab_core::link::page::ThemeName::Projector) {
            self.projector
        } else {
            self.usual
        }
    }
}

/// Sizes the canvas for `layout` (sharp on HiDPI screens) and puts the RGBA `buffer` on it.
/// Returns the 2D context for anything drawn on top.
pub fn put_pixels(
    canvas: &web_sys::HtmlCanvasElement,
    buffer: &[u8],
    layout: &GridLayout,
    dpr: f64,
) -> Option<web_sys::CanvasRenderingContext2d> {
    if canvas.width() != layout.width {
        canvas.set_width(layout.width);
    }
    if canvas.height() != layout.height {
        canvas.set_height(layout.height);
    }
    let _ = canvas.set_attribute(
        "style",
        &format!("width:{}px;height:{}px", layout.width as f64 / dpr, layout.height as f64 / dpr),
    );
    let ctx = web::context_2d(canvas)?;
    if let Ok(img) = web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(buffer), layout.width, layout.height)
    {
        let _ = ctx.put_image_data(&img, 0.0, 0.0);
    }
    Some(ctx)
}

/// One cell's label: its ink, the value written and the value's font size in device pixels.
pub struct CellLabel {
    pub ink: &'static str,
    pub value: String,
    pub size: f64,
}

/// Writes each cell's value (centred at `value_at` of the cell's height) and its position (at
/// `position_at`): only for small arrays, at most a few hundred calls. `label` gives the label
/// of a position for the cells' inner size; the bit and counter canvases both paint this way.
pub fn paint_cell_labels(
    ctx: &web_sys::CanvasRenderingContext2d,
    layout: &GridLayout,
    dpr: f64,
    (value_at, position_at): (f64, f64),
    label: impl Fn(u64, f64) -> CellLabel,
) {
    let inner = (layout.cell - layout.gap) as f64;
    let pos_font = format!("{}px system-ui, sans-serif", (inner * 0.24).max(9.0 * dpr).round());
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for pos in 0..layout.m {
        let (x, y) = layout.cell_origin(pos);
        let CellLabel { ink, value, size } = label(pos, inner);
        ctx.set_fill_style_str(ink);
        ctx.set_font(&format!("600 {}px system-ui, sans-serif", size.round()));
        let _ = ctx.fill_text(&value, x as f64 + inner / 2.0, y as f64 + inner * value_at);
        ctx.set_font(&pos_font);
        let _ = ctx.fill_text(&pos.to_string(), x as f64 + inner / 2.0, y as f64 + inner * position_at);
    }
}

/// The grid's canvas (focusable, described by `label`) and the line under it that reads out the
/// focused cells, or `hint` while nothing is focused.
pub fn grid_body(
    grid: &GridCanvas,
    (cells, max_cell): (u64, MaxCell),
    label: String,
    info: Option<String>,
    hint: &'static str,
    info_testid: &'static str,
) -> Html {
    let p = &grid.pointer;
    let projector = (max_cell.projector != max_cell.usual).then(|| fit_runs(cells, max_cell.projector)).flatten();
    html! {
        <>
            <canvas ref={grid.canvas.clone()} role="img" aria-label={label}
                data-fit={fit_runs(cells, max_cell.usual)} data-fit-projector={projector}
                onmousemove={p.on_move.clone()} onmouseleave={p.on_leave.clone()} onclick={p.on_click.clone()}
                tabindex="0" onkeydown={p.on_key.clone()}></canvas>
            <p class={classes!("bit-info", info.is_none().then_some("empty"))} data-testid={info_testid} aria-live="polite">
                { info.unwrap_or_else(|| hint.to_string()) }
            </p>
        </>
    }
}
