//! Counting distinct elements: Flajolet–Martin (`view=distinct`).

use yew::prelude::*;

use crate::hooks::input::dispatch_to;
use crate::hooks::lecture::{use_lecture, use_lecture_question, LectureAction};
use crate::hooks::sliced::use_slices;
use crate::views::distinct::panels::{GraphPanel, RunPanels};
use crate::views::distinct::sketch_panel::{trace_section, union_section};
use crate::views::distinct::stage::stage;
use crate::views::distinct::state::{DistinctAction, DistinctState};
use crate::views::ViewProps;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::distinct::{HASHES, STREAM, W};

#[function_component(DistinctView)]
pub fn distinct_view(props: &ViewProps) -> Html {
    let state = use_reducer(|| DistinctState::read(&props.query));
    let lab = state.lab().clone();
    let stepper = state.lecture.stepper;

    let on_step = use_lecture(&props.page, &state.lecture, state.dispatcher(), DistinctAction::Lecture);

    use_slices(&state.runs, state.dispatcher(), |run, slice| DistinctAction::Work { run, slice });

    // The random graph's recurrence runs in slices too, one d after the other.
    use_slices(&state.graph, state.dispatcher(), |run, slice| DistinctAction::GraphWork { run, slice });

    let dispatcher = state.dispatcher();
    let on_rebuild = dispatch_to(&dispatcher, |f| DistinctAction::Lecture(LectureAction::Rebuild(f)));
    let titles: Vec<String> = (0..=lab.last_step()).map(|i| lab.label(i)).collect();
    let step = &lab.steps[stepper.step().min(lab.last_step())];
    let (question, hide) =
        use_lecture_question(&props.page, &state.lecture, &state.dispatcher(), DistinctAction::Lecture);

    html! {
        <section class={classes!("lecture", "distinct", hide.class())}>
            <header class="view-head">
                <h1>{"Counting distinct elements"}</h1>
                <p>{"The Flajolet–Martin idea: hash every element, watch the longest run of 0s at the end of a hash value, and 2 to that length estimates how many different elements went by — in a few bits, however long the stream. Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.lecture.notices, Some(&dispatch_to(&dispatcher, |_: ()| DistinctAction::Lecture(LectureAction::DismissNotices)))) }
            <section class="panel" aria-labelledby="fm-title">
                <h2 id="fm-title">{"Flajolet–Martin, step by step"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                { question }
                <div class="lecture-grid">
                    <section class="stage" aria-labelledby="step-title">
                        <h3 class="step-title" id="step-title">{ step.title.clone() }</h3>
                        { stage(&lab, &step.kind, state.theory.as_ref().map(|t| t.1.clone())) }
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
            <RunPanels lab={lab.clone()} runs={state.runs.shown()} dispatcher={dispatcher.clone()} />
            { trace_section(&state.trace) }
            { union_section(&state.union) }
            <GraphPanel {lab} run={state.graph.shown()} {dispatcher} />
        </section>
    }
}
