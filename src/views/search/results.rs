//! The comparison's progress, table and charts.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, row_head};

use crate::hooks::plot::use_plots;
use crate::hooks::sliced::Shown;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::timing::{format_ns, format_resolution, Summary, RESOLUTION_FACTOR, WIDE_SPREAD};
use bloomlab_core::labs::search::methods::Method;
use bloomlab_core::labs::search::run::{MethodResult, SearchRun, LINEAR_COMPARISONS};
use bloomlab_core::labs::search::{bytes_label, chart, rate_label, timing_chart};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{format_probability, group_digits};

/// A chart's hook, title, value and axis labels.
type ChartSpec = (&'static str, &'static str, fn(&MethodResult) -> f64, fn(f64) -> String);
/// A timing chart's hook, title and timing.
type TimingSpec = (&'static str, &'static str, fn(&MethodResult) -> Summary);

/// A timing cell: the median, and below it the range over the rounds (marked when wider than 2×).
fn timing(s: &Summary) -> Html {
    html! {
        <td class="num">
            { format_ns(s.median) }
            <br />
            if s.wide() {
                <strong class="small">{ format!("{}–{}, over {WIDE_SPREAD}×", format_ns(s.min), format_ns(s.max)) }</strong>
            } else {
                <span class="small muted">{ format!("{}–{}", format_ns(s.min), format_ns(s.max)) }</span>
            }
        </td>
    }
}

fn row(r: &MethodResult) -> Html {
    let mut notes = Vec::new();
    if r.method == Method::Linear && r.queries < r.n.min(10_000) {
        notes.push(format!("{} queries of each kind per round", group_digits(r.queries)));
    }
    if r.inserts_timed < r.n {
        notes.push(format!("last {} inserts timed per round", group_digits(r.inserts_timed)));
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    let wide: Vec<&str> = r.wide().into_iter().map(|w| w.0).collect();
    html! {
        <tr data-testid="method-result" data-method={r.method.name()} data-n={r.n.to_string()}
            data-insert-ns={r.insert.median.to_string()} data-query-ns={r.member.median.to_string()}
            data-nonmember-ns={r.nonmember.median.to_string()}
            data-insert-min={r.insert.min.to_string()} data-insert-max={r.insert.max.to_string()}
            data-query-min={r.member.min.to_string()} data-query-max={r.member.max.to_string()}
            data-nonmember-min={r.nonmember.min.to_string()} data-nonmember-max={r.nonmember.max.to_string()}
            data-rounds={r.insert.rounds.min(r.member.rounds).min(r.nonmember.rounds).to_string()}
            data-wide={wide.join(",")} data-bytes={r.bytes.to_string()}
            data-fp={r.fp_rate().to_string()} data-fp-count={r.fp.to_string()} data-queries={r.queries.to_string()}
            data-inserts-timed={r.inserts_timed.to_string()} data-missed={r.missed.to_string()}>
            { row_head(r.method.title()) }
            { num_cell(group_digits(r.n)) }
            { timing(&r.insert) }
            { timing(&r.member) }
            { timing(&r.nonmember) }
            { num_cell(format!("{} ({:.1} bits/item)", bytes_label(r.bytes as f64), r.bits_per_item())) }
            { num_cell(if r.method.approximate() { format!("{} of {} ({})", r.fp, group_digits(r.queries), format_probability(r.fp_rate())) } else { "none (exact)".into() }) }
            <td class="small muted wrap">{ note.unwrap_or_default() }</td>
        </tr>
    }
}

#[derive(Properties, PartialEq)]
pub struct MeasurementsProps {
    pub run: Shown<SearchRun>,
}

/// The comparison's progress, its timing method and its results: drawn again at the pace the
/// run is shown (`SlicedRun::shown`), not after each of its hundreds of slices.
#[function_component(Measurements)]
pub fn measurements(props: &MeasurementsProps) -> Html {
    let run = props.run.borrow();
    let (done, elapsed_ms) = (run.is_done(), props.run.elapsed_ms());
    // The four charts are built when another size's results arrive, not at each progress tick.
    let finished = run.results.len() as u64;
    let plots = use_plots((finished > 0).then(|| props.run.results_key(finished)), &|| {
        let results = &run.results;
        let timings = TIMINGS.iter().map(|(_, what, which)| timing_chart(results, what, *which));
        timings.chain(CHARTS.iter().map(|(_, what, value, label)| chart(results, what, *value, *label))).collect()
    });
    html! {
        <>
            { progress_line(Progress {
                elapsed_ms,
                slowest: Some(run.slowest),
                ..Progress::new("search-progress", run.ops_done(), run.ops_total(), done, "comparison progress",
                    if done { format!("Done in {:.1} s.", elapsed_ms.unwrap_or(0.0) / 1000.0) }
                    else { format!("Measuring… {} of {} sizes", run.results.len() / 5, run.ladder.len()) })
            }) }
            { timing_note(&run) }
            { results_panel(&run, &plots) }
        </>
    }
}

/// The timing charts: hook, what is timed, and which timing of a result.
const TIMINGS: [TimingSpec; 2] = [
    ("search-chart-insert", "insert time per item", |r| r.insert),
    ("search-chart-query", "lookup time per member", |r| r.member),
];

/// The other charts: hook, what is drawn, its value per result, and its axis labels.
const CHARTS: [ChartSpec; 2] = [
    ("search-chart-memory", "memory (bytes)", |r| r.bytes as f64, bytes_label),
    ("search-chart-fp", "false-positive rate", |r| if r.method.approximate() { r.fp_rate() } else { 0.0 }, rate_label),
];

fn results_panel(run: &SearchRun, plots: &[Rc<Plot>]) -> Html {
    let results = &run.results;
    if results.is_empty() {
        return html! {};
    }
    let n_top = results.iter().map(|r| r.n).max().unwrap_or(0);
    let key_bits = run.key_bits();
    let log_n = (n_top.max(2) as f64).log2();
    let bloom = results.iter().find(|r| r.n == n_top && r.method == Method::Bloom);
    html! {
        <>
            // A title above the scrolling box, not a caption: a caption is as wide as the table
            // and scrolls out of sight on a phone.
            <p class="table-title" id="search-table-title">{ format!("Per item, on the same URLs (newest size first): the median of {} timed rounds, below it the fastest and slowest round", run.rounds()) }</p>
            <div class="table-scroll" tabindex="0">
                <table class="data-table search-table" aria-labelledby="search-table-title">
                    <thead><tr>
                        { col_heads(&["method", "n", "insert", "look up a member", "look up a non-member", "memory", "false positives", "note"]) }
                    </tr></thead>
                    <tbody>{ for results.iter().rev().map(row) }</tbody>
                </table>
            </div>
            <p class="trace-note">
                { format!("Linear search compares at most {} items per kind of query in one round at one size, so at large n it asks fewer queries (the note says how many); \
                    the sorted array above {} items is loaded sorted and only its last inserts are timed, each moving on average half the array. Nothing is extrapolated.",
                    group_digits(LINEAR_COMPARISONS), group_digits(bloomlab_core::labs::search::run::BINARY_FULL)) }
            </p>
            if let Some(b) = bloom {
                <p class="explain" data-testid="bits-per-item" data-filter={b.bits_per_item().to_string()} data-key-bits={key_bits.to_string()}>
                    { format!("At n = {}: the Bloom filter spends {:.1} bits per URL; a URL here is {:.0} bits long on average, and storing it \
                        (with a pointer, about log₂ n = {:.0} bits more) costs {:.0}. The filter pays off when m/n is much smaller than the key \
                        length plus log n: here {:.0}× smaller.", group_digits(n_top), b.bits_per_item(), key_bits, log_n, key_bits + log_n,
                        (key_bits + log_n) / b.bits_per_item().max(1e-9)) }
                </p>
            }
            { spread_note(run) }
            <ChartLegend labels={Method::ALL.iter().map(|m| m.title().to_string()).collect::<Vec<_>>()} />
            <div class="chart-pair">
                { for TIMINGS.iter().zip(plots).map(|((id, what, _), plot)| html! {
                    <ChartCanvas plot={plot.clone()}
                        label={format!("{what} against n, log–log: the median of the rounds with the band from the fastest to the slowest")}
                        testid={AttrValue::from(*id)} />
                }) }
                { for CHARTS.iter().zip(plots.iter().skip(TIMINGS.len())).map(|((id, what, _, _), plot)| html! {
                    <ChartCanvas plot={plot.clone()} label={format!("{what} against n, log–log")}
                        testid={AttrValue::from(*id)} />
                }) }
            </div>
        </>
    }
}

/// How the times were taken: the clock's resolution measured in the page, the block length and
/// the rounds.
fn timing_note(run: &SearchRun) -> Html {
    if run.resolution.is_none() && run.results.is_empty() && run.ops_done() == 0 {
        return html! {};
    }
    html! {
        <p class="trace-note" data-testid="search-timing" data-resolution-ms={run.resolution.map(|r| r.to_string()).unwrap_or_default()}
            data-block-ms={run.min_block_ms.to_string()} data-rounds={run.rounds().to_string()}>
            { format!("How it is timed: this browser's clock advances in steps of {} (measured on this page: the smallest difference \
                between successive readings). Every timed block lasts at least {}× that, {:.1} ms, repeating short work (the lookups \
                going round their sample, small structures built again) until it does. After an untimed warm-up pass of every method, \
                each size has {} timed rounds, every method once per round, in an order rotated each round, so a pause of the page or \
                the browser optimising its code falls on each method in turn. Small structures are built whole, again and again; once a \
                whole build would take longer than about two blocks, the inserts timed are the last ones into a structure loaded with \
                the rest (taken out again between rounds; the note column says how many).",
                format_resolution(run.resolution), RESOLUTION_FACTOR, run.min_block_ms, run.rounds()) }
        </p>
    }
}

/// Names every timing whose rounds spread wider than 2×.
fn spread_note(run: &SearchRun) -> Html {
    let wide = run.wide_points();
    let text = if wide.is_empty() {
        format!("Every median here comes from rounds within {WIDE_SPREAD}× of each other.")
    } else {
        let points: Vec<String> = wide
            .iter()
            .map(|(m, n, what, s)| {
                format!(
                    "{} {} at n = {} ({}–{})",
                    m.title(),
                    what,
                    group_digits(*n),
                    format_ns(s.min),
                    format_ns(s.max)
                )
            })
            .collect();
        format!(
            "Spread wider than {WIDE_SPREAD}× between the fastest and slowest round (read these medians with care): {}.",
            points.join("; ")
        )
    };
    html! {
        <p class="trace-note" data-testid="search-spread-note"
            data-count={wide.len().to_string()}>{ text }</p>
    }
}
