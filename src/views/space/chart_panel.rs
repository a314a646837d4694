//! The measured chart: every filter built from n generated keys and probed, its points against
//! the formulas and the bound; the table of the points with their times; what each filter gives
//! up.

use std::rc::Rc;

use yew::prelude::*;
use yew::virtual_dom::VNode;

use crate::widgets::cells::{col_heads, num_cell, plain_cell};
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::charts::chart_legend::ChartLegend;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::engine::timing::{format_ns, Summary, WIDE_SPREAD};
use bloomlab_core::labs::space::filters::bound;
use bloomlab_core::labs::space::params::{N, SEED};
use bloomlab_core::labs::space::run::PROBE_ROUNDS;
use bloomlab_core::labs::space::sizes::{
    BLOOM_BITS, CUCKOO_F, CUCKOO_LOAD, FINGERPRINTS, QUOTIENT_LOAD, QUOTIENT_R, RIBBON_OVERHEAD, RIBBON_R, RIBBON_WIDTH,
};
use bloomlab_core::labs::space::{Filter, HookPoint, Point, SpaceLab, SpaceRun, GIVES_UP};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{group_digits, trim_float};

/// A form's typed values, by parameter.
pub type OnFields = Callback<Vec<(&'static str, String)>>;

/// A rate in percent, three significant digits (0 as "0 %").
pub fn pct(x: f64) -> String {
    if !(x > 0.0 && x.is_finite()) {
        return "0 %".to_string();
    }
    let p = x * 100.0;
    let digits = (2.0 - p.log10().floor()).clamp(0.0, 9.0) as usize;
    format!("{} %", trim_float(p, digits))
}

/// Numbers joined for a sentence: "4, 8 and 12".
pub fn listed(v: &[u32]) -> String {
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} and {last}", rest.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
        }
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

fn progress(run: &SpaceRun, elapsed_ms: Option<f64>) -> Html {
    let done = run.is_done();
    let text = match run.under_way() {
        _ if done => format!("{} filters built and measured in {:.0} ms.", run.points.len(), elapsed_ms.unwrap_or(0.0)),
        Some((size, what)) => format!(
            "Filter {} of {}: {} ({}), {}…",
            run.points.len() + 1,
            run.plan.len(),
            size.filter().title(),
            size.label(),
            match what {
                "insert" => "inserting the keys",
                "build" => "building",
                _ => "probing",
            }
        ),
        None => "Starting…".to_string(),
    };
    progress_line(Progress {
        elapsed_ms,
        ..Progress::new("space-progress", run.ops_done(), run.ops_total(), done, "measurement progress", text)
    })
}

/// Each filter's overheads over the bound so far, at its formula's rate: one line.
fn overhead_summary(run: &SpaceRun) -> Html {
    let parts: Vec<String> = Filter::ALL
        .iter()
        .filter_map(|&f| {
            let o: Vec<f64> =
                run.points.iter().filter(|p| p.filter() == f && p.built).filter_map(Point::overhead_theory).collect();
            let lo = o.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = o.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let (a, b) = (trim_float(lo, 0), trim_float(hi, 0));
            (!o.is_empty()).then(|| {
                if a == b {
                    format!("{} {a} %", f.title())
                } else {
                    format!("{} {a}–{b} %", f.title())
                }
            })
        })
        .collect();
    if parts.is_empty() {
        return html! {};
    }
    html! {
        <p data-testid="space-summary">{ format!("Bits a key over the bound log₂(1/ε), at each formula's ε: {}.", parts.join("; ")) }</p>
    }
}

/// A time's cell: the median, and below it the fastest and slowest round.
fn timing_cell(s: Option<Summary>) -> Html {
    let Some(s) = s else { return num_cell("—") };
    html! {
        <td class="num">{ format_ns(s.median) }<br />
            <small class="muted">{ format!("{}–{}{}", format_ns(s.min), format_ns(s.max),
                if s.wide() { format!(", over {WIDE_SPREAD}×") } else { String::new() }) }</small></td>
    }
}

/// What the row's filter cell adds: keys held, keys lost, seeds tried.
fn point_note(p: &Point, n: u64) -> String {
    let mut notes = Vec::new();
    if p.shape.keys < n {
        notes.push(format!("holds {} keys", group_digits(p.shape.keys)));
    }
    if p.lost > 0 {
        notes.push(format!("{} keys did not fit", group_digits(p.lost)));
    }
    if p.attempts > 1 {
        notes.push(format!("{} seeds tried", p.attempts));
    }
    notes.join("; ")
}

fn point_row(p: &Point, h: &HookPoint, n: u64) -> Html {
    let (lo, hi) = p.interval();
    let measured = if p.built {
        html! { <td class="num">{ pct(p.rate()) }<br /><small class="muted">{ format!("{}–{}", pct(lo), pct(hi)) }</small></td> }
    } else {
        plain_cell(format!("no seed of {} worked", p.attempts))
    };
    let over = match (p.overhead_theory(), p.overhead_measured().filter(|_| p.built)) {
        (Some(t), Some(m)) => html! { <td class="num">{ format!("{} %", trim_float(t, 1)) }<br />
        <small class="muted">{ format!("measured: {} %", trim_float(m, 1)) }</small></td> },
        (Some(t), None) => num_cell(format!("{} %", trim_float(t, 1))),
        _ => num_cell("—"),
    };
    let build = match p.timing.build_ns_per_key(p.shape.keys) {
        Some(ns) => html! { <td class="num">{ format!("{} ms", trim_float(p.timing.build_ms, 1)) }<br />
        <small class="muted">{ format!("{} a key", format_ns(ns)) }</small></td> },
        None => num_cell("—"),
    };
    let note = point_note(p, n);
    let detail = if note.is_empty() { h.size.clone() } else { format!("{}; {note}", h.size) };
    let mut row = html! {
        <tr data-testid="space-point" data-size={h.size.clone()} data-built={p.built.to_string()}
            data-low={lo.to_string()} data-high={hi.to_string()} data-hits={p.hits.to_string()} data-probes={p.probes.to_string()}
            data-lookup-ns={p.timing.lookup_ns().map(|s| s.median.to_string())}>
            <th scope="row">{ p.filter().title() }<br /><small class="muted">{ detail }</small></th>
            { num_cell(trim_float(h.bits_per_key, 2)) }
            { measured }
            { num_cell(pct(h.theory)) }
            { num_cell(trim_float(bound(h.theory), 2)) }
            { over }
            { build }
            { timing_cell(p.timing.lookup_ns()) }
        </tr>
    };
    if let VNode::VTag(tag) = &mut row {
        let tag = Rc::make_mut(tag);
        for (name, value) in h.attributes() {
            tag.add_attribute(name, value);
        }
    }
    row
}

fn points_table(run: &SpaceRun) -> Html {
    if run.points.is_empty() {
        return html! {};
    }
    let hooks = run.hook_points();
    html! {
        <div class="table-scroll space-points" tabindex="0">
            <table class="data-table" aria-label="each filter measured">
                <thead><tr>{ col_heads(&["filter", "bits a key", "measured rate (95 % interval)", "formula's rate ε",
                    "bound log₂(1/ε)", "over the bound", "build", "lookup (median; fastest–slowest)"]) }</tr></thead>
                <tbody>{ for run.points.iter().zip(hooks.iter()).map(|(p, h)| point_row(p, h, run.n)) }</tbody>
            </table>
        </div>
    }
}

/// What the run builds, in words computed from its plan's constants.
fn plan_text(run: &SpaceRun) -> String {
    format!(
        "{} generated keys go into {} filters: Bloom (the best whole k) and split-block at {} bits a key; cuckoo with f = {} \
         bit fingerprints at {} % load; xor and binary fuse (3- and 4-wise) at the reference's sizes with {}-bit \
         fingerprints; standard ribbon with w = {}, {} % room and r = {} result bits; quotient with r = {} remainder bits \
         (r + 3 bits a slot) at {} % load. Each is probed with {} words that are not keys. Lookups are timed in {} rounds: \
         the median, with the fastest and the slowest round.",
        group_digits(run.n),
        run.plan.len(),
        listed(&BLOOM_BITS),
        listed(&CUCKOO_F),
        trim_float(CUCKOO_LOAD * 100.0, 0),
        listed(&FINGERPRINTS),
        RIBBON_WIDTH,
        trim_float(RIBBON_OVERHEAD * 100.0, 0),
        listed(&RIBBON_R),
        listed(&QUOTIENT_R),
        trim_float(QUOTIENT_LOAD * 100.0, 0),
        group_digits(run.probes),
        PROBE_ROUNDS
    )
}

/// The chart panel: progress, chart, the overheads in one line, the table, the form.
pub fn chart_panel(
    lab: &SpaceLab,
    run: &SpaceRun,
    elapsed_ms: Option<f64>,
    chart: Option<Rc<Plot>>,
    on_fields: OnFields,
    present: bool,
) -> Html {
    // In front of the room the legend is a wrapped line above the chart (in the chart it would
    // take half the screen): one entry per filter, in its colour.
    let labels: Vec<String> = Filter::ALL.iter().map(|f| f.title().to_string()).collect();
    html! {
        <section class="panel" aria-labelledby="space-chart-title">
            <h2 id="space-chart-title">{"Bits a key against the false-positive rate"}</h2>
            <p class="note space-plan">{ plan_text(run) }</p>
            { progress(run, elapsed_ms) }
            if let Some(plot) = chart {
                if present { <ChartLegend {labels} /> }
                <ChartCanvas {plot} label="False-positive rate (log scale) against bits a key: each filter's formula, its points measured with their 95 % intervals, and the bound" testid="space-chart" legend={!present} />
            }
            { overhead_summary(run) }
            { points_table(run) }
            <ExampleForm title="The measurement" button="Measure" button_testid="space-apply" on_submit={on_fields}
                fields={vec![
                    Field::declared(&N, "n-input", &format!("keys n ({} to {})", group_digits(N.min), group_digits(N.max)), lab.n.to_string()),
                    Field::declared(&SEED, "seed-input", "seed", lab.seed.to_string()),
                ]} />
        </section>
    }
}

/// A cell whose text may take several lines (cells keep to one line otherwise).
fn wrap_cell(text: &'static str) -> Html {
    html! { <td class="wrap">{ text }</td> }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// "What each gives up": the core's table, with the least overhead measured here.
pub fn gives_up_panel(run: &SpaceRun) -> Html {
    let least = |f: Filter| {
        let o = run.points.iter().filter(|p| p.filter() == f && p.built).filter_map(Point::overhead_theory);
        o.fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.min(x))))
    };
    let rows = GIVES_UP.iter().map(|g| {
        html! {
            <tr data-filter={g.filter.name()} data-static={g.static_set.to_string()} data-deletes={g.deletes.to_string()}
                data-may-fail={g.may_fail.to_string()}>
                <th scope="row">{ g.filter.title() }</th>
                { wrap_cell(if g.static_set { "no: built once from the whole set" } else { "yes" }) }
                { plain_cell(yes_no(g.deletes)) }
                { plain_cell(yes_no(g.may_fail)) }
                { wrap_cell(g.cache_misses) }
                { wrap_cell(g.note) }
                { num_cell(least(g.filter).map_or("—".to_string(), |o| format!("{} %", trim_float(o, 1)))) }
            </tr>
        }
    });
    html! {
        <section class="panel" aria-labelledby="gives-up-title">
            <h2 id="gives-up-title">{"What each gives up"}</h2>
            <div class="table-scroll" tabindex="0">
                <table class="data-table" data-testid="gives-up" aria-labelledby="gives-up-title">
                    <thead><tr>{ col_heads(&["filter", "keys added after it is built", "deletes", "build or insert can fail",
                        "cache lines a lookup touches", "the catch", "least over the bound here"]) }</tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}
