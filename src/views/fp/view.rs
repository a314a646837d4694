//! The false-positive lab (`view=fp`): formulas against measured rates, and the calculator.
//!
//! The measurements run in slices, each one an action; the view renders only after the slices
//! that change what it shows (the progress line, the plot and the table follow the lab only as
//! often as the run's pace allows: `SliceBudget::paced`). What a render does not change is in components that skip
//! it (the controls, the legend, the table) or kept (the presets).

use std::rc::Rc;

use yew::prelude::*;

use crate::views::ViewProps;

use crate::hooks::page::{use_paced_page, Page, PageAction};
use crate::views::fp::controls::FpControls;
use crate::views::fp::data_table::FpDataTable;
use crate::views::fp::export_buttons::FpExportButtons;
use crate::views::fp::legend::FpLegend;
use crate::views::fp::presets::fp_presets;
use crate::views::fp::progress::{fp_progress, FpProgressProps};
use crate::views::fp::readouts::{fp_readouts, FpReadoutsProps};
use crate::widgets::charts::chart_canvas::ChartCanvas;
use crate::widgets::notice_list::notice_list;
use bloomlab_core::engine::formulas::Formula;
use bloomlab_core::labs::fp::experiment::Scatter;
use bloomlab_core::labs::fp::{measure_limits, FpEdit, FpLab, FpSettings, Row};
use bloomlab_core::plot::Plot;
use bloomlab_core::text::group_digits;

#[function_component(FpView)]
pub fn fp_view(props: &ViewProps) -> Html {
    // Renders only when the page changes: most slices change nothing it shows (`Page`'s
    // `PartialEq`, the measurements at their pace), and the slices go on without waiting for a
    // render.
    let page = use_paced_page::<FpSettings>(&props.query, &props.page);
    let state = &page.state;
    let lab = state.run.borrow();
    let s = lab.settings().clone();
    // The measured points the page shows: those done when it last rendered.
    let points = lab.experiment().measured_done();

    // The theory (curves, the table's columns, the readouts') changes only with what it depends
    // on; the measured points come in as `shown` lets them.
    let theory = {
        let run = state.run.clone();
        use_memo(s.curves_key(), move |_| {
            let lab = run.borrow();
            (lab.theory_series(), lab.theory_rows(), lab.theory_at_sliders())
        })
    };
    let drawn = {
        let run = state.run.clone();
        let theory = theory.clone();
        use_memo((s.clone(), state.run.id, points), move |_| {
            let lab = run.borrow();
            (Rc::new(lab.plot_with(theory.0.clone())), Rc::new(lab.with_measured(theory.1.clone())))
        })
    };
    // How the measured points sit against the curves: counted again when the plot takes in new
    // points, not whenever one is done (a point takes about one slice, and the sentence's new
    // numbers cost the page a layout and a paint each time).
    let scatter = {
        let run = state.run.clone();
        use_memo((state.run.id, points), move |_| run.borrow().scatter())
    };
    // The preset links change only with the page's own parameters.
    let presets = use_memo(props.page.clone(), fp_presets);
    let on_toggle = use_callback(state.dispatcher(), |f, d| d.dispatch(PageAction::Edit(FpEdit::Formula(f))));

    html! {
        <section class="fp">
            <header class="view-head">
                <h1>{"False-positive lab"}</h1>
                <p>{"The usual formula, its finite-m form, the exact value and Skiena's bound, drawn against false-positive rates measured on real filters. Move a slider and the measurements start again."}</p>
            </header>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <div class="fp-grid">
                { stage(state, &lab, Drawn { plot: drawn.0.clone(), rows: drawn.1.clone(), at_sliders: theory.2.clone(), scatter: *scatter }, on_toggle) }
                <FpControls settings={s} dispatcher={state.dispatcher()} />
            </div>
            { (*presets).clone() }
        </section>
    }
}

/// What the stage shows that is kept between renders: the plot and the table's rows (as
/// the run's pace lets the points in), the formulas at the sliders' point and how the measured
/// points sit against the curves.
struct Drawn {
    plot: Rc<Plot>,
    rows: Rc<Vec<Row>>,
    at_sliders: Vec<(Formula, f64)>,
    scatter: Option<Scatter>,
}

/// The stage: the legend, the plot, the progress, the readouts, the exports and the data table.
fn stage(state: &Page<FpSettings>, lab: &FpLab, drawn: Drawn, on_toggle: Callback<Formula>) -> Html {
    let Drawn { plot, rows, at_sliders, scatter } = drawn;
    let s = lab.settings();
    let exp = lab.experiment();
    let label = format!(
        "False-positive rate against {} for m = {} bits, n = {} items, k = {}",
        s.axis.label(),
        group_digits(s.m),
        group_digits(s.n),
        s.k
    );
    html! {
        <div class="stage">
            <FpLegend shown={s.formulas.clone()} layers={s.layers} on_toggle={on_toggle} measured={exp.measured_total() > 0} />
            <ChartCanvas plot={plot} label={label} testid="fp-plot" exports={false} />
            { fp_progress(&FpProgressProps { points_done: exp.measured_done(), points_total: exp.measured_total(), ops_done: exp.ops_done(), ops_total: exp.ops_total(), elapsed_ms: state.run.elapsed_ms }) }
            { fp_readouts(&FpReadoutsProps { m: s.m, n: s.n, k: s.k, optimal_k: lab.optimal_k(), theory: at_sliders, layers: s.layers, measured: lab.measured_at_sliders(), measurable: lab.sliders_measurable() }) }
            if let Some(sc) = scatter {
                <p class="fp-scatter" data-testid="fp-scatter" data-points={sc.points.to_string()}
                    data-own-inside={sc.own_inside.to_string()} data-exact-inside={sc.exact_inside.to_string()}>
                    { sc.text(exp.trials()) }</p>
            }
            <FpExportButtons lab={state.run.clone()} />
            <FpDataTable rows={rows} formulas={s.formulas.clone()} />
            <p class="muted fp-limits">{ measure_limits() }</p>
        </div>
    }
}
