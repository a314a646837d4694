//! The long run: a filter of 2^mq slots filled to 95 %, the average cluster and run lengths and
//! the false-positive rate measured at every 5 %, against 1 − e^(−α/2^r).

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::labs::quotient::load::PROBES;
use bloomlab_core::labs::quotient::LoadRun;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{group_digits, trim_float};

/// One row per load measured.
fn rows(run: &LoadRun) -> Html {
    let pct = |x: f64| trim_float(x * 100.0, 4);
    html! {
        <div class="table-scroll"><table>
            <thead><tr><th>{"load α"}</th><th>{"stored"}</th><th>{"average cluster"}</th><th>{"average run"}</th>
                <th>{"false positives (%)"}</th><th>{"95 % interval"}</th><th>{"1 − e^(−α/2^r) (%)"}</th></tr></thead>
            <tbody>{ for run.points.iter().map(|p| {
                let (lo, hi) = p.interval();
                html! { <tr data-testid="qf-load-row" data-load={p.load.to_string()} data-fpr={p.fpr().to_string()}
                        data-low={lo.to_string()} data-high={hi.to_string()} data-theory={p.theory.to_string()}
                        data-avg-cluster={p.avg_cluster.to_string()}>
                    <td class="num">{ trim_float(p.load, 3) }</td><td class="num">{ group_digits(p.stored) }</td>
                    <td class="num">{ trim_float(p.avg_cluster, 2) }</td><td class="num">{ trim_float(p.avg_run, 2) }</td>
                    <td class="num">{ pct(p.fpr()) }</td><td class="num">{ format!("{} – {}", pct(lo), pct(hi)) }</td>
                    <td class="num">{ pct(p.theory) }</td>
                </tr> }
            }) }</tbody>
        </table></div>
    }
}

/// The panel: progress, the two charts, the table.
pub fn load_panel(run: &LoadRun, elapsed_ms: Option<f64>, charts: (Option<Rc<Plot>>, Option<Rc<Plot>>)) -> Html {
    let done = run.is_done();
    let text = match (&run.error, done) {
        (Some(e), _) => format!("Stopped: {e}."),
        (None, true) => format!("Done in {:.0} ms.", elapsed_ms.unwrap_or(0.0)),
        (None, false) => "Filling…".to_string(),
    };
    html! {
        <section class="panel" aria-labelledby="qf-load-title" data-focus="load">
            <h2 id="qf-load-title">{"Load against cluster length and false positives"}</h2>
            <p>{ format!("A filter of 2^{} = {} slots with {}-bit remainders, filled with generated keys to 95 % load; at every 5 % \
                the average cluster and run lengths, and {} keys never inserted looked up. A lookup passes when some stored \
                fingerprint has the same quotient and remainder: about α/2^r of the time for small α. Clusters grow quickly past \
                about 75 %: every insert and lookup walks its cluster, which is why quotient filters are run below that.",
                run.mq, group_digits(1u64 << run.mq.min(40)), run.r, group_digits(PROBES)) }</p>
            { progress_line(Progress { elapsed_ms, ..Progress::new("qf-load-progress", run.ops_done(), run.ops_total(), done, "load run progress", text) }) }
            <span hidden=true data-testid="qf-load" data-mq={run.mq.to_string()} data-r={run.r.to_string()} data-points={run.hook_points()}></span>
            <div class="chart-pair">
                if let Some(plot) = charts.0 {
                    <ChartCanvas {plot} label="False-positive rate against load, measured and the formula" testid="qf-fpr-chart" legend=true />
                }
                if let Some(plot) = charts.1 {
                    <ChartCanvas {plot} label="Average cluster and run length against load" testid="qf-cluster-chart" legend=true />
                }
            </div>
            { rows(run) }
        </section>
    }
}
