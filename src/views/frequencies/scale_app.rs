//! The run at scale as a bundle of its own (`bloomlab-frequencies-scale`, `src/bin/scale.rs`): the
//! frequencies page fetches it the first time its Run button is pressed (or a link's `focus=scale`
//! asks for the run), so a page that never runs it downloads none of it — the runs, their charts
//! and exports are about a tenth of the view's bundle (docs/figures.md). It draws the progress and
//! the results in the panel's slot, reading the lab's shape from the address: on each Run, and
//! when the page says the shape changed (`web::ADDRESS_CHANGED`), where a new shape drops the old
//! results as the view's own panels are dropped.

use std::rc::Rc;

use yew::prelude::*;

use crate::context::PageContext;
use crate::hooks::plot::use_plots;
use crate::hooks::sliced::{use_slices, SlicedRun};
use crate::parts;
use crate::views::frequencies::scale_panel::{progress_text, stream_results};
use crate::web;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::labs::frequencies::scale::ScaleRun;
use bloomlab_core::labs::frequencies::{FrequenciesLab, ScaleShape};
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// The bundle, as the page asks the loader for it.
pub const PART: &str = "bloomlab-frequencies-scale";

/// The element in the panel the run is drawn in (`id`).
pub const SLOT: &str = "scale-slot";

/// What the page asks of the bundle: run (again).
pub const RUN: &str = "run";

/// Units (arrivals fed, items looked up) per slice of the run at scale, then about 8 ms' worth.
const SCALE_BUDGET: SliceBudget = SliceBudget::new(10_000, 1_000, 5_000_000, 8.0);

/// The lab the address describes now (its stream drawn: only for a run).
fn lab_now() -> FrequenciesLab {
    FrequenciesLab::read(&Query::parse(&web::location_search())).0
}

#[derive(Clone, PartialEq)]
pub struct ScaleState {
    /// The lab the run was asked on: none until asked for.
    lab: Option<Rc<FrequenciesLab>>,
    /// The run: none until asked for, and none again when the shape changes.
    run: SlicedRun<Option<ScaleRun>>,
}

pub enum ScaleAction {
    /// Run (again) on the address's lab.
    Start,
    /// The address changed: a new shape drops the results.
    Address,
    /// One slice of run `run` after slice `slice`.
    Slice { run: u64, slice: u64 },
}

impl Reducible for ScaleState {
    type Action = ScaleAction;

    fn reduce(self: Rc<Self>, action: ScaleAction) -> Rc<Self> {
        let mut run = self.run.clone();
        match action {
            ScaleAction::Start => {
                let lab = lab_now();
                run.restart(Some(lab.scale_run()));
                Rc::new(ScaleState { lab: Some(Rc::new(lab)), run })
            }
            ScaleAction::Address => {
                // Read without drawing the link's stream: only a new shape costs anything.
                let shape = ScaleShape::read(&Query::parse(&web::location_search()));
                if self.lab.as_ref().is_none_or(|lab| lab.scale_shape() == shape) {
                    return self;
                }
                run.restart(None);
                Rc::new(ScaleState { lab: None, run })
            }
            ScaleAction::Slice { run: id, slice } => {
                if !run.step(id, slice) {
                    return self;
                }
                Rc::new(ScaleState { lab: self.lab.clone(), run })
            }
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ScaleAppProps {
    /// Whether the first ask was to run (it always is, from the page's button or `focus=scale`).
    pub run: bool,
}

/// The run's progress and results, in the theme and presenter mode the address names.
#[function_component(ScaleApp)]
pub fn scale_app(props: &ScaleAppProps) -> Html {
    let state = use_reducer(|| ScaleState { lab: None, run: SlicedRun::new(None, SCALE_BUDGET) });
    let d = state.dispatcher();
    {
        let (d, run) = (d.clone(), props.run);
        use_effect_with((), move |_| {
            if run {
                d.dispatch(ScaleAction::Start);
            }
            let (again, moved) = (d.clone(), d);
            let asked = web::WindowEvent::new(PART, move || again.dispatch(ScaleAction::Start));
            let address = web::WindowEvent::new(web::ADDRESS_CHANGED, move || moved.dispatch(ScaleAction::Address));
            web::drawn(PART, None);
            move || drop((asked, address))
        });
    }
    use_slices(&state.run, d, |run, slice| ScaleAction::Slice { run, slice });
    let key = state.run.is_done().then(|| state.run.shown().plot_key());
    let charts = use_plots(key, &|| {
        state.run.borrow().as_ref().map_or(Vec::new(), |r| r.results().iter().map(|x| x.error_chart()).collect())
    });
    let context = use_memo((), |_| parts::page_context(&parts::page_params()));
    let run = state.run.borrow();
    let (Some(r), Some(lab)) = (run.as_ref(), state.lab.as_ref()) else { return Html::default() };
    let (done, elapsed_ms) = (r.is_done(), state.run.elapsed_ms);
    html! {
        <ContextProvider<PageContext> context={*context}>
            { progress_line(Progress {
                elapsed_ms,
                ..Progress::new("scale-progress", r.ops_done(), r.ops_total(), done, "run at scale",
                    progress_text(r, done, elapsed_ms))
            }) }
            if done {
                { for r.results().iter().enumerate().map(|(i, res)| stream_results(lab, res, charts.get(i).cloned())) }
            }
        </ContextProvider<PageContext>>
    }
}

/// The bundle's start: the run drawn in the panel's slot.
pub fn mount() {
    let run = web::part_action(PART) == RUN;
    crate::parts::mount::<ScaleApp>(SLOT, "scale-host", ScaleAppProps { run });
}
