//! The xor view: the walkthrough of a build on typed keys, the sizes table and the sweep.

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::hooks::plot::use_plots;
use crate::views::xor::panels::{fpr_panel, sizes_panel, sweep_panel, window_panel};
use crate::views::xor::stage::{array_stage, keys_table, lookup_line, peel_line};
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::xor::params::{FP, ITEMS, KIND, N, QUERY, SEED, SPK};
use bloomlab_core::labs::xor::XorLab;
use bloomlab_core::link::page::STEP_PANEL;

/// Steps listed by title at most.
const LISTED: usize = 80;

#[function_component(XorView)]
pub fn xor_view(props: &ViewProps) -> Html {
    let page = use_page::<XorLab>(&props.query, &props.page);
    let state = &page.state;
    let (lab, stepper, on_step) = (state.model.clone(), state.stepper, page.on_step.clone());
    let shown = state.run.shown();
    let mut charts = use_plots(Some(shown.plot_key()), &|| {
        let run = state.run.borrow();
        vec![run.chart(), run.window.chart()]
    })
    .into_iter();
    let (chart, window_chart) = (charts.next(), charts.next());
    let step = state.step();
    let steps = lab.walk.steps.len();
    let titles: Vec<String> =
        if steps <= LISTED { (0..steps).map(|i| lab.step_title(i)).collect() } else { Vec::new() };
    let on_dismiss = page.dismiss();
    let on_keys = page.send(PageAction::Fields);
    let run = state.run.borrow();
    let items = lab.keys.join(", ");
    html! {
        <section class="lecture xor-view">
            <header class="view-head">
                <h1>{"Xor and binary fuse filters"}</h1>
                <p>{"A Bloom filter needs 1.44 · log₂(1/ε) bits a key. Built once from a fixed set, a filter can spend as little as \
                    1.075 to 1.23 times log₂(1/ε) (binary fuse 4-wise to xor, for large n): each key's hash picks three or four slots, and the slots are filled so that their XOR is \
                    the key's fingerprint. Finding such values is peeling. Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <section class="panel" aria-labelledby="xor-title">
                <h2 id="xor-title">{"Building the filter, one peel at a time"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h3 class="step-title" id={STEP_PANEL.title_id}>{ lab.step_title(step) }</h3>
                        <p class="narration" data-testid="narration">{ lab.narration(step) }</p>
                        { array_stage(&lab, step) }
                        { peel_line(&lab, step) }
                        { keys_table(&lab, step) }
                        { lookup_line(&lab, step) }
                    </section>
                    <aside class="controls">
                        <p><a class="button" data-testid="try-it" data-exercise="xor-peel"
                            href={bloomlab_core::labs::practice::given::drill_link(bloomlab_core::labs::practice::Exercise::XorPeel, props.page.theme)}>{"Try it yourself: peel a small xor filter and fill its slots by hand"}</a></p>
                        <ExampleForm title="Your own keys" button="Build" button_testid="lecture-apply" on_submit={on_keys}
                            fields={vec![
                                Field::declared(&ITEMS, "items-input", "keys (comma-separated)", items),
                                Field::declared(&KIND, "kind-input", "filter (xor, fuse3, fuse4)", lab.kind.name().to_string()),
                                Field::declared(&FP, "fp-input", "fingerprint bits (8 or 16)", lab.fp.to_string()),
                                Field::declared(&SEED, "seed-input", "seed", lab.seed.to_string()),
                                Field::declared(&SPK, "spk-input", "slots per key (0: the reference's)", lab.spk.to_string()),
                                Field::declared(&QUERY, "query-input", "look up", lab.query.clone().unwrap_or_default()),
                                Field::declared(&N, "n-input", "n for the sizes and the sweep", lab.n.to_string()),
                            ]} />
                    </aside>
                </div>
            </section>
            { sizes_panel(&lab) }
            { sweep_panel(&lab, &run, state.run.elapsed_ms, chart) }
            { window_panel(&run, window_chart) }
            { fpr_panel(&lab, &state.aside.borrow(), state.aside.elapsed_ms) }
        </section>
    }
}
