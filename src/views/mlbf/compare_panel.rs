//! The fair test of the paper's claim: run button, progress, the chart, the last checkpoint's
//! numbers with the contract's `fp-empirical` / `fp-theory` hooks, and what they show.

use yew::prelude::*;

use crate::widgets::cells::para;

use crate::app::theme::use_theme;
use crate::views::mlbf::compare_table::{mlbf_compare_table, MlbfCompareTableProps};
use crate::views::mlbf::state::CompareSnapshot;
use crate::widgets::charts::chart_canvas::{chart_colors, ChartCanvas, SharedPlot};
use crate::widgets::inputs::dataset_picker::{DatasetPicker, Normalise};
use bloomlab_core::data::dataset::{normal_item, Dataset};
use bloomlab_core::engine::mlbf::{paper_bits_per_url, PAPER_M, PAPER_URLS};
use bloomlab_core::labs::mlbf::compare::{theory, Point};
use bloomlab_core::text::{format_probability, group_digits};

#[derive(Properties, PartialEq)]
pub struct MlbfComparePanelProps {
    pub compare: Option<CompareSnapshot>,
    /// The comparison's chart, as kept by the view.
    pub chart: Option<SharedPlot>,
    pub layers: usize,
    pub k: u32,
    pub on_run: Callback<()>,
    /// People's own URLs, if loaded.
    pub dataset: Option<std::rc::Rc<Dataset>>,
    pub on_dataset: Callback<std::rc::Rc<Dataset>>,
    pub on_problem: Callback<String>,
    pub on_clear_dataset: Callback<()>,
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

#[function_component(MlbfComparePanel)]
pub fn mlbf_compare_panel(props: &MlbfComparePanelProps) -> Html {
    // The legend's swatches take the chart's colours for the theme in force.
    let theme = use_theme();
    let colors = chart_colors(&theme).series.map(|c| c.css());
    let on_click = {
        let cb = props.on_run.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let running = props.compare.as_ref().is_some_and(|c| !c.finished);
    let (done, total) = props.compare.as_ref().map_or((0, 0), |c| (c.done, c.total));
    html! {
        <section class="stage mlbf-compare">
            <h2>{"Does the claim hold? A measurement on a URL data set"}</h2>
            <p class="muted">{ format!(
                "The paper gives its filter m = {} bits per layer for {} URLs: {:.2} bits per URL per layer, k = {}, L = {}. Here the same ratio is scaled to a generated crawl of {} URLs (about {} sites of Zipf-like popularity, paths 0–{} deep, sections shared between sites; reproducible from seed 2010), with this page's k = {} and L = {}. Non-members come from the same crawl's second stream — links on the same sites that were not inserted — and each one answered \u{201c}maybe\u{201d} is a false positive.",
                group_digits(PAPER_M), group_digits(PAPER_URLS), paper_bits_per_url(), bloomlab_core::engine::mlbf::PAPER_K, bloomlab_core::engine::mlbf::PAPER_LAYERS,
                group_digits(crate::views::mlbf::state::COMPARE_URLS), group_digits(bloomlab_core::data::url_dataset::HOSTS), bloomlab_core::data::url_dataset::DEPTH_WEIGHTS.len() - 1, props.k, props.layers) }</p>
            <DatasetPicker current={props.dataset.clone()} generated={Some(crate::views::mlbf::state::COMPARE_URLS)}
                on_dataset={props.on_dataset.clone()} on_problem={props.on_problem.clone()}
                on_clear={Some(props.on_clear_dataset.clone())} what="URLs" normal={Normalise(normal_item)} />
            if let Some(d) = props.dataset.as_ref().filter(|_| props.compare.as_ref().is_some_and(|c| c.own)) {
                <p class="muted" data-testid="compare-own">{ format!(
                    "On your list: {} distinct items in file order; the first {} are inserted and the next {} probed \
                     (all of them non-members), with the paper's {:.2} bits per item per layer.",
                    group_digits(d.items.len() as u64), group_digits(d.items.len() as u64 / 2),
                    group_digits(props.compare.as_ref().map_or(0, |c| c.setup.queries)), paper_bits_per_url()) }</p>
            }
            <div class="compare-run">
                <button type="button" class="button primary" data-testid="compare-run" onclick={on_click} disabled={running}>
                    { if props.compare.is_some() { "Run again with these settings" } else { "Run the comparison" } }</button>
                <div class={classes!("progress-line", (!running).then_some("idle"))}>
                    <progress data-testid="compare-progress" data-done={done.to_string()} data-total={total.to_string()}
                        max={total.max(1).to_string()} value={done.to_string()}></progress>
                    <span class="num">{ if total > 0 { format!("{} / {} inserts and lookups", group_digits(done), group_digits(total)) } else { "not run yet".to_string() } }</span>
                </div>
            </div>
            if let Some(c) = &props.compare {
                if let Some(plot) = props.chart.clone() {
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
            }
        </section>
    }
}
