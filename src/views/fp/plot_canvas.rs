//! The false-positive plot on a canvas, sized to its box and to the screen's pixel ratio.
//! What to draw comes from `core::plot` (the same shapes the SVG export writes).

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::app::theme::ThemeContext;
use crate::core::draw::plot::{Anchor, Plot, PlotColors, Shape};
use crate::hooks::use_element_width;
use crate::web;

#[derive(Properties, PartialEq)]
pub struct FpPlotCanvasProps {
    pub plot: Rc<Plot>,
    /// A short description for screen readers.
    pub label: AttrValue,
}

/// The plot's height for a given width, in CSS pixels.
pub fn plot_height(width: f64) -> f64 {
    (width * 0.56).clamp(260.0, 440.0)
}

/// The plot's colours for a theme.
pub fn plot_colors(theme: &ThemeContext) -> PlotColors {
    if theme.dark {
        PlotColors::DARK
    } else {
        PlotColors::LIGHT
    }
}

#[function_component(FpPlotCanvas)]
pub fn fp_plot_canvas(props: &FpPlotCanvasProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_element_width(&wrapper);

    {
        let canvas = canvas.clone();
        use_effect_with((props.plot.clone(), theme, width), move |(plot, theme, width)| {
            if *width > 0.0 {
                if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    draw(&el, plot, &plot_colors(theme), *width, plot_height(*width), web::device_pixel_ratio(), false);
                }
            }
        });
    }

    html! {
        <div class="fp-plot" ref={wrapper}>
            <canvas ref={canvas} data-testid="fp-plot" role="img" aria-label={props.label.clone()}></canvas>
        </div>
    }
}

/// Draws `plot` on `canvas` at `w` × `h` CSS pixels and `dpr` device pixels per CSS pixel.
pub fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    plot: &Plot,
    colors: &PlotColors,
    w: f64,
    h: f64,
    dpr: f64,
    legend: bool,
) {
    let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
    if canvas.width() != pw {
        canvas.set_width(pw);
    }
    if canvas.height() != ph {
        canvas.set_height(ph);
    }
    let _ = canvas.set_attribute("style", &format!("width:{w}px;height:{h}px"));
    let Some(ctx) = web::context_2d(canvas) else { return };
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    paint(&ctx, &plot.draw(w, h, colors, legend));
}

fn paint(ctx: &web_sys::CanvasRenderingContext2d, shapes: &[Shape]) {
    let no_dash = js_sys::Array::new();
    let dash = js_sys::Array::of2(&JsValue::from_f64(5.0), &JsValue::from_f64(4.0));
    ctx.set_line_join("round");
    for shape in shapes {
        match shape {
            Shape::Rect { x, y, w, h, fill } => {
                ctx.set_fill_style_str(&fill.css());
                ctx.fill_rect(*x, *y, *w, *h);
            }
            Shape::Line { points, color, width, dashed } => {
                if points.len() < 2 {
                    continue;
                }
                ctx.begin_path();
                ctx.move_to(points[0].0, points[0].1);
                for p in &points[1..] {
                    ctx.line_to(p.0, p.1);
                }
                let _ = ctx.set_line_dash(if *dashed { &dash } else { &no_dash });
                ctx.set_stroke_style_str(&color.css());
                ctx.set_line_width(*width);
                ctx.stroke();
            }
            Shape::Circle { x, y, r, fill } => {
                ctx.begin_path();
                let _ = ctx.arc(*x, *y, *r, 0.0, std::f64::consts::TAU);
                ctx.set_fill_style_str(&fill.css());
                ctx.fill();
            }
            Shape::Text { x, y, text, color, size, anchor, rotate } => {
                ctx.set_font(&format!("{size}px system-ui, -apple-system, 'Segoe UI', sans-serif"));
                ctx.set_fill_style_str(&color.css());
                ctx.set_text_baseline("middle");
                ctx.set_text_align(match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "center",
                    Anchor::End => "end",
                });
                if *rotate {
                    ctx.save();
                    let _ = ctx.translate(*x, *y);
                    let _ = ctx.rotate(-std::f64::consts::FRAC_PI_2);
                    let _ = ctx.fill_text(text, 0.0, 0.0);
                    ctx.restore();
                } else {
                    let _ = ctx.fill_text(text, *x, *y);
                }
            }
            Shape::Clip { x, y, w, h } => {
                ctx.save();
                ctx.begin_path();
                ctx.rect(*x, *y, *w, *h);
                ctx.clip();
            }
            Shape::Unclip => ctx.restore(),
        }
    }
    let _ = ctx.set_line_dash(&no_dash);
}
