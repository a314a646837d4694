//! Exports of any chart — PNG (at twice the size, for slides), SVG and CSV of its numbers — as
//! downloads made in the page (`data:` URLs; nothing leaves the browser), drawn in the theme in
//! force and named after the view and its link (`core::link::export::file_stem`).

use std::rc::Rc;

use wasm_bindgen::JsCast;

pub use crate::web::download;
use yew::prelude::*;

use crate::web;
use crate::widgets::charts::chart_canvas::draw;
use bloomlab_core::link::export::file_stem;
use bloomlab_core::plot::{to_svg, Plot, PlotColors};

/// Size of exported pictures, CSS pixels (PNG at twice this).
pub const EXPORT_W: f64 = 960.0;
pub const EXPORT_H: f64 = 540.0;

/// `text` as a `data:` URL of type `mime`.
pub fn data_url(mime: &str, text: &str) -> String {
    format!("data:{mime};charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)))
}

/// Downloads `plot` as a PNG drawn at twice `EXPORT_W` × `EXPORT_H`.
pub fn download_png(plot: &Plot, colors: &PlotColors, stem: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(canvas) = doc.create_element("canvas").ok().and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
    else {
        return;
    };
    draw(&canvas, plot, colors, EXPORT_W, EXPORT_H, 2.0, true);
    if let Ok(url) = canvas.to_data_url() {
        download(&url, &format!("{stem}.png"));
    }
}

/// Downloads `plot` as SVG.
pub fn download_svg(plot: &Plot, colors: &PlotColors, stem: &str) {
    let svg = to_svg(plot, EXPORT_W, EXPORT_H, colors);
    download(&data_url("image/svg+xml", &svg), &format!("{stem}.svg"));
}

/// The three export buttons under a chart (`chart-export`, `data-chart` = the chart's hook;
/// buttons `chart-export-png`, `chart-export-svg`, `chart-export-csv`).
pub fn export_bar(plot: &Rc<Plot>, chart: &AttrValue, colors: PlotColors) -> Html {
    let button = |kind: &'static str, label: &'static str| {
        let (plot, chart) = (plot.clone(), chart.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let stem = file_stem(&web::location_search(), &chart);
            match kind {
                "png" => download_png(&plot, &colors, &stem),
                "svg" => download_svg(&plot, &colors, &stem),
                _ => download(&data_url("text/csv", &plot.csv()), &format!("{stem}.csv")),
            }
        });
        html! {
            <button type="button" class="button subtle" data-testid={format!("chart-export-{kind}")} {onclick}>{ label }</button>
        }
    };
    html! {
        <div class="chart-export" role="group" aria-label="Export this chart" data-testid="chart-export" data-chart={chart.clone()}>
            <span class="muted">{"Export:"}</span>
            { button("png", "PNG") }
            { button("svg", "SVG") }
            { button("csv", "CSV") }
        </div>
    }
}
