//! Skiena's figure: error against load for k = 1..5, the union bound solid and the standard
//! formula dashed, on a log scale. Drawn as SVG, so it is crisp at any size.

use yew::prelude::*;

use crate::core::lectures::skiena::{curve, standard, union_bound, KS, MAX_LOAD};

const W: f64 = 640.0;
const H: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 40.0;
const MIN_LOG: f64 = -6.0;
const COLORS: [&str; 5] = ["#2563eb", "#16a34a", "#d97706", "#dc2626", "#7c3aed"];

fn x_of(load: f64) -> f64 {
    LEFT + load / MAX_LOAD * (W - LEFT - RIGHT)
}

fn y_of(p: f64) -> f64 {
    let l = p.max(1e-12).log10().clamp(MIN_LOG, 0.0);
    TOP + (0.0 - l) / (0.0 - MIN_LOG) * (H - TOP - BOTTOM)
}

fn path(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .filter(|(_, p)| p.log10() >= MIN_LOG)
        .enumerate()
        .map(|(i, (x, y))| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, x_of(*x), y_of(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Properties, PartialEq)]
pub struct SkienaChartProps {
    pub load: f64,
}

#[function_component(SkienaChart)]
pub fn skiena_chart(props: &SkienaChartProps) -> Html {
    let ticks_y: Vec<i32> = (MIN_LOG as i32..=0).collect();
    let ticks_x = [0.0, 0.05, 0.10, 0.15, 0.20, 0.25];
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {H}")} role="img"
            aria-label="False-positive probability against load for k = 1 to 5">
            { for ticks_y.iter().map(|e| {
                let y = y_of(10f64.powi(*e));
                html! { <g class="grid">
                    <line x1={LEFT.to_string()} x2={(W - RIGHT).to_string()} y1={y.to_string()} y2={y.to_string()} />
                    <text x={(LEFT - 6.0).to_string()} y={(y + 4.0).to_string()} text-anchor="end">{ format!("1e{e}") }</text>
                </g> }
            }) }
            { for ticks_x.iter().map(|l| {
                let x = x_of(*l);
                html! { <g class="grid">
                    <line x1={x.to_string()} x2={x.to_string()} y1={TOP.to_string()} y2={(H - BOTTOM).to_string()} />
                    <text x={x.to_string()} y={(H - BOTTOM + 16.0).to_string()} text-anchor="middle">{ format!("{:.0}%", l * 100.0) }</text>
                </g> }
            }) }
            <text class="axis-label" x={((LEFT + W - RIGHT) / 2.0).to_string()} y={(H - 6.0).to_string()} text-anchor="middle">{"load n/m"}</text>
            { for KS.iter().enumerate().map(|(i, &k)| html! {
                <g>
                    <path d={path(&curve(|l| union_bound(k, l), 120))} stroke={COLORS[i]} class="curve" />
                    <path d={path(&curve(|l| standard(k, l), 120))} stroke={COLORS[i]} class="curve dashed" />
                    <circle cx={x_of(props.load).to_string()} cy={y_of(union_bound(k, props.load)).to_string()} r="4" fill={COLORS[i]} />
                    <text x={(W - RIGHT - 4.0).to_string()} y={(H - BOTTOM - 92.0 + 18.0 * i as f64).to_string()} text-anchor="end" fill={COLORS[i]} class="legend-text">{ format!("k = {k}") }</text>
                </g>
            }) }
            <line class="marker" x1={x_of(props.load).to_string()} x2={x_of(props.load).to_string()} y1={TOP.to_string()} y2={(H - BOTTOM).to_string()} />
        </svg>
    }
}
