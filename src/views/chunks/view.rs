//! One filter per chunk of a table (`view=chunks`): which chunks a lookup reads, the wasted
//! reads against their expected number, and how both fall as the filters get more bits.

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::{col_heads, num_cell};

use crate::hooks::page::{use_plain_page, PageAction};
use crate::hooks::plot::{use_plot, PlotKey};
use crate::views::ViewProps;
use crate::web;
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_question_box;
use bloomlab_core::labs::chunks::{self, ChunkAnswer, Chunked, ChunksLab, LookupCounts};
use bloomlab_core::link::params::Declared;
use bloomlab_core::plot::Plot;
use bloomlab_core::text::group_digits;

/// The form's fields: each a declared parameter of the lab, with its label.
const FIELDS: [(&dyn Declared, &str); 8] = [
    (&chunks::ROWS, "rows"),
    (&chunks::CHUNKS, "chunks"),
    (&chunks::DOMAIN, "distinct values possible"),
    (&chunks::SKEW, "skew (Zipf exponent)"),
    (&chunks::M, "bits per chunk's filter, m"),
    (&chunks::K, "hashes k"),
    (&chunks::VALUE, "look up the value"),
    (&chunks::SEED, "seed"),
];

/// One size of the sweep: m, the wasted reads per lookup measured, and expected.
type Sweep = (u64, f64, f64);

#[function_component(ChunksView)]
pub fn chunks_view(props: &ViewProps) -> Html {
    let page = use_plain_page::<ChunksLab>(&props.query, &props.page);
    let lab = page.state.model.clone();
    let sweep = use_state(|| None::<Rc<Vec<Sweep>>>);
    {
        let (sweep, lab) = (sweep.clone(), lab.clone());
        use_effect_with(lab.clone(), move |_| {
            sweep.set(None);
            wasm_bindgen_futures::spawn_local(async move {
                web::yield_to_page().await;
                sweep.set(Some(Rc::new(lab.sweep())));
            });
        });
    }
    let on_apply = page.send(PageAction::Fields);
    // The chunked table and the lookup change only with the lab, not when the sweep finishes.
    let built = use_memo(lab.clone(), |lab| {
        let t = lab.build(lab.m);
        let answers = t.lookup(lab.value);
        let expected = t.expected_wasted(lab.value);
        (t, answers, expected)
    });
    let (t, answers, expected) = (&built.0, &built.1, built.2);
    // The sweep's chart, built once the sweep is in.
    let chart = use_plot(sweep.as_ref().map(|s| PlotKey::of(s.clone())), &|| {
        ChunksLab::sweep_chart(sweep.as_deref().map_or(&[], |s| s.as_slice()))
    });
    let LookupCounts { read, holding, wasted } = LookupCounts::of(answers);
    // The question: how many chunks the lookup reads for nothing (its answers wait for the reveal).
    let (question, hide) = use_question_box(&props.page, lab.wasted_question(answers));
    let values = [
        lab.rows.to_string(),
        lab.chunks.to_string(),
        lab.domain.to_string(),
        lab.skew.to_string(),
        lab.m.to_string(),
        lab.k.to_string(),
        lab.value.to_string(),
        lab.seed.to_string(),
    ];
    html! {
        <section class={classes!("chunks", hide.class())}>
            <header class="view-head">
                <h1>{"One filter per chunk"}</h1>
                <p>{"A relation is stored in chunks. Each chunk keeps a small Bloom filter of the values it holds, so a lookup reads only the chunks whose filter says \u{201c}maybe\u{201d}: every chunk holding the value is read, and now and then one that does not — a wasted read."}</p>
            </header>
            { notice_list(&page.state.notices, None) }
            { question }
            <div class="stage-grid">
                <div class="stage">
                    <h2 class="visually-hidden">{"The lookup"}</h2>
                    <p data-testid="chunks-read" data-value={lab.value.to_string()} data-chunks={lab.chunks.to_string()} data-holding={holding.to_string()}
                        data-read={read.to_string()} data-wasted={wasted.to_string()} data-expected-wasted={expected.to_string()} class="estimate answers">
                        { format!("Looking up {}: {} of {} chunks read, {} hold it, {} wasted (expected {:.3}).", lab.value, read, lab.chunks, holding, wasted, expected) }
                    </p>
                    <div class="answers">{ chunk_grid(t, answers) }</div>
                    <p class="muted small">{ format!("Expected wasted reads: the sum, over the chunks without the value, of each filter's chance of a false positive, (bits set / m)^k. Chunks hold {} to {} distinct values.",
                        group_digits(t.distinct.iter().copied().min().unwrap_or(0)), group_digits(t.distinct.iter().copied().max().unwrap_or(0))) }</p>
                    <div class="answers">{ sweep_results(sweep.as_deref().map(Vec::as_slice).zip(chart), lab.domain) }</div>
                </div>
                <aside class="controls">
                    <ExampleForm title="The table" button="Build and look up" button_testid="chunks-apply" on_submit={on_apply}
                        fields={FIELDS.iter().zip(values.iter()).map(|((param, label), v)| Field::declared(*param, &format!("chunks-{}", param.name()), label, v.clone())).collect::<Vec<_>>()} />
                </aside>
            </div>
        </section>
    }
}

/// Every chunk with its filter's answer: read and holding, read in vain, or skipped.
fn chunk_grid(t: &Chunked, answers: &[ChunkAnswer]) -> Html {
    html! {
        <ol class="chunk-grid" aria-label="the chunks and their answers">
            { for answers.iter().enumerate().map(|(i, a)| {
                let verdict = if a.maybe { "maybe" } else { "absent" };
                let class = if a.holds { "holds" } else if a.maybe { "wasted" } else { "skipped" };
                html! {
                    <li class={classes!("chunk", class)} data-testid="chunk" data-index={i.to_string()} data-verdict={verdict} data-holds={a.holds.to_string()}
                        title={format!("chunk {i}: {} distinct values; filter says {verdict}; {}", t.distinct[i], if a.holds { "holds the value" } else { "does not hold it" })}>
                        <span class="chunk-index">{ i.to_string() }</span>
                        <span class="chunk-verdict">{ match class { "holds" => "read ✓", "wasted" => "read ✗", _ => "skip" } }</span>
                    </li>
                }
            }) }
        </ol>
    }
}

/// The sweep over m, measured and expected, and its chart, once it has run.
fn sweep_results(sweep: Option<(&[Sweep], Rc<Plot>)>, domain: u64) -> Html {
    match sweep {
        None => {
            html! { <p class="muted" data-testid="chunks-sweep" data-status="running">{"Measuring many lookups at each size…"}</p> }
        }
        Some((s, plot)) => html! {
            <>
                <div data-testid="chunks-sweep" data-status="done">
                    <ChartCanvas {plot} label="Wasted reads per lookup against m, measured and expected" testid="chunks-chart" legend=true />
                </div>
                <div class="table-scroll" tabindex="0"><table class="data-table">
                    <caption>{ format!("Over {} lookups at each m", group_digits(bloomlab_core::labs::chunks::LOOKUPS.min(domain))) }</caption>
                    <thead><tr>{ col_heads(&["m", "wasted per lookup", "expected"]) }</tr></thead>
                    <tbody>{ for s.iter().map(|&(m, w, e)| html! {
                        <tr data-testid="chunks-sweep-row" data-m={m.to_string()} data-measured={w.to_string()} data-expected={e.to_string()}>
                            { num_cell(group_digits(m)) }{ num_cell(format!("{w:.4}")) }{ num_cell(format!("{e:.4}")) }</tr>
                    }) }</tbody>
                </table></div>
            </>
        },
    }
}
