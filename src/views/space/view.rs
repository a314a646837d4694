//! The space view: bits per key against the false-positive rate for eight filters, measured in
//! the page; what each gives up; Parquet's split-block filter on the typed keys; a ribbon
//! filter's rows eliminated step by step.

use yew::prelude::*;

use crate::hooks::page::{use_page, PageAction};
use crate::hooks::plot::use_plot;
use crate::views::space::chart_panel::{chart_panel, gives_up_panel};
use crate::views::space::ribbon_panel::RibbonWalk;
use crate::views::space::split_panel::split_panel;
use crate::views::ViewProps;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::labs::space::SpaceLab;
use bloomlab_core::text::trim_float;

#[function_component(SpaceView)]
pub fn space_view(props: &ViewProps) -> Html {
    let page = use_page::<SpaceLab>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.model.clone();
    let shown = state.run.shown();
    // Drawn again when a point is done, not with every slice in between.
    let points = state.run.borrow().points.len() as u64;
    let chart = use_plot(Some(shown.results_key(points)), &|| state.run.borrow().chart());
    let on_dismiss = page.dismiss();
    let on_fields = page.send(PageAction::Fields);
    let run = state.run.borrow();
    let bloom = std::f64::consts::LOG2_E;
    html! {
        <section class="lecture space">
            <header class="view-head">
                <h1>{"The space they need"}</h1>
                <p>{ format!("No filter with false-positive rate ε can spend fewer than log₂(1/ε) bits a key. A Bloom filter \
                    at its best k spends log₂(e) ≈ {} times that, {} % more; the filters built once from a fixed set come \
                    closer, and each of the others pays for something it allows. Here each one is built in the page, \
                    measured, and set against its formula and the bound.", trim_float(bloom, 2), trim_float((bloom - 1.0) * 100.0, 0)) }</p>
            </header>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            { chart_panel(&lab, &run, state.run.elapsed_ms, chart, on_fields.clone(), props.page.present) }
            { gives_up_panel(&run) }
            { split_panel(&lab, &run, on_fields.clone()) }
            <RibbonWalk lab={lab.clone()} on_submit={on_fields} />
        </section>
    }
}
