//! The Zipf experiment: a button, a progress bar, an SVG plot of the mean and largest
//! over-estimate per estimator against the number of counters, and the numbers in a table.

use yew::prelude::*;

use crate::core::draw::text::group_digits;
use crate::core::engine::counting::Mode;
use crate::core::labs::counting::experiment::{Point, EXPONENT, SIZES, STREAM_LEN, UNIVERSE};

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
    pub on_run: Callback<u64>,
}

const W: f64 = 640.0;
const H: f64 = 300.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 48.0;

/// The y axis: log10(1 + v) for v >= 0, so that 0, 1, 10, 100 ... are evenly spaced.
fn symlog(v: f64) -> f64 {
    (1.0 + v.max(0.0)).log10()
}

fn x_of(m: u64) -> f64 {
    let (lo, hi) = ((SIZES[0] as f64).log2(), (SIZES[SIZES.len() - 1] as f64).log2());
    LEFT + ((m as f64).log2() - lo) / (hi - lo) * (W - LEFT - RIGHT)
}

fn plot(points: &[Point]) -> Html {
    let top = points.iter().map(|p| symlog(p.max_over as f64)).fold(1.0f64, f64::max).ceil();
    let y_of = |v: f64| TOP + (1.0 - symlog(v) / top) * (H - TOP - BOTTOM);
    let mut ticks = vec![0.0];
    let mut t = 1.0;
    while symlog(t) <= top + 0.01 {
        ticks.push(t);
        t *= 10.0;
    }
    let series = |mode: Mode, pick: fn(&Point) -> f64| -> String {
        points
            .iter()
            .filter(|p| p.mode == mode)
            .map(|p| format!("{:.1},{:.1}", x_of(p.m), y_of(pick(p))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    html! {
        <svg class="experiment-plot" viewBox={format!("0 0 {W} {H}")} role="img" data-testid="experiment-plot"
             aria-label="Mean and largest over-estimate per estimator against the number of counters">
            { for ticks.iter().map(|&t| html! {
                <g class="tick">
                    <line x1={LEFT.to_string()} x2={(W - RIGHT).to_string()} y1={format!("{:.1}", y_of(t))} y2={format!("{:.1}", y_of(t))} />
                    <text x={(LEFT - 6.0).to_string()} y={format!("{:.1}", y_of(t) + 4.0)} text-anchor="end">{ group_digits(t as u64) }</text>
                </g>
            }) }
            { for SIZES.iter().map(|&m| html! {
                <text class="tick" x={format!("{:.1}", x_of(m))} y={(H - BOTTOM + 18.0).to_string()} text-anchor="middle">{ group_digits(m) }</text>
            }) }
            <text class="axis-label" x={format!("{:.1}", (LEFT + W - RIGHT) / 2.0)} y={(H - 4.0).to_string()} text-anchor="middle">{"counters m (log scale)"}</text>
            <text class="axis-label" x="12" y={format!("{:.1}", (TOP + H - BOTTOM) / 2.0)} text-anchor="middle"
                  transform={format!("rotate(-90 12 {:.1})", (TOP + H - BOTTOM) / 2.0)}>{"over-estimate"}</text>
            { for Mode::ALL.iter().map(|&mode| html! {
                <g class={format!("series series-{}", mode.name())}>
                    <polyline class="mean" points={series(mode, |p| p.mean_over)} />
                    <polyline class="max" points={series(mode, |p| p.max_over as f64)} />
                    { for points.iter().filter(|p| p.mode == mode).map(|p| html! {
                        <circle cx={format!("{:.1}", x_of(p.m))} cy={format!("{:.1}", y_of(p.mean_over))} r="3.5" />
                    }) }
                </g>
            }) }
        </svg>
    }
}

#[function_component(CountingExperimentPanel)]
pub fn counting_experiment_panel(props: &CountingExperimentPanelProps) -> Html {
    let seed_input = use_node_ref();
    let on_run = {
        let cb = props.on_run.clone();
        let seed_input = seed_input.clone();
        Callback::from(move |_: MouseEvent| {
            let seed = seed_input
                .cast::<web_sys::HtmlInputElement>()
                .and_then(|el| el.value().trim().parse::<u64>().ok())
                .unwrap_or(1);
            cb.emit(seed);
        })
    };
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
                <p class="legend">
                    <span class="legend-item"><span class="swatch series-min"></span>{" min"}</span>
                    <span class="legend-item"><span class="swatch series-mi"></span>{" mi"}</span>
                    <span class="legend-item"><span class="swatch series-rm"></span>{" rm"}</span>
                    <span class="legend-item">{"solid: mean, dashed: largest"}</span>
                </p>
                { plot(&props.points) }
                <p class="trace-note">{ format!(
                    "This stream has {} distinct items; the most frequent occurs {} times.",
                    group_digits(props.distinct), group_digits(props.top_count as u64)) }</p>
                <div class="table-scroll">
                <table class="experiment-table">
                    <thead><tr><th scope="col">{"m"}</th><th scope="col">{"estimator"}</th><th scope="col">{"mean over"}</th>
                        <th scope="col">{"largest over"}</th><th scope="col">{"undercounted"}</th></tr></thead>
                    <tbody>
                        { for props.points.iter().map(|p| html! {
                            <tr data-testid="experiment-point" data-mode={p.mode.name()} data-m={p.m.to_string()}
                                data-mean={p.mean_over.to_string()} data-max={p.max_over.to_string()} data-under={p.under.to_string()}>
                                <td class="num">{ group_digits(p.m) }</td>
                                <td>{ p.mode.name() }</td>
                                <td class="num">{ format!("{:.3}", p.mean_over) }</td>
                                <td class="num">{ p.max_over.to_string() }</td>
                                <td class="num">{ format!("{} of {}", p.under, p.items) }</td>
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
