//! A wrong n, computed and measured; and the six variants at the same memory.

use std::rc::Rc;

use yew::prelude::*;

use crate::core::draw::text::{format_probability, group_digits};
use crate::core::labs::toolbox::run::{VariantRun, WrongN};
use crate::widgets::chart_canvas::ChartCanvas;

pub fn wrong_n_panel(w: &WrongN) -> Html {
    let costs = [0.01, 0.1, 0.5, 1.0];
    html! {
        <section class="panel" aria-labelledby="wrong-title">
            <h2 id="wrong-title">{"What a wrong n costs"}</h2>
            <p>{ format!("A filter sized for n = {} items and p = {}: m = {} bits, k = {}. If the real number of items is off, the rate moves — fast upwards.",
                group_digits(w.n), format_probability(w.p), group_digits(w.m), w.k) }</p>
            <ul class="cost-list">
                { for costs.iter().map(|&e| html! {
                    <li data-testid="wrong-n-cost" data-error={e.to_string()} data-value={w.cost_of(e).to_string()} data-rate={w.rate_at(e).to_string()}>
                        { format!("{}% more items than planned: the rate is {} instead of {}, {:.1}% more false positives.",
                            e * 100.0, format_probability(w.rate_at(e)), format_probability(w.rate_at(0.0)), 100.0 * w.cost_of(e)) }
                    </li>
                }) }
            </ul>
            <ChartCanvas plot={Rc::new(w.chart())} label="The false-positive rate against the error in n" testid="wrong-n-chart" legend=true />
        </section>
    }
}

pub fn variants_panel(run: &VariantRun, f: u32) -> Html {
    let done = run.is_done();
    let yes = |b: bool| if b { "yes" } else { "—" };
    html! {
        <section class="panel" aria-labelledby="variants-title">
            <h2 id="variants-title">{"The variants side by side"}</h2>
            <p>{ format!("Each gets the same {} generated words and is probed with the same {} other words, in about {} bits ({:.1} bits per item). The cuckoo filter's fingerprints have f = {} bits.",
                group_digits(run.n), group_digits(crate::core::labs::toolbox::run::PROBES), group_digits(run.m), run.m as f64 / run.n.max(1) as f64, f) }</p>
            <div class="progress-line" data-testid="variants-progress" data-status={if done { "done" } else { "running" }}
                data-done={run.ops_done().to_string()} data-total={run.ops_total().to_string()}>
                <progress max={run.ops_total().max(1).to_string()} value={run.ops_done().to_string()} aria-label="variants progress"></progress>
                <span>{ if done { "Measured.".to_string() } else { "Measuring…".to_string() } }</span>
            </div>
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <thead><tr><th scope="col">{"variant"}</th><th scope="col">{"bits per item"}</th><th scope="col">{"measured rate"}</th>
                        <th scope="col">{"formula"}</th><th scope="col">{"failed inserts"}</th><th scope="col">{"delete"}</th><th scope="col">{"count"}</th>
                        <th scope="col">{"grow"}</th><th scope="col">{"merge"}</th><th scope="col">{"where it breaks"}</th></tr></thead>
                    <tbody>{ for run.results.iter().map(|r| {
                        let theory = r.structure.theory(r.inserted);
                        let (d, c, g, m) = r.variant.can();
                        let finished = r.rate.trials > 0 && (done || r.rate.trials >= crate::core::labs::toolbox::run::PROBES);
                        html! {
                            <tr data-testid="variant-result" data-variant={r.variant.name()} data-bits={r.structure.bits().to_string()}
                                data-n={r.inserted.to_string()} data-value={finished.then(|| r.rate.value().to_string())}
                                data-theory={theory.map(|t| t.to_string())} data-failed-inserts={r.failed.to_string()}>
                                <th scope="row">{ r.variant.name() }{ r.structure.k().map(|k| format!(" (k = {k})")).unwrap_or_default() }</th>
                                <td class="num">{ format!("{:.1}", r.structure.bits() as f64 / r.n.max(1) as f64) }</td>
                                <td class="num">{ if finished { format!("{} ± {}", format_probability(r.rate.value()), format_probability((r.rate.interval().1 - r.rate.interval().0) / 2.0)) } else { "…".into() } }</td>
                                <td class="num">{ theory.map(format_probability).unwrap_or_default() }</td>
                                <td class="num">{ group_digits(r.failed) }</td>
                                <td>{ yes(d) }</td><td>{ yes(c) }</td><td>{ yes(g) }</td><td>{ yes(m) }</td>
                                <td class="small">{ r.variant.breaks() }</td>
                            </tr>
                        }
                    }) }</tbody>
                </table>
            </div>
        </section>
    }
}
