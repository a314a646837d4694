//! Moments, the surprise number and the AMS estimate (`view=moments`).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::page::{use_page, Page, PageAction};
use crate::hooks::plot::{use_plot, use_plots, PlotKey};
use crate::views::moments::ams_panel::ams_stage;
use crate::views::moments::reservoir_panel::reservoir_stage;
use crate::views::moments::scale_panel::{scale_panel, ScalePanelProps};
use crate::views::moments::surprise_panel::surprise_panel;
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_page_question;
use bloomlab_core::labs::moments::page::MomentsEdit;
use bloomlab_core::labs::moments::{inclusion_chart, MomentsLab, K, POSITIONS, STREAM, WHY_NOT_K0};
use bloomlab_core::lectures::moments::StepKind;
use bloomlab_core::link::page::STEP_PANEL;
use bloomlab_core::plot::Plot;

/// The walkthrough's inclusion chart (when its step is shown) and the estimator's two charts (once
/// it is done), built when shown and what they draw changed, not on every slice of the run.
#[hook]
fn use_charts(state: &Page<MomentsLab>, measured: bool) -> (Option<Rc<Plot>>, Vec<Rc<Plot>>) {
    let lab = &state.model;
    let inclusion =
        use_plot(measured.then(|| PlotKey::of(lab.clone())), &|| inclusion_chart(&lab.walkthrough.inclusion));
    let scale_charts = use_plots(state.run.is_done().then(|| state.run.shown().plot_key()), &|| {
        let run = state.run.borrow();
        vec![run.error_histogram(), run.error_chart()]
    });
    (inclusion, scale_charts)
}

#[function_component(MomentsView)]
pub fn moments_view(props: &ViewProps) -> Html {
    let page = use_page::<MomentsLab>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.model.clone();
    let w = &lab.walkthrough;
    let stepper = state.stepper;

    let on_count = page.send(|(i, v)| PageAction::Edit(MomentsEdit::Count(i, v)));
    let on_dismiss = page.dismiss();
    let on_rebuild = page.send(PageAction::Fields);
    let titles: Vec<String> = (0..=w.last_step()).map(|i| w.label(i)).collect();
    let step = &w.steps[stepper.step().min(w.last_step())];
    let (inclusion, scale_charts) = use_charts(state, step.kind == StepKind::ReservoirMeasured);
    let stage = match step.kind {
        StepKind::ReservoirFill
        | StepKind::ReservoirArrival(_)
        | StepKind::ReservoirArgument
        | StepKind::ReservoirMeasured => reservoir_stage(w, &step.kind, inclusion),
        _ => ams_stage(w, &step.kind),
    };
    let (question, hide) = use_page_question(&props.page, &page);
    let scale = state.run.borrow();

    html! {
        <section class={classes!("lecture", "moments", hide.class())}>
            <header class="view-head">
                <h1>{"Moments and the AMS estimate"}</h1>
                <p>{"How surprising is a stream? Its second moment says; the Alon–Matias–Szegedy method estimates it \
                    from a few counters, and reservoir sampling keeps those counters going on a stream that never ends. \
                    Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            { surprise_panel(&lab.surprise, &on_count, &page.send(|i| PageAction::Edit(MomentsEdit::Preset(i)))) }
            <section class="panel" aria-labelledby="ams-title">
                <h2 id="ams-title">{"The AMS walkthrough"}</h2>
                { stepper_bar(stepper, titles, &page.on_step) }
                { question }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h3 class="step-title" id={STEP_PANEL.title_id}>{ step.title.clone() }</h3>
                        <p class="narration" data-testid="narration">{ hide.text(&step.narration) }</p>
                        { stage }
                    </section>
                    <aside class="controls">
                        if let Some(href) = bloomlab_core::labs::practice::given::try_moments(&lab, props.page.theme) {
                            <p><a class="button" data-testid="try-it" {href}>{"Try it yourself: the AMS estimate by hand"}</a></p>
                        }
                        <ExampleForm title="Your own example" button="Step through it" button_testid="lecture-apply" on_submit={on_rebuild}
                            fields={vec![
                                Field::declared(&STREAM, "stream-input", "stream (comma-separated)", lab.stream_text()),
                                Field::declared(&POSITIONS, "positions-input", "variables at positions", lab.positions_text()),
                                Field::declared(&K, "k-input", &format!("moment k ({} to {})", K.min, K.max), w.k.to_string()),
                            ]} />
                        <p class="muted small">{ WHY_NOT_K0 }</p>
                    </aside>
                </div>
            </section>
            { scale_panel(ScalePanelProps {
                spec: &lab.scale,
                run: &scale,
                elapsed_ms: state.run.elapsed_ms,
                charts: scale_charts,
                dataset: lab.text.as_ref().map(|t| t.dataset.clone()),
                on_field: page.send(|(name, text)| PageAction::Edit(MomentsEdit::Scale(name, text))),
                on_dataset: page.send(|d| PageAction::Edit(MomentsEdit::Text(d))),
                on_problem: page.send(PageAction::Problem),
            }) }
        </section>
    }
}
