//! The comparison's results, drawn by its own bundle (`compare_app`): the chart with its legend,
//! the last checkpoint's numbers with the contract's `fp-empirical` / `fp-theory` hooks, and, once
//! the run is over, what they show.

use yew::prelude::*;

use crate::widgets::cells::para;

use crate::context::ThemeContext;
use crate::views::mlbf::compare_table::{mlbf_compare_table, MlbfCompareTableProps};
use crate::widgets::charts::chart_canvas::{chart_colors, ChartCanvas, SharedPlot};
use bloomlab_core::labs::mlbf::compare::{theory, Comparison, Point, Setup};
use bloomlab_core::text::{format_probability, group_digits};

/// What the panel shows of the running comparison (copied from it when drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct CompareSnapshot {
    pub setup: Setup,
    pub points: Vec<Point>,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// The URLs are people's own (a file or a paste).
    pub own: bool,
}

impl CompareSnapshot {
    pub fn of(c: &Comparison) -> CompareSnapshot {
        CompareSnapshot {
            setup: *c.setup(),
            points: c.points().to_vec(),
            done: c.done_units(),
            total: c.setup().total_units(),
            finished: c.is_done(),
            own: c.on_own_items(),
        }
    }
}

/// "a is 4.1 times b", safe for zeros.
fn times(a: f64, b: f64) -> String {
    if b <= 0.0 || a <= 0.0 {
        return "not comparable (a measured rate of 0)".into();
    }
    let r = a / b;
    if r >= 10.0 {
        format!("{:.0}×", r)
    } else {
        format!("{:.1}×", r)
    }
}

/// The paper's eq. 4 against the measurement, in words that are true either way round.
fn eq4_words(th: &bloomlab_core::labs::mlbf::compare::Theory, p: &Point, l: usize, xor_est: f64) -> String {
    let passed = format!(
        "{:.1}% of the non-members passed all {l} layers. What remains is the XOR layer: k bits per URL in m bits, a classic filter of m bits in disguise. Passing the layers, then it: {:.1}% × approx(m, n, k) = {}, which is {} the measured {}.",
        p.layers_fp * 100.0,
        p.layers_fp * 100.0,
        format_probability(xor_est),
        times(xor_est, p.mlbf_fp),
        format_probability(p.mlbf_fp)
    );
    if p.mlbf_fp > th.mlbf {
        format!("Why the paper's eq. 4, approx^L = {}, is too low here (the measured {} is {} it): it treats the {l} layers as independent filters each holding n different keys. URLs that share hosts and sections leave the first layers with few keys, which pass almost any link from a known site — {passed}",
            format_probability(th.mlbf), format_probability(p.mlbf_fp), times(p.mlbf_fp, th.mlbf))
    } else {
        format!("Here the measured {} is not above the paper's eq. 4, approx^L = {}: these URLs share few hosts and sections, so the layers hold about n keys each, as eq. 4 assumes. {passed}",
            format_probability(p.mlbf_fp), format_probability(th.mlbf))
    }
}

fn conclusions(c: &CompareSnapshot, p: &Point) -> Html {
    let s = c.setup;
    let th = theory(&s, p.n);
    let l = s.layers;
    let xor_est = p.layers_fp * th.classic;
    let same_m = if p.mlbf_fp < p.classic_fp {
        format!("Against a classic filter of the same m = {} bits — the paper's comparison — the claim holds: the MLBF's rate is {} lower ({} against {}).",
            group_digits(s.m), times(p.classic_fp, p.mlbf_fp), format_probability(p.mlbf_fp), format_probability(p.classic_fp))
    } else {
        format!(
            "Against a classic filter of the same m = {} bits the MLBF is not better here ({} against {}).",
            group_digits(s.m),
            format_probability(p.mlbf_fp),
            format_probability(p.classic_fp)
        )
    };
    let fair = if p.mlbf_fp > p.classic_total_fp {
        format!("But the MLBF uses {} arrays of m bits. A classic filter given the same {} bits, with the same k = {}, is {} better ({}), and with its own best k = {} the formula gives {}. At equal memory the claim does not hold.",
            l + 1, group_digits(s.total_bits()), s.k, times(p.mlbf_fp, p.classic_total_fp), format_probability(p.classic_total_fp),
            th.best_k, format_probability(th.classic_total_best_k))
    } else {
        format!(
            "A classic filter of the same {} bits measures {} here, not better than the MLBF's {}.",
            group_digits(s.total_bits()),
            format_probability(p.classic_total_fp),
            format_probability(p.mlbf_fp)
        )
    };
    html! {
        <div class="conclusions" data-testid="compare-conclusion"
             data-beats-same-m={(p.mlbf_fp < p.classic_fp).to_string()}
             data-beats-same-memory={(p.mlbf_fp < p.classic_total_fp).to_string()}>
            { para(same_m) }
            <p><strong>{ fair }</strong></p>
            { para(eq4_words(&th, p, l, xor_est)) }
        </div>
    }
}

/// The chart (once drawn), its legend in the theme's colours, the last checkpoint's numbers and,
/// once the run is over, the conclusions.
pub fn compare_results(c: &CompareSnapshot, chart: Option<SharedPlot>, theme: &ThemeContext) -> Html {
    let colors = chart_colors(theme).series.map(|c| c.css());
    html! {
        <>
            if let Some(plot) = chart {
                <ChartCanvas {plot} testid="compare-chart"
                    label="Measured and predicted false-positive rates against the number of URLs" />
            }
            <ul class="chart-legend">
                <li><span class="swatch" style={format!("background:{}", colors[0])}></span>
                    { format!("multi-layer filter: {} × {} bits", c.setup.layers + 1, group_digits(c.setup.m)) }</li>
                <li><span class="swatch" style={format!("background:{}", colors[1])}></span>
                    { format!("classic, same m: {} bits", group_digits(c.setup.m)) }</li>
                <li><span class="swatch" style={format!("background:{}", colors[2])}></span>
                    { format!("classic, same memory: {} bits", group_digits(c.setup.total_bits())) }</li>
                <li class="muted">{"false-positive rate on a log scale · solid with dots: measured (0 measured is drawn on the bottom line) · dashed: formula (eq. 4 for the MLBF, approx for the classic filters)"}</li>
            </ul>
            if let Some(p) = c.points.last() {
                { mlbf_compare_table(&MlbfCompareTableProps { compare: c.clone(), point: p.clone() }) }
                if c.finished { { conclusions(c, p) } }
            }
        </>
    }
}
