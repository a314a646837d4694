//! A bit array drawn on a canvas from a pixel buffer, with the current item's bits marked and
//! a readout of the bit under the pointer (or finger).

use std::rc::Rc;

use wasm_bindgen::Clamped;
use yew::prelude::*;

use super::theme::ThemeContext;
use crate::core::bitmap::{render_bits, GridLayout, Marks};
use crate::core::bitvec::BitVec;
use crate::web;

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
    layout: Option<GridLayout>,
    drawn_at: f64,
    dpr: f64,
    buffer: Vec<u8>,
}

#[function_component(BitArrayCanvas)]
pub fn bit_array_canvas(props: &BitArrayCanvasProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_state(|| 0.0f64);
    let focus = use_state(|| None::<(u64, u64)>);
    let pinned = use_state(|| false);
    let drawing = use_mut_ref(|| Drawing { layout: None, drawn_at: f64::NEG_INFINITY, dpr: 1.0, buffer: Vec::new() });

    // Measure the space available, now and on every resize.
    {
        let wrapper = wrapper.clone();
        let width = width.clone();
        use_effect_with((), move |_| {
            let measure = move || {
                if let Some(el) = wrapper.cast::<web_sys::Element>() {
                    let w = el.client_width() as f64;
                    if w > 0.0 {
                        width.set(w);
                    }
                }
            };
            measure();
            let listener = web::ResizeListener::new(measure);
            move || drop(listener)
        });
    }

    // Draw whenever the bits, the marks, the focus, the theme or the size change.
    {
        let canvas = canvas.clone();
        let drawing = drawing.clone();
        let deps = (props.bits.clone(), props.positions.clone(), focus.map(|f| f.0), theme, *width, props.busy);
        use_effect_with(deps, move |(bits, positions, focus, theme, width, busy)| {
            let now = web::now_ms();
            let mut d = drawing.borrow_mut();
            if *busy && now - d.drawn_at < BUSY_REDRAW_MS {
                return;
            }
            if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                draw(&el, &mut d, bits, positions, *focus, theme, *width);
                d.drawn_at = now;
            }
        });
    }

    let locate = {
        let drawing = drawing.clone();
        move |e: &MouseEvent| -> Option<(u64, u64)> {
            let d = drawing.borrow();
            let layout = d.layout?;
            let x = (e.offset_x().max(0) as f64 * d.dpr) as u32;
            let y = (e.offset_y().max(0) as f64 * d.dpr) as u32;
            layout.bits_at(x, y)
        }
    };
    let on_move = {
        let focus = focus.clone();
        let pinned = pinned.clone();
        let locate = locate.clone();
        Callback::from(move |e: MouseEvent| {
            if !*pinned {
                focus.set(locate(&e));
            }
        })
    };
    let on_leave = {
        let focus = focus.clone();
        let pinned = pinned.clone();
        Callback::from(move |_: MouseEvent| {
            if !*pinned {
                focus.set(None);
            }
        })
    };
    let on_click = {
        let focus = focus.clone();
        let pinned = pinned.clone();
        Callback::from(move |e: MouseEvent| {
            let spot = locate(&e);
            if *pinned && spot == *focus {
                pinned.set(false);
                focus.set(None);
            } else {
                pinned.set(spot.is_some());
                focus.set(spot);
            }
        })
    };

    let m = props.bits.len() as u64;
    let bit_string = (m <= DATA_BITS_MAX).then(|| props.bits.to_bit_string());
    let info = match *focus {
        Some((start, end)) if end <= m => props.describe.emit((start, end)),
        _ => String::new(),
    };
    html! {
        <div class="bit-array" data-testid="bit-array" data-m={m.to_string()}
             data-ones={props.bits.count_ones().to_string()} data-bits={bit_string} data-layer={props.layer.clone()}
             ref={wrapper}>
            <canvas ref={canvas} role="img" aria-label={format!("{} {} bits, {} set", props.label, m, props.bits.count_ones())}
                onmousemove={on_move} onmouseleave={on_leave} onclick={on_click}></canvas>
            <p class={classes!("bit-info", info.is_empty().then_some("empty"))} data-testid="bit-info" aria-live="polite">
                { if info.is_empty() { "Point at (or tap) a bit to see who set it.".to_string() } else { info } }
            </p>
        </div>
    }
}

fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    d: &mut Drawing,
    bits: &BitVec,
    positions: &[u64],
    focus: Option<u64>,
    theme: &ThemeContext,
    css_width: f64,
) {
    if css_width <= 0.0 {
        return;
    }
    let dpr = web::device_pixel_ratio();
    let max_css_height = if css_width < 600.0 { 300.0 } else { 380.0 };
    // Larger cells on a projector, so the back row can read them.
    let max_cell = if theme.name == Some(crate::core::page::ThemeName::Projector) { 84.0 } else { 48.0 };
    let layout = GridLayout::new(
        bits.len() as u64,
        (css_width * dpr).floor() as u32,
        (max_css_height * dpr) as u32,
        (max_cell * dpr) as u32,
    );
    let palette = theme.palette();
    render_bits(bits, &layout, &palette, &Marks { positions, focus }, &mut d.buffer);
    d.layout = Some(layout);
    d.dpr = dpr;
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
    let Some(ctx) = web::context_2d(canvas) else { return };
    if let Ok(img) =
        web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(&d.buffer[..]), layout.width, layout.height)
    {
        let _ = ctx.put_image_data(&img, 0.0, 0.0);
    }
    if layout.has_room_for_labels(dpr) {
        draw_labels(&ctx, bits, &layout, positions, dpr, theme);
    }
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
