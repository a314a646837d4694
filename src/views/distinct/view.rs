//! Counting distinct elements: Flajolet–Martin (`view=distinct`).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::views::distinct::panels::{GraphPanel, RunPanels};
use crate::views::distinct::sketch_panel::{trace_section, union_section};
use crate::views::distinct::stage::stage;
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use crate::widgets::question::use_page_question;
use bloomlab_core::labs::distinct::registers::{trace, union_check};
use bloomlab_core::labs::distinct::{DistinctLab, HASHES, STREAM, W};
use bloomlab_core::lectures::distinct::StepKind;
use bloomlab_core::link::page::STEP_PANEL;
use bloomlab_core::plot::Plot;

#[function_component(DistinctView)]
pub fn distinct_view(props: &ViewProps) -> Html {
    let page = use_page::<DistinctLab>(&props.query, &props.page);
    let state = &page.state;
    let (lab, stepper, on_step) = (state.model.clone(), state.stepper, page.on_step.clone());
    let on_rebuild = page.send(PageAction::Fields);
    let on_set = page.send(PageAction::Edit);
    let titles: Vec<String> = (0..=lab.last_step()).map(|i| lab.label(i)).collect();
    let step = &lab.steps[stepper.step().min(lab.last_step())];
    let (question, hide) = use_page_question(&props.page, &page);
    // What the panels compute from the settings, again only when theirs change: the register
    // trace of the walkthrough's stream, the union check, and the theory step's chart (thousands
    // of hashes), built when that step is shown and kept while its stream and seed stay.
    let trace = use_memo((lab.stream.clone(), lab.seed()), |(stream, seed)| trace(stream, *seed));
    let union = {
        let key = (lab.combine.length, lab.seed(), lab.registers);
        use_memo(key, |&(length, seed, registers)| union_check(length, seed, registers.ilog2()))
    };
    let kept = use_mut_ref(|| None::<((u64, u64), Rc<Plot>)>);
    let theory = (step.kind == StepKind::Theory).then(|| {
        let key = lab.theory_key();
        let mut kept = kept.borrow_mut();
        if kept.as_ref().map(|k| k.0) != Some(key) {
            *kept = Some((key, Rc::new(lab.theory_chart())));
        }
        kept.as_ref().map(|k| k.1.clone())
    });

    html! {
        <section class={classes!("lecture", "distinct", hide.class())}>
            <header class="view-head">
                <h1>{"Counting distinct elements"}</h1>
                <p>{"The Flajolet–Martin idea: hash every element, watch the longest run of 0s at the end of a hash value, and 2 to that length estimates how many different elements went by — in a few bits, however long the stream. Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <section class="panel" aria-labelledby="fm-title">
                <h2 id="fm-title">{"Flajolet–Martin, step by step"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                { question }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby={STEP_PANEL.title_id}>
                        <h3 class="step-title" id={STEP_PANEL.title_id}>{ step.title.clone() }</h3>
                        { stage(&lab, &step.kind, theory.flatten()) }
                    </section>
                    <aside class="controls">
                        if let Some(href) = bloomlab_core::labs::practice::given::try_distinct(&lab, props.page.theme) {
                            <p><a class="button" data-testid="try-it" {href}>{"Try it yourself: the tails by hand"}</a></p>
                        }
                        <ExampleForm title="Your own example" button="Step through it" button_testid="lecture-apply" on_submit={on_rebuild}
                            fields={vec![
                                Field::declared(&STREAM, "stream-input", "stream (whole numbers)", lab.stream_text()),
                                Field::declared(&HASHES, "hashes-input", "hashes a:b, for (a·x + b) mod 2^w", lab.hashes_text()),
                                Field::declared(&W, "w-input", &format!("bits w ({} to {})", W.min, W.max), lab.w.to_string()),
                            ]} />
                    </aside>
                </div>
            </section>
            <RunPanels lab={lab.clone()} runs={state.run.shown()} on_set={on_set.clone()} />
            { trace_section(&trace) }
            { union_section(&union) }
            <GraphPanel {lab} run={state.aside.shown()} {on_set} />
        </section>
    }
}
