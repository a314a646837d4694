//! The sizes table for n keys, and the build-success sweep.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::engine::xor::{Kind, Layout, SegmentRule};
use bloomlab_core::labs::xor::sweep::{SweepRun, SWEEP_MAX_N};
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
