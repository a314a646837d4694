//! The errors at scale: DGIM run over every t of the generated stream (`p`, `length`, `seed`)
//! in slices, with the largest, mean and past-size-one errors, the memory it needed, and the
//! chart of the error over t against the bounds.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::labs::window::{ErrorRun, WindowLab};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{group_digits, trim_float};

pub struct ScaleProps<'a> {
    pub lab: &'a WindowLab,
    pub run: &'a ErrorRun,
    pub elapsed_ms: Option<f64>,
    /// The chart, once the run is done.
    pub chart: Option<Rc<Plot>>,
}

pub fn scale_panel(p: ScaleProps) -> Html {
    let (lab, run) = (p.lab, p.run);
    let done = run.is_done();
    let e = run.errors();
    let pct = |x: f64| format!("{} %", trim_float(x * 100.0, 2));
    let text = if done { format!("Done in {:.0} ms.", p.elapsed_ms.unwrap_or(0.0)) } else { "Running…".to_string() };
    html! {
        <section class="panel scale-panel" aria-labelledby="window-scale-title">
            <h2 id="window-scale-title">{"Errors at scale"}</h2>
            <p>{ format!("A generated stream of {} bits, each a 1 with probability {} (seed {}), with N = {} and r = {}: the estimate \
                against the true count at every t whose window holds a 1.{}", group_digits(lab.length), trim_float(lab.p, 3), lab.seed,
                group_digits(lab.window), lab.r,
                if lab.generated { "" } else { " The form \u{201c}A generated stream\u{201d} above steps through it too." }) }</p>
            { progress_line(Progress {
                elapsed_ms: p.elapsed_ms,
                ..Progress::new("scale-progress", run.ops_done(), run.ops_total(), done, "error run progress", text)
            }) }
            if done {
                <div class="readouts"><dl data-testid="window-errors" data-measured={e.measured.to_string()}
                    data-max={e.max_relative.to_string()} data-mean={e.mean_relative.to_string()}
                    data-past-size-one={e.max_past_size_one.to_string()} data-worst-t={e.worst_t.to_string()}
                    data-most-buckets={e.most_buckets.to_string()} data-most-memory={e.most_memory_bits.to_string()}>
                    <div><dt>{"t measured (the window holds a 1)"}</dt><dd class="num">{ group_digits(e.measured) }</dd></div>
                    <div><dt>{"largest relative error / at t"}</dt><dd class="num">{ format!("{} / {}", pct(e.max_relative), group_digits(e.worst_t)) }</dd></div>
                    <div><dt>{"mean relative error"}</dt><dd class="num">{ pct(e.mean_relative) }</dd></div>
                    <div><dt>{"largest once the oldest bucket has size ≥ 2 / its bound"}</dt>
                        <dd class="num">{ format!("{} / {}", pct(e.max_past_size_one), pct(lab.bounds_of(&lab.dgim_at(0)).past_size_one)) }</dd></div>
                    <div><dt>{"most buckets / their memory / exact window"}</dt>
                        <dd class="num">{ format!("{} / {} bits / {} bits", e.most_buckets, group_digits(e.most_memory_bits), group_digits(lab.window)) }</dd></div>
                </dl></div>
                if let Some(plot) = p.chart.clone() {
                    <ChartCanvas {plot} label="Largest relative error over t against the bounds" testid="window-chart" legend=true />
                }
            }
        </section>
    }
}
