//! Exports of the false-positive plot (PNG, SVG) and of its table (CSV, the lab's own columns), as
//! downloads made in the page through the shared chart exports (nothing leaves the browser).

use yew::prelude::*;

use crate::context::use_theme;
use crate::hooks::sliced::SlicedRun;
use crate::web;
use crate::widgets::charts::chart_canvas::chart_colors;
use crate::widgets::charts::export::{data_url, download, download_png, download_svg};
use bloomlab_core::labs::fp::FpLab;
use bloomlab_core::link::export::file_stem;

#[derive(Properties, PartialEq)]
pub struct FpExportButtonsProps {
    /// The lab, read when a button is pressed.
    pub lab: SlicedRun<FpLab>,
}

/// The file name's stem for `what` (`fp-plot`, `fp-table`): the one scheme of every export,
/// `bloomlab-fp-…` and the link's parameters.
fn stem(what: &str) -> String {
    file_stem(&web::location_search(), what)
}

#[function_component(FpExportButtons)]
pub fn fp_export_buttons(props: &FpExportButtonsProps) -> Html {
    let theme = use_theme();
    let colors = chart_colors(&theme);
    let on_png = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
            download_png(&lab.plot(), &colors, &stem("fp-plot"))
        })
    };
    let on_svg = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
            download_svg(&lab.plot(), &colors, &stem("fp-plot"))
        })
    };
    let on_csv = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
            download(&data_url("text/csv", &lab.csv()), &format!("{}.csv", stem("fp-table")));
        })
    };
    html! {
        <div class="fp-export" role="group" aria-label="Export">
            <span class="muted">{"Export:"}</span>
            <button type="button" class="button" data-testid="export-png" onclick={on_png}>{"plot as PNG"}</button>
            <button type="button" class="button" data-testid="export-svg" onclick={on_svg}>{"plot as SVG"}</button>
            <button type="button" class="button" data-testid="export-csv" onclick={on_csv}>{"table as CSV"}</button>
        </div>
    }
}
