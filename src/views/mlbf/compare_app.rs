//! The multi-layer view's comparison as a bundle of its own (`bloomlab-apps-compare`, built from
//! `src/bin/compare.rs`): the page fetches it the first time its Run button or its file reader is
//! used, or at once on a `compare=1` link, so a page that never runs the comparison downloads none
//! of it — the run, its chart, its tables and people's files are about a sixth of the view's bundle
//! (docs/figures.md). It is drawn in the panel's slot and reads the hashes, k and L from the
//! address on each run (`CompareAsk`). People's URLs stay here, in the page; the page's link says
//! what the comparison runs on (`compare`, `data`): told by `News::OnCrawl` and `News::OnFile`.

use yew::prelude::*;

use crate::context::PageContext;
use crate::hooks::page::{use_part_page, PageAction};
use crate::hooks::plot::use_plots;
use crate::hooks::sliced::SlicedRun;
use crate::parts::{self, Ask, News, COMPARE};
use crate::views::mlbf::compare_panel::run_row;
use crate::views::mlbf::compare_results::{compare_results, CompareSnapshot};
use crate::web;
use crate::widgets::charts::chart_canvas::SharedPlot;
use crate::widgets::inputs::dataset_picker::{DatasetPicker, Normalise, SUMMARY_ID};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::data::dataset::{normal_item, Dataset};
use bloomlab_core::engine::mlbf::paper_bits_per_url;
use bloomlab_core::labs::mlbf::compare::{chart, CompareEdit, CompareModel, Comparison, COMPARE_URLS};
use bloomlab_core::labs::mlbf::CompareAsk;
use bloomlab_core::link::Query;
use bloomlab_core::text::group_digits;

/// The Run button's id, where the focus goes when a click on its stand-in fetched the bundle.
pub const RUN_BUTTON: &str = "compare-run-button";

/// What the address asks of the comparison now.
fn ask_now() -> CompareAsk {
    CompareAsk::read(&Query::parse(&web::location_search()))
}

/// What the comparison runs on, once started: people's URLs (true) or the crawl.
fn on_own_items(run: &SlicedRun<Option<Comparison>>) -> Option<bool> {
    run.borrow().as_ref().map(Comparison::on_own_items)
}

#[derive(Properties, PartialEq)]
pub struct CompareAppProps {
    /// What the page asked for when it fetched the bundle (run, read a file, or nothing: a link's
    /// `compare=1`).
    pub ask: Ask,
}

/// The comparison's controls, progress and results, in the theme the address names.
#[function_component(CompareApp)]
pub fn compare_app(props: &CompareAppProps) -> Html {
    let page = use_part_page::<CompareModel>();
    let state = &page.state;
    let d = state.dispatcher();
    {
        let (d, asked) = (d.clone(), props.ask);
        use_effect_with((), move |_| {
            let ask = ask_now();
            if asked == Ask::Run || ask.run {
                d.dispatch(PageAction::Edit(CompareEdit::Run(ask)));
            }
            // A click fetched the bundle: the focus goes to the control that replaced its stand-in.
            COMPARE.drawn(match asked {
                Ask::Run => Some(RUN_BUTTON),
                Ask::Read => Some(SUMMARY_ID),
                _ => None,
            });
        });
    }
    // The page's link says what the comparison runs on.
    use_effect_with(on_own_items(&state.run), |own| {
        if let Some(own) = own {
            COMPARE.tell(if *own { News::OnFile } else { News::OnCrawl });
        }
    });
    let key = state.run.borrow().is_some().then(|| state.run.shown().plot_key());
    let charts = use_plots(key, &|| state.run.borrow().iter().map(|c| chart(c.setup(), c.points())).collect());
    let context = use_memo((), |_| parts::page_context(&parts::page_params()));
    let snapshot = state.run.borrow().as_ref().map(CompareSnapshot::of);
    let on_run = page.send(|_: MouseEvent| PageAction::Edit(CompareEdit::Run(ask_now())));
    let on_dataset = page.send(|d| PageAction::Edit(CompareEdit::File(d, ask_now())));
    let on_clear = page.send(|()| PageAction::Edit(CompareEdit::NoFile(ask_now())));
    let on_problem = page.send(PageAction::Problem);
    let progress = snapshot.as_ref().map(|c| (c.done, c.total, !c.finished));
    html! {
        <ContextProvider<PageContext> context={*context}>
            { notice_list(&state.notices, Some(&page.dismiss())) }
            <DatasetPicker current={state.model.dataset.clone()} generated={Some(COMPARE_URLS)} open={props.ask == Ask::Read}
                on_dataset={on_dataset} on_problem={on_problem} on_clear={Some(on_clear)} what="URLs"
                normal={Normalise(normal_item)} />
            if let Some(c) = snapshot.as_ref().filter(|c| c.own) {
                { own_note(c, state.model.dataset.as_deref()) }
            }
            { run_row(snapshot.is_some(), progress, on_run, None, Some(RUN_BUTTON)) }
            if let Some(c) = &snapshot {
                { compare_results(c, charts.into_iter().next().map(SharedPlot), &context.theme) }
            }
        </ContextProvider<PageContext>>
    }
}

/// How people's list is split, while the comparison runs on it.
fn own_note(c: &CompareSnapshot, dataset: Option<&Dataset>) -> Html {
    let Some(d) = dataset else { return Html::default() };
    let distinct = d.items.len() as u64;
    html! {
        <p class="muted" data-testid="compare-own">{ format!(
            "On your list: {} distinct items in file order; the first {} are inserted and the next {} probed \
             (all of them non-members), with the paper's {:.2} bits per item per layer.",
            group_digits(distinct), group_digits(distinct / 2), group_digits(c.setup.queries), paper_bits_per_url()) }</p>
    }
}

/// The bundle's start: the comparison drawn in the panel's slot, doing what the page asked.
pub fn mount() {
    COMPARE.mount::<CompareApp>(CompareAppProps { ask: COMPARE.asked() });
}
