//! A chart on a canvas, sized to its box and to the screen's pixel ratio, drawn through plotters'
//! canvas backend from the core's laid-out plot (the same shapes the SVG export draws).

use std::rc::Rc;

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use yew::html::IntoPropValue;
use yew::prelude::*;

use crate::widgets::cells::{col_head, num_cell};

use crate::context::{use_presenting, use_theme, ThemeContext};
use crate::hooks::use_element_width;
use crate::web;
use crate::widgets::charts::export::export_bar;
use bloomlab_core::link::page::ThemeName;
use bloomlab_core::plot::{render, Plot, PlotColors};

/// A plot handed to a component. Two compare equal at once when they are the same `Rc` (a plot
/// kept between renders, `hooks::plot`), and otherwise when the plots are equal: `Rc<Plot>` alone
/// would compare the plots point by point even for the same `Rc`, since `Plot` is not `Eq`.
#[derive(Clone)]
pub struct SharedPlot(pub Rc<Plot>);

impl PartialEq for SharedPlot {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl IntoPropValue<SharedPlot> for Rc<Plot> {
    fn into_prop_value(self) -> SharedPlot {
        SharedPlot(self)
    }
}

#[derive(Properties, PartialEq)]
pub struct ChartCanvasProps {
    pub plot: SharedPlot,
    /// A short description for screen readers.
    pub label: AttrValue,
    /// The canvas's `data-testid`.
    pub testid: AttrValue,
    /// Draw the legend inside the chart (when the page shows none beside it).
    #[prop_or_default]
    pub legend: bool,
    /// Offer PNG, SVG and CSV exports under the chart (the FP lab's plot has its own buttons,
    /// `export-png` and the rest, which name their files the same way).
    #[prop_or(true)]
    pub exports: bool,
}

/// A chart's shape: its height as a share of its width, between a least and a largest height (CSS
/// pixels).
const SHAPE: (f64, f64, f64) = (0.56, 260.0, 440.0);

/// The largest height in presenter mode, where a chart shares a 768 px projector with the stop's
/// title and the rest of the stage.
const PRESENTING_MOST: f64 = 320.0;

/// The chart's height for a given width, in CSS pixels (lower in presenter mode).
pub fn chart_height(width: f64, presenting: bool) -> f64 {
    let most = if presenting { PRESENTING_MOST } else { SHAPE.2 };
    (width * SHAPE.0).clamp(SHAPE.1, most)
}

/// The same size in CSS, for the page prerendered at build time (`app::prerender`), whose canvas
/// is empty until the code arrives; the live app sizes the canvas itself once it has measured.
fn unmeasured_size() -> Option<String> {
    let (share, least, most) = SHAPE;
    (!cfg!(target_arch = "wasm32"))
        .then(|| format!("display:block;width:100%;aspect-ratio:1/{share};min-height:{least}px;max-height:{most}px"))
}

/// The chart colours for the theme in force.
pub fn chart_colors(theme: &ThemeContext) -> PlotColors {
    PlotColors::for_theme(theme.dark, theme.name == Some(ThemeName::Projector))
}

#[function_component(ChartCanvas)]
pub fn chart_canvas(props: &ChartCanvasProps) -> Html {
    let theme = use_theme();
    let presenting = use_presenting().present;
    let wrapper = use_node_ref();
    let canvas = use_node_ref();
    let width = use_element_width(&wrapper);
    {
        let canvas = canvas.clone();
        let legend = props.legend;
        use_effect_with(
            (props.plot.clone(), theme, width, presenting),
            move |(SharedPlot(plot), theme, width, presenting)| {
                if *width > 0.0 {
                    if let Some(el) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                        let colors = chart_colors(theme);
                        let colors = if *presenting { colors.presenting() } else { colors };
                        let h = chart_height(*width, *presenting);
                        let h = h + plot.legend_room(*width, h, &colors, legend);
                        draw(&el, plot, &colors, *width, h, web::device_pixel_ratio(), legend);
                    }
                }
            },
        );
    }
    html! {
        <div class="chart-box" ref={wrapper}>
            <canvas ref={canvas} data-testid={props.testid.clone()} role="img" aria-label={props.label.clone()}
                style={unmeasured_size()}></canvas>
            if props.exports {
                { export_bar(&props.plot.0, &props.testid, chart_colors(&theme)) }
            }
            <details class="chart-data" data-testid="chart-data">
                <summary>{"The numbers behind this chart"}</summary>
                // In a list of their own, keyed by place: Yew pairs unkeyed siblings from the
                // end, so a table added after the others (the measured points' first one)
                // would rewrite every table before it and build the first one again.
                <>{ for props.plot.0.data_tables().iter().enumerate().map(|(i, t)| html! {
                    <div class="table-scroll" tabindex="0" key={i}>
                        <table class="data-table">
                            <caption>{ t.caption.clone() }</caption>
                            <thead><tr>{ for t.header.iter().map(|h| html! { { col_head(h.clone()) } }) }</tr></thead>
                            <tbody>{ for t.rows.iter().map(|r| html! { <tr>{ for r.iter().map(|c| html! { { num_cell(c.clone()) } }) }</tr> }) }</tbody>
                        </table>
                    </div>
                }) }</>
            </details>
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
    let (shapes, frame) = plot.draw_framed(w, h, colors, legend);
    // The plotting area's height (CSS pixels), for the tests of a chart's shape.
    let _ = canvas.set_attribute("data-plot-height", &format!("{:.0}", frame.bottom - frame.top));
    if let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) {
        let area = backend.into_drawing_area();
        let _ = render(&shapes, &area, dpr);
        let _ = area.present();
    }
}
