//! Counting distinct elements: Flajolet–Martin (`view=distinct`).

use std::rc::Rc;

use yew::prelude::*;

use crate::core::lectures::stepper::StepAction;
use crate::core::link::query;
use crate::hooks::input::dispatch_to;
use crate::hooks::stepper::use_stepper_input;
use crate::hooks::{use_address_sync, use_next_slice};
use crate::views::distinct::combine_panel::combine_panel;
use crate::views::distinct::graph_panel::{graph_panel, graph_rows, GraphRows};
use crate::views::distinct::stage::stage;
use crate::views::distinct::state::{DistinctAction, DistinctState};
use crate::views::ViewProps;
use crate::web;
use crate::widgets::inputs::example_form::{ExampleForm, Field};
use crate::widgets::inputs::stepper_controls::stepper_bar;
use crate::widgets::notice_list::notice_list;

#[function_component(DistinctView)]
pub fn distinct_view(props: &ViewProps) -> Html {
    let state = use_reducer(|| DistinctState::from_query(&props.query));
    let lab = state.lab.clone();
    let stepper = state.stepper;

    let mut pairs = lab.query_pairs();
    pairs.push(("step", stepper.step().to_string()));
    use_address_sync(&props.page, pairs);

    let on_step = {
        let state = state.clone();
        Callback::from(move |(a, sent_at): (StepAction, u64)| state.dispatch(DistinctAction::Step(a, sent_at)))
    };
    use_stepper_input(stepper, state.generation, on_step.clone());
    let on_step = on_step.reform(|a: StepAction| (a, u64::MAX));

    let done = state.run.borrow().is_done();
    let (run_id, slice) = (state.run_id, state.slice);
    let next = (!done).then(|| {
        let d = state.dispatcher();
        Callback::from(move |_| d.dispatch(DistinctAction::Work { run: run_id, slice }))
    });
    use_next_slice((run_id, slice, done), next);

    // The random graph is built after the page has drawn, and again when its settings change.
    let graph = use_state(|| None::<Rc<GraphRows>>);
    {
        let graph = graph.clone();
        let lab = lab.clone();
        use_effect_with((lab.graph_nodes, lab.node.clone(), lab.d, lab.seed), move |_| {
            graph.set(None);
            wasm_bindgen_futures::spawn_local(async move {
                web::yield_to_page().await;
                graph.set(Some(Rc::new(graph_rows(&lab))));
            });
        });
    }

    let dispatcher = state.dispatcher();
    let on_rebuild = {
        let state = state.clone();
        Callback::from(move |values: Vec<(&'static str, String)>| {
            let list = |s: &str| {
                let parts: Vec<String> = s.split([',', ' ']).filter(|p| !p.is_empty()).map(query::encode).collect();
                if parts.is_empty() {
                    ",".to_string()
                } else {
                    parts.join(",")
                }
            };
            let pairs: Vec<(&str, String)> =
                values.iter().map(|(k, v)| (*k, if *k == "w" { query::encode(v.trim()) } else { list(v) })).collect();
            state.dispatch(DistinctAction::Rebuild(query::build(&pairs)));
        })
    };
    let titles: Vec<String> = (0..=lab.last_step()).map(|i| lab.label(i)).collect();
    let step = &lab.steps[stepper.step().min(lab.last_step())];
    let stream_text = lab.stream.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let hashes_text = lab.hashes.iter().map(|(a, b)| format!("{a}:{b}")).collect::<Vec<_>>().join(", ");
    let run = state.run.borrow();

    html! {
        <section class="lecture distinct">
            <header class="view-head">
                <h1>{"Counting distinct elements"}</h1>
                <p>{"The Flajolet–Martin idea: hash every element, watch the longest run of 0s at the end of a hash value, and 2 to that length estimates how many different elements went by — in a few bits, however long the stream. Step with ← → and the space bar; every step has its own link."}</p>
            </header>
            { notice_list(&state.notices, Some(&dispatch_to(&dispatcher, |_: ()| DistinctAction::DismissNotices))) }
            <section class="panel" aria-labelledby="fm-title">
                <h2 id="fm-title">{"Flajolet–Martin, step by step"}</h2>
                { stepper_bar(stepper, titles, &on_step) }
                <div class="lecture-grid">
                    <div class="stage">
                        <h3 class="step-title">{ step.title.clone() }</h3>
                        { stage(&lab, &step.kind) }
                    </div>
                    <aside class="controls">
                        <ExampleForm title="Your own example" button="Step through it" button_testid="lecture-apply" on_submit={on_rebuild}
                            fields={vec![
                                Field::text("stream", "stream-input", "stream (whole numbers)", stream_text),
                                Field::text("hashes", "hashes-input", "hashes a:b, for (a·x + b) mod 2^w", hashes_text),
                                Field { kind: "number", ..Field::text("w", "w-input", "bits w (1 to 64)", lab.w.to_string()) },
                            ]} />
                    </aside>
                </div>
            </section>
            { combine_panel(&run, state.elapsed_ms, dispatch_to(&dispatcher, DistinctAction::SetCombine)) }
            { graph_panel(&lab, graph.as_deref(), dispatch_to(&dispatcher, |(n, v, d)| DistinctAction::SetGraph(n, v, d))) }
        </section>
    }
}
