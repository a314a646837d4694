//! Measured false-positive rates against n (dots joined by solid lines) with the formulas
//! (dashed) on a log scale, for the multi-layer filter and the two classic filters.

use yew::prelude::*;

use crate::core::labs::mlbf::compare::{theory, Point, Setup};

const W: f64 = 640.0;
const H: f64 = 340.0;
const LEFT: f64 = 52.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 48.0;
const MIN_LOG: f64 = -6.0;
/// Colours of the MLBF, the same-m classic filter, the same-memory classic filter.
pub const SERIES_COLORS: [&str; 3] = ["#2563eb", "#ea580c", "#16a34a"];

#[derive(Properties, PartialEq)]
pub struct MlbfCompareChartProps {
    pub setup: Setup,
    pub points: Vec<Point>,
}

#[function_component(MlbfCompareChart)]
pub fn mlbf_compare_chart(props: &MlbfCompareChartProps) -> Html {
    let s = props.setup;
    let n_max = s.n.max(1) as f64;
    let x_of = |n: f64| LEFT + n / n_max * (W - LEFT - RIGHT);
    let y_of = |p: f64| {
        let l = if p > 0.0 { p.log10().clamp(MIN_LOG, 0.0) } else { MIN_LOG };
        TOP + (-l) / (-MIN_LOG) * (H - TOP - BOTTOM)
    };
    let curve = |f: &dyn Fn(u64) -> f64| -> String {
        (1..=80u64)
            .map(|i| s.n * i / 80)
            .map(|n| (n, f(n)))
            .filter(|(_, p)| *p > 10f64.powf(MIN_LOG))
            .enumerate()
            .map(|(i, (n, p))| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, x_of(n as f64), y_of(p)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let formulas: [String; 3] =
        [curve(&|n| theory(&s, n).mlbf), curve(&|n| theory(&s, n).classic), curve(&|n| theory(&s, n).classic_total)];
    let measured = |pick: fn(&Point) -> f64| -> Vec<(f64, f64, bool)> {
        props.points.iter().map(|p| (x_of(p.n as f64), y_of(pick(p)), pick(p) > 0.0)).collect()
    };
    let series: [Vec<(f64, f64, bool)>; 3] =
        [measured(|p| p.mlbf_fp), measured(|p| p.classic_fp), measured(|p| p.classic_total_fp)];
    let ticks_x: Vec<u64> = (0..=5).map(|i| s.n * i / 5).collect();
    html! {
        <svg class="chart mlbf-chart" viewBox={format!("0 0 {W} {H}")} role="img"
            aria-label="Measured and predicted false-positive rates against the number of URLs">
            { for (MIN_LOG as i32..=0).map(|e| {
                let y = y_of(10f64.powi(e));
                html! { <g class="grid">
                    <line x1={LEFT.to_string()} x2={(W - RIGHT).to_string()} y1={y.to_string()} y2={y.to_string()} />
                    <text x={(LEFT - 6.0).to_string()} y={(y + 4.0).to_string()} text-anchor="end">{ format!("1e{e}") }</text>
                </g> }
            }) }
            { for ticks_x.iter().map(|&n| {
                let x = x_of(n as f64);
                html! { <g class="grid">
                    <line x1={x.to_string()} x2={x.to_string()} y1={TOP.to_string()} y2={(H - BOTTOM).to_string()} />
                    <text x={x.to_string()} y={(H - BOTTOM + 18.0).to_string()} text-anchor={if n == s.n && n > 0 { "end" } else { "middle" }}>{ short_count(n) }</text>
                </g> }
            }) }
            <text class="axis-label" x={((LEFT + W - RIGHT) / 2.0).to_string()} y={(H - 4.0).to_string()} text-anchor="middle">
                {"URLs inserted n"}</text>
            { for formulas.iter().enumerate().map(|(i, d)| html! {
                <path d={d.clone()} stroke={SERIES_COLORS[i]} class="curve dashed" />
            }) }
            { for series.iter().enumerate().map(|(i, pts)| {
                let d = pts.iter().enumerate()
                    .map(|(j, (x, y, _))| format!("{}{:.1},{:.1}", if j == 0 { "M" } else { "L" }, x, y))
                    .collect::<Vec<_>>().join(" ");
                html! { <g>
                    <path d={d} stroke={SERIES_COLORS[i]} class="curve" />
                    { for pts.iter().map(|(x, y, nonzero)| html! {
                        <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="3.5"
                            fill={if *nonzero { SERIES_COLORS[i] } else { "none" }} stroke={SERIES_COLORS[i]} stroke-width="1.5" />
                    }) }
                </g> }
            }) }
        </svg>
    }
}

/// 50000 -> "50k", short enough for a phone's axis.
fn short_count(n: u64) -> String {
    if n >= 1000 && n.is_multiple_of(1000) {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}
