//! The panels of the view's two runs as components, each given only what it draws: the runs go
//! on in slices of about 8 ms, and a slice of one of them redraws only the panels it changes, at
//! the pace its run is shown (`SlicedRun::shown`), not every chart on the page after every slice.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::plot::{use_plot, use_plots};
use crate::hooks::sliced::Shown;
use crate::views::distinct::combine_panel::combine_panel;
use crate::views::distinct::graph_panel::graph_panel;
use crate::views::distinct::sketch_panel::{bias_section, sketch_section, slides_error};
use bloomlab_core::engine::sketches::HASH_BITS;
use bloomlab_core::labs::distinct::graph::GraphRun;
use bloomlab_core::labs::distinct::streams::Streams;
use bloomlab_core::labs::distinct::words::settled;
use bloomlab_core::labs::distinct::DistinctLab;

/// A panel's setting as chosen or typed (parameter, text), for the core to read.
pub type OnSet = Callback<(&'static str, String)>;

#[derive(Properties, PartialEq)]
pub struct RunProps {
    pub lab: Rc<DistinctLab>,
    /// The combining runs and the sketches, on one walk through their streams.
    pub runs: Shown<Streams>,
    pub on_set: OnSet,
}

/// Combining many estimates, why the median of group means runs high, and PCSA, LogLog and
/// HyperLogLog against it: the panels of the combining runs and the sketches.
#[function_component(RunPanels)]
pub fn run_panels(props: &RunProps) -> Html {
    let runs = props.runs.borrow();
    let (combine, sketches) = (&runs.combine, &runs.sketches);
    let elapsed_ms = props.runs.elapsed_ms();
    let on_set = props.on_set.clone();
    // Where the recipe settles depends only on the first run's count and the group sizes shown.
    let first = combine.results.first().map(|r| r.truth);
    let groups = [2u64, 8, combine.spec.hashes as u64];
    let limits =
        use_memo((first, groups), |(first, groups)| first.map(|n| settled(n, HASH_BITS, groups)).unwrap_or_default());
    // Each chart is built as the runs it draws are shown (one walk feeds both, so one key).
    let combine_key = first.map(|_| props.runs.plot_key());
    let combine_charts = use_plots(combine_key.clone(), &|| vec![combine.histogram_chart(), combine.r_chart()]);
    let bias_chart = use_plot(combine_key, &|| combine.bias_chart());
    let sketch_key = sketches.results.first().map(|_| props.runs.plot_key());
    let sketch_chart = use_plot(sketch_key, &|| sketches.error_chart(slides_error(combine)));
    html! {
        <>
            { combine_panel(combine, elapsed_ms, on_set.clone(), &combine_charts) }
            { bias_section(combine, &limits, bias_chart) }
            { sketch_section(&props.lab, combine, sketches, elapsed_ms, on_set, sketch_chart) }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub lab: Rc<DistinctLab>,
    pub run: Shown<GraphRun>,
    pub on_set: OnSet,
}

/// Neighbourhoods in a large graph.
#[function_component(GraphPanel)]
pub fn graph_part(props: &GraphProps) -> Html {
    graph_panel(&props.lab, &props.run.borrow(), props.run.elapsed_ms(), props.on_set.clone())
}
