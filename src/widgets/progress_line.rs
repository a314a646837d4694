//! The progress of long work run in slices: a bar, a line of text, and the hooks tests read
//! (`data-status` = `running` or `done`, `data-done`, `data-total`, and once done
//! `data-elapsed-ms`).

use yew::prelude::*;

pub struct Progress<'a> {
    /// The element's `data-testid`.
    pub testid: &'static str,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// Wall time of the whole run, exposed when finished.
    pub elapsed_ms: Option<f64>,
    /// What the bar measures, for screen readers.
    pub label: &'a str,
    /// The line beside the bar.
    pub text: String,
    /// The longest single step and what it was (`data-slowest-ms`, `data-slowest`), where the
    /// view times its steps.
    pub slowest: Option<(f64, &'static str)>,
}

impl Progress<'_> {
    /// The common case: no step timings.
    pub fn new<'a>(
        testid: &'static str,
        done: u64,
        total: u64,
        finished: bool,
        label: &'a str,
        text: String,
    ) -> Progress<'a> {
        Progress { testid, done, total, finished, elapsed_ms: None, label, text, slowest: None }
    }
}

pub fn progress_line(p: Progress<'_>) -> Html {
    html! {
        <div class="progress-line" data-testid={p.testid} data-status={if p.finished { "done" } else { "running" }}
            data-done={p.done.to_string()} data-total={p.total.to_string()}
            data-elapsed-ms={p.elapsed_ms.filter(|_| p.finished).map(|ms| format!("{ms:.0}"))}
            data-slowest-ms={p.slowest.map(|(ms, _)| format!("{ms:.0}"))} data-slowest={p.slowest.map(|(_, what)| what)}>
            <progress max={p.total.max(1).to_string()} value={p.done.min(p.total).to_string()} aria-label={p.label.to_string()}></progress>
            <span>{ p.text }</span>
        </div>
    }
}
