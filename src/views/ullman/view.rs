//! Ullman's lecture example, step by step (`view=ullman`).

use std::rc::Rc;

use yew::prelude::*;

use crate::widgets::cells::plain_cell;

use crate::widgets::cells::num_cell;

use crate::views::ViewProps;

use crate::hooks::page::{use_page, PageAction};
use crate::views::ullman::binary_split::binary_split;
use crate::views::ullman::darts_panel::DartsPanel;
use crate::views::ullman::slide_table::slide_table;
use crate::widgets::arrays::bit_array_canvas::BitArrayCanvas;
use crate::widgets::arrays::trace_table::hash_trace_table;
use crate::widgets::arrays::verdict_banner::verdict_banner;
use crate::widgets::charts::theory::theory_row;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_page_question;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::engine::hashing::HashFamily;
use bloomlab_core::lectures::ullman::{StepKind, UllmanLecture, K, LOOKUPS, M, STREAM};
use bloomlab_core::link::page::STEP_PANEL;
use bloomlab_core::text::format_probability;

#[function_component(UllmanView)]
pub fn ullman_view(props: &ViewProps) -> Html {
    let page = use_page::<UllmanLecture>(&props.query, &props.page);
    let state = &page.state;
    let lecture = state.model.clone();
    let stepper = state.stepper;

    // The address follows the step and the example.
    let on_step = page.on_step.clone();
    let on_dismiss = page.dismiss();
    let on_rebuild = page.send(PageAction::Fields);

    let titles: Vec<String> = (0..=lecture.last_step()).map(|i| lecture.label(i)).collect();
    let step = &lecture.steps[stepper.step().min(lecture.last_step())];
    let positions: Vec<u64> = match &step.kind {
        StepKind::Insert { trace, .. } | StepKind::Lookup { trace, .. } => trace.positions().collect(),
        _ => Vec::new(),
    };
    let (question, hide) = use_page_question(&props.page, &page);
    let describe = {
        let bits = step.bits.clone();
        Callback::from(move |(start, _end): (u64, u64)| {
            format!("bit {start} is {}", if bits.get(start as usize) { 1 } else { 0 })
        })
    };

    html! {
        <section class={classes!("lecture", hide.class())}>
            <header class="view-head">
                <h1>{"Ullman's Bloom filter example"}</h1>
                <p>{"The lecture's 11-bit filter with two integer hashes, stepped through exactly as the slides teach it. Use ← → and the space bar, or the buttons; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            { why_bloom_filters() }
            { stepper_bar(stepper, titles, &on_step) }
            { question }
            <div class="lecture-grid">
                <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                    <h2 class="step-title" id={STEP_PANEL.title_id}>{ step.title.clone() }</h2>
                    <p class="narration" data-testid="narration">{ hide.text(&step.narration) }</p>
                    <BitArrayCanvas bits={Rc::new(step.bits.clone())} positions={positions} describe={describe} label="Lecture filter of" />
                    { step_detail(&lecture, &step.kind) }
                    <h3 class="slide-table-title">{"The slide's table"}</h3>
                    { slide_table(&lecture.steps, stepper.step()) }
                </section>
                <aside class="controls">
                    if let Some(href) = bloomlab_core::labs::practice::given::try_ullman(&lecture, props.page.theme) {
                        <p><a class="button" data-testid="try-it" {href}>{"Try it yourself: insert these items by hand"}</a></p>
                    }
                    { example_form(&lecture, on_rebuild) }
                    <DartsPanel />
                </aside>
            </div>
        </section>
    }
}

/// What a step shows below the filter: the hashing of an insert or a lookup, or the numbers of
/// the reasoning steps.
fn step_detail(lecture: &UllmanLecture, kind: &StepKind) -> Html {
    let m = lecture.m;
    match kind {
        StepKind::Start => html! {},
        StepKind::Insert { split, trace, .. } => html! {
            <>
                { binary_split(split, m) }
                { hash_trace_table(trace, m, HashFamily::Ullman, true, false) }
            </>
        },
        StepKind::Lookup { split, trace, verdict, truth } => html! {
            <>
                { binary_split(split, m) }
                { verdict_banner(trace, *verdict, *truth) }
                { hash_trace_table(trace, m, HashFamily::Ullman, false, false) }
            </>
        },
        StepKind::Density { ones, this_filter, approx, finite, exact } => {
            let n = lecture.stream.len() as u64;
            let rows = [(Formula::Approx, *approx), (Formula::Finite, *finite), (Formula::Exact, *exact)];
            html! {
                <dl class="readouts">
                    <div><dt>{ format!("this filter: ({ones}/{m})^{K}") }</dt><dd class="num" data-testid="fp-filter" data-value={this_filter.to_string()}>{ format_probability(*this_filter) }</dd></div>
                    { for rows.iter().map(|(f, v)| theory_row(f.name(), (m, n, K), *v, html! { f.name() }, f.expression())) }
                </dl>
            }
        }
        StepKind::Darts { targets, darts, miss_exact, miss_approx, expected_ones, actual_ones } => html! {
            <dl class="readouts">
                <div><dt>{ format!("targets t, darts d") }</dt><dd class="num">{ format!("{targets}, {darts}") }</dd></div>
                <div><dt>{"(1 − 1/t)^d"}</dt><dd class="num">{ format!("{miss_exact:.6}") }</dd></div>
                <div><dt>{"e^(−d/t)"}</dt><dd class="num">{ format!("{miss_approx:.6}") }</dd></div>
                <div><dt>{"bits expected to be 1 / actually 1"}</dt><dd class="num">{ format!("{expected_ones:.2} / {actual_ones}") }</dd></div>
            </dl>
        },
        StepKind::SlideDarts { zeros, ones, fp, ones_rounded, fp_rounded } => html! {
            <dl class="readouts" data-testid="slide-darts" data-fp={fp.to_string()} data-fp-rounded={fp_rounded.to_string()}>
                <div><dt>{"fraction of 0s, e^(−1/2)"}</dt><dd class="num">{ format!("{zeros:.6}") }</dd></div>
                <div><dt>{"density of 1s"}</dt><dd class="num">{ format!("{ones:.6}") }</dd></div>
                <div><dt>{ format!("false positives, unrounded: {ones:.6}^5") }</dt><dd class="num">{ format!("{fp:.7}") }</dd></div>
                <div><dt>{ format!("as the slide rounds it: {ones_rounded}^5") }</dt><dd class="num">{ format!("{fp_rounded:.6}") }</dd></div>
            </dl>
        },
        StepKind::BookDarts { rows } => html! {
            <table class="book-darts">
                <thead><tr><th>{"hashes k"}</th><th>{"(1 − e^(−k/8))^k"}</th></tr></thead>
                <tbody>{ for rows.iter().map(|(k, v)| html! {
                    <tr data-testid="book-darts" data-k={k.to_string()} data-value={v.to_string()}>{ plain_cell(k.to_string()) }{ num_cell(format!("{v:.6}")) }</tr>
                }) }</tbody>
            </table>
        },
    }
}

/// Why Bloom filters: the crawler's seen-set and the chunks of a relation.
fn why_bloom_filters() -> Html {
    html! {
        <details class="why">
            <summary>{"Why Bloom filters?"}</summary>
            <p>{"A web crawler keeps a list of every URL it has found and hands URLs out to many parallel fetchers, which send back the links they find. Most of those links point to pages already seen, so the crawler must drop them quickly. A Bloom filter on that stream answers \u{201c}seen before\u{201d} or \u{201c}new\u{201d} from a few bits per URL. It can be wrong in one direction only: it may call a new URL old (and the page is skipped), but it never calls an old URL new. As more URLs go in, more bits are 1 and false positives grow, so the crawler starts a fresh filter from time to time."}</p>
            <p>{"A relation stored in a distributed file system is spread over many chunks. To find a value v without reading every chunk, keep one small Bloom filter per chunk. A chunk whose filter says \u{201c}absent\u{201d} certainly lacks v and is skipped; now and then a chunk is read in vain, but no occurrence of v is ever missed."}</p>
        </details>
    }
}

/// The form for one's own example: the stream, the lookups and m (a number field with the
/// declaration's bounds), handed to the model as typed.
fn example_form(lecture: &UllmanLecture, on_rebuild: Callback<Vec<(&'static str, String)>>) -> Html {
    let list = |v: &[u64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let fields = vec![
        Field::declared(&STREAM, "stream-input", "stream (whole numbers)", list(&lecture.stream)),
        Field::declared(&LOOKUPS, "lookups-input", "look up", list(&lecture.lookups)),
        Field::declared(&M, "lecture-m-input", "bits m", lecture.m.to_string()),
    ];
    html! {
        <ExampleForm title="Your own example" button="Step through it" button_testid="lecture-apply"
            fields={fields} on_submit={on_rebuild} />
    }
}
