//! The run at scale as a bundle of its own (`bloomlab-frequencies-scale`, `src/bin/scale.rs`): the
//! frequencies page fetches it the first time its Run button is pressed (or a link's `focus=scale`
//! asks for the run), so a page that never runs it downloads none of it — the runs, their charts
//! and exports are about a tenth of the view's bundle (docs/figures.md). It draws the progress and
//! the results in the panel's slot, reading the lab's shape from the address: on each Run, and
//! when the page says the shape changed (`web::ADDRESS_CHANGED`), where a new shape drops the old
//! results as the view's own panels are dropped.

use yew::prelude::*;

use crate::context::PageContext;
use crate::hooks::page::{use_part_page, PageAction};
use crate::hooks::plot::use_plots;
use crate::parts::{self, Ask, News, SCALE};
use crate::views::frequencies::scale_panel::{progress_text, stream_results};
use crate::web;
use crate::widgets::progress_line::{progress_line, Progress};
use bloomlab_core::engine::sliced::Sliced;
use bloomlab_core::labs::frequencies::scale::{ScaleAsk, ScaleEdit};
use bloomlab_core::labs::frequencies::{FrequenciesLab, ScaleShape};
use bloomlab_core::link::state::LinkState;
use bloomlab_core::link::Query;

/// The lab the address describes now (its stream drawn: only for a run).
fn lab_now() -> FrequenciesLab {
    FrequenciesLab::read(&Query::parse(&web::location_search())).0
}

#[derive(Properties, PartialEq)]
pub struct ScaleAppProps {
    /// Whether the first ask was to run (it always is, from the page's button or `focus=scale`).
    pub run: bool,
}

/// The run's progress and results, in the theme and presenter mode the address names.
#[function_component(ScaleApp)]
pub fn scale_app(props: &ScaleAppProps) -> Html {
    let page = use_part_page::<ScaleAsk>();
    let state = &page.state;
    {
        let (start, moved, run) = (page.send(|()| start()), page.send(|()| address()), props.run);
        use_effect_with((), move |_| {
            if run {
                start.emit(());
            }
            let asked = SCALE.hear(News::Asked, move || start.emit(()));
            let address = web::WindowEvent::new(web::ADDRESS_CHANGED, move || moved.emit(()));
            SCALE.drawn(None);
            move || drop((asked, address))
        });
    }
    let key = state.run.is_done().then(|| state.run.shown().plot_key());
    let charts = use_plots(key, &|| {
        state.run.borrow().as_ref().map_or(Vec::new(), |r| r.results().iter().map(|x| x.error_chart()).collect())
    });
    let context = use_memo((), |_| parts::page_context(&parts::page_params()));
    let run = state.run.borrow();
    let (Some(r), Some(lab)) = (run.as_ref(), state.model.lab.as_ref()) else { return Html::default() };
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

/// Run (again) on the address's lab.
fn start() -> PageAction<ScaleEdit> {
    PageAction::Edit(ScaleEdit::Start(lab_now()))
}

/// The address changed: the shape it names now (read without drawing the link's stream: only a
/// new shape costs anything).
fn address() -> PageAction<ScaleEdit> {
    PageAction::Edit(ScaleEdit::Address(ScaleShape::read(&Query::parse(&web::location_search()))))
}

/// The bundle's start: the run drawn in the panel's slot.
pub fn mount() {
    SCALE.mount::<ScaleApp>(ScaleAppProps { run: SCALE.asked() == Ask::Run });
}
