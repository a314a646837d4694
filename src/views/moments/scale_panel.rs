//! The estimator at scale: the settings, your own text or file, the progress of the
//! sliced run, and what it measured — the error histogram over seeded runs and how the error
//! falls as the number of variables grows.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::input::value_of;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::inputs::dataset_picker::DatasetPicker;
use crate::widgets::inputs::number_field::number_field;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::data::dataset::{Dataset, Split};
use bloomlab_core::engine::stats::share_beyond;
use bloomlab_core::labs::moments::scale::{combining_note, ScaleRun, ScaleSpec, Source, MAX_LENGTH, RUNS};
use bloomlab_core::labs::moments::{GROUPS, LENGTH, S, SEED, SOURCE, ZIPF};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::group_digits;

const LENGTHS: [u64; 4] = [10_000, 100_000, 300_000, 1_000_000];
const S_CHOICES: [u64; 6] = [10, 100, 300, 1_000, 3_000, 10_000];

pub struct ScalePanelProps<'a> {
    pub spec: &'a ScaleSpec,
    pub run: &'a ScaleRun,
    pub elapsed_ms: Option<f64>,
    /// The error histogram and the error against the number of variables, once the run is done
    /// (kept by the view between renders).
    pub charts: Vec<Rc<Plot>>,
    /// The file or text in use (`source = text`).
    pub dataset: Option<Rc<Dataset>>,
    /// A setting's field changed: its name in the link and its text.
    pub on_field: Callback<(&'static str, String)>,
    pub on_dataset: Callback<Rc<Dataset>>,
    pub on_problem: Callback<String>,
}

pub fn scale_panel(p: ScalePanelProps) -> Html {
    let (spec, run) = (p.spec, p.run);
    let done = run.is_done();
    html! {
        <section class="panel scale-panel" aria-labelledby="scale-title">
            <h2 id="scale-title">{"The estimator at scale"}</h2>
            <p>{ format!("A stream of up to {} elements; each of {RUNS} seeded runs starts s variables at random positions \
                (each counts its element from there on, exactly as a variable would while the stream goes by) and combines \
                them: the mean of all of them, and the median of group means.", group_digits(MAX_LENGTH)) }</p>
            { scale_controls(spec, &p.on_field) }
            <DatasetPicker current={p.dataset.clone()} on_dataset={p.on_dataset.clone()} on_problem={p.on_problem.clone()}
                what="text or stream" split={Split::Words} open={spec.source == Source::Text} />
            { progress_line(Progress {
                elapsed_ms: p.elapsed_ms,
                ..Progress::new("scale-progress", run.ops_done(), run.ops_total(), done, "estimator progress",
                    if done { format!("Done in {:.0} ms.", p.elapsed_ms.unwrap_or(0.0)) } else { "Running…".to_string() })
            }) }
            if done {
                { scale_readouts(run) }
                if let [histogram, ladder] = p.charts.as_slice() {
                    <div class="chart-pair">
                        <ChartCanvas plot={histogram.clone()} label="Histogram of the estimates' relative errors" testid="scale-histogram" legend=true />
                        <ChartCanvas plot={ladder.clone()} label="Relative error against the number of variables" testid="scale-ladder" legend=true />
                    </div>
                }
                <p class="muted small" data-testid="scale-combining">{ combining_note(&run.spec) }</p>
            }
        </section>
    }
}

/// The stream's source and length, the variables, the groups and the seed. Each field hands its
/// text to the model, which reads it as the link's parameter (bounds and notices included); the
/// number fields' bounds are the declarations'.
fn scale_controls(spec: &ScaleSpec, on_field: &Callback<(&'static str, String)>) -> Html {
    let change = |name: &'static str| on_field.reform(move |e: Event| (name, value_of(&e)));
    let (on_source, on_zipf, on_length) = (change(SOURCE.name), change(ZIPF.name), change(LENGTH.name));
    let (on_s, on_groups, on_seed) = (change(S.name), change(GROUPS.name), change(SEED.name));
    html! {
        <div class="control-row">
            <label>{"stream "}
                <select onchange={on_source} data-testid="scale-source">
                    { for Source::ALL.iter().map(|s| html! { <option value={s.name()} selected={*s == spec.source}>{ s.name() }</option> }) }
                </select></label>
            if spec.source == Source::Zipf {
                <label>{"Zipf exponent "}{ number_field(&ZIPF, spec.zipf.to_string(), on_zipf, "scale-zipf") }</label>
            }
            if spec.source != Source::Text {
                <label>{"length "}
                    <select onchange={on_length} data-testid="scale-length">
                        { for LENGTHS.iter().map(|&l| html! { <option value={l.to_string()} selected={l == spec.length}>{ group_digits(l) }</option> }) }
                        if !LENGTHS.contains(&spec.length) { <option value={spec.length.to_string()} selected=true>{ group_digits(spec.length) }</option> }
                    </select></label>
            }
            <label>{"variables s "}
                <select onchange={on_s} data-testid="scale-s">
                    { for S_CHOICES.iter().map(|&s| html! { <option value={s.to_string()} selected={s == spec.s}>{ group_digits(s) }</option> }) }
                    if !S_CHOICES.contains(&spec.s) { <option value={spec.s.to_string()} selected=true>{ group_digits(spec.s) }</option> }
                </select></label>
            <label>{"groups "}{ number_field(&GROUPS, spec.groups.to_string(), on_groups, "scale-groups") }</label>
            <label>{"seed "}{ number_field(&SEED, spec.seed.to_string(), on_seed, "scale-seed") }</label>
        </div>
    }
}

/// What a finished run measured: the exact moment and how often each estimate was far off.
fn scale_readouts(run: &ScaleRun) -> Html {
    let r = &run.result;
    let beyond = share_beyond;
    html! {
        <div class="readouts"><dl data-testid="ams-scale" data-source={run.spec.source.name()} data-length={run.length().to_string()}
            data-s={run.spec.s.to_string()} data-groups={run.spec.groups.to_string()} data-k={run.spec.k.to_string()}
            data-exact={run.exact.to_string()} data-distinct={run.distinct.to_string()}
            data-beyond10={beyond(&r.combined, 0.1).to_string()} data-beyond50={beyond(&r.combined, 0.5).to_string()}>
            <div><dt>{ format!("exact moment (k = {})", run.spec.k) }</dt><dd class="num">{ if run.exact < 1e19 { group_digits(run.exact as u64) } else { format!("{:.4e}", run.exact) } }</dd></div>
            <div><dt>{"distinct values"}</dt><dd class="num">{ group_digits(run.distinct) }</dd></div>
            <div><dt>{"median of group means: runs off by > 10 % / > 50 %"}</dt>
                <dd class="num">{ format!("{:.1} % / {:.1} %", 100.0 * beyond(&r.combined, 0.1), 100.0 * beyond(&r.combined, 0.5)) }</dd></div>
            <div><dt>{"mean of all: runs off by > 10 % / > 50 %"}</dt>
                <dd class="num">{ format!("{:.1} % / {:.1} %", 100.0 * beyond(&r.mean, 0.1), 100.0 * beyond(&r.mean, 0.5)) }</dd></div>
        </dl></div>
    }
}
