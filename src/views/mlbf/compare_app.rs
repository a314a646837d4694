//! The multi-layer view's comparison as a bundle of its own (`bloomlab-apps-compare`, built from
//! `src/bin/compare.rs`): the page fetches it the first time its Run button or its file reader is
//! used, or at once on a `compare=1` link, so a page that never runs the comparison downloads none
//! of it — the run, its chart, its tables and people's files are about a sixth of the view's bundle
//! (docs/figures.md). It is drawn in the panel's slot and reads the hashes, k and L from the
//! address on each run (`CompareAsk`). People's URLs stay here, in the page; the page's link says
//! what the comparison runs on (`compare`, `data`): told by the events `ON_CRAWL` and `ON_FILE`.

use std::rc::Rc;

use yew::prelude::*;

use crate::context::PageContext;
use crate::hooks::input::dispatch_to;
use crate::hooks::plot::use_plots;
use crate::hooks::sliced::{use_slices, SlicedRun};
use crate::parts;
use crate::views::mlbf::compare_panel::run_row;
use crate::views::mlbf::compare_results::{compare_results, CompareSnapshot};
use crate::web;
use crate::widgets::charts::chart_canvas::SharedPlot;
use crate::widgets::inputs::dataset_picker::{DatasetPicker, Normalise};
use crate::widgets::notice_list::notice_list;
use bloomlab_core::data::dataset::{normal_item, Dataset};
use bloomlab_core::engine::mlbf::paper_bits_per_url;
use bloomlab_core::engine::slice_budget::SliceBudget;
use bloomlab_core::labs::mlbf::compare::{chart, Comparison, Setup};
use bloomlab_core::labs::mlbf::CompareAsk;
use bloomlab_core::link::notice::Notice;
use bloomlab_core::link::Query;
use bloomlab_core::text::group_digits;

/// The bundle, as the page asks the loader for it.
pub const PART: &str = "bloomlab-apps-compare";

/// The element in the panel the comparison is drawn in (`id`).
pub const SLOT: &str = "compare-slot";

/// What the page asks of the bundle: run (the Run button), or open the file reader.
pub const RUN: &str = "run";
pub const READ: &str = "read";

/// The events the comparison dispatches when a run starts on the generated crawl or on people's
/// URLs: the page's link then says `compare=1` and `data=crawl` or `data=file`.
pub const ON_CRAWL: &str = "bloomlab-compare-crawl";
pub const ON_FILE: &str = "bloomlab-compare-file";

/// URLs in the comparison's data set (the paper's m/n ratio is scaled to this).
pub const COMPARE_URLS: u64 = 50_000;

/// Comparison work units per slice: 5,000 at first, then about 10 ms' worth.
const BUDGET: SliceBudget = SliceBudget::new(5_000, 500, 500_000, 10.0);

/// What the address asks of the comparison now.
fn ask_now() -> CompareAsk {
    CompareAsk::read(&Query::parse(&web::location_search()))
}

#[derive(Clone, PartialEq)]
pub struct CompareState {
    /// The comparison, once asked for: its working data is large, mutated in place between slices.
    run: SlicedRun<Option<Comparison>>,
    /// A file or paste the comparison runs on (its distinct items split in halves).
    dataset: Option<Rc<Dataset>>,
    /// Problems with a file or a paste.
    notices: Vec<Notice>,
}

impl Default for CompareState {
    fn default() -> Self {
        CompareState { run: SlicedRun::new(None, BUDGET), dataset: None, notices: Vec::new() }
    }
}

impl CompareState {
    /// Starts (or restarts) the comparison with `ask`'s hashes, k and L, on the dataset if any.
    fn start(&mut self, ask: CompareAsk) {
        let c = match &self.dataset {
            Some(d) => Comparison::on_items(ask.family, ask.k, ask.layers, d.items.clone()),
            None => Comparison::new(Setup::paper_scaled(ask.family, ask.k, ask.layers, COMPARE_URLS)),
        };
        self.run.restart(Some(c));
    }

    /// What the comparison runs on, once started: people's URLs (true) or the crawl.
    fn on_own_items(&self) -> Option<bool> {
        self.run.borrow().as_ref().map(Comparison::on_own_items)
    }
}

pub enum CompareAction {
    /// Start (or restart) the comparison as the address asks.
    Run(CompareAsk),
    /// One slice of run `run` after slice `slice`.
    Work {
        run: u64,
        slice: u64,
    },
    /// Run the comparison on a file's (or a paste's) items.
    UseDataset(Rc<Dataset>, CompareAsk),
    /// Back to the generated crawl (run again if a run was asked for).
    ClearDataset(CompareAsk),
    /// A file or paste could not be used.
    Problem(String),
    Dismiss,
}

impl Reducible for CompareState {
    type Action = CompareAction;

    fn reduce(self: Rc<Self>, action: CompareAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            CompareAction::Run(ask) => next.start(ask),
            CompareAction::Work { run, slice } => {
                if !next.run.step(run, slice) {
                    return self;
                }
            }
            CompareAction::UseDataset(d, _) if d.items.len() < 4 => {
                next.notices = vec![Notice::input(format!(
                    "the file has {} distinct item(s); the comparison needs at least 4 (half inserted, half probed)",
                    d.items.len()
                ))]
            }
            CompareAction::UseDataset(d, ask) => {
                next.notices.clear();
                next.dataset = Some(d);
                next.start(ask);
            }
            CompareAction::ClearDataset(ask) => {
                next.dataset = None;
                if next.on_own_items().is_some() {
                    next.start(ask);
                }
            }
            CompareAction::Problem(why) => next.notices = vec![Notice::input(why)],
            CompareAction::Dismiss => next.notices.clear(),
        }
        Rc::new(next)
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareAppProps {
    /// What the page asked for when it fetched the bundle (`RUN`, `READ`, or nothing: a link's
    /// `compare=1`).
    pub action: AttrValue,
}

/// The comparison's controls, progress and results, in the theme the address names.
#[function_component(CompareApp)]
pub fn compare_app(props: &CompareAppProps) -> Html {
    let state = use_reducer(CompareState::default);
    let d = state.dispatcher();
    {
        let (d, action) = (d.clone(), props.action.clone());
        use_effect_with((), move |_| {
            let ask = ask_now();
            if action == RUN || ask.run {
                d.dispatch(CompareAction::Run(ask));
            }
            // A click fetched the bundle: the focus goes to the control that replaced its stand-in.
            let focus = match action.as_str() {
                RUN => Some(".compare-host [data-testid=compare-run]"),
                READ => Some(".compare-host .dataset-picker summary"),
                _ => None,
            };
            web::drawn(PART, focus);
        });
    }
    // The page's link says what the comparison runs on.
    use_effect_with(state.on_own_items(), |own| {
        if let Some(own) = own {
            web::announce(if *own { ON_FILE } else { ON_CRAWL });
        }
    });
    use_slices(&state.run, d.clone(), |run, slice| CompareAction::Work { run, slice });
    let key = state.run.borrow().is_some().then(|| state.run.shown().plot_key());
    let charts = use_plots(key, &|| state.run.borrow().iter().map(|c| chart(c.setup(), c.points())).collect());
    let context = use_memo((), |_| parts::page_context(&parts::page_params()));
    let snapshot = state.run.borrow().as_ref().map(CompareSnapshot::of);
    let on_run = dispatch_asked(&d, |_: MouseEvent, ask| CompareAction::Run(ask));
    let on_dataset = dispatch_asked(&d, CompareAction::UseDataset);
    let on_clear = dispatch_asked(&d, |(), ask| CompareAction::ClearDataset(ask));
    let on_problem = dispatch_to(&d, CompareAction::Problem);
    let on_dismiss = dispatch_to(&d, |()| CompareAction::Dismiss);
    let progress = snapshot.as_ref().map(|c| (c.done, c.total, !c.finished));
    html! {
        <ContextProvider<PageContext> context={*context}>
            { notice_list(&state.notices, Some(&on_dismiss)) }
            <DatasetPicker current={state.dataset.clone()} generated={Some(COMPARE_URLS)} open={props.action == READ}
                on_dataset={on_dataset} on_problem={on_problem} on_clear={Some(on_clear)} what="URLs"
                normal={Normalise(normal_item)} />
            if let Some(c) = snapshot.as_ref().filter(|c| c.own) {
                { own_note(c, state.dataset.as_deref()) }
            }
            { run_row(snapshot.is_some(), progress, on_run, None) }
            if let Some(c) = &snapshot {
                { compare_results(c, charts.into_iter().next().map(SharedPlot), &context.theme) }
            }
        </ContextProvider<PageContext>>
    }
}

/// A callback dispatching `make(value, what the address asks now)`.
fn dispatch_asked<T: 'static>(
    d: &UseReducerDispatcher<CompareState>,
    make: impl Fn(T, CompareAsk) -> CompareAction + 'static,
) -> Callback<T> {
    let d = d.clone();
    Callback::from(move |v: T| d.dispatch(make(v, ask_now())))
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
    let action = web::part_action(PART);
    parts::mount::<CompareApp>(SLOT, "compare-host", CompareAppProps { action: action.into() });
}
