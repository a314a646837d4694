//! Combining many estimates at scale: settings, progress, the three combinations against the
//! truth, the error histograms, and the heavy-tailed distribution of single estimates 2^R.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, para};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::labs::distinct::combine::{Combine, CombineRun};
use bloomlab_core::labs::distinct::{FUNCTIONS, GROUP_SIZE, LENGTH, RUNS, SEED};
use bloomlab_core::link::page::COMBINE_PANEL;
use bloomlab_core::link::params::Declared;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::group_digits;

const LENGTHS: [u64; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// What the median of the single estimates can be, for `h` of them.
fn median_note(h: u32) -> String {
    if h % 2 == 1 {
        format!("The mean is pulled up by the rare long tails. The median of {h} estimates (an odd number) is one of them, so always a power of two; the median of group means usually lies between the median and the mean — and, as the next panel measures, runs high, more so for larger groups.")
    } else {
        format!("The mean is pulled up by the rare long tails. The median of {h} estimates (an even number) is the mean of the middle two: a power of two when they agree, otherwise not; the median of group means usually lies between the median and the mean — and, as the next panel measures, runs high, more so for larger groups.")
    }
}

/// `on_set` gets a setting's parameter and its text as chosen or typed (`length`, `functions`,
/// `group-size`, `runs`, `seed`); the core clamps it, with a notice. `charts`: the error
/// histogram and the estimates' distribution, as kept by the panel.
pub fn combine_panel(
    run: &CombineRun,
    elapsed_ms: Option<f64>,
    on_set: Callback<(&'static str, String)>,
    charts: &[Rc<Plot>],
) -> Html {
    let spec = run.spec.clone();
    let set = |name: &'static str| on_set.reform(move |e: Event| (name, crate::hooks::input::value_of(&e)));
    let group = GROUP_SIZE.bounds();
    let done = run.is_done();
    let first = run.results.first();
    html! {
        <section class="panel" aria-labelledby={COMBINE_PANEL.title_id}>
            <h2 id={COMBINE_PANEL.title_id}>{"Combining many estimates"}</h2>
            { para("One hash gives a power of two, often off by a factor of two or more, and for an ideal hash of unbounded width E(2^R) is infinite (the slides' \u{201c}in principle\u{201d}): R one larger is half as likely but doubles the estimate. With w-bit hashes it is finite, but grows by about n/2 for every further bit (computed below). So use many hash functions (seeded xxh3 here) and combine. Each run draws a stream from a universe of half its length and hashes every element with every function.") }
            <div class="control-row">
                <label>{"stream length "}<select onchange={set(LENGTH.name)} data-testid="fm-length">
                    { for LENGTHS.iter().map(|&l| html! { <option value={l.to_string()} selected={l == spec.length}>{ group_digits(l) }</option> }) }
                    if !LENGTHS.contains(&spec.length) { <option value={spec.length.to_string()} selected=true>{ group_digits(spec.length) }</option> }
                </select></label>
                <label>{"hash functions "}{ number_field(&FUNCTIONS, spec.hashes.to_string(), set(FUNCTIONS.name), "fm-functions") }</label>
                // The slider moves on release (`onchange`): every change starts the runs again.
                <label>{"group size "}<input type="range" name={GROUP_SIZE.name} min={group.as_ref().map(|b| b.min.clone())}
                    max={group.as_ref().map(|b| b.max.clone())} step={group.as_ref().map(|b| b.step.clone())} value={spec.group.to_string()}
                    onchange={set(GROUP_SIZE.name)} data-testid="fm-groups" />{ spec.group.to_string() }</label>
                <label>{"runs "}{ number_field(&RUNS, spec.runs.to_string(), set(RUNS.name), "fm-runs") }</label>
                <label>{"seed "}{ number_field(&SEED, spec.seed.to_string(), set(SEED.name), "fm-seed") }</label>
            </div>
            { progress_line(Progress {
                elapsed_ms,
                ..Progress::new("fm-progress", run.ops_done(), run.ops_total(), done, "combining progress",
                    format!("{} of {} runs{}", run.results.len(), spec.runs, elapsed_ms.filter(|_| done).map(|ms| format!(" in {:.0} ms", ms)).unwrap_or_default()))
            }) }
            if let Some(r) = first {
                <div class="table-scroll" tabindex="0">
                    <table class="data-table">
                        <caption>{ format!("First run: {} distinct elements; over all {} runs, the share off by more than 10 % and 50 %", group_digits(r.truth), run.results.len()) }</caption>
                        <thead><tr>{ col_heads(&["combination", "first run", "> 10 % off", "> 50 % off"]) }</tr></thead>
                        <tbody>{ for Combine::ALL.iter().map(|&c| {
                            let v = r.combined(c, spec.group);
                            html! {
                                <tr data-testid="fm-combined" data-method={c.name()} data-value={v.to_string()} data-true={r.truth.to_string()}
                                    data-beyond10={run.beyond(c, 0.1).to_string()} data-beyond50={run.beyond(c, 0.5).to_string()}>
                                    <th scope="row">{ match c { Combine::Mean => "mean".to_string(), Combine::Median => "median".to_string(),
                                        Combine::MedianOfMeans => format!("median of means (groups of {})", spec.group) } }</th>
                                    { num_cell(format!("{v:.0}")) }
                                    { num_cell(format!("{:.0} %", 100.0 * run.beyond(c, 0.1))) }
                                    { num_cell(format!("{:.0} %", 100.0 * run.beyond(c, 0.5))) }
                                </tr>
                            }
                        }) }</tbody>
                    </table>
                </div>
                <ChartLegend labels={Combine::ALL.iter().map(|c| c.name().to_string()).collect::<Vec<_>>()} />
                if let [histogram, r_chart] = charts {
                    <div class="chart-pair">
                        <ChartCanvas plot={histogram.clone()} label="Relative errors of the three combinations" testid="fm-histogram" />
                        <ChartCanvas plot={r_chart.clone()} label="How often each single estimate 2^R occurs" testid="fm-r-chart" />
                    </div>
                }
                <p class="muted small">{ median_note(spec.hashes) }</p>
            }
        </section>
    }
}
