//! The quotient filter's view: the walkthrough of the history in the link and the load run.

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::hooks::plot::use_plots;
use crate::views::quotient::load_panel::load_panel;
use crate::views::quotient::stage::{item_line, slots_stage, verdict_line};
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::quotient::params::{MQ, OPS, Q, QUERY, R, SEED};
use bloomlab_core::labs::quotient::QuotientLab;
use bloomlab_core::link::page::STEP_PANEL;

/// Steps listed by title at most.
const LISTED: usize = 80;

#[function_component(QuotientView)]
pub fn quotient_view(props: &ViewProps) -> Html {
    let page = use_page::<QuotientLab>(&props.query, &props.page);
    let state = &page.state;
    let (lab, stepper, on_step) = (state.model.clone(), state.stepper, page.on_step.clone());
    let shown = state.run.shown();
    let mut charts = use_plots(Some(shown.plot_key()), &|| {
        let run = state.run.borrow();
        vec![run.chart(), run.cluster_chart()]
    })
    .into_iter();
    let charts = (charts.next(), charts.next());
    let step = state.step();
    let steps = lab.walk.steps.len();
    let titles: Vec<String> =
        if steps <= LISTED { (0..steps).map(|i| lab.step_title(i)).collect() } else { Vec::new() };
    let on_dismiss = page.dismiss();
    let on_fields = page.send(PageAction::Fields);
    let ops = lab.ops.iter().map(|o| o.encode()).collect::<Vec<_>>().join(", ");
    let run = state.run.borrow();
    html! {
        <section class="lecture quotient-view">
            <header class="view-head">
                <h1>{"Quotient filter"}</h1>
                <p>{"A fingerprint of q + r bits is split in two: its top q bits, the quotient, name a slot; only the r-bit \
                    remainder is stored. Remainders with the same quotient sit together in a run, in order; runs pushed out of \
                    their slot by earlier ones form clusters. Three bits a slot (is_occupied, is_continuation, is_shifted) are \
                    enough to find any run (Bender et al. 2012). Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <section class="panel" aria-labelledby="qf-title">
                <h2 id="qf-title">{"Inserts, lookups and deletes, slot by slot"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h3 class="step-title" id={STEP_PANEL.title_id}>{ lab.step_title(step) }</h3>
                        <p class="narration" data-testid="narration">{ lab.narration(step) }</p>
                        { item_line(&lab, step) }
                        { slots_stage(&lab, step) }
                        { verdict_line(&lab, step) }
                    </section>
                    <aside class="controls">
                        <p><a class="button" data-testid="try-it" data-exercise="quotient-insert"
                            href={bloomlab_core::labs::practice::given::drill_link(bloomlab_core::labs::practice::Exercise::QuotientInsert, props.page.theme)}>{"Try it yourself: inserts into a small quotient filter by hand"}</a></p>
                        <ExampleForm title="Your own history" button="Replay" button_testid="lecture-apply" on_submit={on_fields}
                            fields={vec![
                                Field::declared(&OPS, "ops-input", "operations (i:insert, d:delete, l:look up)", ops),
                                Field::declared(&QUERY, "query-input", "look up at the end", lab.query.clone().unwrap_or_default()),
                                Field::declared(&Q, "q-input", "quotient bits q (2^q slots)", lab.q.to_string()),
                                Field::declared(&R, "r-input", "remainder bits r", lab.r.to_string()),
                                Field::declared(&MQ, "mq-input", "quotient bits of the measured filter", lab.mq.to_string()),
                                Field::declared(&SEED, "seed-input", "seed", lab.seed.to_string()),
                            ]} />
                    </aside>
                </div>
            </section>
            { load_panel(&run, state.run.elapsed_ms, charts) }
        </section>
    }
}
