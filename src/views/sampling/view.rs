//! Sampling a stream by position against by key (`view=sampling`).

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::hooks::plot::{use_plot, PlotKey};
use crate::views::sampling::stage::{readouts, stage, SIZE_STEP};
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_page_question;
use bloomlab_core::labs::sampling::{SamplingLab, BUCKETS, D, LIMIT, RATE, S, SEED};
use bloomlab_core::lectures::sampling::STEPS;
use bloomlab_core::link::page::STEP_PANEL;
use bloomlab_core::link::params::Declared;

/// The form's fields: each a declared parameter of the lab, with its label.
const FIELDS: [(&dyn Declared, &str); 6] = [
    (&S, "queries asked once, s"),
    (&D, "queries asked twice, d"),
    (&RATE, "sampling rate r (10%, 0.1 or 1/10)"),
    (&BUCKETS, "buckets"),
    (&LIMIT, "sample limit"),
    (&SEED, "seed"),
];

#[function_component(SamplingView)]
pub fn sampling_view(props: &ViewProps) -> Html {
    let page = use_page::<SamplingLab>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.model.clone();
    let stepper = state.stepper;

    let on_step = page.on_step.clone();
    let on_apply = page.send(PageAction::Fields);
    let values = [
        lab.s.to_string(),
        lab.d.to_string(),
        format!("{}%", (lab.rate * 1e6).round() / 1e4),
        lab.buckets.to_string(),
        lab.limit.to_string(),
        lab.seed.to_string(),
    ];
    let titles: Vec<String> = STEPS.iter().map(|s| s.to_string()).collect();
    let i = stepper.step().min(lab.last_step());
    let (question, hide) = use_page_question(&props.page, &page);
    // The size chart changes with the lab, not with the stepper's ticks and the question's picks.
    let size_chart = use_plot((i == SIZE_STEP).then(|| PlotKey::of(lab.clone())), &|| lab.bounded.chart());

    html! {
        <section class={classes!("lecture", "sampling", hide.class())}>
            <header class="view-head">
                <h1>{"Sampling a stream"}</h1>
                <p>{"Keep a fraction of a stream's positions and ask the sample how many queries repeat: it gets it wrong, and not by a fixed factor. Sample by key and it gets it right. Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <section class="panel">
                { stepper_bar(stepper, titles, &on_step) }
                { question }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h2 class="step-title" id={STEP_PANEL.title_id}>{ STEPS[i] }</h2>
                        { stage(&lab, i, &hide, size_chart) }
                        { readouts(&lab, i) }
                    </section>
                    <aside class="controls">
                        if let Some(href) = bloomlab_core::labs::practice::given::try_sampling(&lab, props.page.theme) {
                            <p><a class="button" data-testid="try-it" {href}>{"Try it yourself: a sample by key by hand"}</a></p>
                        }
                        <ExampleForm title="Your own numbers" button="Sample it" button_testid="sampling-apply" on_submit={on_apply}
                            fields={FIELDS.iter().zip(values.iter()).map(|((p, label), v)| Field::declared(*p, &format!("sampling-{}", p.name()), label, v.clone())).collect::<Vec<_>>()} />
                    </aside>
                </div>
            </section>
        </section>
    }
}
