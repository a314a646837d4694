//! Exports of the false-positive plot (PNG, SVG) and of its data (CSV, the lab's own columns), as
//! downloads made in the page through the shared chart exports (nothing leaves the browser).

use yew::prelude::*;

use crate::app::theme::ThemeContext;
use crate::hooks::sliced::SlicedRun;
use crate::widgets::charts::chart_canvas::chart_colors;
use crate::widgets::charts::export::{data_url, download, download_png, download_svg};
use bloomlab_core::labs::fp::FpLab;

#[derive(Properties, PartialEq)]
pub struct FpExportButtonsProps {
    /// The lab, read when a button is pressed.
    pub lab: SlicedRun<FpLab>,
}

fn file_stem(lab: &FpLab) -> String {
    let s = lab.settings();
    format!("bloom-fp-{}-m{}-n{}-k{}", s.axis.name(), s.m, s.n, s.k)
}

#[function_component(FpExportButtons)]
pub fn fp_export_buttons(props: &FpExportButtonsProps) -> Html {
    let theme = use_context::<ThemeContext>().unwrap_or_default();
    let colors = chart_colors(&theme);
    let on_png = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
            download_png(&lab.plot(), &colors, &file_stem(&lab))
        })
    };
    let on_svg = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
            download_svg(&lab.plot(), &colors, &file_stem(&lab))
        })
    };
    let on_csv = {
        let lab = props.lab.clone();
        Callback::from(move |_: MouseEvent| {
            let lab = lab.borrow();
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
