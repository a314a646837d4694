//! The sizes table for n keys, the build-success sweep and the false-positive rate measured.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::engine::xor::{Kind, Layout, SegmentRule};
use bloomlab_core::labs::xor::fpr::FPR_MAX_N;
use bloomlab_core::labs::xor::sweep::{SweepRun, SWEEP_MAX_N};
use bloomlab_core::labs::xor::FprRun;
use bloomlab_core::labs::xor::XorLab;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{group_digits, trim_float};

fn rule_name(kind: Kind, rule: SegmentRule) -> &'static str {
    match (kind, rule) {
        (Kind::Xor, _) => "32 + 1.23 n slots in three blocks",
        (_, SegmentRule::Formula) => "the reference's segment length",
        (_, SegmentRule::Halving) => "halved while under 34 segments",
    }
}

fn size_row(kind: Kind, rule: SegmentRule, n: u32, fp: u32) -> Html {
    let l = Layout::new(kind, n, rule);
    let bits = l.bits_per_key(fp);
    html! {
        <tr data-testid="xor-sizes" data-kind={kind.name()} data-rule={if rule == SegmentRule::Formula { "reference" } else { "halving" }}
            data-n={n.to_string()} data-array-length={l.array_length.to_string()} data-segment-length={l.segment_length.to_string()}
            data-segment-count={l.segment_count.to_string()} data-bits-per-key={bits.to_string()}>
            <td>{ kind.name() }</td><td>{ rule_name(kind, rule) }</td>
            <td class="num">{ group_digits(l.segment_length as u64) }</td><td class="num">{ group_digits(l.segment_count as u64) }</td>
            <td class="num">{ group_digits(l.array_length as u64) }</td>
            <td class="num">{ trim_float(l.array_length as f64 / n.max(1) as f64, 3) }</td><td class="num">{ trim_float(bits, 2) }</td>
        </tr>
    }
}

/// The reference's sizes for n keys, each kind, both segment rules.
pub fn sizes_panel(lab: &XorLab) -> Html {
    let n = lab.n.min(u32::MAX as u64) as u32;
    let rows = [
        (Kind::Xor, SegmentRule::Formula),
        (Kind::Fuse3, SegmentRule::Formula),
        (Kind::Fuse3, SegmentRule::Halving),
        (Kind::Fuse4, SegmentRule::Formula),
        (Kind::Fuse4, SegmentRule::Halving),
    ];
    let bound = (1u64 << lab.fp) as f64;
    html! {
        <section class="panel" aria-labelledby="xor-sizes-title">
            <h2 id="xor-sizes-title">{ format!("Sizes for n = {} keys", group_digits(n as u64)) }</h2>
            <p>{ format!("As FastFilter/xor_singleheader computes them at commit c482686 (2026-01-19; arity 4 as fastfilter_cpp's 4-wise \
                filter). Its later versions halve the segment length while fewer than 34 segments would result. With {}-bit \
                fingerprints the bound is log₂(1/ε) = {} bits a key for ε = 2^−{}.", lab.fp, lab.fp, lab.fp) }</p>
            <div class="table-scroll"><table>
                <thead><tr><th>{"filter"}</th><th>{"sizing"}</th><th>{"segment length"}</th><th>{"segments"}</th>
                    <th>{"slots"}</th><th>{"slots per key"}</th><th>{ format!("bits per key ({} per slot)", lab.fp) }</th></tr></thead>
                <tbody>{ for rows.iter().map(|&(k, r)| size_row(k, r, n, lab.fp)) }</tbody>
            </table></div>
            <p class="note">{ format!("A Bloom filter at the same rate needs log₂(e) × {} ≈ {} bits a key.", lab.fp, trim_float(bound.log2() * std::f64::consts::LOG2_E, 2)) }</p>
        </section>
    }
}

/// The sweep: the share of seeds whose first attempt peels, across the threshold.
pub fn sweep_panel(lab: &XorLab, run: &SweepRun, elapsed_ms: Option<f64>, chart: Option<Rc<Plot>>) -> Html {
    let done = run.is_done();
    let text = if done { format!("Done in {:.0} ms.", elapsed_ms.unwrap_or(0.0)) } else { "Building…".to_string() };
    let capped = lab.n > SWEEP_MAX_N;
    let hooks = run.rules.iter().enumerate().map(|(i, rule)| {
        html! { <span hidden=true data-testid="build-sweep" data-kind={run.kind.name()} data-n={run.n.to_string()}
            data-rule={if *rule == SegmentRule::Formula { "reference" } else { "halving" }} data-points={run.hook_points(i)}></span> }
    });
    html! {
        <section class="panel" aria-labelledby="xor-sweep-title">
            <h2 id="xor-sweep-title">{"When does a build succeed?"}</h2>
            <p>{ format!("{} builds of {} fresh keys at each size from 1.00 to 1.40 slots per key: the share whose first seed peels. \
                For large n peeling fails below about {:.3} slots per key and succeeds above it. With few segments the fuse \
                filters need more than their large-n threshold: the arity − 1 extra segments at the end count too.{}",
                bloomlab_core::labs::xor::sweep::TRIALS, group_digits(run.n as u64), 1.0 / run.kind.threshold_load(),
                if capped { format!(" (n = {} is more than the sweep builds: it uses {}.)", group_digits(lab.n), group_digits(SWEEP_MAX_N)) } else { String::new() }) }</p>
            { progress_line(Progress { elapsed_ms, ..Progress::new("sweep-progress", run.ops_done(), run.ops_total(), done, "sweep progress", text) }) }
            { for hooks }
            if let Some(plot) = chart {
                <ChartCanvas {plot} label="Builds that peel against slots per key" testid="sweep-chart" legend=true />
            }
        </section>
    }
}

/// The false-positive rate measured on a filter of n generated keys, against 2^−fp.
pub fn fpr_panel(lab: &XorLab, run: &FprRun, elapsed_ms: Option<f64>) -> Html {
    let done = run.is_done();
    let text = if done {
        format!("Done in {:.0} ms.", elapsed_ms.unwrap_or(0.0))
    } else {
        "Building and looking up…".to_string()
    };
    let pct = |x: f64| format!("{} %", trim_float(x * 100.0, 4));
    let result = match (run.measured(), run.failed()) {
        (Some(m), _) => html! {
            <p class="verdict member" data-testid="xor-fpr" data-n={run.n.to_string()} data-fp={run.fp.to_string()}
                data-probes={m.probes.to_string()} data-hits={m.hits.to_string()} data-fpr={m.fpr.to_string()}
                data-low={m.low.to_string()} data-high={m.high.to_string()} data-theory={m.theory.to_string()}
                data-bits-per-key={m.bits_per_key.to_string()}>
                { format!("{} of {} keys not in the filter passed: {} (95 % interval {} to {}), against 2^−{} = {}. {} \
                    the interval. The filter spends {} bits a key, {} over the bound of {} bits.",
                    group_digits(m.hits), group_digits(m.probes), pct(m.fpr), pct(m.low), pct(m.high), run.fp, pct(m.theory),
                    if m.low <= m.theory && m.theory <= m.high { "Theory is inside" } else { "Theory is outside" },
                    trim_float(m.bits_per_key, 2), format!("{} %", trim_float((m.bits_per_key / run.fp as f64 - 1.0) * 100.0, 1)), run.fp) }
            </p>
        },
        (None, Some(attempts)) => html! {
            <p class="verdict false-positive" data-testid="xor-fpr" data-n={run.n.to_string()} data-failed="true">
                { format!("All {attempts} attempts failed to peel: nothing to measure.") }
            </p>
        },
        _ => html! {},
    };
    html! {
        <section class="panel" aria-labelledby="xor-fpr-title">
            <h2 id="xor-fpr-title">{"The false-positive rate, measured"}</h2>
            <p>{ format!("A key not in the filter passes when the XOR of its {} slots happens to equal its fingerprint: one chance \
                in 2^{}. Here {} generated keys (m0, m1, …) are built into a {} filter and {} others (p0, p1, …) looked up.{}",
                run.kind.arity(), run.fp, group_digits(run.n as u64), run.kind.name(), group_digits(bloomlab_core::labs::xor::fpr::PROBES),
                if lab.n > FPR_MAX_N { format!(" (n = {} is more than this builds: it uses {}.)", group_digits(lab.n), group_digits(FPR_MAX_N)) } else { String::new() }) }</p>
            { progress_line(Progress { elapsed_ms, ..Progress::new("fpr-progress", run.ops_done(), run.ops_total(), done, "measurement progress", text) }) }
            { result }
        </section>
    }
}

/// The window after the segment length doubles: both rules side by side.
pub fn window_panel(run: &SweepRun, chart: Option<Rc<Plot>>) -> Html {
    use bloomlab_core::labs::xor::window::{doubling, outright_rate, WindowRun, RULES, TRIALS};
    let w = &run.window;
    let done = w.is_done();
    let text = if done {
        "Done.".to_string()
    } else if run.sweep_done() {
        "Building…".to_string()
    } else {
        "Waiting for the sweep…".to_string()
    };
    let hooks = RULES.iter().enumerate().map(|(i, rule)| {
        html! { <span hidden=true data-testid="fuse-window" data-rule={if *rule == SegmentRule::Formula { "reference" } else { "halving" }}
            data-points={w.hook_points(i)}></span> }
    });
    let at = |r: usize| w.at(r, 11_504).map(|p| (p.failures, p.segment_length, p.segment_count));
    let summary = match (at(0), at(1)) {
        (Some((f, l0, c0)), Some((h, l1, c1))) => format!(
            "At n = 11,504 the first seed failed for {f} of {TRIALS} key sets with the reference's sizes ({c0} segments of {}) and \
             {h} of {TRIALS} with the segment length halved ({c1} segments of {l1}). A build tries 100 seeds, so a key set fails \
             outright only if every one does: the reference's issue #77 counted 68 of 300 such key sets at this n, which means a \
             seed fails about {} % of the time.",
            group_digits(l0 as u64), trim_float(outright_rate(68, 300) * 100.0, 1)),
        _ => String::new(),
    };
    html! {
        <section class="panel" aria-labelledby="xor-window-title">
            <h2 id="xor-window-title">{"Just after the segment length doubles"}</h2>
            <p>{ format!("3-wise binary fuse filters at the reference's sizes, n from 11,004 to 11,704, {TRIALS} key sets at each n: \
                the share whose first seed fails to peel. At n = {} the reference's formula doubles the segment length, so the array \
                has few segments and little room at its ends until n grows; newer versions halve the segment length while fewer than \
                34 segments would result.", doubling().map_or("?".to_string(), |n| group_digits(n as u64))) }</p>
            { progress_line(Progress::new("window-progress", w.done(), WindowRun::total(), done, "window progress", text)) }
            { for hooks }
            if let Some(plot) = chart {
                <ChartCanvas {plot} label="Key sets whose first seed fails against n, both rules" testid="window-chart" legend=true />
            }
            if !summary.is_empty() { <p class="note" data-testid="window-summary">{ summary }</p> }
        </section>
    }
}
