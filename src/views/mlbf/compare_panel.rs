//! The fair test of the paper's claim as the page draws it: what the comparison measures, and
//! stand-ins for its controls (people's URLs, the Run button and its idle progress bar). The
//! comparison itself is a bundle of its own (`compare_app`), fetched the first time one of them is
//! used (or at once on a `compare=1` link) and drawn in the empty slot before them; the style sheet
//! hides the stand-ins as soon as the slot holds it, and the page drops them once it is drawn.

use yew::prelude::*;

use crate::parts::COMPARE;
use crate::parts::{not_fetched, PartState};
use bloomlab_core::data::url_dataset::{DEPTH_WEIGHTS, HOSTS};
use bloomlab_core::engine::mlbf::{paper_bits_per_url, PAPER_K, PAPER_LAYERS, PAPER_M, PAPER_URLS};
use bloomlab_core::labs::mlbf::compare::COMPARE_URLS;
use bloomlab_core::labs::mlbf::MlbfLab;
use bloomlab_core::link::page::COMPARE_PANEL;
use bloomlab_core::text::group_digits;

/// The page's panel: the stand-ins until the comparison's bundle is drawn in its slot (`part`);
/// `on_run` and `on_picker` fetch it, to run or to open its file reader.
pub fn compare_panel(
    lab: &MlbfLab,
    part: PartState,
    on_run: Callback<MouseEvent>,
    on_picker: Callback<MouseEvent>,
) -> Html {
    let asked = lab.compare_requested();
    let failed = part == PartState::Failed;
    html! {
        <section class="stage mlbf-compare" aria-labelledby={COMPARE_PANEL.title_id}>
            <h2 id={COMPARE_PANEL.title_id}>{"Does the claim hold? A measurement on a URL data set"}</h2>
            <p class="muted">{ format!(
                "The paper gives its filter m = {} bits per layer for {} URLs: {:.2} bits per URL per layer, k = {}, L = {}. Here the same ratio is scaled to a generated crawl of {} URLs (about {} sites of Zipf-like popularity, paths 0–{} deep, sections shared between sites; reproducible from seed 2010), with this page's k = {} and L = {}. Non-members come from the same crawl's second stream — links on the same sites that were not inserted — and each one answered \u{201c}maybe\u{201d} is a false positive.",
                group_digits(PAPER_M), group_digits(PAPER_URLS), paper_bits_per_url(), PAPER_K, PAPER_LAYERS,
                group_digits(COMPARE_URLS), group_digits(HOSTS), DEPTH_WEIGHTS.len() - 1, lab.k(), lab.layers()) }</p>
            <div class="compare-slot part-slot" id={COMPARE.slot}></div>
            if part != PartState::Drawn {
                <div class="part-waiting">
                    <details class="paste dataset-picker">
                        <summary onclick={on_picker}>{"Use your own URLs"}</summary>
                        <p class="muted small">{ if failed {
                            "The file reader could not be fetched (no network?): open this again to try."
                        } else {
                            "Fetching the file reader…"
                        } }</p>
                    </details>
                    { run_row(asked, None, on_run, asked.then_some(if failed { "could not be fetched" } else { "fetching the comparison…" }), None) }
                    if failed && asked {
                        { not_fetched("The comparison") }
                    }
                </div>
            }
        </section>
    }
}

/// The Run button (which starts the run again, even while one is under way) and the progress bar
/// beside it: `progress` is the work done, in all, and whether it is under way, while a run is
/// drawn; `idle` says what the bar waits for otherwise ("not run yet" when nothing).
pub fn run_row(
    started: bool,
    progress: Option<(u64, u64, bool)>,
    on_run: Callback<MouseEvent>,
    idle: Option<&str>,
    id: Option<&'static str>,
) -> Html {
    let (done, total, running) = progress.unwrap_or((0, 0, false));
    html! {
        <div class="compare-run">
            <button type="button" class="button primary" data-testid="compare-run" {id} onclick={on_run}>
                { if started { "Run again with these settings" } else { "Run the comparison" } }</button>
            <div class={classes!("progress-line", (!running).then_some("idle"))}>
                <progress data-testid="compare-progress" data-done={done.to_string()} data-total={total.to_string()}
                    max={total.max(1).to_string()} value={done.to_string()}></progress>
                <span class="num">{ if total > 0 {
                    format!("{} / {} inserts and lookups", group_digits(done), group_digits(total))
                } else {
                    idle.unwrap_or("not run yet").to_string()
                } }</span>
            </div>
        </div>
    }
}
