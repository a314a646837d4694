//! The plot's legend: one switch per formula (coloured like its curve), and the measured points.

use yew::prelude::*;

use crate::context::use_theme;
use crate::widgets::charts::chart_canvas::chart_colors;
use bloomlab_core::engine::formulas::Formula;

#[derive(Properties, PartialEq)]
pub struct FpLegendProps {
    pub shown: Vec<Formula>,
    pub layers: u32,
    pub on_toggle: Callback<Formula>,
    /// Whether points are measured at these settings (shown from the start, so the legend does
    /// not grow under the reader when the first one arrives).
    pub measured: bool,
}

#[function_component(FpLegend)]
pub fn fp_legend(props: &FpLegendProps) -> Html {
    let theme = use_theme();
    let colors = chart_colors(&theme);
    html! {
        <div class="fp-legend" role="group" aria-label="Formulas shown">
            { for Formula::ALL.iter().enumerate().map(|(i, &f)| {
                let on = props.shown.contains(&f);
                let cb = props.on_toggle.clone();
                let label = if f == Formula::Mlbf { format!("mlbf (L = {})", props.layers) } else { f.name().to_string() };
                html! {
                    <button type="button" class={classes!("fp-legend-item", (!on).then_some("off"))}
                        data-testid="formula-toggle" data-formula={f.name()} data-on={on.to_string()}
                        aria-pressed={on.to_string()} title={f.expression()}
                        onclick={Callback::from(move |_: MouseEvent| cb.emit(f))}>
                        <span class="fp-swatch" style={format!("background:{}", colors.series[i].css())}></span>
                        { label }
                    </button>
                }
            }) }
            if props.measured {
                <span class="fp-legend-item measured">
                    <span class="fp-dot" style={format!("border-color:{}", colors.measured.css())}></span>
                    {"measured, with 95% interval"}
                </span>
            }
        </div>
    }
}
