//! The measured experiment at scale (`focus=scale`): a skewed and a flat stream of the link's
//! length fed to count-min with both updates, the count sketch and the heavy-hitter summaries, in
//! slices; every item's error against εN, the φ-heavy hitters found, and a chart of error
//! against rank for each stream with exports. The page draws the panel; the run and its results
//! are drawn by the run's own bundle (`scale_app`).

use std::rc::Rc;

use yew::prelude::*;

use crate::parts::SCALE;
use crate::parts::{not_fetched, PartState};
use crate::widgets::charts::chart_canvas::ChartCanvas;
use bloomlab_core::labs::frequencies::scale::{looseness, HitterScale, Kind, ScaleRun, StreamScale};
use bloomlab_core::labs::frequencies::FrequenciesLab;
use bloomlab_core::link::page::SCALE_PANEL;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{format_probability, group_decimal, group_digits, trim_float};

/// The panel as the page draws it: what the run does, and its button. The run itself, its progress
/// and its results are the run's own bundle (`scale_app`), fetched on the first press and drawn in
/// the empty slot here.
pub fn scale_panel(lab: &FrequenciesLab, asked: bool, part: PartState, on_run: Callback<MouseEvent>) -> Html {
    html! {
        <section class="panel scale-panel" aria-labelledby={SCALE_PANEL.title_id}>
            <h2 id={SCALE_PANEL.title_id}>{"Errors at scale"}</h2>
            <p>{ format!("Two generated streams of N = {} arrivals from 10,000 words (seed {}): a skewed one (Zipf, s = {}) and a \
                flat one (every word equally likely). Each goes to count-min with both updates and to the count sketch, {} rows × {} \
                counters, and to Misra–Gries and SpaceSaving with k = {} counters; then every item that arrived is looked up.",
                group_digits(lab.length), lab.seed, trim_float(lab.s, 3), lab.d, group_digits(lab.w), lab.k) }</p>
            <button type="button" class="button primary" data-testid="scale-run" onclick={on_run}>
                { if asked { "Run again" } else { "Run the experiment" } }</button>
            <div class="scale-slot" id={SCALE.slot}></div>
            if part == PartState::Failed {
                { not_fetched("The run at scale") }
            }
        </section>
    }
}

/// The line beside the run's progress bar.
pub(crate) fn progress_text(run: &ScaleRun, done: bool, elapsed_ms: Option<f64>) -> String {
    if done {
        format!("Done in {:.0} ms.", elapsed_ms.unwrap_or(0.0))
    } else {
        let which = if run.results().is_empty() { "skewed" } else { "flat" };
        format!("Running: the {which} stream…")
    }
}

/// One stream's table, note, heavy hitters and chart.
pub(crate) fn stream_results(lab: &FrequenciesLab, res: &StreamScale, chart: Option<Rc<Plot>>) -> Html {
    let name = res.kind.name();
    let title = match res.kind {
        Kind::Skewed => format!("The skewed stream (Zipf, s = {})", trim_float(lab.s, 3)),
        Kind::Flat => "The flat stream (every word equally likely)".to_string(),
    };
    let rows = res.sketches.iter().map(|s| {
        html! {
            <tr data-testid="scale-result" data-stream={name} data-sketch={s.sketch.name()} data-n={res.n.to_string()}
                data-items={s.items.to_string()} data-bound={res.bound.to_string()} data-delta={res.delta.to_string()}
                data-beyond={s.beyond.to_string()} data-share={s.share.to_string()} data-mean={s.mean.to_string()}
                data-most-over={s.most_over.to_string()} data-most-under={s.most_under.to_string()}>
                <th scope="row">{ s.sketch.title() }</th>
                <td class="num">{ format!("{:+.2}", s.mean) }</td>
                <td class="num">{ trim_float(s.most_over, 1) }</td>
                <td class="num">{ trim_float(s.most_under, 1) }</td>
                <td class="num">{ format!("{} ({} %)", group_digits(s.beyond), trim_float(100.0 * s.share, 4)) }</td>
            </tr>
        }
    });
    let cm = &res.sketches[0];
    let note = looseness(cm.share, res.bound, res.n, lab.w, lab.d);
    html! {
        <section class="scale-stream" aria-label={title.clone()}>
            <h3>{ title }</h3>
            <p>{ format!("{} distinct items; εN = {} with δ = {}: for each item, count-min errs by more than εN with chance at most δ \
                over the hashes.", group_digits(cm.items), trim_float(res.bound, 2), format_probability(res.delta)) }</p>
            <div class="table-scroll"><table>
                <thead><tr><th scope="col">{"sketch"}</th><th scope="col">{"mean error"}</th><th scope="col">{"most above"}</th>
                    <th scope="col">{"most below"}</th><th scope="col">{"items beyond εN (share)"}</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table></div>
            <p data-testid="scale-note" data-stream={name} data-loose={note.is_some().to_string()}>{ note.unwrap_or_else(||
                format!("Count-min's share beyond εN, {}, is not far below δ = {}.", format_probability(cm.share), format_probability(res.delta))) }
                {" The count sketch's own guarantee is in terms of the square root of the sum of squared counts, not εN: it is set \
                  against εN here only to compare."}</p>
            { hitters_table(name, res) }
            if let Some(plot) = chart {
                <ChartCanvas {plot} label={format!("Each item's error against its rank, {name} stream")} testid="scale-chart" legend=true />
            }
        </section>
    }
}

fn hitters_table(name: &'static str, res: &StreamScale) -> Html {
    let row = |h: &HitterScale| {
        let (title, worst) = match h.algorithm {
            "mg" => ("Misra–Gries", "largest undercount / N/(k+1)"),
            _ => ("SpaceSaving", "largest overcount / N/k"),
        };
        html! {
            <tr data-testid="scale-hitters" data-stream={name} data-algorithm={h.algorithm} data-truth={h.truth.to_string()}
                data-found={h.found.to_string()} data-extra={h.extra.to_string()} data-recall={h.recall.to_string()}
                data-worst={h.worst.to_string()} data-allowed={h.allowed.to_string()} data-within={h.within_recorded.to_string()}>
                <th scope="row">{ title }</th>
                <td class="num">{ format!("{} of {}", h.found, h.truth) }</td>
                <td class="num">{ h.extra }</td>
                <td class="num" title={worst}>{ format!("{} / {}", group_digits(h.worst), group_decimal(h.allowed, 1)) }</td>
            </tr>
        }
    };
    html! {
        <div class="table-scroll"><table>
            <caption>{ format!("Heavy hitters: items above φN = {} (φ = 1/k)", trim_float(res.phi * res.n as f64, 1)) }</caption>
            <thead><tr><th scope="col">{"summary"}</th><th scope="col">{"true ones found"}</th><th scope="col">{"false ones"}</th>
                <th scope="col">{"largest error / allowed"}</th></tr></thead>
            <tbody>{ for res.hitters.iter().map(row) }</tbody>
        </table></div>
    }
}
