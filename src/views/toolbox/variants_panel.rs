//! A wrong n, computed and measured; and the six variants at the same memory.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell, plain_cell};

use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::labs::toolbox::run::{VariantRun, WrongN};
use bloomlab_core::labs::toolbox::variants::CuckooDemo;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::{format_probability, group_digits};

/// `chart`: the rate against the error in n, as kept by the view.
pub fn wrong_n_panel(w: &WrongN, chart: Option<Rc<Plot>>) -> Html {
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
            if let Some(plot) = chart {
                <ChartCanvas {plot} label="The false-positive rate against the error in n" testid="wrong-n-chart" legend=true />
            }
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
                group_digits(run.n), group_digits(bloomlab_core::labs::toolbox::PROBES), group_digits(run.m), run.m as f64 / run.n.max(1) as f64, f) }</p>
            { progress_line(Progress::new("variants-progress", run.ops_done(), run.ops_total(), done, "variants progress",
                if done { "Measured.".to_string() } else { "Measuring…".to_string() })) }
            <div class="table-scroll" tabindex="0">
                <table class="data-table">
                    <thead><tr>{ col_heads(&["variant", "bits per item", "measured rate", "formula", "failed inserts", "delete", "count", "grow", "merge", "where it breaks"]) }</tr></thead>
                    <tbody>{ for run.results.iter().map(|r| {
                        let theory = r.structure.theory(r.inserted);
                        let (d, c, g, m) = r.variant.can();
                        let finished = r.rate.trials > 0 && (done || r.rate.trials >= bloomlab_core::labs::toolbox::PROBES);
                        html! {
                            <tr data-testid="variant-result" data-variant={r.variant.name()} data-bits={r.structure.bits().to_string()}
                                data-n={r.inserted.to_string()} data-value={finished.then(|| r.rate.value().to_string())}
                                data-theory={theory.map(|t| t.to_string())} data-failed-inserts={r.failed.to_string()}>
                                <th scope="row">{ r.variant.name() }{ r.structure.k().map(|k| format!(" (k = {k})")).unwrap_or_default() }</th>
                                { num_cell(format!("{:.1}", r.structure.bits() as f64 / r.n.max(1) as f64)) }
                                { num_cell(if finished { format!("{} ± {}", format_probability(r.rate.value()), format_probability((r.rate.interval().1 - r.rate.interval().0) / 2.0)) } else { "…".into() }) }
                                { num_cell(theory.map(format_probability).unwrap_or_default()) }
                                { num_cell(group_digits(r.failed)) }
                                { plain_cell(yes(d)) }{ plain_cell(yes(c)) }{ plain_cell(yes(g)) }{ plain_cell(yes(m)) }
                                <td class="small wrap">{ r.variant.breaks() }</td>
                            </tr>
                        }
                    }) }</tbody>
                </table>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct CuckooPanelProps {
    pub seed: u64,
}

/// A small cuckoo filter to watch: insert one word at a time and step through its kicks.
#[function_component(CuckooPanel)]
pub fn cuckoo_panel(props: &CuckooPanelProps) -> Html {
    let demo = use_mut_ref(CuckooDemo::new);
    let version = use_state(|| 0u32);
    let kick = use_state(|| 0usize);
    let on_insert = {
        let (demo, version, kick, seed) = (demo.clone(), version.clone(), kick.clone(), props.seed);
        Callback::from(move |_: MouseEvent| {
            demo.borrow_mut().insert_next(seed);
            kick.set(0);
            version.set(*version + 1);
        })
    };
    let on_reset = {
        let (demo, version, kick) = (demo.clone(), version.clone(), kick.clone());
        Callback::from(move |_: MouseEvent| {
            *demo.borrow_mut() = CuckooDemo::new();
            kick.set(0);
            version.set(*version + 1);
        })
    };
    let d = demo.borrow();
    let kicks = &d.filter.last_kicks;
    let step = (*kick).min(kicks.len());
    let move_kick = |by: isize| {
        let (kick, n) = (kick.clone(), kicks.len());
        Callback::from(move |_: MouseEvent| kick.set((*kick as isize + by).clamp(0, n as isize) as usize))
    };
    let current = step.checked_sub(1).and_then(|i| kicks.get(i));
    html! {
        <div class="cuckoo-demo">
            <h3>{"Watch a cuckoo filter kick"}</h3>
            <p class="muted small">{"8 buckets of 4 fingerprints of 8 bits. Each word may go to bucket i1 = h mod 8 or to its partner i2 = (hash(fingerprint) − i1) mod 8; when both are full, a fingerprint already there is kicked to its own partner bucket, and so on, at most 500 times."}</p>
            <div class="control-row">
                <button type="button" class="button" onclick={on_insert} data-testid="cuckoo-insert">{ format!("Insert word {}", d.words.len() + 1) }</button>
                <button type="button" class="button small" onclick={move_kick(-1)} disabled={step == 0} data-testid="cuckoo-kick-prev">{"◀ kick"}</button>
                <button type="button" class="button small" onclick={move_kick(1)} disabled={step >= kicks.len()} data-testid="cuckoo-kick-next">{"kick ▶"}</button>
                <button type="button" class="button small subtle" onclick={on_reset} data-testid="cuckoo-reset">{"empty it"}</button>
            </div>
            if let Some((word, fp, i1, i2, placed)) = &d.last {
                <p data-testid="cuckoo-last" data-word={word.clone()} data-fingerprint={format!("{fp:02x}")} data-buckets={format!("{i1},{i2}")}
                    data-kicks={kicks.len().to_string()} data-placed={placed.to_string()} data-load={d.filter.load().to_string()}>
                    { format!("\u{201c}{word}\u{201d}: fingerprint {fp:02x}, buckets {i1} and {i2}; {}. Load {:.0} %.",
                        if !placed { "no place left: the insert failed".to_string() } else if kicks.is_empty() { "a free slot, no kick".to_string() } else { format!("{} kick(s)", kicks.len()) },
                        100.0 * d.filter.load()) }
                </p>
            }
            if let Some((b, s, out)) = current {
                <p data-testid="cuckoo-kick" data-step={step.to_string()} data-bucket={b.to_string()} data-slot={s.to_string()} data-evicted={format!("{out:02x}")}>
                    { format!("Kick {step} of {}: into bucket {b}, slot {s}, pushing out fingerprint {out:02x}, which moves to its partner bucket.", kicks.len()) }
                </p>
            }
            <ol class="cuckoo-buckets" start="0">
                { for d.filter.buckets.iter().enumerate().map(|(i, slots)| html! {
                    <li class={classes!("bucket", (current.map(|c| c.0) == Some(i)).then_some("kicked"),
                        d.last.as_ref().filter(|l| l.2 == i || l.3 == i).map(|_| "candidate"))}
                        data-testid="cuckoo-bucket" data-index={i.to_string()}
                        data-fingerprints={slots.iter().map(|f| if *f == 0 { "-".to_string() } else { format!("{f:02x}") }).collect::<Vec<_>>().join(",")}>
                        <span class="bucket-index">{ i.to_string() }</span>
                        { for slots.iter().map(|f| html! { <span class={classes!("slot", (*f == 0).then_some("free"))}>{ if *f == 0 { "·".to_string() } else { format!("{f:02x}") } }</span> }) }
                    </li>
                }) }
            </ol>
        </div>
    }
}
