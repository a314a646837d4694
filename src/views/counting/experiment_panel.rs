//! The Zipf experiment: a button, a progress bar, a chart of the mean and largest over-estimate
//! per estimator against the number of counters (on the canvas every chart uses), and the numbers
//! in a table.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, plain_cell};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use bloomlab_core::labs::counting::experiment::{chart, Point, EXPONENT, SIZES, STREAM_LEN, UNIVERSE};
use bloomlab_core::text::group_digits;

#[derive(Properties, PartialEq)]
pub struct CountingExperimentPanelProps {
    pub points: Vec<Point>,
    pub done: u64,
    pub total: u64,
    /// Seed of the experiment shown, if one was started.
    pub seed: Option<u64>,
    pub distinct: u64,
    pub top_count: u32,
    pub k: u32,
    pub family: AttrValue,
    /// The seed field's text, when Run is pressed.
    pub on_run: Callback<String>,
}

#[function_component(CountingExperimentPanel)]
pub fn counting_experiment_panel(props: &CountingExperimentPanelProps) -> Html {
    let seed_input = use_node_ref();
    let on_run = {
        let cb = props.on_run.clone();
        let seed_input = seed_input.clone();
        Callback::from(move |_: MouseEvent| {
            let seed = seed_input.cast::<web_sys::HtmlInputElement>().map(|el| el.value()).unwrap_or_default();
            cb.emit(seed);
        })
    };
    // The plot is laid out again when the points change, not at every step of the progress bar.
    let plot = use_memo(props.points.clone(), |points| Rc::new(chart(points)));
    let running = props.seed.is_some() && props.done < props.total;
    let status = match (props.seed, running) {
        (None, _) => "idle",
        (Some(_), true) => "running",
        (Some(_), false) => "done",
    };
    html! {
        <section class="experiment" data-testid="experiment" data-status={status}
                 data-seed={props.seed.map(|s| s.to_string())}>
            <h2>{"Experiment: a Zipf stream"}</h2>
            <p>{ format!(
                "{} items drawn from {} distinct generated words with Zipf frequencies (rank r with probability \u{221d} 1/r^{}), reproducible from the seed, \
                 are inserted into filters of {} to {} counters with each estimator (k = {}, {} hashes, 32-bit counters so that nothing saturates). \
                 Then every distinct item is looked up: the over-estimate is estimate \u{2212} true count.",
                group_digits(STREAM_LEN), group_digits(UNIVERSE), EXPONENT, group_digits(SIZES[0]), group_digits(SIZES[SIZES.len() - 1]), props.k, props.family
            ) }</p>
            <div class="experiment-run">
                <label for="exp-seed">{"seed"}</label>
                <input id="exp-seed" ref={seed_input} data-testid="experiment-seed" type="number" min="0" class="num-input"
                    value={props.seed.unwrap_or(1).to_string()} />
                <button type="button" class="button primary" data-testid="experiment-button" onclick={on_run} disabled={running}>
                    { if running { "Running\u{2026}" } else { "Run the experiment" } }</button>
            </div>
            if props.seed.is_some() {
                <div class={classes!("progress-line", (!running).then_some("idle"))} data-testid="experiment-progress"
                     data-done={props.done.to_string()} data-total={props.total.to_string()}>
                    <progress max={props.total.max(1).to_string()} value={props.done.to_string()}></progress>
                    <span class="num">{ format!("{:.0}%", props.done as f64 / props.total.max(1) as f64 * 100.0) }</span>
                </div>
            }
            if !props.points.is_empty() {
                <>
                <p class="legend">{"one colour per estimator (named in the chart) · solid with dots: mean · dashed: largest"}</p>
                <ChartCanvas plot={(*plot).clone()} testid="experiment-plot" legend=true
                    label="Mean and largest over-estimate per estimator against the number of counters" />
                <p class="trace-note">{ format!(
                    "This stream has {} distinct items; the most frequent occurs {} times.",
                    group_digits(props.distinct), group_digits(props.top_count as u64)) }</p>
                <div class="table-scroll" tabindex="0">
                <table class="experiment-table">
                    <thead><tr>{ col_heads(&["m", "estimator", "mean over", "largest over", "undercounted"]) }</tr></thead>
                    <tbody>
                        { for props.points.iter().map(|p| html! {
                            <tr data-testid="experiment-point" data-mode={p.mode.name()} data-m={p.m.to_string()}
                                data-mean={p.mean_over.to_string()} data-max={p.max_over.to_string()} data-under={p.under.to_string()}>
                                { num_cell(group_digits(p.m)) }
                                { plain_cell(p.mode.name()) }
                                { num_cell(format!("{:.3}", p.mean_over)) }
                                { num_cell(p.max_over.to_string()) }
                                { num_cell(format!("{} of {}", p.under, p.items)) }
                            </tr>
                        }) }
                    </tbody>
                </table>
                </div>
                </>
            }
        </section>
    }
}
