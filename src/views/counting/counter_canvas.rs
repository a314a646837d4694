//! A counter array drawn on a canvas from a pixel buffer (`core::counter_bitmap`): values printed
//! in the cells when they are large enough, a colour scale otherwise; the current item's counters
//! highlighted, its minimum ringed, saturated counters in their own colour, and a readout of the
//! counter under the pointer (or finger).

use std::rc::Rc;

use yew::prelude::*;

use crate::app::theme::ThemeContext;
use crate::core::draw::bitmap::GridLayout;
use crate::core::draw::counter_bitmap::{has_room_for_values, render_counters, CounterMarks, CounterPalette};
use crate::core::engine::counting::Counters;
use crate::hooks::{use_element_width, use_grid_pointer, GridGeometry};
use crate::widgets::arrays::grid_paint::{fit_grid, put_pixels};

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

struct Drawing {
    buffer: Vec<u8>,
}

fn palette(theme: &ThemeContext) -> CounterPalette {
    if theme.dark {
        CounterPalette::DARK
    } else {
        CounterPalette::LIGHT
    }
}

#[function_component(CounterArrayCanvas)]
pub fn counter_array_canvas(props: &CounterArrayCanvasProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_element_width(&wrapper);
    let geometry = use_mut_ref(GridGeometry::default);
    let pointer = use_grid_pointer(geometry.clone());
    let drawing = use_mut_ref(|| Drawing { buffer: Vec::new() });

    {
        let canvas = canvas.clone();
        let drawing = drawing.clone();
        let geometry = geometry.clone();
        let deps = (
            props.counters.clone(),
            props.positions.clone(),
            props.minimum.clone(),
            pointer.focus.map(|f| f.0),
            theme,
            width,
        );
        use_effect_with(deps, move |(counters, positions, minimum, focus, theme, width)| {
            if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                *geometry.borrow_mut() =
                    draw(&el, &mut drawing.borrow_mut().buffer, counters, positions, minimum, *focus, theme, *width);
            }
        });
    }

    let c = &props.counters;
    let m = c.len() as u64;
    let csv = (m <= DATA_COUNTERS_MAX).then(|| c.to_csv());
    let info = match pointer.focus {
        Some((start, end)) if end <= m => props.describe.emit((start, end)),
        _ => String::new(),
    };
    html! {
        <div class="bit-array counter-array" data-testid="counter-array" data-m={m.to_string()} data-counters={csv}
             data-layer={props.layer.clone()} data-nonzero={c.nonzero().to_string()} data-saturated={c.saturated().to_string()}
             ref={wrapper}>
            <canvas ref={canvas} role="img"
                aria-label={format!("{} {} counters, {} above 0, {} saturated", props.label, m, c.nonzero(), c.saturated())}
                onmousemove={pointer.on_move} onmouseleave={pointer.on_leave} onclick={pointer.on_click}
                tabindex="0" onkeydown={pointer.on_key}></canvas>
            <p class={classes!("bit-info", info.is_empty().then_some("empty"))} data-testid="counter-info" aria-live="polite">
                { if info.is_empty() { "Point at (or tap) a counter, or focus the array and use the arrow keys, to see its value and which items hash to it.".to_string() } else { info } }
            </p>
        </div>
    }
}

#[allow(clippy::too_many_arguments)]
/// Draws the counters and returns where the grid went.
fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    buffer: &mut Vec<u8>,
    counters: &Counters,
    positions: &[u64],
    minimum: &[u64],
    focus: Option<u64>,
    theme: &ThemeContext,
    css_width: f64,
) -> GridGeometry {
    let Some(geometry) = fit_grid(counters.len() as u64, css_width, 48.0) else { return GridGeometry::default() };
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
    let inner = (layout.cell - layout.gap) as f64;
    let pos_font = format!("{}px system-ui, sans-serif", (inner * 0.24).max(9.0 * dpr).round());
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let top = counters.values().iter().copied().filter(|&v| v < counters.max()).max().unwrap_or(0);
    for pos in 0..layout.m {
        let (x, y) = layout.cell_origin(pos);
        let v = counters.get(pos);
        let marked = positions.contains(&pos);
        let saturated = v == counters.max() && v > 0;
        // Pale cells (zero, small values) take dark ink; strong ones white.
        let strong = marked || saturated || (v > 0 && (top <= 1 || (v as f64).ln() / (top as f64).ln() > 0.45));
        let ink = if strong {
            "#ffffff"
        } else if theme.dark {
            "#e2e8f0"
        } else {
            "#1e293b"
        };
        ctx.set_fill_style_str(ink);
        let text = if saturated { format!("{v}\u{2191}") } else { v.to_string() };
        let size =
            if text.chars().count() > 3 { inner * 0.9 / text.chars().count() as f64 * 1.6 } else { inner * 0.42 };
        ctx.set_font(&format!("600 {}px system-ui, sans-serif", size.min(inner * 0.42).round()));
        let _ = ctx.fill_text(&text, x as f64 + inner / 2.0, y as f64 + inner * 0.58);
        ctx.set_font(&pos_font);
        let _ = ctx.fill_text(&pos.to_string(), x as f64 + inner / 2.0, y as f64 + inner * 0.17);
    }
}
