//! A legend shown once above several charts that share their series' colours.

use yew::prelude::*;

use crate::context::use_theme;
use crate::widgets::charts::chart_canvas::chart_colors;

#[derive(Properties, PartialEq)]
pub struct ChartLegendProps {
    /// One label per series, in colour order.
    pub labels: Vec<String>,
}

#[function_component(ChartLegend)]
pub fn chart_legend(props: &ChartLegendProps) -> Html {
    let theme = use_theme();
    let colors = chart_colors(&theme);
    html! {
        <ul class="chart-legend" aria-label="Colours of the charts' lines">
            { for props.labels.iter().enumerate().map(|(i, label)| html! {
                <li><span class="fp-swatch" style={format!("background:{}", colors.series[i % colors.series.len()].css())}></span>{ label.clone() }</li>
            }) }
        </ul>
    }
}
