//! Exports of the false-positive plot (PNG, SVG) and of its data (CSV), as downloads made in
//! the page (data: URLs; nothing leaves the browser).

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::theme::ThemeContext;
use crate::core::draw::plot::to_svg;
use crate::core::labs::fp::FpLab;
use crate::widgets::charts::chart_canvas::{chart_colors, draw};

/// Size of exported pictures, CSS pixels (PNG at twice this).
const EXPORT_W: f64 = 960.0;
const EXPORT_H: f64 = 540.0;

#[derive(Properties, PartialEq)]
pub struct FpExportButtonsProps {
    pub lab: Rc<FpLab>,
}

fn file_stem(lab: &FpLab) -> String {
    let s = lab.settings();
    format!("bloom-fp-{}-m{}-n{}-k{}", s.axis.name(), s.m, s.n, s.k)
}

/// Starts a download of `href` as `name`.
fn download(href: &str, name: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = doc.create_element("a") else { return };
    let _ = a.set_attribute("href", href);
    let _ = a.set_attribute("download", name);
    let _ = a.set_attribute("hidden", "");
    let body = doc.body();
    if let Some(b) = &body {
        let _ = b.append_child(&a);
    }
    if let Ok(el) = a.clone().dyn_into::<web_sys::HtmlElement>() {
        el.click();
    }
    if let Some(b) = &body {
        let _ = b.remove_child(&a);
    }
}

fn data_url(mime: &str, text: &str) -> String {
    format!("data:{mime};charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)))
}

#[function_component(FpExportButtons)]
pub fn fp_export_buttons(props: &FpExportButtonsProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let on_png = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
            let Some(canvas) =
                doc.create_element("canvas").ok().and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
            else {
                return;
            };
            draw(&canvas, &lab.plot(), &chart_colors(&theme), EXPORT_W, EXPORT_H, 2.0, true);
            if let Ok(url) = canvas.to_data_url() {
                download(&url, &format!("{}.png", file_stem(&lab)));
            }
        })
    };
    let on_svg = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let svg = to_svg(&lab.plot(), EXPORT_W, EXPORT_H, &chart_colors(&theme));
            download(&data_url("image/svg+xml", &svg), &format!("{}.svg", file_stem(&lab)));
        })
    };
    let on_csv = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            download(&data_url("text/csv", &lab.csv()), &format!("{}.csv", file_stem(&lab)));
        })
    };
    html! {
        <div class="fp-export" role="group" aria-label="Export">
            <span class="muted">{"Export:"}</span>
            <button type="button" class="button" data-testid="export-png" onclick={on_png}>{"plot as PNG"}</button>
            <button type="button" class="button" data-testid="export-svg" onclick={on_svg}>{"plot as SVG"}</button>
            <button type="button" class="button" data-testid="export-csv" onclick={on_csv}>{"data as CSV"}</button>
        </div>
    }
}
